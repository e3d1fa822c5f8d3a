import { uploadFields, VIDEO_TYPES, type VideoGroup, type VideoSort } from "@reelsmith/core";
import { and, asc, count, desc, eq, ilike, inArray, isNull, lt, ne, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { credits, generatedVideos } from "../db/schema/index.ts";
import type { Executor } from "../db/tx.ts";

export type VideoRow = typeof generatedVideos.$inferSelect;
export type NewVideoRow = typeof generatedVideos.$inferInsert;
/** How many of the user's videos each group of the lists holds. */
export type GroupCounts = { processing: number; finished: number; failed: number };

/** Where a stored input may refer to an upload: each video type's upload fields, from its definition. */
const UPLOAD_FIELDS = VIDEO_TYPES.flatMap((type) => uploadFields(type).map(({ field }) => ({ type, field })));

/** The Processing tab holds the videos being made, Finished the finished ones; failed ones are listed apart. */
const GROUP_STATUSES: Record<VideoGroup, string[]> = {
  processing: ["processing"],
  finished: ["finished"],
  failed: ["error"],
  all: ["processing", "error", "finished"],
};

/** Escapes LIKE wildcards so a search for "50%" means those characters. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The generated_videos table; reads are scoped to the owner and leave out removed videos, worker writes
 * guard on the status.
 */
export class VideosRepository {
  constructor(private readonly db: Database) {}

  async insert(row: NewVideoRow, executor: Executor = this.db): Promise<VideoRow> {
    const [inserted] = await executor.insert(generatedVideos).values(row).returning();
    if (!inserted) throw new Error("generated_videos insert returned no row");
    return inserted;
  }

  /**
   * A page of the user's videos in one query: the rows with the credits refunded for each, how many videos the
   * group or search holds (`total`) and the count of every group. A page past the end has no row to carry the
   * counts, so it asks for them apart.
   */
  async page(
    userId: string,
    query: { group: VideoGroup; search: string; sort: VideoSort; page: number; size: number },
  ): Promise<{ rows: VideoRow[]; refunded: Map<string, number>; total: number; counts: GroupCounts }> {
    const owned = and(eq(generatedVideos.userId, userId), isNull(generatedVideos.deletedAt));
    const where = and(
      owned,
      inArray(generatedVideos.status, GROUP_STATUSES[query.group]),
      query.search ? ilike(generatedVideos.title, likePattern(query.search)) : undefined,
    );
    const order =
      query.sort === "oldest"
        ? [asc(generatedVideos.createdAt), asc(generatedVideos.id)]
        : query.sort === "title"
          ? [asc(sql`lower(${generatedVideos.title})`), desc(generatedVideos.createdAt), asc(generatedVideos.id)]
          : [desc(generatedVideos.createdAt), desc(generatedVideos.id)];
    // Drizzle leaves table names out of a one-table query, so the refund's subquery names both sides itself: the
    // ledger's rows by an alias, the outer row by its table. The counts' subquery reads only its own table and is
    // uncorrelated, so the database runs it once.
    const refunded = sql<number>`coalesce((select sum(refund.amount) from ${credits} as refund
      where refund.video_id = "generated_videos"."id" and refund.source = 'refund'), 0)::int`;
    const counts = sql<Record<string, number> | null>`(select json_object_agg(g.status, g.n) from
      (select ${generatedVideos.status} as status, count(*)::int as n from ${generatedVideos} where ${owned} group by 1) g)`;
    const found = await this.db
      .select({ video: generatedVideos, refunded, total: sql<number>`(count(*) over ())::int`, counts })
      .from(generatedVideos)
      .where(where)
      .orderBy(...order)
      .limit(query.size)
      .offset(query.page * query.size);
    const first = found[0];
    if (!first) {
      const [counts, total] = await Promise.all([this.countByGroup(userId), this.#count(where)]);
      return { rows: [], refunded: new Map(), total, counts };
    }
    const of = (status: string) => Number(first.counts?.[status] ?? 0);
    return {
      rows: found.map((f) => f.video),
      refunded: new Map(found.map((f) => [f.video.id, Number(f.refunded)])),
      total: Number(first.total),
      counts: { processing: of("processing"), finished: of("finished"), failed: of("error") },
    };
  }

  async #count(where: SQL | undefined): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(generatedVideos).where(where);
    return Number(row?.n ?? 0);
  }

  async countByGroup(userId: string): Promise<GroupCounts> {
    const rows = await this.db
      .select({ status: generatedVideos.status, n: count() })
      .from(generatedVideos)
      .where(and(eq(generatedVideos.userId, userId), isNull(generatedVideos.deletedAt)))
      .groupBy(generatedVideos.status);
    const of = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
    return { processing: of("processing"), finished: of("finished"), failed: of("error") };
  }

  async find(userId: string, id: string): Promise<VideoRow | undefined> {
    const [row] = await this.db
      .select()
      .from(generatedVideos)
      .where(and(eq(generatedVideos.userId, userId), eq(generatedVideos.id, id), isNull(generatedVideos.deletedAt)));
    return row;
  }

  /**
   * Takes a finished or failed video out of its owner's lists, once (a processing video is never
   * removed); its stored paths are cleared. Returns the row as it was, or undefined when nothing changed.
   */
  async markDeleted(userId: string, id: string, executor: Executor = this.db): Promise<VideoRow | undefined> {
    const [before] = await executor
      .select()
      .from(generatedVideos)
      .where(and(eq(generatedVideos.userId, userId), eq(generatedVideos.id, id), isNull(generatedVideos.deletedAt)));
    if (!before || before.status === "processing") return undefined;
    const now = new Date();
    const updated = await executor
      .update(generatedVideos)
      .set({ deletedAt: now, updatedAt: now, outputPath: null, thumbnailPath: null })
      .where(
        and(
          eq(generatedVideos.id, id),
          eq(generatedVideos.userId, userId),
          ne(generatedVideos.status, "processing"),
          isNull(generatedVideos.deletedAt),
        ),
      )
      .returning({ id: generatedVideos.id });
    return updated.length === 1 ? before : undefined;
  }

  /** For workers, which act on a video id from a job. */
  async findById(id: string, executor: Executor = this.db): Promise<VideoRow | undefined> {
    const [row] = await executor.select().from(generatedVideos).where(eq(generatedVideos.id, id));
    return row;
  }

  /** Credits given back for each of these videos (refund ledger rows). */
  async refunds(videoIds: string[]): Promise<Map<string, number>> {
    if (videoIds.length === 0) return new Map();
    const rows = await this.db
      .select({ videoId: credits.videoId, amount: credits.amount })
      .from(credits)
      .where(and(inArray(credits.videoId, videoIds), eq(credits.source, "refund")));
    return new Map(rows.map((r) => [r.videoId as string, r.amount]));
  }

  /** Render bookkeeping while the video is still processing; returns false once it is not. */
  async updateProgress(
    id: string,
    fields: { progress?: number; stage?: string | null; startedAt?: Date },
  ): Promise<boolean> {
    const updated = await this.db
      .update(generatedVideos)
      .set({ ...fields, updatedAt: new Date() })
      .where(and(eq(generatedVideos.id, id), eq(generatedVideos.status, "processing")))
      .returning({ id: generatedVideos.id });
    return updated.length === 1;
  }

  /** processing -> finished, once. */
  async markFinished(
    id: string,
    fields: { outputPath: string; thumbnailPath: string; durationS: number },
    executor: Executor = this.db,
  ): Promise<boolean> {
    const now = new Date();
    const updated = await executor
      .update(generatedVideos)
      .set({
        ...fields,
        status: "finished",
        progress: 100,
        stage: null,
        errorMessage: null,
        finishedAt: now,
        updatedAt: now,
      })
      .where(and(eq(generatedVideos.id, id), eq(generatedVideos.status, "processing")))
      .returning({ id: generatedVideos.id });
    return updated.length === 1;
  }

  /** processing -> error, once; the caller refunds in the same transaction. */
  async markFailed(
    id: string,
    errorMessage: string,
    retryable: boolean,
    executor: Executor,
  ): Promise<VideoRow | undefined> {
    const now = new Date();
    const [row] = await executor
      .update(generatedVideos)
      .set({ status: "error", errorMessage, errorRetryable: retryable, stage: null, finishedAt: now, updatedAt: now })
      .where(and(eq(generatedVideos.id, id), eq(generatedVideos.status, "processing")))
      .returning();
    return row;
  }

  /** Videos still processing whose worker has not reported for a while (a lost job). */
  async stale(olderThan: Date, limit = 50): Promise<VideoRow[]> {
    return this.db
      .select()
      .from(generatedVideos)
      .where(and(eq(generatedVideos.status, "processing"), lt(generatedVideos.updatedAt, olderThan)))
      .limit(limit);
  }

  /** Whether a processing video reads this upload (it must not be deleted under it). */
  async usesFile(userId: string, fileId: string): Promise<boolean> {
    if (UPLOAD_FIELDS.length === 0) return false;
    const [row] = await this.db
      .select({ n: count() })
      .from(generatedVideos)
      .where(
        and(
          eq(generatedVideos.userId, userId),
          eq(generatedVideos.status, "processing"),
          or(
            ...UPLOAD_FIELDS.map(({ type, field }) =>
              and(eq(generatedVideos.type, type), sql`${generatedVideos.input}->>${field} = ${fileId}`),
            ),
          ),
        ),
      );
    return Number(row?.n ?? 0) > 0;
  }
}
