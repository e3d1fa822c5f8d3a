import { messages } from "@reelsmith/core";
import { z } from "zod";
import type { RenderService } from "../services/render.service.ts";
import { defineJob } from "./queue.ts";

export const RENDER_VIDEO = "render-video";
export const RENDER_VIDEO_FAILED = "render-video-failed";

export const renderVideoPayload = z.object({ videoId: z.uuid() });

/**
 * Retry policy of a render: three attempts; a worker that dies (kill -9, a lost machine) stops sending
 * heartbeats, so its job fails after 60 s and is retried elsewhere; a job that fails for good lands in
 * the dead-letter queue, whose handler makes sure the video is failed and refunded.
 */
export const RENDER_JOB_OPTIONS = {
  retryLimit: 2,
  retryDelay: 5,
  expireInSeconds: 3600,
  heartbeatSeconds: 60,
  deadLetter: RENDER_VIDEO_FAILED,
} as const;

export function renderVideoJob(render: RenderService, options: { heartbeatSeconds?: number } = {}) {
  return defineJob({
    name: RENDER_VIDEO,
    schema: renderVideoPayload,
    options: {
      ...RENDER_JOB_OPTIONS,
      heartbeatSeconds: options.heartbeatSeconds ?? RENDER_JOB_OPTIONS.heartbeatSeconds,
    },
    handler: async ({ videoId }, context) => {
      await render.run(videoId, context);
    },
  });
}

/** A render job that failed for good, however it failed (the handler may never have run its failure path). */
export function renderVideoFailedJob(render: RenderService) {
  return defineJob({
    name: RENDER_VIDEO_FAILED,
    schema: renderVideoPayload,
    options: { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 120 },
    handler: async ({ videoId }, { logger }) => {
      const changed = await render.fail(videoId, messages.videos.renderFailed.lost);
      logger.info({ videoId, changed }, "dead-lettered render handled");
    },
  });
}

/** Every 10 minutes: a video still processing with no worker report for 2 hours is failed and refunded. */
export function lostRendersJob(render: RenderService, now: () => Date = () => new Date()) {
  return defineJob({
    name: "lost-renders",
    schema: z.object({}).passthrough(),
    options: { retryLimit: 1, retryDelay: 60, expireInSeconds: 300, cron: "*/10 * * * *" },
    handler: async (_data, { logger }) => {
      const failed = await render.failLost(new Date(now().getTime() - 2 * 60 * 60 * 1000));
      if (failed > 0) logger.warn({ failed }, "lost renders failed and refunded");
    },
  });
}
