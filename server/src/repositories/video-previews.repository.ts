import { and, count, desc, eq, gte, inArray, lt } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { videoPreviews } from "../db/schema/index.ts";
import type { Executor } from "../db/tx.ts";

export type PreviewRow = typeof videoPreviews.$inferSelect;
export type NewPreviewRow = typeof videoPreviews.$inferInsert;

/** The video_previews table: reads scoped to the owner, worker writes guarded by the status. */
export class VideoPreviewsRepository {
  constructor(private readonly db: Database) {}

  async insert(row: NewPreviewRow, executor: Executor = this.db): Promise<PreviewRow> {
    const [inserted] = await executor.insert(videoPreviews).values(row).returning();
    if (!inserted) throw new Error("video_previews insert returned no row");
    return inserted;
  }

  async find(userId: string, id: string): Promise<PreviewRow | undefined> {
    const [row] = await this.db
      .select()
      .from(videoPreviews)
      .where(and(eq(videoPreviews.id, id), eq(videoPreviews.userId, userId)));
    return row;
  }

  async findById(id: string): Promise<PreviewRow | undefined> {
    const [row] = await this.db.select().from(videoPreviews).where(eq(videoPreviews.id, id));
    return row;
  }

  /** The user's latest preview of this input that is ready and made after `since`. */
  async findReady(userId: string, inputHash: string, since: Date): Promise<PreviewRow | undefined> {
    const [row] = await this.db
      .select()
      .from(videoPreviews)
      .where(
        and(
          eq(videoPreviews.userId, userId),
          eq(videoPreviews.inputHash, inputHash),
          eq(videoPreviews.status, "ready"),
          gte(videoPreviews.createdAt, since),
        ),
      )
      .orderBy(desc(videoPreviews.createdAt))
      .limit(1);
    return row;
  }

  /** The user's preview still queued or rendering that was started after `since`, if any. */
  async findActive(userId: string, since: Date, executor: Executor = this.db): Promise<PreviewRow | undefined> {
    const [row] = await executor
      .select()
      .from(videoPreviews)
      .where(
        and(
          eq(videoPreviews.userId, userId),
          inArray(videoPreviews.status, ["queued", "rendering"]),
          gte(videoPreviews.createdAt, since),
        ),
      )
      .limit(1);
    return row;
  }

  /** How many previews the user started after `since`. */
  async countSince(userId: string, since: Date, executor: Executor = this.db): Promise<number> {
    const [row] = await executor
      .select({ n: count() })
      .from(videoPreviews)
      .where(and(eq(videoPreviews.userId, userId), gte(videoPreviews.createdAt, since)));
    return row?.n ?? 0;
  }

  /** queued -> rendering; false when the preview is gone or no longer queued (a second delivery of its job). */
  async markRendering(id: string): Promise<boolean> {
    const rows = await this.db
      .update(videoPreviews)
      .set({ status: "rendering" })
      .where(and(eq(videoPreviews.id, id), eq(videoPreviews.status, "queued")))
      .returning({ id: videoPreviews.id });
    return rows.length > 0;
  }

  async updatePlaylist(id: string, playlist: string): Promise<void> {
    await this.db
      .update(videoPreviews)
      .set({ playlist })
      .where(and(eq(videoPreviews.id, id), eq(videoPreviews.status, "rendering")));
  }

  async markReady(id: string, fields: { playlist: string; durationS: number }): Promise<boolean> {
    const rows = await this.db
      .update(videoPreviews)
      .set({ status: "ready", ...fields, finishedAt: new Date() })
      .where(and(eq(videoPreviews.id, id), eq(videoPreviews.status, "rendering")))
      .returning({ id: videoPreviews.id });
    return rows.length > 0;
  }

  async markFailed(id: string, errorMessage: string): Promise<boolean> {
    const rows = await this.db
      .update(videoPreviews)
      .set({ status: "error", errorMessage, finishedAt: new Date() })
      .where(and(eq(videoPreviews.id, id), inArray(videoPreviews.status, ["queued", "rendering"])))
      .returning({ id: videoPreviews.id });
    return rows.length > 0;
  }

  /** Previews made before `before` (any status), oldest first, at most `limit`. */
  async older(before: Date, limit: number): Promise<PreviewRow[]> {
    return this.db
      .select()
      .from(videoPreviews)
      .where(lt(videoPreviews.createdAt, before))
      .orderBy(videoPreviews.createdAt)
      .limit(limit);
  }

  async delete(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.delete(videoPreviews).where(inArray(videoPreviews.id, ids));
  }
}
