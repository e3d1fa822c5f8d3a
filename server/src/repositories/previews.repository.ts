import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { CAPTION_STYLES } from "@reelsmith/core";
import { ENGINE_VERSION, renderCaptionPreviews, renderVoicePreviews, type TtsProvider } from "@reelsmith/render";

/** Bump when the preview drawing changes in a way the style data does not show. */
const CAPTION_PREVIEWS_VERSION = 1;

/** Where the previews made at setup live (caption-style pictures and voice clips). */
export interface PreviewDirs {
  captions: string;
  voices: string;
}
export type PreviewKind = keyof PreviewDirs;

/** What the catalogue reads of the previews: which files exist, their manifests and the captions' stamp. */
export interface PreviewStore {
  has(kind: PreviewKind, file: string): boolean;
  /** A previews manifest (captions: index.json, voices: previews.json); empty when not made yet. */
  manifest<T>(kind: PreviewKind, name: string): T[];
  /** The stamp of the caption pictures (what they were made from), or null before they are made. */
  captionsStamp(): string | null;
}

/** The previews on local disk, read each time (they may be made after the server started). */
export class DiskPreviews implements PreviewStore {
  constructor(readonly dirs: PreviewDirs) {}

  has(kind: PreviewKind, file: string): boolean {
    return existsSync(path.join(this.dirs[kind], file));
  }

  manifest<T>(kind: PreviewKind, name: string): T[] {
    try {
      const value: unknown = JSON.parse(readFileSync(path.join(this.dirs[kind], name), "utf8"));
      return Array.isArray(value) ? (value as T[]) : [];
    } catch {
      return [];
    }
  }

  captionsStamp(): string | null {
    try {
      return readFileSync(path.join(this.dirs.captions, "stamp"), "utf8").trim();
    } catch {
      return null;
    }
  }
}

export function previewDirs(root: string): PreviewDirs {
  return { captions: path.join(root, "captions"), voices: path.join(root, "voices") };
}

/**
 * What the caption previews were made from: the preview drawing, the engine's output version (a
 * change to how captions are drawn remakes them once) and the style data.
 */
export function captionPreviewsStamp(engineVersion: string = ENGINE_VERSION): string {
  return createHash("sha256")
    .update(JSON.stringify([CAPTION_PREVIEWS_VERSION, engineVersion, CAPTION_STYLES]))
    .digest("hex");
}

/**
 * Makes the pictures of the 24 caption styles (through the real ASS/libass pipeline) and one clip per
 * voice (with the configured voice provider), unless up-to-date ones are there already.
 */
export async function ensurePreviews(
  root: string,
  tts: TtsProvider,
  log: (message: string) => void = () => {},
): Promise<void> {
  const dirs = previewDirs(root);
  await mkdir(dirs.captions, { recursive: true });
  const stampFile = path.join(dirs.captions, "stamp");
  const stamp = captionPreviewsStamp();
  const current = await readFile(stampFile, "utf8").catch(() => "");
  if (current !== stamp) {
    const started = performance.now();
    await renderCaptionPreviews(dirs.captions);
    await writeFile(stampFile, stamp);
    log(`caption style previews made in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const started = performance.now();
  const voices = await renderVoicePreviews({ dir: dirs.voices, provider: tts });
  const made = voices.filter((v) => !v.cached).length;
  if (made > 0) log(`${made} voice previews made in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
