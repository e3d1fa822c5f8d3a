/**
 * Pixabay video search (https://pixabay.com/api/docs/#api_search_videos): the same choice as for Pexels
 * (portrait, long enough, the rendition closest to 1080x1920), for operators with a Pixabay key instead.
 */
import { bestFile } from "./pexels.ts";
import type { StockClip, StockFootageProvider, StockSearch } from "./provider.ts";
import { defaultBackoff, getJson, StockError } from "./provider.ts";

export const PIXABAY_API_BASE = "https://pixabay.com";
export const PIXABAY_LICENCE = "Pixabay Content License (https://pixabay.com/service/license-summary/)";

interface PixabayRendition {
  url: string;
  width: number;
  height: number;
  size?: number;
}

interface PixabayHit {
  id: number;
  pageURL: string;
  duration: number;
  user: string;
  user_id: number;
  videos: Partial<Record<"large" | "medium" | "small" | "tiny", PixabayRendition>>;
}

export interface PixabayOptions {
  apiKey: string;
  /** Defaults to PIXABAY_API_BASE. */
  baseUrl?: string;
  attempts?: number;
  timeoutMs?: number;
  backoffMs?: (attempt: number, retryAfter: string | null) => number;
}

export class PixabayProvider implements StockFootageProvider {
  readonly name = "pixabay";
  readonly label = "Pixabay";
  readonly licence = PIXABAY_LICENCE;
  private readonly apiKey: string;
  private readonly baseUrl: string;
  private readonly attempts: number;
  private readonly timeoutMs: number;
  private readonly backoffMs: (attempt: number, retryAfter: string | null) => number;

  constructor(options: PixabayOptions) {
    if (!options.apiKey.trim()) throw new StockError("PIXABAY_API_KEY is empty: set it to a Pixabay API key.");
    this.apiKey = options.apiKey.trim();
    this.baseUrl = (options.baseUrl?.trim() || PIXABAY_API_BASE).replace(/\/+$/, "");
    this.attempts = Math.max(1, options.attempts ?? 3);
    this.timeoutMs = options.timeoutMs ?? 20_000;
    this.backoffMs = options.backoffMs ?? defaultBackoff;
  }

  async search(search: StockSearch): Promise<StockClip[]> {
    const url = new URL(`${this.baseUrl}/api/videos/`);
    url.searchParams.set("key", this.apiKey);
    url.searchParams.set("q", search.query);
    url.searchParams.set("safesearch", "true");
    // Pixabay has no orientation filter for videos: ask for more and keep the portrait ones.
    url.searchParams.set("per_page", String(Math.min(200, Math.max(3, (search.perPage ?? 15) * 3))));
    const body = (await getJson(url, {
      site: "Pixabay",
      baseUrl: this.baseUrl,
      // Pixabay answers a bad or missing key with 400.
      keyStatuses: [400, 401, 403],
      keyHint: "check PIXABAY_API_KEY (a key from https://pixabay.com/api/docs/)",
      attempts: this.attempts,
      timeoutMs: this.timeoutMs,
      backoffMs: this.backoffMs,
    })) as { hits?: PixabayHit[] };
    if (!Array.isArray(body.hits)) throw new StockError(`Pixabay answered without a video list for "${search.query}".`);
    const clips: StockClip[] = [];
    for (const hit of body.hits) {
      if (!(hit.duration >= search.minDurationS)) continue;
      const renditions = Object.entries(hit.videos ?? {}).flatMap(([quality, r], index) =>
        r?.url && r.width && r.height
          ? [{ id: index, quality, file_type: "video/mp4", width: r.width, height: r.height, link: r.url }]
          : [],
      );
      // bestFile keeps portrait renditions only, so a landscape video has none.
      const file = bestFile(renditions);
      if (!file) continue;
      clips.push({
        provider: this.name,
        id: String(hit.id),
        pageUrl: hit.pageURL,
        durationS: hit.duration,
        author: hit.user || "Pixabay contributor",
        authorUrl: hit.user ? `https://pixabay.com/users/${hit.user}-${hit.user_id}/` : hit.pageURL,
        fileUrl: file.link,
        width: file.width ?? 0,
        height: file.height ?? 0,
      });
    }
    return clips;
  }
}
