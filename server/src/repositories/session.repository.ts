import { lt } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { session, verification } from "../db/schema/index.ts";

export class SessionRepository {
  constructor(private readonly db: Database) {}

  /** Deletes sessions and verification tokens that expired before `now`; returns the counts. */
  async deleteExpired(now: Date): Promise<{ sessions: number; verifications: number }> {
    const sessions = await this.db.delete(session).where(lt(session.expiresAt, now)).returning({ id: session.id });
    const verifications = await this.db
      .delete(verification)
      .where(lt(verification.expiresAt, now))
      .returning({ id: verification.id });
    return { sessions: sessions.length, verifications: verifications.length };
  }
}
