import { makeScratchDir, removeScratchDir } from "../lib/scratch.ts";
import { RENDER_SEGMENT, renderSegmentPayload, type SplitRenderer } from "../repositories/split-renderer.ts";
import { defineJob } from "./queue.ts";

/**
 * One segment of a split render, on whichever worker takes it. A worker that dies stops its heartbeat and the
 * segment is retried elsewhere (twice); the render job waiting for it fails only when the last attempt does.
 */
export function renderSegmentJob(split: SplitRenderer, options: { heartbeatSeconds?: number } = {}) {
  return defineJob({
    name: RENDER_SEGMENT,
    schema: renderSegmentPayload,
    options: { retryLimit: 2, retryDelay: 2, expireInSeconds: 1800, heartbeatSeconds: options.heartbeatSeconds ?? 60 },
    handler: async (payload, context) => {
      const workDir = await makeScratchDir(`reelsmith-render-segment-${payload.index}-`);
      try {
        await split.renderSegment(payload, { workDir, signal: context.signal });
      } finally {
        await removeScratchDir(workDir);
      }
    },
  });
}
