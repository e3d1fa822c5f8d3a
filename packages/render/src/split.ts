import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { FILE_DEMUXERS, fileInputArgs, runMedia, type VideoEncoder, videoEncoder } from "@reelsmith/media";
import { buildMixedAudioArgs, buildRenderArgs, ENCODE, filterThreadsFor } from "./composition/compile.ts";
import { num } from "./composition/expr.ts";
import { type PreparedComposition, prepareComposition } from "./composition/prepare.ts";
import { type Composition, parseComposition } from "./composition/schema.ts";
import { FfmpegError } from "./errors.ts";
import { renderFailure, runFfmpeg } from "./ffmpeg/run.ts";
import { checkInputs, keepUnderTruePeak, measureMix, type RenderOptions, type RenderResult } from "./render.ts";

/**
 * Split renders: a long video's picture encoded as segments, each on its own keyframe-aligned stretch of the
 * timeline and each by its own ffmpeg (on this machine or another that reads the same files), its sound mixed once
 * for the whole video, and the pieces joined without encoding again. The steps are separate functions so a queue can
 * hand them out one by one: prepareForSplit, then renderSegment for each window of planSegments and renderMixedAudio
 * in any order, then joinSegments.
 */

/** Videos longer than this (seconds) are worth splitting: under it, the extra processes cost more than they save. */
export const SPLIT_THRESHOLD_S = 30;

/** The segment length a split render uses unless told otherwise (seconds, a multiple of ENCODE.keyframeEveryS). */
export const DEFAULT_SEGMENT_S = 20;

/** A last stretch shorter than this (seconds) joins the segment before it rather than cost a process of its own. */
const SHORTEST_TAIL_S = 1;

/** One segment's stretch of the video's timeline, in seconds. */
export interface SegmentWindow {
  start: number;
  end: number;
}

/** Whether a video of this length is rendered in segments. */
export function shouldSplit(durationS: number): boolean {
  return durationS > SPLIT_THRESHOLD_S;
}

/**
 * The segments of a video: `segmentS` long (a multiple of the forced keyframe interval, so every segment starts on a
 * keyframe of the whole encode), the last one shorter, ending at the video's end.
 */
export function planSegments(
  durationS: number,
  { segmentS = DEFAULT_SEGMENT_S }: { segmentS?: number } = {},
): SegmentWindow[] {
  const every = ENCODE.keyframeEveryS;
  if (!(Number.isFinite(durationS) && durationS > 0)) throw new RangeError(`no segments for a ${durationS} s video`);
  if (!(segmentS > 0 && Number.isInteger(segmentS / every))) {
    throw new RangeError(`a segment is a positive multiple of ${every} s (got ${segmentS})`);
  }
  const windows: SegmentWindow[] = [];
  for (let start = 0; start < durationS; start += segmentS) {
    windows.push({ start, end: Math.min(start + segmentS, durationS) });
  }
  const last = windows.at(-1) as SegmentWindow;
  const before = windows.at(-2);
  if (before && last.end - last.start < SHORTEST_TAIL_S) {
    windows.pop();
    before.end = durationS;
  }
  return windows;
}

/**
 * What every step of a split render reads: the checked composition with its text, cards and framed pictures drawn
 * to PNG files, its captions written as ASS, and the gain its mix needs. Plain data (JSON as it is): the paths point
 * into the folder it was prepared in, which a worker on another machine must see at the same path.
 */
export interface SplitPrepared {
  composition: Composition;
  subtitles: PreparedComposition["subtitles"];
  /** Loudness of the mix before the gain (LUFS) and the gain applied (dB); null for a video without sound. */
  loudness: RenderResult["loudness"];
  warnings: string[];
  /** 720x1280; every segment of one video must agree on it. */
  draft: boolean;
  workDir: string;
}

/** Checks the inputs, draws the composition's cards and captions into `workDir` and measures its mix. */
export async function prepareForSplit(
  input: Composition | unknown,
  workDir: string,
  options: { draft?: boolean; signal?: AbortSignal } = {},
): Promise<SplitPrepared> {
  const composition = parseComposition(input);
  await mkdir(workDir, { recursive: true });
  await checkInputs(composition);
  const [prepared, loudness] = await Promise.all([
    prepareComposition(composition, workDir),
    measureMix(composition, options.signal),
  ]);
  return {
    composition: prepared.composition,
    subtitles: prepared.subtitles,
    loudness,
    warnings: prepared.warnings,
    draft: Boolean(options.draft),
    workDir,
  };
}

export interface SegmentOptions {
  signal?: AbortSignal;
  /**
   * The H.264 encoder; by default this machine's (VIDEO_ENCODER). Every segment of one video must be made with the
   * same one: joinSegments refuses segments whose stream headers differ.
   */
  encoder?: VideoEncoder;
  onProgress?: (percent: number) => void;
  onSpawn?: (pid: number) => void;
}

