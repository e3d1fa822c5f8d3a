import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import type { VideoRow } from "../../src/repositories/videos.repository.ts";
import { type RenderContext, RenderFailure, type VideoRenderer } from "../../src/services/render.service.ts";

const run = promisify(execFile);

/**
 * Stands in for the render engine in tests of the product's bookkeeping (queue, progress, storage,
 * refunds): makes a real, tiny H.264 MP4 and a JPEG with ffmpeg, or fails as told.
 */
export class TestRenderer implements VideoRenderer {
  calls: string[] = [];
  /** Fail this many attempts (then succeed), or every attempt with "always". */
  failures: number | "always" = 0;
  /** Whether the failures are the server's (retryable) or the input's. */
  failureRetryable = true;

  async render(video: VideoRow, context: RenderContext) {
    this.calls.push(video.id);
    context.onStage("Rendering");
    context.onProgress(40);
    if (this.failures === "always" || this.failures > 0) {
      if (this.failures !== "always") this.failures -= 1;
      throw new RenderFailure("The background video could not be read.", { retryable: this.failureRetryable });
    }
    const videoPath = path.join(context.workDir, "out.mp4");
    const thumbnailPath = path.join(context.workDir, "thumb.jpg");
    await run("ffmpeg", [
      "-v",
      "error",
      "-f",
      "lavfi",
      "-i",
      "testsrc2=size=108x192:rate=30:duration=1",
      "-pix_fmt",
      "yuv420p",
      "-c:v",
      "libx264",
      "-preset",
      "ultrafast",
      "-movflags",
      "+faststart",
      videoPath,
    ]);
    await run("ffmpeg", ["-v", "error", "-i", videoPath, "-frames:v", "1", thumbnailPath]);
    context.onProgress(100);
    return { videoPath, thumbnailPath, durationS: 1 };
  }
}
