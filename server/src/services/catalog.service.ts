import {
  ASMR_STYLES,
  CAPTION_STYLES,
  type Catalog,
  DREAMSCAPE_STYLES,
  type LibraryKind,
  NO_MUSIC,
  TEXT_HOOK_STYLES,
  voices,
} from "@reelsmith/core";
import type { Library, LibraryAsset } from "@reelsmith/library";
import type { PreviewKind, PreviewStore } from "../repositories/previews.repository.ts";

export const LIBRARY_FILES_PATH = "/api/library/files";
export const PREVIEWS_PATH = "/api/previews";

function mmss(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

function text(meta: Record<string, unknown>, key: string): string | null {
  const value = meta[key];
  return typeof value === "string" && value ? value : null;
}

/**
 * What the builders let a user pick, built once from the starter library's manifest, the caption-style
 * data and the voice catalogue, with links that change whenever the files do (so they cache forever).
 */
export class CatalogService {
  #cached: Omit<Catalog, "captionStyles" | "voices"> | undefined;
  #cachedFor = "";

  constructor(
    private readonly library: Library,
    private readonly previews: PreviewStore,
  ) {}

  fileUrl(relative: string): string {
    const encoded = relative.split("/").map(encodeURIComponent).join("/");
    return `${LIBRARY_FILES_PATH}/${encoded}?v=${this.library.buildHash.slice(0, 12)}`;
  }

  #previewUrl(kind: PreviewKind, file: string | undefined, version: string): string | null {
    if (!file || !this.previews.has(kind, file)) return null;
    return `${PREVIEWS_PATH}/${kind}/${encodeURIComponent(file)}?v=${version}`;
  }

  #media(asset: LibraryAsset) {
    return {
      id: asset.key,
      title: asset.title,
      thumbnailUrl: this.fileUrl(asset.thumbnail),
      videoUrl: this.fileUrl(asset.file),
      durationS: asset.durationS,
      ...(asset.credit ? { credit: { ...asset.credit } } : {}),
    };
  }

  /** The catalogue; the library part is read once, the previews each time (they may be made after start). */
  catalog(): Catalog {
    const captions = this.previews.manifest<{ id: string; image: string; singleWordImage: string }>(
      "captions",
      "index.json",
    );
    const voicePreviews = this.previews.manifest<{ voice: string; file: string }>("voices", "previews.json");
    // Caption pictures keep their names when a style changes; the stamp of the set versions their links.
    const captionsVersion = this.previews.captionsStamp()?.slice(0, 12) ?? "0";
    const media = this.#libraryPart();
    return {
      ...media,
      captionStyles: CAPTION_STYLES.map((style) => {
        const preview = captions.find((c) => c.id === style.id);
        return {
          id: style.id,
          name: style.name,
          fontLabel: style.fontLabel,
          previewUrl: this.#previewUrl("captions", preview?.image, captionsVersion),
          wordPreviewUrl: this.#previewUrl("captions", preview?.singleWordImage, captionsVersion),
        };
      }),
      voices: voices.map((voice) => ({
        ...voice,
        languages: [...voice.languages],
        // Voice clips carry their content hash in their names.
        previewUrl: this.#previewUrl("voices", voicePreviews.find((p) => p.voice === voice.id)?.file, "1"),
      })),
    };
  }

  #libraryPart(): Omit<Catalog, "captionStyles" | "voices"> {
    // Built again only when the library changed (a recorded clip replaced a drawn one).
    if (this.#cached && this.#cachedFor === this.library.buildHash) return this.#cached;
    this.#cachedFor = this.library.buildHash;
    const describe = (styles: readonly { id: string; title: string }[], kind: "asmr" | "dreamscape") =>
      styles.flatMap((style) => {
        const asset = this.library.get(kind, style.id);
        return asset
          ? [{ ...this.#media(asset), title: style.title, description: text(asset.meta, "description") ?? style.title }]
          : [];
      });
    this.#cached = {
      backgrounds: this.library.list("background").map((asset) => ({
        ...this.#media(asset),
        duration: mmss(asset.durationS),
        sizeMB: Math.round((asset.sizeBytes / 1_000_000) * 10) / 10,
      })),
      music: [
        { id: NO_MUSIC, name: "No music", mood: null, genre: null, bpm: null, url: null, durationS: null },
        ...this.library.list("music").map((asset) => ({
          id: asset.key,
          name: asset.title,
          mood: text(asset.meta, "mood"),
          genre: text(asset.meta, "genre"),
          bpm: typeof asset.meta.bpm === "number" ? asset.meta.bpm : null,
          url: this.fileUrl(asset.file),
          durationS: asset.durationS,
        })),
      ],
      memes: this.library.list("meme").map((asset) => this.#media(asset)),
      asmr: describe(ASMR_STYLES, "asmr"),
      dreamscape: describe(DREAMSCAPE_STYLES, "dreamscape"),
      textHookStyles: TEXT_HOOK_STYLES.flatMap((style) => {
        const asset = this.library.get("hook-footage", style.videoType);
        return asset ? [{ ...this.#media(asset), id: style.id, title: style.title, videoType: style.videoType }] : [];
      }),
    };
    return this.#cached;
  }

  /** Whether the library holds this item (NO_MUSIC is not an item: callers treat it as none). */
  has(kind: LibraryKind, key: string): boolean {
    return this.library.get(kind, key) !== undefined;
  }
}
