import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { assetReferences, type CreateVideo, messages, PREVIEW, type Preview, storedObjectsOf } from "@reelsmith/core";
import { ENGINE_VERSION, followPreview, PREVIEW_PLAYLIST, playlistPieces } from "@reelsmith/render";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { RENDER_PREVIEW, renderPreviewPayload } from "../jobs/render-preview.job.ts";
import { contentTypeOf } from "../lib/content-types.ts";
import { AppError } from "../lib/errors.ts";
import { UUID } from "../lib/ids.ts";
import type { Logger } from "../lib/logger.ts";
import { makeScratchDir, removeScratchDir } from "../lib/scratch.ts";
import type { ObjectStorage } from "../repositories/storage/object-storage.ts";
import type { PreviewRow, VideoPreviewsRepository } from "../repositories/video-previews.repository.ts";
import { RenderFailure } from "./render.service.ts";
import { VideoObjects } from "./video-objects.ts";

/** What the engine is asked to preview: a stored request, as a video row holds one. */
export interface PreviewRequest {
  userId: string;
  type: string;
  input: unknown;
}

export interface PreviewContext {
  /** Scratch folder owned by the caller. */
  workDir: string;
  /** Where the playlist and its pieces are written while they are made. */
  previewDir: string;
  signal: AbortSignal;
  logger: Logger;
}

export interface RenderedPreview {
  durationS: number;
  timings: { prepare: number; total: number };
}

/** Makes the free preview of a stored request (EngineRenderer in the product). */
export interface PreviewRenderer {
  preview(request: PreviewRequest, context: PreviewContext): Promise<RenderedPreview>;
}

/** A preview still queued or rendering after this long is taken as lost (its job expires well before). */
const ACTIVE_FOR_MS = 5 * 60 * 1000;

/** Keys sorted at every level, so equal inputs give equal text whatever order their fields came in. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}

/**
 * What finds an earlier preview of the same video: the type, the whole input (inline pictures included; uploads are
 * named by id and never change) and the engine's version.
 */
export function previewInputHash(body: CreateVideo): string {
  return createHash("sha256")
    .update(JSON.stringify([ENGINE_VERSION, body.type, canonical(body.input)]))
    .digest("hex");
}

/** Where a preview's pieces and inline pictures are stored. */
function previewKey(userId: string, previewId: string, name: string): string {
  return `${userId}/previews/${previewId}/${name}`;
}

/**
 * The free preview: checked like a creation (the same uploads and library items, refused in the same words), never
 * charged, one at a time per user and PREVIEW.perHour an hour, rendered by its own queue, streamed as it renders
 * (each piece is stored as soon as ffmpeg closes it, and the playlist in the row grows with it), and answered from an
 * earlier preview of the same input while it is kept.
 */
export class PreviewService {
  readonly #objects: VideoObjects;
  readonly #clock: () => Date;

