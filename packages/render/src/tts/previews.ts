import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { type VoiceId, voices } from "@reelsmith/core";
import { ffmpeg, probeDuration } from "./audio.ts";
import type { TtsProvider } from "./types.ts";

export interface VoicePreview {
  voice: VoiceId;
  name: string;
  /** File name inside the preview folder. */
  file: string;
  duration: number;
  /** True when an up-to-date clip was already there. */
  cached: boolean;
}

export type PreviewFormat = "mp3" | "m4a";

/** What each voice says in its preview. */
export function previewText(name: string): string {
  return `Hi, I'm ${name}. This is how your story will sound.`;
}

/** Bump to rebuild every preview when the encoding below changes. */
const PREVIEW_VERSION = 1;

const ENCODERS: Record<PreviewFormat, string[]> = {
  mp3: ["-c:a", "libmp3lame", "-b:a", "96k"],
  m4a: ["-c:a", "aac", "-b:a", "96k", "-movflags", "+faststart"],
};

/**
 * Renders one short clip per catalogue voice into `dir` (`<voice>-<hash>.<format>`, plus `previews.json` listing
 * them). A clip is named by the hash of everything that shapes it (text, provider voice settings, format), so an
 * unchanged voice is not synthesised again and stale clips of a voice are removed.
 */
export async function renderVoicePreviews(options: {
  dir: string;
  provider: TtsProvider;
  format?: PreviewFormat;
  voices?: readonly VoiceId[];
  signal?: AbortSignal;
  onProgress?: (preview: VoicePreview) => void;
}): Promise<VoicePreview[]> {
  const { dir, provider, signal } = options;
  const format = options.format ?? "mp3";
  await mkdir(dir, { recursive: true });
  const wanted = voices.filter((voice) => !options.voices || options.voices.includes(voice.id));
  const existing = await readdir(dir);
  const previews: VoicePreview[] = [];
  for (const voice of wanted) {
    const text = previewText(voice.name);
    const key = provider.voiceKey?.(voice.id) ?? `${provider.name}:${voice.id}`;
    const hash = createHash("sha256")
      .update(JSON.stringify([PREVIEW_VERSION, key, text, format, ENCODERS[format]]))
      .digest("hex")
      .slice(0, 16);
    const file = `${voice.id}-${hash}.${format}`;
    const path = join(dir, file);
    let cached = false;
    try {
      cached = (await stat(path)).size > 0;
    } catch {
      cached = false;
    }
    if (!cached) {
      const work = await mkdtemp(join(dir, `.preview-${voice.id}-`));
      try {
        const speech = await provider.synthesize({ text, voice: voice.id, workDir: work, signal });
        const encoded = join(work, file);
        await ffmpeg(["-y", "-i", speech.audioPath, "-ac", "1", "-ar", "48000", ...ENCODERS[format], encoded], signal);
        await rename(encoded, path);
      } finally {
        await rm(work, { recursive: true, force: true });
      }
    }
    for (const old of existing) {
      if (old !== file && old.startsWith(`${voice.id}-`) && /\.(mp3|m4a)$/.test(old))
        await rm(join(dir, old), { force: true });
    }
    const preview: VoicePreview = {
      voice: voice.id,
      name: voice.name,
      file,
      duration: await probeDuration(path, signal),
      cached,
    };
    previews.push(preview);
    options.onProgress?.(preview);
  }
  const manifest = join(dir, "previews.json");
  const body = `${JSON.stringify(
    previews.map(({ cached: _cached, ...rest }) => rest),
    null,
    2,
  )}\n`;
  const current = await readFile(manifest, "utf8").catch(() => "");
  if (current !== body) await writeFile(manifest, body);
  return previews;
}
