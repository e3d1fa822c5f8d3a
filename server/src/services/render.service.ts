import path from "node:path";
import { messages } from "@reelsmith/core";
import type { Database } from "../db/client.ts";
import type { EventBus } from "../events/event-bus.ts";
import { contentTypeOf } from "../lib/content-types.ts";
import type { Logger } from "../lib/logger.ts";
import { makeScratchDir, removeScratchDir } from "../lib/scratch.ts";
import type { ObjectStorage } from "../repositories/storage/object-storage.ts";
import type { VideoRow, VideosRepository } from "../repositories/videos.repository.ts";
import type { CreditsService } from "./credits.service.ts";
import type { WebhookEmitter } from "./webhooks.service.ts";

export interface RenderedVideo {
  videoPath: string;
  thumbnailPath: string;
  durationS: number;
}

export interface RenderContext {
  workDir: string;
  signal: AbortSignal;
  logger: Logger;
  onStage(stage: string): void;
  /** 0-100 within the whole job. */
  onProgress(percent: number): void;
}

/** Turns a stored video request into a finished MP4 and thumbnail on local disk. */
export interface VideoRenderer {
  render(video: VideoRow, context: RenderContext): Promise<RenderedVideo>;
}

/**
 * A failure whose message is fit to show the user (the video's error_message). `retryable` says whose
 * failure it is: false when the input itself cannot be made (text no font draws, an upload that is gone
 * or unreadable), so another attempt with the same input would fail the same way; true (the default)
 * for the server's failures (a crashed encode, a lost worker, a timeout).
 */
export class RenderFailure extends Error {
  readonly retryable: boolean;
  constructor(
    readonly userMessage: string,
    options?: { cause?: unknown; retryable?: boolean },
  ) {
    super(userMessage, options);
    this.name = "RenderFailure";
    this.retryable = options?.retryable ?? true;
  }
}

/** Progress is written at most this often (and on every stage change), so the database stays calm. */
const PROGRESS_WRITE_MS = 1000;

/**
 * Runs render jobs: progress and stage as it goes, the MP4 and thumbnail into storage, the video
 * marked finished, or, when the last attempt fails, the video marked error and its credits refunded
 * in one transaction, exactly once however often the failure path runs.
 */
export class RenderService {
  constructor(
    private readonly db: Database,
    private readonly videos: VideosRepository,
    private readonly credits: CreditsService,
    private readonly storage: ObjectStorage,
    private readonly events: EventBus,
    private readonly renderer: VideoRenderer,
    private readonly logger: Logger,
    /** Tells the user's webhook endpoints when a video finishes or fails. */
    private readonly webhooks?: WebhookEmitter,
  ) {}

