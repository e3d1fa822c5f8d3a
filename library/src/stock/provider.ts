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

/** How long to wait before retry n (1-based): as Retry-After says (at most 60 s), else n seconds. */
export function defaultBackoff(attempt: number, retryAfter: string | null): number {
  const seconds = Number(retryAfter);
  if (retryAfter !== null && Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds, 60) * 1000;
  return attempt * 1000;
}

export interface GetJsonOptions {
  /** Shown in messages, e.g. "Pexels". */
  site: string;
  baseUrl: string;
  headers?: Record<string, string>;
  /** HTTP statuses meaning the key was refused. */
  keyStatuses: readonly number[];
  /** What to do about a refused key, naming the variable. */
  keyHint: string;
  attempts: number;
  timeoutMs: number;
  backoffMs: (attempt: number, retryAfter: string | null) => number;
}

/**
 * GET with retries on 429, 5xx and network errors. A refused key, a rate limit that outlasts the retries and an
 * unreachable site are fatal errors (every other request would fail the same way). Messages never repeat the URL's
 * query, which may hold a key.
 */
export async function getJson(url: URL, options: GetJsonOptions): Promise<unknown> {
  for (let attempt = 1; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { ...options.headers, Accept: "application/json" },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      if (attempt < options.attempts) {
        await sleep(options.backoffMs(attempt, null));
        continue;
      }
      throw new StockError(`${options.site} could not be reached at ${options.baseUrl}: ${(error as Error).message}`, {
        fatal: true,
      });
    }
    if (response.ok) return response.json();
    await response.body?.cancel();
    if (options.keyStatuses.includes(response.status)) {
      throw new StockError(`${options.site} refused the API key (HTTP ${response.status}): ${options.keyHint}.`, {
        fatal: true,
      });
    }
    const retryable = response.status === 429 || response.status >= 500;
    if (retryable && attempt < options.attempts) {
      await sleep(options.backoffMs(attempt, response.headers.get("retry-after")));
      continue;
    }
    if (response.status === 429) {
      throw new StockError(
        `${options.site} rate limit reached (HTTP 429) after ${attempt} attempts; try again later (the limit resets hourly).`,
        { fatal: true },
      );
    }
    throw new StockError(`${options.site} answered HTTP ${response.status} for ${url.pathname}.`);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
