import { FILE_TYPES } from "@reelsmith/core";
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, real, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

/** Spec entity files: a user's uploads. */
export const files = pgTable(
  "files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    originalFilename: text("original_filename").notNull(),
    path: text("path").notNull().unique(),
    type: text("type").notNull(),
    bucket: text("bucket").notNull().default("user-uploads"),
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("files_user_type_created_idx").on(t.userId, t.type, t.createdAt),
    check(
      "files_type_check",
      // The upload kinds of core, one definition (a new kind needs a migration, which drizzle-kit then makes).
      sql`${t.type} in (${sql.raw(FILE_TYPES.map((type) => `'${type}'`).join(", "))})`,
    ),
    check("files_size_check", sql`${t.size} >= 0`),
  ],
);

/** The starter media library (backgrounds, music, memes, style footage). */
export const libraryAssets = pgTable("library_assets", {
  id: text("id").primaryKey(),
  kind: text("kind").notNull(),
  title: text("title").notNull(),
  licence: text("licence").notNull(),
  source: text("source").notNull(),
  path: text("path").notNull(),
  durationS: real("duration_s"),
  width: integer("width"),
  height: integer("height"),
  sizeBytes: integer("size_bytes"),
  meta: jsonb("meta").notNull().default({}),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Contact form outbox: stored always, sent by SMTP when configured. */
export const contactMessages = pgTable("contact_messages", {
  id: uuid("id").primaryKey().defaultRandom(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  email: text("email").notNull(),
  subject: text("subject").notNull(),
  message: text("message").notNull(),
  status: text("status").notNull().default("queued"),
  error: text("error"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp("sent_at", { withTimezone: true }),
});
