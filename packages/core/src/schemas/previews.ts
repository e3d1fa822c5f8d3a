import { z } from "zod";
import { VIDEO_TYPES } from "../video-types/catalogue.ts";

/**
 * The free preview: a draft of the first seconds of exactly the video Generate would make (the same composition
 * and engine, smaller and faster), streamed while it renders and never charged.
 */
export const PREVIEW = {
  /** How much of the video a preview shows (all of a shorter one). */
  seconds: 15,
  width: 540,
  height: 960,
  /** Previews made per user in any hour (one answered from the cache does not count). */
  perHour: 20,
  /** How long a finished preview is kept and replayed for the same input. */
  keepHours: 24,
} as const;

export const previewStatusSchema = z.enum(["queued", "rendering", "ready", "error"]);
export type PreviewStatus = z.infer<typeof previewStatusSchema>;

export const previewSchema = z.object({
  id: z.string(),
  type: z.enum(VIDEO_TYPES),
  status: previewStatusSchema,
  /**
   * The HLS playlist (fragmented MP4) once its first piece is there: it grows while the preview renders and
   * ends with ENDLIST when it is whole.
   */
  playlistUrl: z.string().nullable(),
  /** Seconds the preview lasts once it is known (the first PREVIEW.seconds, or all of a shorter video). */
  durationS: z.number().nullable(),
  /** True when an unchanged input was answered with a preview made before. */
  cached: z.boolean(),
  errorMessage: z.string().nullable(),
  createdAt: z.string(),
});
export type Preview = z.infer<typeof previewSchema>;
