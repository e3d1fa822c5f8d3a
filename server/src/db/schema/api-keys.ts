import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";

/**
 * Personal API keys. Only a SHA-256 fingerprint of a key is kept (a key is 256 random bits, so a plain hash
 * cannot be reversed); `prefix` is the start shown in lists. A revoked key keeps its row, so the ledger rows it
 * spent keep naming it; it no longer opens anything.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull().unique(),
    scopes: text("scopes").array().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    index("api_keys_user_created_idx").on(t.userId, t.createdAt),
    check(
      "api_keys_scopes_check",
      sql`${t.scopes} <@ array['read', 'create']::text[] and cardinality(${t.scopes}) > 0`,
    ),
  ],
);
