import { forcedKeyframeArgs, type H264Options, h264Args } from "./presets.ts";
import { runMedia } from "./run.ts";

/**
 * The H.264 encoders a render may use: libx264 on the CPU, or the machine's video hardware (NVIDIA NVENC, VA-API on
 * Intel and AMD, Intel Quick Sync). `VIDEO_ENCODER=auto` (the default) takes the first hardware encoder that passes a
 * one-frame test encode on this machine, else libx264; a named one that fails the test falls back to libx264 too.
 * Debian's ffmpeg is built with all three; each needs its driver at run time.
 */
export const VIDEO_ENCODERS = ["libx264", "h264_nvenc", "h264_qsv", "h264_vaapi"] as const;
export type VideoEncoder = (typeof VIDEO_ENCODERS)[number];
export type VideoEncoderChoice = VideoEncoder | "auto";

/** The hardware encoders `auto` tries, in order. */
export const HARDWARE_ENCODERS: readonly VideoEncoder[] = ["h264_nvenc", "h264_qsv", "h264_vaapi"];

/** The render node VA-API opens unless VAAPI_DEVICE names another. */
export const DEFAULT_VAAPI_DEVICE = "/dev/dri/renderD128";

/** VIDEO_ENCODER from the environment; anything else is refused with the values it takes. */
export function videoEncoderChoice(env: NodeJS.ProcessEnv = process.env): VideoEncoderChoice {
  const value = (env.VIDEO_ENCODER ?? "").trim() || "auto";
  if (value === "auto" || (VIDEO_ENCODERS as readonly string[]).includes(value)) return value as VideoEncoderChoice;
  throw new RangeError(`VIDEO_ENCODER must be one of auto, ${VIDEO_ENCODERS.join(", ")} (got "${value}").`);
}

/** What an encoder adds to an ffmpeg command: options before the inputs, filters after the picture, output options. */
export interface EncoderArgs {
  global: string[];
  /** Appended to the video's filter chain (VA-API takes its frames in video memory). */
  filters: string[];
  output: string[];
}

/**
 * The hardware encoders' quality scale sits a little under x264's CRF for the same picture; their speed presets are
 * picked to match x264's (a draft's ultrafast is their fastest, a finished video's veryfast their balanced one).
 */
const HARDWARE_QUALITY_OFFSET = 2;
const FAST_PRESETS = new Set(["ultrafast", "superfast"]);

function colourTags(options: H264Options): string[] {
  return options.bt709 === false
    ? []
    : ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv"];
}

/**
 * The GOP and the forced keyframes. NVENC and Quick Sync make a forced frame a plain I frame unless told to make it
 * an IDR (`idrFlag`), which players and muxers alone count as a keyframe; VA-API makes it an IDR of itself.
 */
function gopArgs(options: H264Options, idrFlag?: string): string[] {
  const forced = forcedKeyframeArgs(options);
  return [
    ...(options.gop !== undefined ? ["-g", String(options.gop)] : []),
    ...forced,
    ...(forced.length > 0 && idrFlag ? [idrFlag, "1"] : []),
  ];
}

/** The arguments of one encoder for the settings an x264 encode would use (`h264Args`). */
export function encoderArgs(
  encoder: VideoEncoder,
  options: H264Options,
  env: NodeJS.ProcessEnv = process.env,
): EncoderArgs {
  const quality = String(options.crf + HARDWARE_QUALITY_OFFSET);
  const fast = FAST_PRESETS.has(options.preset);
  const profile = ["-profile:v", options.profile ?? "high"];
  switch (encoder) {
    case "libx264":
      return { global: [], filters: [], output: h264Args(options) };
    case "h264_nvenc":
      return {
        global: [],
        filters: [],
        output: [
          "-c:v",
          "h264_nvenc",
          "-preset",
          fast ? "p1" : "p4",
          "-tune",
          "hq",
          "-rc",
          "vbr",
          "-cq",
          quality,
          "-b:v",
          "0",
          ...profile,
          ...gopArgs(options, "-forced-idr"),
          "-pix_fmt",
          "yuv420p",
          ...colourTags(options),
        ],
      };
    case "h264_qsv":
      return {
        global: [],
        filters: [],
        output: [
          "-c:v",
          "h264_qsv",
          "-preset",
          fast ? "veryfast" : "medium",
          "-global_quality",
          quality,
          ...profile,
          ...gopArgs(options, "-forced_idr"),
          "-pix_fmt",
          "nv12",
          ...colourTags(options),
        ],
      };
    case "h264_vaapi":
      return {
        global: ["-vaapi_device", env.VAAPI_DEVICE || DEFAULT_VAAPI_DEVICE],
        filters: ["format=nv12", "hwupload"],
        output: [
          "-c:v",
          "h264_vaapi",
          "-rc_mode",
          "CQP",
          "-qp",
          quality,
          ...profile,
          ...gopArgs(options),
          ...colourTags(options),
        ],
      };
  }
}

/** Whether this machine can encode with `encoder`: one black frame encoded to nowhere. */
export async function canEncodeWith(encoder: VideoEncoder): Promise<boolean> {
  const args = encoderArgs(encoder, { preset: "veryfast", crf: 23 });
  try {
    await runMedia(
      "ffmpeg",
      [
        "-hide_banner",
        "-nostdin",
        "-loglevel",
        "error",
        ...args.global,
        "-f",
        "lavfi",
        "-i",
        "color=c=black:s=256x256:r=30:d=0.1",
        ...(args.filters.length > 0 ? ["-vf", args.filters.join(",")] : []),
        "-frames:v",
        "1",
        ...args.output,
        "-f",
        "null",
        "-",
      ],
      { profile: "probe", timeoutMs: 20_000 },
    );
    return true;
  } catch {
    return false;
  }
}

/** Which encoder renders use, and why. */
export interface EncoderSelection {
  requested: VideoEncoderChoice;
  encoder: VideoEncoder;
  /** The hardware encoders tried and whether each passed its test encode. */
  tried: { encoder: VideoEncoder; usable: boolean }[];
}

/** Picks the encoder for a choice by test encodes (`test` is `canEncodeWith`, replaceable in tests). */
export async function selectVideoEncoder(
  requested: VideoEncoderChoice,
  test: (encoder: VideoEncoder) => Promise<boolean> = canEncodeWith,
): Promise<EncoderSelection> {
  if (requested === "libx264") return { requested, encoder: "libx264", tried: [] };
  const candidates = requested === "auto" ? HARDWARE_ENCODERS : [requested];
  const tried: EncoderSelection["tried"] = [];
  for (const encoder of candidates) {
    const usable = await test(encoder);
    tried.push({ encoder, usable });
    if (usable) return { requested, encoder, tried };
  }
  return { requested, encoder: "libx264", tried };
}

let selected: Promise<EncoderSelection> | undefined;

/** The encoder this process renders with: VIDEO_ENCODER, tested once (the first render or the server's start). */
export function videoEncoder(): Promise<EncoderSelection> {
  selected ??= selectVideoEncoder(videoEncoderChoice());
  return selected;
}
