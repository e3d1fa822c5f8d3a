import { and, count, desc, eq, gt, isNull, lt, or } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { apiKeys, user } from "../db/schema/index.ts";

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type NewApiKeyRow = typeof apiKeys.$inferInsert;

/** A key that opens the API, with the user it acts as. */
export interface ActiveKey {
  key: ApiKeyRow;
  user: { id: string; email: string; name: string; image: string | null; emailVerified: boolean };
}

/** The api_keys table: the owner's keys, and the one lookup a request makes by a key's fingerprint. */
export class ApiKeysRepository {
  constructor(private readonly db: Database) {}

  async insert(row: NewApiKeyRow): Promise<ApiKeyRow> {
    const [inserted] = await this.db.insert(apiKeys).values(row).returning();
    if (!inserted) throw new Error("api_keys insert returned no row");
    return inserted;
  }

  /** The user's keys that are not revoked, newest first (expired ones included, marked by their date). */
  async list(userId: string): Promise<ApiKeyRow[]> {
    return this.db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
      .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  }

  async countActive(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
    return Number(row?.n ?? 0);
  }

  /** Revokes the user's key; false when there was none to revoke. */
  async revoke(userId: string, id: string, at: Date): Promise<boolean> {
    const updated = await this.db
      .update(apiKeys)
      .set({ revokedAt: at })
      .where(and(eq(apiKeys.userId, userId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id });
    return updated.length === 1;
  }

  /** The key with this fingerprint and its user, when it is neither revoked nor expired at `now`. */
  async findActive(keyHash: string, now: Date): Promise<ActiveKey | undefined> {
    const [row] = await this.db
      .select({
        key: apiKeys,
        user: { id: user.id, email: user.email, name: user.name, image: user.image, emailVerified: user.emailVerified },
      })
      .from(apiKeys)
      .innerJoin(user, eq(user.id, apiKeys.userId))
      .where(
        and(
          eq(apiKeys.keyHash, keyHash),
          isNull(apiKeys.revokedAt),
          or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now)),
        ),
      );
    return row;
  }

  /** Records a use, at most once a minute per key (a busy script does not write on every request). */
  async touch(id: string, now: Date): Promise<void> {
    const minuteAgo = new Date(now.getTime() - 60_000);
    await this.db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, minuteAgo))));
  }
}
