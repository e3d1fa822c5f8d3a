import { VIDEO_TYPES } from "@reelsmith/core";
import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, real, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { sqlList } from "./videos.ts";

/**
 * A free preview (the first seconds of a video before it is paid for): its stored input, the hash that finds an
 * earlier preview of the same input, and the HLS playlist as it grows. Its pieces live in storage under
 * `<user>/previews/<id>/`; the row and the pieces go after PREVIEW.keepHours.
 */
export const videoPreviews = pgTable(
  "video_previews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    input: jsonb("input").notNull().default({}),
    inputHash: text("input_hash").notNull(),
    status: text("status").notNull().default("queued"),
    /** The playlist as last written (piece names relative to the preview's folder); null before the first piece. */
    playlist: text("playlist"),
    durationS: real("duration_s"),
    errorMessage: text("error_message"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("video_previews_user_created_idx").on(t.userId, t.createdAt),
    index("video_previews_user_hash_idx").on(t.userId, t.inputHash),
    check("video_previews_status_check", sql`${t.status} in ('queued', 'rendering', 'ready', 'error')`),
    check("video_previews_type_check", sql`${t.type} in (${sql.raw(sqlList([...VIDEO_TYPES].sort()))})`),
  ],
);