  constructor(
    private readonly db: Database,
    private readonly previews: VideoPreviewsRepository,
    private readonly storage: ObjectStorage,
    private readonly queue: JobQueue,
    private readonly checker: { checkReferences(userId: string, body: CreateVideo): Promise<unknown> },
    private readonly renderer: PreviewRenderer,
    private readonly logger: Logger,
    private readonly options: { urlTtlSeconds: number; clock?: () => Date; perHour?: number },
  ) {
    this.#objects = new VideoObjects(storage, (userId, previewId, asset, ext) =>
      previewKey(userId, previewId, `${asset}${ext}`),
    );
    this.#clock = options.clock ?? (() => new Date());
  }

  get #perHour(): number {
    return this.options.perHour ?? PREVIEW.perHour;
  }

  /** Refuses a new preview while another is being made or the hour's are used up. */
  async #checkLimits(userId: string, executor?: Parameters<VideoPreviewsRepository["countSince"]>[2]) {
    const now = this.#clock().getTime();
    if (await this.previews.findActive(userId, new Date(now - ACTIVE_FOR_MS), executor)) {
      throw new AppError("CONFLICT", messages.videos.previewBusy);
    }
    if ((await this.previews.countSince(userId, new Date(now - 60 * 60 * 1000), executor)) >= this.#perHour) {
      throw new AppError("RATE_LIMITED", messages.videos.previewHourly(this.#perHour));
    }
  }

  /** POST /api/video-previews: an earlier preview of the same input, or a new one queued. Nothing is charged. */
  async create(userId: string, body: CreateVideo): Promise<{ preview: Preview; cached: boolean }> {
    await this.checker.checkReferences(userId, body);
    const inputHash = previewInputHash(body);
    const keptSince = new Date(this.#clock().getTime() - PREVIEW.keepHours * 60 * 60 * 1000);
    const earlier = await this.previews.findReady(userId, inputHash, keptSince);
    if (earlier) return { preview: this.#view(earlier, true), cached: true };
    await this.#checkLimits(userId);
    const id = crypto.randomUUID();
    const { storedInput, keys } = await this.#objects.store(
      userId,
      id,
      body.input,
      assetReferences(body.type, body.input),
    );
    let row: PreviewRow;
    try {
      row = await this.db.transaction(async (tx) => {
        // Two previews asked for at once: the second waits here and then sees the first.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`previews:${userId}`}))`);
        await this.#checkLimits(userId, tx);
        const inserted = await this.previews.insert(
          { id, userId, type: body.type, input: storedInput, inputHash, status: "queued" },
          tx,
        );
        await this.queue.send(
          { name: RENDER_PREVIEW, schema: renderPreviewPayload },
          { previewId: id },
          { tx, singletonKey: id },
        );
        return inserted;
      });
    } catch (error) {
      await this.#objects.delete(keys);
      throw error;
    }
    this.logger.info({ previewId: id, type: body.type }, "preview queued");
    return { preview: this.#view(row, false), cached: false };
  }

  async get(userId: string, id: string): Promise<Preview> {
    return this.#view(await this.#owned(userId, id), false);
  }

  /**
   * The playlist as it stands, each piece named by a signed URL of its object (the browser reads the pieces from
   * storage itself). Refused until the first piece is stored.
   */
  async playlist(userId: string, id: string): Promise<string> {
    const row = await this.#owned(userId, id);
    if (!row.playlist) throw new AppError("NOT_FOUND", messages.videos.previewNotFound);
    const sign = (name: string) =>
      this.storage.signedUrl(previewKey(row.userId, row.id, name), { expiresInSeconds: this.options.urlTtlSeconds });
    const lines: string[] = [];
    for (const raw of row.playlist.split("\n")) {
      const line = raw.trim();
      const map = /^(#EXT-X-MAP:.*URI=")([^"]+)(".*)$/.exec(line);
      if (map) lines.push(`${map[1]}${await sign(map[2] as string)}${map[3]}`);
      else if (line && !line.startsWith("#")) lines.push(await sign(line));
      else lines.push(line);
    }
    return lines.join("\n");
  }

  async #owned(userId: string, id: string): Promise<PreviewRow> {
    const row = UUID.test(id) ? await this.previews.find(userId, id) : undefined;
    if (!row) throw new AppError("NOT_FOUND", messages.videos.previewNotFound);
    return row;
  }

  #view(row: PreviewRow, cached: boolean): Preview {
    // A preview whose worker died never says so: past its time it is shown failed.
    const lost =
      (row.status === "queued" || row.status === "rendering") &&
      row.createdAt.getTime() < this.#clock().getTime() - ACTIVE_FOR_MS;
    return {
      id: row.id,
      type: row.type as Preview["type"],
      status: lost ? "error" : (row.status as Preview["status"]),
      playlistUrl: row.playlist ? `/api/video-previews/${row.id}/playlist` : null,
      durationS: row.durationS,
      cached,
      errorMessage: lost ? messages.videos.previewFailed : row.errorMessage,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** The preview job: renders, stores each piece as it is closed, and ends ready or failed (never retried). */
  async run(previewId: string, context: { signal: AbortSignal; logger?: Logger }): Promise<void> {
    const logger = (context.logger ?? this.logger).child({ previewId });
    const row = await this.previews.findById(previewId);
    if (!row || !(await this.previews.markRendering(previewId))) {
      logger.info({ status: row?.status ?? "missing" }, "preview skipped: not queued");
      return;
    }
    const workDir = await makeScratchDir(`reelsmith-preview-${previewId.slice(0, 8)}-`);
    const previewDir = path.join(workDir, "stream");
    const stored: string[] = [];
    const follow = followPreview(previewDir, async ({ pieces, playlist }) => {
      for (const piece of pieces) {
        const key = previewKey(row.userId, row.id, piece);
        await this.storage.putFile(key, path.join(previewDir, piece), contentTypeOf(piece));
        stored.push(key);
      }
      await this.previews.updatePlaylist(row.id, playlist);
    });
    try {
      const result = await this.renderer.preview(row, { workDir, previewDir, signal: context.signal, logger });
      await follow.stop();
      const playlist = await readFile(path.join(previewDir, PREVIEW_PLAYLIST), "utf8");
      await this.previews.markReady(row.id, { playlist, durationS: Math.round(result.durationS * 100) / 100 });
      logger.info({ timings: result.timings }, "preview ready");
    } catch (error) {
      await follow.stop().catch(() => {});
      const message =
        error instanceof RenderFailure && !error.retryable ? error.userMessage : messages.videos.previewFailed;
      logger.warn({ err: error }, "preview failed");
      await this.previews.markFailed(row.id, message);
      await this.#objects.delete(stored);
    } finally {
      await removeScratchDir(workDir);
    }
  }

  /** Previews older than PREVIEW.keepHours: their stored pieces and pictures, then their rows. */
  async removeOld(): Promise<number> {
    const before = new Date(this.#clock().getTime() - PREVIEW.keepHours * 60 * 60 * 1000);
    let removed = 0;
    for (;;) {
      const rows = await this.previews.older(before, 100);
      if (rows.length === 0) return removed;
      for (const row of rows) {
        const pieces = row.playlist ? playlistPieces(row.playlist) : [];
        await this.#objects.delete([
          ...pieces.map((piece) => previewKey(row.userId, row.id, piece)),
          ...Object.values(storedObjectsOf(row.input)),
        ]);
      }
      await this.previews.delete(rows.map((r) => r.id));
      removed += rows.length;
    }
  }
}
