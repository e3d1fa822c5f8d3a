import { VIDEO_TYPES } from "@reelsmith/core";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, real, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { batches } from "./batches.ts";
import { sqlList } from "./sql-list.ts";

export { sqlList } from "./sql-list.ts";

/** Spec entity generated_videos, plus the render bookkeeping of design section 4. */
export const generatedVideos = pgTable(
  "generated_videos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    type: text("type").notNull(),
    status: text("status").notNull().default("processing"),
    videoUrl: text("video_url"),
    videoCaption: text("video_caption"),
    thumbnailUrl: text("thumbnail_url"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    progress: integer("progress").notNull().default(0),
    stage: text("stage"),
    errorMessage: text("error_message"),
    /** For a failed video: whether the failure was the server's (a retry can work) rather than the input's. */
    errorRetryable: boolean("error_retryable"),
    input: jsonb("input").notNull().default({}),
    cost: integer("cost").notNull().default(0),
    outputPath: text("output_path"),
    thumbnailPath: text("thumbnail_path"),
    durationS: real("duration_s"),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** Removed by its owner: out of every list, its stored files deleted; the row stays for the ledger. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** The batch it was made in, and its row there (1 = the file's first video). */
    batchId: uuid("batch_id").references(() => batches.id, { onDelete: "set null" }),
    batchRow: integer("batch_row"),
  },
  (t) => [
    index("generated_videos_user_status_created_idx").on(t.userId, t.status, t.createdAt),
    index("generated_videos_batch_idx").on(t.batchId, t.batchRow).where(sql`${t.batchId} is not null`),
    check("generated_videos_status_check", sql`${t.status} in ('processing', 'finished', 'error')`),
    // Generated from the video type definitions (sorted, so only a new or removed type changes it).
    check("generated_videos_type_check", sql`${t.type} in (${sql.raw(sqlList([...VIDEO_TYPES].sort()))})`),
    check("generated_videos_progress_check", sql`${t.progress} between 0 and 100`),
    check("generated_videos_cost_check", sql`${t.cost} >= 0`),
  ],
);
