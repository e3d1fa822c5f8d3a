import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ShowcaseClip, type ShowcaseManifest, VOICE_IDS } from "@reelsmith/core";
import { type Library, loadLibrary } from "@reelsmith/library";
import { H264_PRESETS, h264Args } from "@reelsmith/media";
import {
  localTtsProvider,
  probeMedia,
  produceVideo,
  resolveAssets,
  runFfmpeg,
  type TtsProvider,
} from "@reelsmith/render";
import { clipKey, type ShowcasePlanEntry } from "./plan.ts";

export const SHOWCASE_WIDTH = 540;
export const SHOWCASE_HEIGHT = 960;
const MANIFEST = "showcase.json";

export interface BuildShowcaseOptions {
  /** Where showcase.json and the clip files go (the server's SHOWCASE_DIR). */
  outDir: string;
  plan: readonly ShowcasePlanEntry[];
  engineVersion: string;
  library?: Library;
  /** Who speaks: by default the best voice on this machine (localTtsProvider: Kokoro when installed, else offline). */
  tts?: TtsProvider;
  log?: (line: string) => void;
}

/** What the provider's voices sound like, for the clips' keys: "offline" for the offline voices. */
export function voicesKey(tts: TtsProvider): string {
  if (tts.name === "offline") return "offline";
  return VOICE_IDS.map((voice) => tts.voiceKey?.(voice) ?? `${tts.name}:${voice}`).join("|");
}

/** Cuts `seconds` of a library track into an MP3, as a user would upload a snippet of a song. */
async function songSnippet(source: string, seconds: number, file: string): Promise<string> {
  await runFfmpeg([
    "-y",
    "-ss",
    "0",
    "-t",
    String(seconds),
    "-i",
    source,
    "-vn",
    "-c:a",
    "libmp3lame",
    "-b:a",
    "160k",
    file,
  ]);
  return file;
}

/**
 * The engine's MP4 made light for a web page: the picture as 540x960 H.264 with faststart, and a
 * JPEG poster. The sound is copied as the engine made it: the engine measured and limited its AAC
 * at -14 LUFS under -1 dBTP, and encoding it again (at any bitrate) lifts sharp transients, such as
 * the ASMR clips' cuts and taps, back over the ceiling.
 */
async function webEncode(video: string, thumbnail: string, outVideo: string, outPoster: string): Promise<void> {
  await runFfmpeg([
    "-y",
    "-i",
    video,
    "-vf",
    `scale=${SHOWCASE_WIDTH}:${SHOWCASE_HEIGHT}:flags=lanczos`,
    ...h264Args(H264_PRESETS.web),
    "-c:a",
    "copy",
    "-movflags",
    "+faststart",
    outVideo,
  ]);
  await runFfmpeg([
    "-y",
    "-i",
    thumbnail,
    "-vf",
    `scale=${SHOWCASE_WIDTH}:${SHOWCASE_HEIGHT}:flags=lanczos`,
    "-q:v",
    "5",
    outPoster,
  ]);
}

async function renderClip(entry: ShowcasePlanEntry, library: Library, tts: TtsProvider, workDir: string) {
  const files: Record<string, string> = {};
  for (const [id, upload] of Object.entries(entry.uploads ?? {})) {
    const source = library.path(library.require(upload.kind, upload.key));
    files[id] = upload.seconds ? await songSnippet(source, upload.seconds, join(workDir, `${id}.mp3`)) : source;
  }
  return produceVideo({
    type: entry.type,
    input: entry.input,
    assets: resolveAssets(entry.type, entry.input, library, files),
    tts,
    workDir,
    draft: true,
    ...(entry.durationS ? { durationS: entry.durationS } : {}),
  });
}

/**
 * Renders every clip of the plan with the real engine (skipping those already rendered with the
 * same key), writes them with content-hashed names and posters, writes showcase.json last and
 * removes files no clip uses any more.
 */
export async function buildShowcase(options: BuildShowcaseOptions): Promise<ShowcaseManifest> {
  const log = options.log ?? (() => {});
  const library = options.library ?? (await loadLibrary());
  const libraryManifest = await readFile(join(library.dir, "manifest.json"), "utf8");
  const tts = options.tts ?? (await localTtsProvider(process.env, { onWarning: log }));
  const voices = voicesKey(tts);
  log(`[showcase] voices: ${tts.name}`);
  await mkdir(options.outDir, { recursive: true });
  const clips: ShowcaseClip[] = [];
  for (const [index, entry] of options.plan.entries()) {
    const name = `${entry.id}-${clipKey(entry, options.engineVersion, libraryManifest, voices)}`;
    const video = join(options.outDir, `${name}.mp4`);
    const poster = join(options.outDir, `${name}.jpg`);
    const started = performance.now();
    if (!existsSync(video) || !existsSync(poster)) {
      const workDir = await mkdtemp(join(tmpdir(), "reelsmith-showcase-"));
      try {
        const result = await renderClip(entry, library, tts, workDir);
        await webEncode(result.videoPath, result.thumbnailPath, `${video}.part.mp4`, `${poster}.part.jpg`);
        await rename(`${poster}.part.jpg`, poster);
        await rename(`${video}.part.mp4`, video);
      } finally {
        await rm(workDir, { recursive: true, force: true });
      }
      log(
        `[showcase] ${index + 1}/${options.plan.length} ${entry.id} rendered (${((performance.now() - started) / 1000).toFixed(1)} s)`,
      );
    } else {
      log(`[showcase] ${index + 1}/${options.plan.length} ${entry.id} up to date`);
    }
    const { duration } = await probeMedia(video);
    clips.push({
      id: entry.id,
      title: entry.title,
      type: entry.type,
      views: entry.views,
      src: `/showcase/${name}.mp4`,
      poster: `/showcase/${name}.jpg`,
      durationS: Math.round(duration * 10) / 10,
      width: SHOWCASE_WIDTH,
      height: SHOWCASE_HEIGHT,
    });
  }
  const manifest: ShowcaseManifest = { version: 1, generatedAt: new Date().toISOString(), clips };
  await writeFile(join(options.outDir, `${MANIFEST}.part`), JSON.stringify(manifest, null, 2));
  await rename(join(options.outDir, `${MANIFEST}.part`), join(options.outDir, MANIFEST));
  const keep = new Set(clips.flatMap((c) => [c.src, c.poster].map((u) => u.replace("/showcase/", ""))));
  for (const file of await readdir(options.outDir)) {
    if (file !== MANIFEST && !keep.has(file)) await rm(join(options.outDir, file), { force: true });
  }
  return manifest;
}
