import { z } from "zod";
import { messages } from "../messages.ts";
import { VIDEO_TYPES } from "../video-types/index.ts";
import { hasNoNul } from "./text.ts";

/** What the API says about made videos: statuses, the list query, a video and a page of them. */

export const VIDEO_STATUSES = ["processing", "finished", "error"] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

/**
 * Spec tabs: processing and finished; "failed" lists the videos that failed (shown apart, with Retry and
 * Remove); "all" serves the Home page's latest videos.
 */
export const VIDEO_GROUPS = ["processing", "finished", "failed", "all"] as const;
export type VideoGroup = (typeof VIDEO_GROUPS)[number];
export const VIDEO_SORTS = ["newest", "oldest", "title"] as const;
export type VideoSort = (typeof VIDEO_SORTS)[number];

/** GET /api/videos query: the spec's group, search, sort and zero-based page (24 per page). */
export const videoListQuerySchema = z.object({
  group: z.enum(VIDEO_GROUPS).default("processing"),
  search: z.string().trim().max(200).refine(hasNoNul, messages.common.nulCharacter).default(""),
  sort: z.enum(VIDEO_SORTS).default("newest"),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(1000).default(24),
});
export type VideoListQuery = z.input<typeof videoListQuerySchema>;

/** A video as the API returns it (spec entity generated_videos plus render progress). */
export const videoSchema = z.object({
  id: z.string(),
  title: z.string(),
  type: z.enum(VIDEO_TYPES),
  status: z.enum(VIDEO_STATUSES),
  progress: z.number().int(),
  stage: z.string().nullable(),
  error_message: z.string().nullable(),
  cost: z.number().int(),
  /** Credits given back after a failure (0 when none). */
  refunded: z.number().int(),
  /** A failed video that can be made again with the same input (POST /api/videos/:id/retry). */
  retryable: z.boolean(),
  /** Why a failed video cannot be retried (null otherwise). */
  retry_blocked_reason: z.string().nullable(),
  duration_s: z.number().nullable(),
  video_url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  /** A signed link that downloads the MP4 under a file name made from the title. */
  download_url: z.string().nullable(),
  video_caption: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type Video = z.infer<typeof videoSchema>;

export const videoListSchema = z.object({
  items: z.array(videoSchema),
  /** Videos in the requested group matching the search. */
  total: z.number().int(),
  /** All of the user's videos per tab, whatever the search. */
  counts: z.object({ processing: z.number().int(), finished: z.number().int(), failed: z.number().int() }),
});
export type VideoList = z.infer<typeof videoListSchema>;
