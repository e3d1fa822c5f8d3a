/**
 * Drawn clips: a scene draws frame i of N on a canvas; the frames are piped as raw RGBA into one
 * ffmpeg process (scaled to the output size, H.264 yuv420p, bt709). Every motion is a function of
 * `phase` = i / N, so frame N would equal frame 0 and the clip loops without a jump.
 */
import { rename, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type Canvas, createCanvas, type SKRSContext2D } from "@napi-rs/canvas";
import { h264Args } from "@reelsmith/media";
import { endStream, run, writeChunk } from "./ffmpeg.ts";
import { createRng, type Rng } from "./prng.ts";
import { AAC_ARGS, fitEncodedPeaks, PCM_ARGS, rotateLoop } from "./soundtrack.ts";
import { type BuildModeName, type FrameInfo, frameCount, frameInfo, type VideoSpec } from "./spec.ts";

export {
  type BuildModeName,
  type FrameInfo,
  frameCount,
  frameInfo,
  QUICK_SECONDS,
  VERTICAL,
  type VideoSpec,
  verticalSpec,
} from "./spec.ts";

export interface Scene {
  draw(ctx: SKRSContext2D, f: FrameInfo): void;
}

export interface SceneContext {
  spec: VideoSpec;
  rng: Rng;
  mode: BuildModeName;
}

export interface VideoGenerator {
  /** Path of the module, for the manifest's source field. */
  source: string;
  spec(mode: BuildModeName): VideoSpec;
  createScene(context: SceneContext): Scene | Promise<Scene>;
  /** Optional soundtrack: interleaved stereo float PCM at 48 kHz, exactly the clip's length. */
  audio?(context: SceneContext): Float32Array;
  meta?: Record<string, unknown>;
}

export interface RenderedVideo {
  frames: number;
  durationS: number;
}

export const THUMBNAIL_WIDTH = 360;

/** Draws the thumbnail frame of a canvas as a JPEG THUMBNAIL_WIDTH px wide. */
export function thumbnailJpeg(canvas: Canvas): Buffer {
  const height = Math.round((canvas.height * THUMBNAIL_WIDTH) / canvas.width);
  const thumb = createCanvas(THUMBNAIL_WIDTH, height);
  const ctx = thumb.getContext("2d");
  ctx.imageSmoothingQuality = "high";
  ctx.drawImage(canvas, 0, 0, THUMBNAIL_WIDTH, height);
  return thumb.encodeSync("jpeg", 82);
}

function tempName(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
}

/** Encodes a generator's clip to `out` (MP4) and its thumbnail to `thumbnail` (JPEG), each written atomically. */
export async function renderVideo(
  generator: VideoGenerator,
  seed: string,
  mode: BuildModeName,
  out: string,
  thumbnail: string,
): Promise<RenderedVideo> {
  const spec = generator.spec(mode);
  const frames = frameCount(spec);
  const context: SceneContext = { spec, rng: createRng(seed), mode };
  const scene = await generator.createScene(context);
  const tmpAudio = path.join(os.tmpdir(), `reelsmith-library-${process.pid}-${path.basename(out)}.f32`);
  const loop = generator.audio?.({ ...context, rng: createRng(`${seed}:audio`) });
  const synthesised = loop && rotateLoop(loop, spec.openAt ?? 0);
  const audio = synthesised && (await fitEncodedPeaks(synthesised, tmpAudio));
  const canvas = createCanvas(spec.drawWidth, spec.drawHeight);
  const ctx = canvas.getContext("2d");
  // The thumbnail shows the loop's phase thumbnailAt wherever the clip opens.
  const thumbFrame = Math.min(
    frames - 1,
    Math.round(((((spec.thumbnailAt - (spec.openAt ?? 0)) % 1) + 1) % 1) * frames),
  );
  const tmpVideo = tempName(out);
  let thumb: Buffer | undefined;
  const args = [
    "-hide_banner",
    "-loglevel",
    "error",
    "-y",
    "-f",
    "rawvideo",
    "-pix_fmt",
    "rgba",
    "-s",
    `${spec.drawWidth}x${spec.drawHeight}`,
    "-r",
    String(spec.fps),
    "-i",
    "-",
  ];
  if (audio) {
    await writeFile(tmpAudio, new Uint8Array(audio.buffer, audio.byteOffset, audio.byteLength));
    args.push(...PCM_ARGS, "-i", tmpAudio);
  }
  const filters = ["scale=out_color_matrix=bt709:out_range=tv", "format=yuv420p"];
  if (spec.drawWidth !== spec.width || spec.drawHeight !== spec.height) {
    filters.push(`scale=${spec.width}:${spec.height}:flags=${spec.scaleFlags}`);
  }
  args.push("-vf", filters.join(","), ...h264Args({ preset: spec.preset, crf: spec.crf }));
  if (audio) args.push(...AAC_ARGS);
  // With a soundtrack, cut by time: ffmpeg closes every stream of a file once one reaches its
  // -frames limit, which would drop the encoder's last second or so of audio.
  if (audio) args.push("-t", String(frames / spec.fps));
  else args.push("-frames:v", String(frames));
  args.push(
    "-map_metadata",
    "-1",
    "-fflags",
    "+bitexact",
    "-flags:v",
    "+bitexact",
    "-movflags",
    "+faststart",
    "-f",
    "mp4",
    tmpVideo,
  );
  try {
    await run("ffmpeg", args, {
      feed: async (stdin) => {
        for (let i = 0; i < frames; i++) {
          scene.draw(ctx, frameInfo(spec, i, frames));
          if (i === thumbFrame) thumb = thumbnailJpeg(canvas);
          await writeChunk(stdin, canvas.data());
        }
        await endStream(stdin);
      },
    });
    if (!thumb) throw new Error("no thumbnail frame was drawn");
    await writeAtomic(thumbnail, thumb);
    await rename(tmpVideo, out);
  } finally {
    await rm(tmpVideo, { force: true });
    await rm(tmpAudio, { force: true });
  }
  return { frames, durationS: frames / spec.fps };
}

export async function writeAtomic(file: string, data: string | Uint8Array): Promise<void> {
  const tmp = tempName(file);
  await writeFile(tmp, data);
  await rename(tmp, file);
}
