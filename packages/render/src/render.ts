import { mkdir, mkdtemp, rename, rm } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { type VideoEncoder, videoEncoder } from "@reelsmith/media";
import {
  buildLoudnessArgs,
  buildRenderArgs,
  buildTruePeakFixArgs,
  filterThreadsFor,
  gainToTarget,
  TRUE_PEAK_MARGIN_DB,
} from "./composition/compile.ts";
import { prepareComposition } from "./composition/prepare.ts";
import { type Composition, parseComposition } from "./composition/schema.ts";
import { UnsupportedMediaError } from "./errors.ts";
import { measureLoudness, parseEbur128Summary, probeMedia } from "./ffmpeg/probe.ts";
import { runFfmpeg } from "./ffmpeg/run.ts";
import { checkPictureSize } from "./pictures/picture.ts";

export interface RenderOptions {
  /** Where the MP4 goes. */
  output: string;
  /** Also save a JPEG still of `thumbnailAt` here (same process as the video). */
  thumbnail?: string | null;
  /** Scratch folder; when not given one is made in the system temp dir and removed afterwards. */
  workDir?: string;
  /** 720x1280 draft. */
  draft?: boolean;
  signal?: AbortSignal;
  onProgress?: (percent: number) => void;
  onWarning?: (message: string) => void;
  /** Called with the pid of the main ffmpeg process. */
  onSpawn?: (pid: number) => void;
  /** The H.264 encoder; by default the one VIDEO_ENCODER picks on this machine (tested once per process). */
  encoder?: VideoEncoder;
}

export interface RenderResult {
  output: string;
  thumbnail: string | null;
  durationS: number;
  /** Loudness of the mix before the gain (LUFS) and the gain applied (dB). */
  loudness: { measuredLufs: number; gainDb: number } | null;
  warnings: string[];
  /** The ffmpeg command that encoded the video (its inputs stay in a caller-owned workDir). */
  ffmpegArgs: string[];
}

/** Every media file a composition reads, with what it must contain. */
function mediaInputs(c: Composition): { path: string; need: "video" | "image" | "audio" }[] {
  const list: { path: string; need: "video" | "image" | "audio" }[] = [];
  for (const layer of c.layers) {
    if (layer.kind === "video") list.push({ path: layer.src, need: "video" });
    if (layer.kind === "image") list.push({ path: layer.src, need: "image" });
    if (layer.kind === "reddit-card" && layer.avatar) list.push({ path: layer.avatar, need: "image" });
  }
  for (const a of c.audio) list.push({ path: a.src, need: "audio" });
  return list;
}

/**
 * Checks that every input exists and holds the stream it is used for (typed errors otherwise). A
 * picture's size is read from its headers first: one larger than the product takes never reaches a
 * decoder.
 */
export async function checkInputs(c: Composition): Promise<void> {
  await Promise.all(
    mediaInputs(c).map(async ({ path, need }) => {
      if (need === "image") await checkPictureSize(path);
      const info = await probeMedia(path);
      if (need === "audio" && !info.audio) throw new UnsupportedMediaError(path, "it has no sound");
      if ((need === "video" || need === "image") && !info.video)
        throw new UnsupportedMediaError(path, "it has no picture");
    }),
  );
}

/** Measures the composition's mix and returns the gain to its loudness target (null: no sound). */
export async function measureMix(c: Composition, signal?: AbortSignal) {
  if (c.audio.length === 0) return null;
  const { stderr } = await runFfmpeg(buildLoudnessArgs(c), { signal, niceness: 0 });
  const measured = parseEbur128Summary(stderr);
  return { measuredLufs: measured.integrated, gainDb: gainToTarget(measured.integrated, c.loudness.targetLufs) };
}

/**
 * Checks the finished file's true peak against the ceiling (the composition's target plus the
 * encoder's margin) and, while it is above, limits the sound again a little lower (at most twice).
 * The picture is copied, so this also serves a split render's joined file.
 */
export async function keepUnderTruePeak(output: string, targetDb: number, signal?: AbortSignal) {
  const ceiling = targetDb + TRUE_PEAK_MARGIN_DB;
  // Sound the encoder has already band-limited overshoots far less the second time: limiting at the
  // target (the margin under the ceiling) is usually enough.
  let limit = targetDb - TRUE_PEAK_MARGIN_DB;
  for (let attempt = 0; attempt < 2; attempt++) {
    const peak = (await measureLoudness(output, signal)).truePeak;
    if (peak === null || peak <= ceiling) return;
    if (attempt > 0) limit -= peak - ceiling + 0.2;
    // Beside the output, so the rename stays on one file system.
    const fixed = `${output}.peak.mp4`;
    try {
      await runFfmpeg(buildTruePeakFixArgs(output, fixed, limit), { signal, niceness: 0 });
      await rename(fixed, output);
    } finally {
      await rm(fixed, { force: true });
    }
  }
}

/**
 * What every encode of a composition starts with: its inputs checked, then (at once, as they do not depend on each
 * other) its cards and captions drawn into `workDir`, its mix's loudness measured and the encoder chosen.
 */
export async function prepareToEncode(
  composition: Composition,
  workDir: string,
  options: { signal?: AbortSignal; encoder?: VideoEncoder },
) {
  await checkInputs(composition);
  const [prepared, loudness, encoder] = await Promise.all([
    prepareComposition(composition, workDir),
    measureMix(composition, options.signal),
    options.encoder ?? videoEncoder().then((selection) => selection.encoder),
  ]);
  return { prepared, loudness, encoder };
}

/**
 * Renders a composition to an MP4: checks inputs, draws cards and captions, measures loudness, then
 * runs the one ffmpeg process. Scratch files are removed in every case.
 */
export async function renderComposition(input: Composition | unknown, options: RenderOptions): Promise<RenderResult> {
  const composition = parseComposition(input);
  const ownWorkDir = !options.workDir;
  const workDir = options.workDir ?? (await mkdtemp(join(tmpdir(), "reelsmith-render-")));
  await mkdir(workDir, { recursive: true });
  try {
    const { prepared, loudness, encoder } = await prepareToEncode(composition, workDir, options);
    for (const w of prepared.warnings) options.onWarning?.(w);
    const thumbnail = options.thumbnail && composition.thumbnailAt !== undefined ? options.thumbnail : null;
    const { args } = buildRenderArgs(prepared.composition, {
      output: options.output,
      subtitles: prepared.subtitles,
      gainDb: loudness?.gainDb ?? null,
      thumbnail,
      draft: options.draft,
      filterThreads: filterThreadsFor(availableParallelism()),
      encoder,
    });
    try {
      await runFfmpeg(args, {
        durationS: composition.duration,
        onProgress: options.onProgress,
        signal: options.signal,
        onSpawn: options.onSpawn,
      });
    } catch (error) {
      // A failed or cancelled render leaves no half-written video behind.
      await Promise.all([options.output, thumbnail].filter(Boolean).map((f) => rm(f as string, { force: true })));
      throw error;
    }
    if (loudness) await keepUnderTruePeak(options.output, composition.loudness.truePeakDb, options.signal);
    return {
      output: options.output,
      thumbnail,
      durationS: composition.duration,
      loudness,
      warnings: prepared.warnings,
      ffmpegArgs: args,
    };
  } finally {
    if (ownWorkDir) await rm(workDir, { recursive: true, force: true });
  }
}
