/**
 * Pexels video search (https://www.pexels.com/api/documentation/#videos-search): portrait clips long
 * enough for a style, and of each the file closest to 1080x1920 without being larger than needed.
 */
import type { StockClip, StockFootageProvider, StockSearch } from "./provider.ts";
import { defaultBackoff, getJson, StockError } from "./provider.ts";

export const PEXELS_API_BASE = "https://api.pexels.com";
export const PEXELS_LICENCE = "Pexels License (https://www.pexels.com/license/)";

interface PexelsVideoFile {
  id: number;
  quality: string | null;
  file_type: string;
  width: number | null;
  height: number | null;
  link: string;
}

interface PexelsVideo {
  id: number;
  width: number;
  height: number;
  duration: number;
  url: string;
  user: { name: string; url: string };
  video_files: PexelsVideoFile[];
}

export interface PexelsOptions {
  apiKey: string;
  /** Defaults to PEXELS_API_BASE. */
  baseUrl?: string;
  /** Attempts on 429 and 5xx answers (default 3), waiting as Retry-After says or 1 s, 2 s, ... */
  attempts?: number;
  /** Per request, default 20 s. */
  timeoutMs?: number;
  /** How long to wait before retry n (1-based); the default follows Retry-After, else n seconds. */
  backoffMs?: (attempt: number, retryAfter: string | null) => number;
}

const TARGET = { width: 1080, height: 1920 };

/** Of a video's files: MP4 in portrait; the smallest that covers 1080x1920, else the largest one. */
export function bestFile(files: readonly PexelsVideoFile[]): PexelsVideoFile | undefined {
  const usable = files.filter(
    (f) => f.file_type === "video/mp4" && f.width && f.height && f.height > f.width && /^https?:\/\//.test(f.link),
  );
  const area = (f: PexelsVideoFile) => (f.width ?? 0) * (f.height ?? 0);
  const covering = usable.filter((f) => (f.width ?? 0) >= TARGET.width && (f.height ?? 0) >= TARGET.height);
  if (covering.length) return covering.reduce((a, b) => (area(b) < area(a) ? b : a));
  return usable.reduce<PexelsVideoFile | undefined>((a, b) => (!a || area(b) > area(a) ? b : a), undefined);
}

export class PexelsProvider implements StockFootageProvider {
  readonly name = "pexels";
  readonly label = "Pexels";
  readonly licence = PEXELS_LICENCE;
  private readonly apiKey: string;
  private readonly baseUrl: string;
  private readonly attempts: number;
  private readonly timeoutMs: number;
  private readonly backoffMs: (attempt: number, retryAfter: string | null) => number;

  constructor(options: PexelsOptions) {
    if (!options.apiKey.trim()) throw new StockError("PEXELS_API_KEY is empty: set it to a Pexels API key.");
    this.apiKey = options.apiKey.trim();
    this.baseUrl = (options.baseUrl?.trim() || PEXELS_API_BASE).replace(/\/+$/, "");
    this.attempts = Math.max(1, options.attempts ?? 3);
    this.timeoutMs = options.timeoutMs ?? 20_000;
    this.backoffMs = options.backoffMs ?? defaultBackoff;
  }

  async search(search: StockSearch): Promise<StockClip[]> {
    const url = new URL(`${this.baseUrl}/videos/search`);
    url.searchParams.set("query", search.query);
    url.searchParams.set("orientation", "portrait");
    url.searchParams.set("size", "medium");
    url.searchParams.set("per_page", String(search.perPage ?? 15));
    const body = (await this.get(url)) as { videos?: PexelsVideo[] };
    if (!Array.isArray(body.videos))
      throw new StockError(`Pexels answered without a video list for "${search.query}".`);
    const clips: StockClip[] = [];
    for (const video of body.videos) {
      if (!(video.height > video.width) || !(video.duration >= search.minDurationS)) continue;
      const file = bestFile(video.video_files ?? []);
      if (!file) continue;
      clips.push({
        provider: this.name,
        id: String(video.id),
        pageUrl: video.url,
        durationS: video.duration,
        author: video.user?.name || "Pexels contributor",
        authorUrl: video.user?.url || video.url,
        fileUrl: file.link,
        width: file.width ?? 0,
        height: file.height ?? 0,
      });
    }
    return clips;
  }

  private get(url: URL): Promise<unknown> {
    return getJson(url, {
      site: "Pexels",
      baseUrl: this.baseUrl,
      headers: { Authorization: this.apiKey },
      keyStatuses: [401, 403],
      keyHint: "check PEXELS_API_KEY (a key from https://www.pexels.com/api/)",
      attempts: this.attempts,
      timeoutMs: this.timeoutMs,
      backoffMs: this.backoffMs,
    });
  }
}
