import { and, count, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { generatedVideos, subscriptions, user } from "../db/schema/index.ts";

/** Reads of a user's own profile, subscription row and video count. */
export class AccountRepository {
  constructor(private readonly db: Database) {}

  async findUser(userId: string) {
    const [row] = await this.db
      .select({ id: user.id, email: user.email, name: user.name, image: user.image })
      .from(user)
      .where(eq(user.id, userId));
    return row;
  }

  async findUserByEmail(email: string) {
    const [row] = await this.db.select({ id: user.id }).from(user).where(eq(user.email, email.toLowerCase()));
    return row;
  }

  async findSubscription(userId: string) {
    const [row] = await this.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    return row;
  }

  /** Videos made or being made; failed (refunded) ones do not count. */
  async countVideos(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(generatedVideos)
      .where(and(eq(generatedVideos.userId, userId), inArray(generatedVideos.status, ["processing", "finished"])));
    return Number(row?.n ?? 0);
  }

  async updateUser(userId: string, patch: { name?: string; image?: string | null }): Promise<void> {
    if (Object.keys(patch).length === 0) return;
    await this.db
      .update(user)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(user.id, userId));
  }
}
