import { join } from "node:path";
import { BACKGROUND_VIDEO_MAX_S } from "@reelsmith/core";
import { fileInputArgs, H264_PRESETS, h264Args, MediaProcessError, measureDuration } from "@reelsmith/media";
import { UnsupportedMediaError } from "../errors.ts";
import { probeMedia } from "../ffmpeg/probe.ts";
import { renderFailure, runFfmpeg } from "../ffmpeg/run.ts";

/** The frame the creator's own footage is cut to (9:16). */
const FRAME = { width: 1080, height: 1920 } as const;
/** How long the end of a looping clip blends into its start. */
export const OWN_BACKGROUND_BLEND_S = 0.5;

export interface OwnBackgroundPlan {
  /** The clip's length in seconds. */
  sourceDuration: number;
  /** Horizontal centre of the 9:16 window, as a share of the clip's width (0.5: the middle). */
  cropX: number;
  /** How long the video needs the background for. */
  needed: number;
}

const num = (n: number) => String(Math.round(n * 1000) / 1000);

/**
 * The filtergraph that turns the creator's clip into the video's background: scaled to cover 1080x1920,
 * cut at the chosen horizontal centre, at 30 fps and without its sound. A clip shorter than the video is
 * made loop-ready: its last {@link OWN_BACKGROUND_BLEND_S} s are crossfaded into its first ones and it
 * starts just after them, so repeating it end to start has no jump. Returns the graph and the length of
 * what it makes.
 */
export function ownBackgroundFilter(plan: OwnBackgroundPlan): { graph: string; duration: number; loops: boolean } {
  const { width, height } = FRAME;
  const cx = Math.min(1, Math.max(0, plan.cropX));
  const fit = [
    `scale=${width}:${height}:force_original_aspect_ratio=increase:out_color_matrix=bt709`,
    `crop=${width}:${height}:x='clip(iw*${num(cx)}-ow/2,0,iw-ow)':y='(ih-oh)/2'`,
    "setsar=1",
    "fps=30",
    "format=yuv420p",
  ].join(",");
  const d = plan.sourceDuration;
  if (d >= plan.needed) {
    return {
      graph: `[0:v]${fit},trim=end=${num(plan.needed)},setpts=PTS-STARTPTS[out]`,
      duration: plan.needed,
      loops: false,
    };
  }
  const f = Math.min(OWN_BACKGROUND_BLEND_S, d / 4);
  const graph = [
    `[0:v]${fit},split=3[own_a][own_b][own_c]`,
    `[own_a]trim=start=${num(f)}:end=${num(d - f)},setpts=PTS-STARTPTS[own_mid]`,
    `[own_b]trim=start=${num(d - f)},setpts=PTS-STARTPTS[own_tail]`,
    `[own_c]trim=end=${num(f)},setpts=PTS-STARTPTS[own_head]`,
    `[own_tail][own_head]xfade=transition=fade:duration=${num(f)}:offset=0[own_blend]`,
    "[own_mid][own_blend]concat=n=2:v=1:a=0[out]",
  ].join(";");
  return { graph, duration: d - f, loops: true };
}

/**
 * The creator's own footage, ready to be the background: a silent 1080x1920 clip in the work folder that
 * either covers the video or repeats seamlessly (see {@link ownBackgroundFilter}).
 */
export async function prepareOwnBackground(
  src: string,
  workDir: string,
  options: { cropX: number; needed: number; draft?: boolean; signal?: AbortSignal },
): Promise<{ path: string; loops: boolean }> {
  const info = await probeMedia(src, { signal: options.signal });
  if (!info.video || info.video.still) throw new UnsupportedMediaError(src, "it is not a video");
  // The length its packets really cover (a header may claim another), read no further than the longest clip
  // taken; the graph below is planned with it and the input is cut to it, so no branch of the graph waits on
  // frames another one never reads.
  let sourceDuration: number;
  try {
    // The packets read reach the last frame's start; the clip lasts one frame longer.
    const lastFrame = info.video.fps > 0 ? 1 / info.video.fps : 0;
    sourceDuration = Math.min(
      (await measureDuration(src, "video", {
        maxS: BACKGROUND_VIDEO_MAX_S,
        format: info.format,
        signal: options.signal,
      })) + lastFrame,
      BACKGROUND_VIDEO_MAX_S,
    );
  } catch (error) {
    if (error instanceof MediaProcessError) throw renderFailure(error);
    throw new UnsupportedMediaError(src, "its picture could not be read whole");
  }
  if (!(sourceDuration > 0)) throw new UnsupportedMediaError(src, "its length is unknown");
  const plan = ownBackgroundFilter({ sourceDuration, cropX: options.cropX, needed: options.needed });
  const output = join(workDir, "own-background.mp4");
  await runFfmpeg(
    [
      "-y",
      "-t",
      num(sourceDuration),
      ...fileInputArgs(src, info.format),
      "-filter_complex",
      plan.graph,
      "-map",
      "[out]",
      "-an",
      ...h264Args(options.draft ? H264_PRESETS.draft : H264_PRESETS.intermediate),
      output,
    ],
    { signal: options.signal },
  );
  return { path: output, loops: plan.loops };
}
