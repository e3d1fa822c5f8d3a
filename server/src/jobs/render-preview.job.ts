import { z } from "zod";
import type { PreviewService } from "../services/preview.service.ts";
import { defineJob } from "./queue.ts";

export const RENDER_PREVIEW = "render-preview";

export const renderPreviewPayload = z.object({ previewId: z.uuid() });

/**
 * The free previews' own queue, so a paid render never waits behind one. A preview is not retried: the builder shows
 * its failure and the creator asks again. A preview still running after two minutes is stopped.
 */
export function renderPreviewJob(previews: PreviewService) {
  return defineJob({
    name: RENDER_PREVIEW,
    schema: renderPreviewPayload,
    options: { retryLimit: 0, expireInSeconds: 120, heartbeatSeconds: 30 },
    handler: async ({ previewId }, context) => {
      await previews.run(previewId, context);
    },
  });
}

/** Every 30 minutes: previews past their keeping time go, with their stored pieces. */
export function previewCleanupJob(previews: PreviewService) {
  return defineJob({
    name: "preview-cleanup",
    schema: z.object({}).passthrough(),
    options: { retryLimit: 1, retryDelay: 60, expireInSeconds: 300, cron: "15,45 * * * *" },
    handler: async (_data, { logger }) => {
      const removed = await previews.removeOld();
      if (removed > 0) logger.info({ removed }, "old previews removed");
    },
  });
}
