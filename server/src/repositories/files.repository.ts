import type { FileType } from "@reelsmith/core";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { files } from "../db/schema/index.ts";

export type FileRow = typeof files.$inferSelect;

/** The files table: every read and write is scoped to the owner. */
export class FilesRepository {
  constructor(private readonly db: Database) {}

  async insert(row: {
    userId: string;
    originalFilename: string;
    path: string;
    type: FileType;
    mimeType: string;
    size: number;
  }): Promise<FileRow> {
    const [inserted] = await this.db.insert(files).values(row).returning();
    if (!inserted) throw new Error("files insert returned no row");
    return inserted;
  }

  list(userId: string, type?: FileType): Promise<FileRow[]> {
    return this.db
      .select()
      .from(files)
      .where(type ? and(eq(files.userId, userId), eq(files.type, type)) : eq(files.userId, userId))
      .orderBy(desc(files.createdAt), desc(files.id));
  }

  async find(userId: string, id: string): Promise<FileRow | undefined> {
    const [row] = await this.db
      .select()
      .from(files)
      .where(and(eq(files.userId, userId), eq(files.id, id)));
    return row;
  }

  /** The user's rows among `ids` (one query for a page of videos), by id. */
  async findMany(userId: string, ids: readonly string[]): Promise<Map<string, FileRow>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select()
      .from(files)
      .where(and(eq(files.userId, userId), inArray(files.id, [...ids])));
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** Deletes the user's row; returns it, or undefined when there was none. */
  async delete(userId: string, id: string): Promise<FileRow | undefined> {
    const [row] = await this.db
      .delete(files)
      .where(and(eq(files.userId, userId), eq(files.id, id)))
      .returning();
    return row;
  }
}
