import { type ChromaFrame, type MediaFormat, SCREEN_SAMPLE, type ScreenKey, screenKeyOf } from "@reelsmith/core";
import { fileInputArgs } from "./input.ts";
import { runMedia } from "./run.ts";

/**
 * The key that lifts a clip's green or blue screen (core's screenKeyOf, the rule the builder's preview
 * uses too), from SCREEN_SAMPLE.frames frames spread over its `duration`, decoded small as 4:4:4 so each
 * pixel has its own U and V as the render's chroma key reads them. Null when the clip's edges are not a
 * screen.
 */
export async function findScreenKey(
  path: string,
  duration: number,
  options: { width: number; height: number; format?: MediaFormat | null; signal?: AbortSignal },
): Promise<ScreenKey | null> {
  const width = SCREEN_SAMPLE.width;
  // Even, as 4:4:4 does not need, but scale keeps the picture's proportions within a pixel.
  const height = Math.max(2, Math.round((options.height / options.width) * width));
  const frameBytes = width * height * 3;
  const rate = SCREEN_SAMPLE.frames / Math.max(duration, 0.1);
  const { stdout } = await runMedia(
    "ffmpeg",
    [
      "-nostdin",
      "-v",
      "error",
      ...fileInputArgs(path, options.format),
      "-map",
      "0:v:0",
      "-vf",
      // The first frame of each third of the clip.
      `fps=${rate.toFixed(6)}:start_time=0:round=near,scale=${width}:${height}:flags=area,format=yuv444p`,
      "-frames:v",
      String(SCREEN_SAMPLE.frames),
      "-f",
      "rawvideo",
      "-",
    ],
    {
      profile: "decode",
      stdout: "buffer",
      maxStdoutBytes: frameBytes * SCREEN_SAMPLE.frames + 1,
      signal: options.signal,
    },
  );
  const frames: ChromaFrame[] = [];
  for (let at = 0; at + frameBytes <= stdout.byteLength; at += frameBytes) {
    const plane = width * height;
    frames.push({
      width,
      height,
      u: stdout.subarray(at + plane, at + 2 * plane),
      v: stdout.subarray(at + 2 * plane, at + 3 * plane),
    });
  }
  return frames.length > 0 ? screenKeyOf(frames) : null;
}
