import { z } from "zod";
import { VIDEO_TYPES } from "../video-types/index.ts";

/**
 * One clip of the landing page's showcase: a short vertical video rendered by the engine from the
 * starter library, with its poster. `src` and `poster` are URLs the server answers (content-hashed,
 * cached for a year).
 */
export const showcaseClipSchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  title: z.string().min(1),
  type: z.enum(VIDEO_TYPES),
  views: z.number().int().nonnegative(),
  src: z.string().min(1),
  poster: z.string().min(1),
  durationS: z.number().positive(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type ShowcaseClip = z.infer<typeof showcaseClipSchema>;

export const showcaseManifestSchema = z.object({
  version: z.literal(1),
  /** ISO time the clips were rendered; null when none have been rendered yet. */
  generatedAt: z.string().nullable(),
  clips: z.array(showcaseClipSchema),
});
export type ShowcaseManifest = z.infer<typeof showcaseManifestSchema>;