/** Encodes the picture of one window to a video-only MP4. Returns the ffmpeg command it ran. */
export async function renderSegment(
  prepared: SplitPrepared,
  window: SegmentWindow,
  output: string,
  options: SegmentOptions = {},
): Promise<{ output: string; ffmpegArgs: string[] }> {
  const encoder = options.encoder ?? (await videoEncoder()).encoder;
  const { args } = buildRenderArgs(prepared.composition, {
    output,
    subtitles: prepared.subtitles,
    draft: prepared.draft,
    window,
    filterThreads: filterThreadsFor(availableParallelism()),
    encoder,
  });
  try {
    await runFfmpeg(args, {
      durationS: Math.min(window.end, prepared.composition.duration) - window.start,
      onProgress: options.onProgress,
      signal: options.signal,
      onSpawn: options.onSpawn,
    });
  } catch (error) {
    await rm(output, { force: true });
    throw error;
  }
  return { output, ffmpegArgs: args };
}

/** Mixes the whole video's sound with its loudness gain and limiter (as a single render does) into an M4A. */
export async function renderMixedAudio(
  prepared: SplitPrepared,
  output: string,
  options: { signal?: AbortSignal } = {},
): Promise<{ output: string }> {
  const args = buildMixedAudioArgs(prepared.composition, { output, gainDb: prepared.loudness?.gainDb ?? null });
  try {
    await runFfmpeg(args, { signal: options.signal });
  } catch (error) {
    await rm(output, { force: true });
    throw error;
  }
  return { output };
}

/** A concat demuxer list naming each file as it is (single quotes escaped the way the list's parser reads them). */
function concatList(paths: readonly string[]): string {
  return paths.map((p) => `file '${p.replace(/'/g, "'\\''")}'\n`).join("");
}

/**
 * What must match between segments for their streams to be copied into one: the codec, its profile, the size and
 * the headers (SPS and PPS) the joined file keeps only the first segment's copy of.
 */
async function segmentStreamHeader(path: string, signal?: AbortSignal): Promise<string> {
  try {
    const { stdout } = await runMedia(
      "ffprobe",
      [
        "-v",
        "error",
        "-select_streams",
        "v:0",
        "-show_entries",
        "stream=codec_name,profile,width,height,pix_fmt,extradata_hash",
        "-show_data_hash",
        "MD5",
        "-of",
        "json",
        ...fileInputArgs(path),
      ],
      { profile: "probe", stdout: "buffer", signal },
    );
    const stream = (JSON.parse(stdout.toString()) as { streams?: unknown[] }).streams?.[0];
    if (!stream) throw new FfmpegError(`${path} holds no picture`, null, "");
    return JSON.stringify(stream);
  } catch (error) {
    throw renderFailure(error);
  }
}

export interface JoinOptions {
  /** Also save a JPEG still of the composition's `thumbnailAt` here, taken from the joined file. */
  thumbnail?: string | null;
  signal?: AbortSignal;
}

/**
 * Joins the segments (in order) and the mixed sound into one MP4 without encoding either again: the concat
 * demuxer, streams copied, the index at the front. Then the true-peak check a single render gets, and the
 * thumbnail if asked.
 */
export async function joinSegments(
  prepared: SplitPrepared,
  segments: readonly string[],
  audio: string,
  output: string,
  options: JoinOptions = {},
): Promise<{ output: string; thumbnail: string | null; ffmpegArgs: string[] }> {
  const { signal } = options;
  if (segments.length === 0) throw new RangeError("nothing to join");
  const headers = await Promise.all(segments.map((s) => segmentStreamHeader(s, signal)));
  const odd = headers.findIndex((h) => h !== headers[0]);
  if (odd > 0) {
    throw new FfmpegError(
      `segment ${segments[odd]} was encoded differently from ${segments[0]} (another encoder or settings); it cannot be joined to it`,
      null,
      "",
    );
  }
  const list = `${output}.segments.txt`;
  await writeFile(list, concatList(segments));
  const c = prepared.composition;
  const thumbnail = options.thumbnail && c.thumbnailAt !== undefined ? options.thumbnail : null;
  const args = [
    "-hide_banner",
    "-nostdin",
    "-y",
    "-loglevel",
    "warning",
    // The list is ours and names plain files only, which the concat demuxer opens with the usual demuxers.
    "-protocol_whitelist",
    "file",
    "-format_whitelist",
    ["concat", ...FILE_DEMUXERS].join(","),
    "-f",
    "concat",
    "-safe",
    "0",
    "-i",
    list,
    ...fileInputArgs(audio),
    "-map",
    "0:v:0",
    "-map",
    "1:a:0",
    "-c",
    "copy",
    "-movflags",
    "+faststart",
    output,
  ];
  try {
    await runFfmpeg(args, { signal, niceness: 0 });
    if (prepared.loudness) await keepUnderTruePeak(output, c.loudness.truePeakDb, signal);
    if (thumbnail && c.thumbnailAt !== undefined) await stillFrom(output, c.thumbnailAt, thumbnail, signal);
  } catch (error) {
    await Promise.all([output, thumbnail].filter(Boolean).map((f) => rm(f as string, { force: true })));
    throw error;
  } finally {
    await rm(list, { force: true });
  }
  return { output, thumbnail, ffmpegArgs: args };
}

