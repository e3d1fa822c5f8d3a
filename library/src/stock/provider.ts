/** A source of stock video: search by words, get portrait clips with the file to download and the credit. */

export class StockError extends Error {
  override readonly name = "StockError";
  /** True when every other request would fail the same way (key refused, rate limit, site unreachable). */
  readonly fatal: boolean;
  constructor(message: string, options: { fatal?: boolean } = {}) {
    super(message);
    this.fatal = options.fatal ?? false;
  }
}

export interface StockSearch {
  query: string;
  /** Clips shorter than this are left out. */
  minDurationS: number;
  perPage?: number;
}

/** One usable clip of a search: portrait, long enough, with the file chosen for 1080x1920. */
export interface StockClip {
  /** The provider's name, e.g. "pexels". */
  provider: string;
  /** The provider's id of the video. */
  id: string;
  /** The video's page on the provider's site. */
  pageUrl: string;
  durationS: number;
  author: string;
  authorUrl: string;
  /** The chosen file's address and size. */
  fileUrl: string;
  width: number;
  height: number;
}

export interface StockFootageProvider {
  /** Recorded as the asset's source, e.g. "pexels". */
  readonly name: string;
  /** Shown in credits, e.g. "Pexels". */
  readonly label: string;
  readonly licence: string;
  search(search: StockSearch): Promise<StockClip[]>;
}
