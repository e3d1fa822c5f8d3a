import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { PREVIEW } from "@reelsmith/core";
import type { VideoEncoder } from "@reelsmith/media";
import { buildRenderArgs, filterThreadsFor } from "./composition/compile.ts";
import { type Composition, parseComposition } from "./composition/schema.ts";
import { runFfmpeg } from "./ffmpeg/run.ts";
import { prepareToEncode } from "./render.ts";

/**
 * How a preview is encoded: the fastest x264 preset at a quality fit for a phone-sized player, a keyframe every
 * second so the stream is cut into one-second pieces, the first of which plays as soon as it is written.
 */
export const PREVIEW_ENCODE = { preset: "ultrafast", crf: 27, gop: 30, segmentS: 1 } as const;

/** The playlist's name in a preview's folder (its pieces are init.mp4 and seg000.m4s, seg001.m4s...). */
export const PREVIEW_PLAYLIST = "index.m3u8";

export interface PreviewRenderOptions {
  /** The folder the playlist and its pieces are written to (made if missing). */
  dir: string;
  /** Scratch folder; when not given one is made in the system temp dir and removed afterwards. */
  workDir?: string;
  signal?: AbortSignal;
  onProgress?: (percent: number) => void;
  onSpawn?: (pid: number) => void;
  encoder?: VideoEncoder;
}

export interface PreviewRenderResult {
  playlist: string;
  durationS: number;
  warnings: string[];
}

/**
 * The first PREVIEW.seconds of a composition at PREVIEW's size, as an HLS stream of fragmented MP4 written while it
 * encodes. It is the video's own composition and loudness (the gain is measured over the whole mix, as the final
 * render measures it), so what plays is the start of the finished video, smaller.
 */
export async function renderPreview(
  input: Composition | unknown,
  options: PreviewRenderOptions,
): Promise<PreviewRenderResult> {
  const composition = parseComposition(input);
  const ownWorkDir = !options.workDir;
  const workDir = options.workDir ?? (await mkdtemp(join(tmpdir(), "reelsmith-preview-")));
  await mkdir(workDir, { recursive: true });
  await mkdir(options.dir, { recursive: true });
  try {
    const { prepared, loudness, encoder } = await prepareToEncode(composition, workDir, options);
    const durationS = Math.min(PREVIEW.seconds, composition.duration);
    const playlist = join(options.dir, PREVIEW_PLAYLIST);
    const { args } = buildRenderArgs(prepared.composition, {
      output: playlist,
      subtitles: prepared.subtitles,
      gainDb: loudness?.gainDb ?? null,
      size: { width: PREVIEW.width, height: PREVIEW.height },
      preset: PREVIEW_ENCODE.preset,
      crf: PREVIEW_ENCODE.crf,
      gop: PREVIEW_ENCODE.gop,
      limitS: durationS,
      hls: { segmentS: PREVIEW_ENCODE.segmentS },
      filterThreads: filterThreadsFor(availableParallelism()),
      encoder,
    });
    await runFfmpeg(args, {
      durationS,
      onProgress: options.onProgress,
      signal: options.signal,
      onSpawn: options.onSpawn,
    });
    return { playlist, durationS, warnings: prepared.warnings };
  } finally {
    if (ownWorkDir) await rm(workDir, { recursive: true, force: true });
  }
}

/** What a preview's folder holds at one moment: the pieces not reported before (in play order) and the playlist. */
export interface PreviewUpdate {
  /** File names in the folder: init.mp4 first, then each whole segment the playlist lists. */
  pieces: string[];
  playlist: string;
  /** The playlist is closed (ENDLIST): nothing more will be written. */
  complete: boolean;
}

/** The file names a playlist refers to (its init segment, then its segments), in order. */
export function playlistPieces(playlist: string): string[] {
  const pieces: string[] = [];
  for (const raw of playlist.split("\n")) {
    const line = raw.trim();
    const map = /^#EXT-X-MAP:.*URI="([^"]+)"/.exec(line);
    if (map?.[1]) pieces.push(map[1]);
    else if (line && !line.startsWith("#")) pieces.push(line);
  }
  return pieces;
}

/**
 * Follows a preview's folder while it is written: every `intervalMs` the playlist is read (ffmpeg replaces it whole
 * after each piece is closed, so every piece it lists is complete) and `onUpdate` is called, one call at a time,
 * with the pieces it lists that were not reported yet. `stop()` reads the folder a last time and waits for the calls.
 */
export function followPreview(
  dir: string,
  onUpdate: (update: PreviewUpdate) => Promise<void>,
  { intervalMs = 200 }: { intervalMs?: number } = {},
): { stop(): Promise<void> } {
  const reported = new Set<string>();
  let lastPlaylist = "";
  let chain: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let failure: unknown = null;
  const poll = async () => {
    const playlist = await readFile(join(dir, PREVIEW_PLAYLIST), "utf8").catch(() => "");
    if (!playlist || playlist === lastPlaylist) return;
    lastPlaylist = playlist;
    const pieces = playlistPieces(playlist).filter((p) => !reported.has(p));
    for (const p of pieces) reported.add(p);
    await onUpdate({ pieces, playlist, complete: /#EXT-X-ENDLIST/.test(playlist) });
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      chain = chain.then(poll).catch((error) => {
        failure ??= error;
      });
      void chain.then(schedule);
    }, intervalMs);
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      chain = chain.then(poll);
      await chain;
      if (failure) throw failure;
    },
  };
}