  async #publish(
    video: Pick<VideoRow, "id" | "userId">,
    fields: {
      status: "processing" | "finished" | "error";
      progress: number;
      stage: string | null;
      errorMessage?: string | null;
    },
  ): Promise<void> {
    await this.events.publish(video.userId, { type: "video", id: video.id, ...fields });
  }

  /** One attempt of the render job for a video. Throws to ask the queue for a retry. */
  async run(
    videoId: string,
    attempt: { retryCount: number; finalAttempt: boolean; signal: AbortSignal; logger?: Logger },
  ): Promise<void> {
    const logger = (attempt.logger ?? this.logger).child({ videoId, attempt: attempt.retryCount });
    const video = await this.videos.findById(videoId);
    if (video?.status !== "processing") {
      logger.info({ status: video?.status ?? "missing" }, "render skipped: the video is not processing");
      return;
    }
    const startStage = attempt.retryCount > 0 ? "Retrying" : "Starting";
    await this.videos.updateProgress(videoId, { progress: 0, stage: startStage, startedAt: new Date() });
    await this.#publish(video, { status: "processing", progress: 0, stage: startStage });

    let stage = startStage;
    let progress = 0;
    let lastWrite = 0;
    let writing: Promise<unknown> = Promise.resolve();
    const report = (force: boolean) => {
      const now = Date.now();
      if (!force && now - lastWrite < PROGRESS_WRITE_MS) return;
      lastWrite = now;
      const snapshot = { progress, stage };
      writing = writing
        .then(() => this.videos.updateProgress(videoId, snapshot))
        .then(() => this.#publish(video, { status: "processing", ...snapshot }))
        .catch((error) => logger.warn({ err: error }, "could not record render progress"));
    };

    // Owned by this process while it renders; a folder left by a process that died is swept (lib/scratch.ts).
    const workDir = await makeScratchDir(`reelsmith-render-${videoId.slice(0, 8)}-`);
    try {
      const rendered = await this.renderer.render(video, {
        workDir,
        signal: attempt.signal,
        logger,
        onStage: (next) => {
          if (next === stage) return;
          stage = next;
          report(true);
        },
        onProgress: (percent) => {
          const next = Math.max(0, Math.min(99, Math.floor(percent)));
          if (next <= progress) return;
          progress = next;
          report(false);
        },
      });
      await writing;
      await this.#finish(video, rendered, logger);
    } catch (error) {
      await writing;
      const userMessage = error instanceof RenderFailure ? error.userMessage : messages.videos.renderFailed.generic;
      const retryable = error instanceof RenderFailure ? error.retryable : true;
      logger.warn({ err: error, final: attempt.finalAttempt, retryable }, "render attempt failed");
      // A failure of the input fails every attempt the same way: give up (and refund) at once.
      if (attempt.finalAttempt || !retryable) {
        await this.fail(videoId, userMessage, { retryable });
        return;
      }
      await this.videos.updateProgress(videoId, { stage: "Retrying after an error" });
      await this.#publish(video, { status: "processing", progress, stage: "Retrying after an error" });
      throw error;
    } finally {
      await removeScratchDir(workDir);
    }
  }

  async #finish(video: VideoRow, rendered: RenderedVideo, logger: Logger): Promise<void> {
    const outputPath = `${video.userId}/videos/${video.id}.mp4`;
    const thumbnailPath = `${video.userId}/videos/${video.id}${path.extname(rendered.thumbnailPath) || ".jpg"}`;
    await this.storage.putFile(outputPath, rendered.videoPath, "video/mp4");
    await this.storage.putFile(thumbnailPath, rendered.thumbnailPath, contentTypeOf(thumbnailPath));
    const finished = await this.videos.markFinished(video.id, {
      outputPath,
      thumbnailPath,
      durationS: Math.round(rendered.durationS * 100) / 100,
    });
    if (!finished) {
      // Failed (and refunded) meanwhile, e.g. given up as lost: the files belong to nothing.
      logger.warn("render finished after the video had stopped processing; output discarded");
      await this.storage.delete(outputPath).catch(() => {});
      await this.storage.delete(thumbnailPath).catch(() => {});
      return;
    }
    await this.#publish(video, { status: "finished", progress: 100, stage: null });
    logger.info({ durationS: rendered.durationS }, "video finished");
    await this.webhooks?.emit(video.userId, "video.finished", {
      id: video.id,
      type: video.type,
      title: video.title,
      duration_s: Math.round(rendered.durationS * 100) / 100,
    });
  }

  /**
   * processing -> error with a readable reason and whether a retry can work (the server's failures, the
   * default, can; the input's cannot), and the spend refunded, in one transaction. Safe to call any
   * number of times and from several processes: only the first call changes anything.
   */
  async fail(videoId: string, userMessage: string, options: { retryable?: boolean } = {}): Promise<boolean> {
    const outcome = await this.db.transaction(async (tx) => {
      const failed = await this.videos.markFailed(videoId, userMessage, options.retryable ?? true, tx);
      if (!failed) return undefined;
      const refund = await this.credits.refundVideo(tx, { userId: failed.userId, videoId });
      return { video: failed, refunded: refund?.amount ?? 0 };
    });
    if (!outcome) return false;
    this.logger.info({ videoId, refunded: outcome.refunded }, "video failed; credits refunded");
    await this.#publish(outcome.video, {
      status: "error",
      progress: outcome.video.progress,
      stage: null,
      errorMessage: userMessage,
    });
    if (outcome.refunded > 0) {
      await this.credits.publishBalance(outcome.video.userId, { amount: outcome.refunded, source: "refund" });
    }
    await this.webhooks?.emit(outcome.video.userId, "video.failed", {
      id: outcome.video.id,
      type: outcome.video.type,
      title: outcome.video.title,
      error_message: userMessage,
      refunded: outcome.refunded,
    });
    return true;
  }

  /** Videos still processing with no word from a worker since `before`: their job is gone. */
  async failLost(before: Date): Promise<number> {
    let count = 0;
    for (const video of await this.videos.stale(before)) {
      if (await this.fail(video.id, messages.videos.renderFailed.lost)) count += 1;
    }
    return count;
  }
}
