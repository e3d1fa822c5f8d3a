import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { batches, generatedVideos } from "../db/schema/index.ts";
import type { Executor } from "../db/tx.ts";
import type { GroupCounts, VideoRow } from "./videos.repository.ts";

export type BatchRow = typeof batches.$inferSelect;

/** The batches table, and the videos each batch made; reads are scoped to the owner. */
export class BatchesRepository {
  constructor(private readonly db: Database) {}

  async insert(row: typeof batches.$inferInsert, executor: Executor = this.db): Promise<BatchRow> {
    const [inserted] = await executor.insert(batches).values(row).returning();
    if (!inserted) throw new Error("batches insert returned no row");
    return inserted;
  }

  async find(userId: string, id: string): Promise<BatchRow | undefined> {
    const [row] = await this.db
      .select()
      .from(batches)
      .where(and(eq(batches.userId, userId), eq(batches.id, id)));
    return row;
  }

  /** The user's latest batches. */
  list(userId: string, limit: number): Promise<BatchRow[]> {
    return this.db
      .select()
      .from(batches)
      .where(eq(batches.userId, userId))
      .orderBy(desc(batches.createdAt), desc(batches.id))
      .limit(limit);
  }

  /** A batch's videos still listed (not removed by their owner), in row order. */
  videos(userId: string, batchId: string): Promise<VideoRow[]> {
    return this.db
      .select()
      .from(generatedVideos)
      .where(
        and(
          eq(generatedVideos.userId, userId),
          eq(generatedVideos.batchId, batchId),
          isNull(generatedVideos.deletedAt),
        ),
      )
      .orderBy(asc(generatedVideos.batchRow));
  }

  /** How many of each batch's listed videos are processing, finished and failed. */
  async counts(batchIds: string[]): Promise<Map<string, GroupCounts>> {
    const counts = new Map<string, GroupCounts>(batchIds.map((id) => [id, { processing: 0, finished: 0, failed: 0 }]));
    if (batchIds.length === 0) return counts;
    const rows = await this.db
      .select({
        batchId: generatedVideos.batchId,
        status: generatedVideos.status,
        n: sql<number>`count(*)::int`,
      })
      .from(generatedVideos)
      .where(and(inArray(generatedVideos.batchId, batchIds), isNull(generatedVideos.deletedAt)))
      .groupBy(generatedVideos.batchId, generatedVideos.status);
    for (const row of rows) {
      const group = counts.get(row.batchId as string);
      if (!group) continue;
      if (row.status === "finished") group.finished += Number(row.n);
      else if (row.status === "error") group.failed += Number(row.n);
      else group.processing += Number(row.n);
    }
    return counts;
  }
}
