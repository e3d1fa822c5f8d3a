/**
 * The encoder settings every MP4 the product writes is made with: H.264 (libx264) in yuv420p, tagged BT.709
 * limited range unless asked otherwise, and AAC sound at 48 kHz stereo. Each maker picks its speed and quality.
 */

export interface H264Options {
  /** libx264 speed preset. */
  preset: string;
  /** Constant rate factor (lower is better). */
  crf: number;
  profile?: "high" | "main";
  /** Longest and shortest distance between keyframes, in frames. */
  gop?: number;
  keyintMin?: number;
  /**
   * Force a keyframe on every multiple of this many seconds of the output's time, so that encodes of a video's
   * stretches cut on those times join into the keyframe spacing of one encode.
   */
  keyframeEveryS?: number;
  /** Tag the picture BT.709 limited range (default true). */
  bt709?: boolean;
}

/** `-force_key_frames` for `keyframeEveryS` (ffmpeg marks the frames; each encoder makes them keyframes). */
export function forcedKeyframeArgs(options: H264Options): string[] {
  const every = options.keyframeEveryS;
  return every !== undefined ? ["-force_key_frames", `expr:gte(t,n_forced*${every})`] : [];
}

/** Output options for H.264 video. */
export function h264Args(options: H264Options): string[] {
  return [
    "-c:v",
    "libx264",
    "-preset",
    options.preset,
    "-crf",
    String(options.crf),
    "-profile:v",
    options.profile ?? "high",
    ...(options.gop !== undefined ? ["-g", String(options.gop)] : []),
    ...(options.keyintMin !== undefined ? ["-keyint_min", String(options.keyintMin)] : []),
    ...forcedKeyframeArgs(options),
    "-pix_fmt",
    "yuv420p",
    ...(options.bt709 === false
      ? []
      : ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv"]),
  ];
}

/** Output options for AAC sound at 48 kHz (stereo unless asked otherwise). */
export function aacArgs(bitrate: string, { channels = 2 }: { channels?: number } = {}): string[] {
  return ["-c:a", "aac", "-b:a", bitrate, "-ar", "48000", "-ac", String(channels)];
}

/** The speeds and qualities in use: a finished video, a draft, a web copy, footage kept for later encodes. */
export const H264_PRESETS = {
  final: { preset: "veryfast", crf: 21 },
  draft: { preset: "ultrafast", crf: 26 },
  /** A light copy for a web page (the landing page's clips). */
  web: { preset: "veryfast", crf: 27, profile: "main" },
  /** Footage encoded again later (a creator's clip made the background): kept near transparent. */
  intermediate: { preset: "veryfast", crf: 18 },
} as const satisfies Record<string, H264Options>;
