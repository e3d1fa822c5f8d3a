import { VIDEO_TYPES } from "@reelsmith/core";
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { apiKeys } from "./api-keys.ts";
import { user } from "./auth.ts";
import { sqlList } from "./sql-list.ts";

/**
 * A batch: videos of one type made from one file, created and charged together. Its videos name it (and their
 * row); the batch keeps what was charged for all of them and the key it came with.
 */
export const batches = pgTable(
  "batches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    name: text("name").notNull().default(""),
    rowCount: integer("row_count").notNull(),
    cost: integer("cost").notNull(),
    apiKeyId: uuid("api_key_id").references(() => apiKeys.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("batches_user_created_idx").on(t.userId, t.createdAt),
    check("batches_type_check", sql`${t.type} in (${sql.raw(sqlList([...VIDEO_TYPES].sort()))})`),
    check("batches_row_count_check", sql`${t.rowCount} between 1 and 1000`),
  ],
);