/**
 * The JPEG still of the frame a single render would take at `atS` (the frame at or just after it), decoded from the
 * finished file: the seek lands a little before the frame's time, so rounding cannot skip to the next one.
 */
async function stillFrom(video: string, atS: number, output: string, signal?: AbortSignal): Promise<void> {
  const frame = Math.round(atS * 30);
  await runFfmpeg(
    [
      "-hide_banner",
      "-nostdin",
      "-y",
      "-loglevel",
      "warning",
      "-ss",
      num(Math.max(0, frame / 30 - 0.005)),
      ...fileInputArgs(video),
      "-map",
      "0:v:0",
      "-frames:v",
      "1",
      "-vf",
      "scale=out_range=full:out_color_matrix=bt709,format=yuvj420p",
      "-q:v",
      "3",
      "-update",
      "1",
      output,
    ],
    { signal, niceness: 0 },
  );
}

/**
 * The last step of a split render, wherever its segments were made: joins them and the sound into `options.output`
 * (with the thumbnail) and answers as renderComposition does; `ffmpegArgs` is the join's command.
 */
export async function joinToResult(
  prepared: SplitPrepared,
  segments: readonly string[],
  audio: string,
  options: Pick<RenderOptions, "output" | "thumbnail" | "signal" | "onProgress">,
): Promise<RenderResult> {
  const joined = await joinSegments(prepared, segments, audio, options.output, {
    thumbnail: options.thumbnail,
    signal: options.signal,
  });
  options.onProgress?.(100);
  return {
    output: joined.output,
    thumbnail: joined.thumbnail,
    durationS: prepared.composition.duration,
    loudness: prepared.loudness,
    warnings: prepared.warnings,
    ffmpegArgs: joined.ffmpegArgs,
  };
}

export interface SplitRenderOptions extends RenderOptions {
  /** Segments encoded at once on this machine (default 2). */
  workers?: number;
  /** Segment length in seconds (default DEFAULT_SEGMENT_S). */
  segmentS?: number;
}

/**
 * Runs jobs with at most `workers` at once. The first failure aborts the jobs still running and starts no more;
 * every job has ended when this returns or throws.
 */
async function runPool(jobs: ((signal: AbortSignal) => Promise<void>)[], workers: number, signal?: AbortSignal) {
  const stop = new AbortController();
  const both = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
  let next = 0;
  let failure: unknown = null;
  const worker = async () => {
    while (next < jobs.length && failure === null) {
      const job = jobs[next++] as (signal: AbortSignal) => Promise<void>;
      try {
        await job(both);
      } catch (error) {
        // The jobs the first failure stopped report a cancellation; the failure is the news.
        if (failure === null) failure = error;
        stop.abort();
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(workers, jobs.length)) }, worker));
  if (failure !== null) throw failure;
}

/**
 * A whole split render on this machine, with the same result as renderComposition: prepares once, encodes the
 * segments (the latest first: each runs the graph from the video's start, so they cost the most) and the sound with
 * at most `workers` at once, then joins them. Scratch files are removed when the work folder is its own.
 */
export async function renderCompositionSplit(
  input: Composition | unknown,
  options: SplitRenderOptions,
): Promise<RenderResult> {
  const composition = parseComposition(input);
  const ownWorkDir = !options.workDir;
  const workDir = options.workDir ?? (await mkdtemp(join(tmpdir(), "reelsmith-split-")));
  try {
    const [prepared, encoder] = await Promise.all([
      prepareForSplit(composition, join(workDir, "prepared"), { draft: options.draft, signal: options.signal }),
      options.encoder ?? videoEncoder().then((selection) => selection.encoder),
    ]);
    for (const w of prepared.warnings) options.onWarning?.(w);
    const windows = planSegments(composition.duration, { segmentS: options.segmentS });
    const segments = windows.map((_, i) => join(workDir, `segment-${String(i).padStart(3, "0")}.mp4`));
    const audio = join(workDir, "audio.m4a");
    const done = windows.map(() => 0);
    const report = () => {
      const seconds = windows.reduce((sum, w, i) => sum + ((w.end - w.start) * (done[i] ?? 0)) / 100, 0);
      options.onProgress?.(Math.min(99, Math.floor((seconds / composition.duration) * 100)));
    };
    let firstArgs: string[] = [];
    const jobs = windows
      .map((window, i) => async (signal: AbortSignal) => {
        const { ffmpegArgs } = await renderSegment(prepared, window, segments[i] as string, {
          signal,
          encoder,
          onSpawn: options.onSpawn,
          onProgress: (p) => {
            done[i] = p;
            report();
          },
        });
        if (i === 0) firstArgs = ffmpegArgs;
      })
      .reverse();
    jobs.push(async (signal) => {
      await renderMixedAudio(prepared, audio, { signal });
    });
    await runPool(jobs, options.workers ?? 2, options.signal);
    return { ...(await joinToResult(prepared, segments, audio, options)), ffmpegArgs: firstArgs };
  } finally {
    if (ownWorkDir) await rm(workDir, { recursive: true, force: true });
  }
}
