import crypto from "node:crypto";
import {
  acceptedUploadKinds,
  assetReferences,
  type CreateVideo,
  createVideoSchema,
  creditCost,
  drawnTexts,
  type LibraryKind,
  messages,
  storedObjectsOf,
  undrawableTextMessage,
  type Video,
  type VideoList,
  type VideoListQuery,
  videoDownloadName,
  videoListQuerySchema,
  videoTitle,
  WEBHOOKS,
} from "@reelsmith/core";
import type { TextCoverage } from "@reelsmith/render";
import type { Database, Transaction } from "../db/client.ts";
import type { EventBus } from "../events/event-bus.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { RENDER_VIDEO, renderVideoPayload } from "../jobs/render-video.job.ts";
import { AppError } from "../lib/errors.ts";
import { UUID } from "../lib/ids.ts";
import type { Logger } from "../lib/logger.ts";
import type { FileRow, FilesRepository } from "../repositories/files.repository.ts";
import type { ObjectStorage } from "../repositories/storage/object-storage.ts";
import type { VideoRow, VideosRepository } from "../repositories/videos.repository.ts";
import type { CreditsService } from "./credits.service.ts";
import { inputWithoutObjects, VideoObjects } from "./video-objects.ts";
import type { WebhookEmitter } from "./webhooks.service.ts";

/** Which starter-library items exist (library keys of an input are checked before anything is charged). */
export interface MediaCatalog {
  has(kind: LibraryKind, key: string): boolean;
}

/** What a user reads when an input names a library item that is not there. */
const UNKNOWN_LIBRARY_ITEM: Record<LibraryKind, string> = {
  music: messages.videos.unknownMusic,
  meme: messages.videos.unknownMeme,
  background: messages.videos.unknownFootage,
  asmr: messages.videos.unknownFootage,
  dreamscape: messages.videos.unknownFootage,
  "hook-footage": messages.videos.unknownFootage,
};

/**
 * Making videos: the atomic creation (spend + video + render job in one transaction), and the owner's
 * list and detail views with signed links.
 */
export class VideosService {
  constructor(
    private readonly db: Database,
    private readonly videos: VideosRepository,
    private readonly files: FilesRepository,
    private readonly credits: CreditsService,
    private readonly storage: ObjectStorage,
    private readonly queue: JobQueue,
    private readonly events: EventBus,
    private readonly catalog: MediaCatalog,
    private readonly logger: Logger,
    private readonly options: {
      urlTtlSeconds: number;
      /** The queue priority of the user's renders (their plan's "fast rendering"); 0 when not given. */
      renderPriority?: (userId: string) => Promise<number>;
      /** Tells the user's webhook endpoints when a creation leaves the balance low. */
      webhooks?: WebhookEmitter;
      /** What the machine's fonts can draw (read on first use): drawn text they cannot is refused before charging. */
      textCoverage?: () => Promise<TextCoverage>;
    },
  ) {
    this.#objects = new VideoObjects(storage);
  }

  /** The objects stored with videos (their inputs' inline data). */
  readonly #objects: VideoObjects;

  /**
   * Checks every upload and library item the input refers to (as its type's definition says), before
   * anything is stored or charged: an upload must be the user's own and of the kind the field needs.
   * Returns the uploads' original names by input field, for the title.
   */
  async checkReferences(
    userId: string,
    body: CreateVideo,
    uploads?: ReadonlyMap<string, FileRow>,
  ): Promise<Record<string, string>> {
    const filenames: Record<string, string> = {};
    // Drawn text no installed font has would come out as empty boxes or fail the render: refused at its field.
    const coverage = await this.options.textCoverage?.();
    for (const { field, text } of coverage ? drawnTexts(body.type, body.input) : []) {
      const missing = coverage?.undrawable(text) ?? [];
      if (missing.length > 0) {
        throw new AppError("VALIDATION_FAILED", undrawableTextMessage(missing), { field: `input.${field}` });
      }
    }
    for (const ref of assetReferences(body.type, body.input)) {
      // The refusal names the input field, so the builder shows it there.
      const at = { field: `input.${ref.field}` };
      if (ref.from === "upload") {
        const row = !UUID.test(ref.id)
          ? undefined
          : uploads
            ? uploads.get(ref.id)
            : await this.files.find(userId, ref.id);
        if (!row) throw new AppError("VALIDATION_FAILED", messages.files.notFound, at);
        if (!(acceptedUploadKinds(body.type, ref.field) as string[]).includes(row.type)) {
          throw new AppError("VALIDATION_FAILED", messages.files.wrongUse, at);
        }
        filenames[ref.field] = row.originalFilename;
      } else if (ref.from === "library" && ref.key !== null && !this.catalog.has(ref.kind, ref.key)) {
        throw new AppError("VALIDATION_FAILED", UNKNOWN_LIBRARY_ITEM[ref.kind], at);
      }
    }
    return filenames;
  }

  /** Checks what the input refers to and stores its inline data: what the stored input and the title need. */
  async #prepare(userId: string, body: CreateVideo, videoId: string) {
    const filenames = await this.checkReferences(userId, body);
    const refs = assetReferences(body.type, body.input);
    const { storedInput, keys } = await this.#objects.store(userId, videoId, body.input, refs);
    return { storedInput, objectKeys: keys, title: videoTitle(body.type, body.input, { filenames }) };
  }

  /**
   * POST /api/videos: in one transaction the video row (processing), the spend keyed by the video (after
   * locking and checking the balance) and the render job. All or nothing: a refusal leaves no row, no
   * spend, no job and no stored object.
   */
  async create(userId: string, body: CreateVideo, via: { apiKeyId?: string | undefined } = {}): Promise<Video> {
    const videoId = crypto.randomUUID();
    // Read before anything is stored, so a failure here leaves nothing behind.
    const priority = (await this.options.renderPriority?.(userId)) ?? 0;
    const { storedInput, objectKeys, title } = await this.#prepare(userId, body, videoId);
    return this.#start(userId, {
      videoId,
      type: body.type,
      storedInput,
      objectKeys,
      title,
      priority,
      apiKeyId: via.apiKeyId,
    });
  }

  /**
   * A batch's videos: their references checked and inline data stored first, then in ONE transaction the batch row
   * (`within`), every video row, every spend and every render job. All or nothing: a refusal (not enough credits
   * for all of them, an upload gone since the check) leaves no row, no spend, no job and no stored object.
   */
  async createMany(
    userId: string,
    batch: {
      id: string;
      type: CreateVideo["type"];
      rows: { row: number; input: CreateVideo["input"] }[];
      /** Writes the batch row, in the same transaction, before its videos. */
      within: (tx: Transaction) => Promise<void>;
    },
    via: { apiKeyId?: string | undefined } = {},
  ): Promise<Video[]> {
    const priority = (await this.options.renderPriority?.(userId)) ?? 0;
    const cost = creditCost(batch.type);
    const prepared: { row: number; videoId: string; storedInput: Record<string, unknown>; title: string }[] = [];
    const objectKeys: string[] = [];
    let rows: VideoRow[];
    try {
      for (const { row, input } of batch.rows) {
        const videoId = crypto.randomUUID();
        const body = { type: batch.type, input } as CreateVideo;
        const ready = await this.#prepare(userId, body, videoId);
        objectKeys.push(...ready.objectKeys);
        prepared.push({ row, videoId, storedInput: ready.storedInput, title: ready.title });
      }
      rows = await this.db.transaction(async (tx) => {
        await batch.within(tx);
        const inserted: VideoRow[] = [];
        for (const [index, video] of prepared.entries()) {
          inserted.push(
            await this.videos.insert(
              {
                id: video.videoId,
                userId,
                title: video.title,
                type: batch.type,
                status: "processing",
                input: video.storedInput,
                cost,
                stage: "Queued",
                batchId: batch.id,
                batchRow: video.row,
              },
              tx,
            ),
          );
          try {
            await this.credits.spendForVideo(tx, {
              userId,
              videoId: video.videoId,
              amount: cost,
              apiKeyId: via.apiKeyId,
            });
          } catch (error) {
            // The refusal names what the whole batch needs against the balance it found.
            if (error instanceof AppError && error.code === "INSUFFICIENT_CREDITS") {
              const current = ((error.details as { current?: number } | undefined)?.current ?? 0) + index * cost;
              throw new AppError("INSUFFICIENT_CREDITS", messages.credits.insufficientDialog, {
                required: prepared.length * cost,
                current,
              });
            }
            throw error;
          }
          await this.queue.send(
            { name: RENDER_VIDEO, schema: renderVideoPayload },
            { videoId: video.videoId },
            { tx, singletonKey: video.videoId, priority },
          );
        }
        return inserted;
      });
    } catch (error) {
      await this.#objects.delete(objectKeys);
      throw error;
    }
    const total = rows.length * cost;
    this.logger.info({ batchId: batch.id, type: batch.type, videos: rows.length, cost: total }, "batch created");
    await this.credits.publishBalance(userId, { amount: -total, source: "spend" });
    await this.#tellIfLow(userId, total);
    for (const row of rows) {
      await this.events.publish(userId, {
        type: "video",
        id: row.id,
        status: "processing",
        progress: 0,
        stage: "Queued",
      });
    }
    return Promise.all(rows.map((row) => this.#view(row, 0)));
  }

  /** Views of rows the caller read (a batch's videos), with their refunds. */
  async views(rows: VideoRow[]): Promise<Video[]> {
    const failed = rows.filter((r) => r.status === "error");
    const refunds = failed.length > 0 ? await this.videos.refunds(failed.map((r) => r.id)) : new Map<string, number>();
    return Promise.all(rows.map((row) => this.#view(row, refunds.get(row.id) ?? 0)));
  }

  /**
   * The atomic part of a creation: in one transaction the video row (processing), the spend keyed by the
   * video (after locking and checking the balance), the render job and, for a retry, the failed original
   * taken out of the lists. A throw rolls all of it back and deletes the objects stored for the video.
   */
  async #start(
    userId: string,
    fresh: {
      videoId: string;
      type: CreateVideo["type"];
      storedInput: Record<string, unknown>;
      /** Objects stored for the new video (its inline data), deleted if the creation is refused. */
      objectKeys: string[];
      title: string;
      priority: number;
      replaces?: string;
      /** The API key the creation came with, recorded on its spend. */
      apiKeyId?: string | undefined;
    },
  ): Promise<Video> {
    const { videoId, type, priority } = fresh;
    const cost = creditCost(type);
    let video: VideoRow;
    try {
      video = await this.db.transaction(async (tx) => {
        const row = await this.videos.insert(
          {
            id: videoId,
            userId,
            title: fresh.title,
            type,
            status: "processing",
            input: fresh.storedInput,
            cost,
            stage: "Queued",
          },
          tx,
        );
        await this.credits.spendForVideo(tx, { userId, videoId, amount: cost, apiKeyId: fresh.apiKeyId });
        await this.queue.send(
          { name: RENDER_VIDEO, schema: renderVideoPayload },
          { videoId },
          { tx, singletonKey: videoId, priority },
        );
        // A failed video is retried once: a second retry (a double click, another tab) finds it gone.
        if (fresh.replaces && !(await this.videos.markDeleted(userId, fresh.replaces, tx))) {
          throw new AppError("NOT_FOUND", messages.videos.notFound);
        }
        return row;
      });
    } catch (error) {
      await this.#objects.delete(fresh.objectKeys);
      throw error;
    }
    this.logger.info({ videoId, type, cost, priority, retryOf: fresh.replaces }, "video created");
    await this.credits.publishBalance(userId, { amount: -cost, source: "spend" });
    await this.#tellIfLow(userId, cost);
    await this.events.publish(userId, {
      type: "video",
      id: video.id,
      status: "processing",
      progress: 0,
      stage: "Queued",
    });
    return this.#view(video, 0);
  }

  /** `credits.low` once, when this spend took the balance below WEBHOOKS.creditsLowBelow. */
  async #tellIfLow(userId: string, spent: number): Promise<void> {
    const webhooks = this.options.webhooks;
    if (!webhooks) return;
    const balance = await this.credits.balance(userId);
    if (balance < WEBHOOKS.creditsLowBelow && balance + spent >= WEBHOOKS.creditsLowBelow) {
      await webhooks.emit(userId, "credits.low", { balance, below: WEBHOOKS.creditsLowBelow });
    }
  }

  /**
   * POST /api/videos/:id/retry: a failed video made again as a NEW video with the same input, charged
   * again through the same atomic path as a creation; the failed one leaves the lists in the same
   * transaction. Refused (409, with the reason) when the failure was the input's, when an upload it used
   * is gone, or when the video did not fail.
   */
  async retry(userId: string, id: string, via: { apiKeyId?: string | undefined } = {}): Promise<Video> {
    const original = await this.#owned(userId, id);
    if (original.status === "processing") throw new AppError("CONFLICT", messages.videos.stillProcessing);
    if (original.status !== "error") throw new AppError("CONFLICT", messages.videos.retryNotFailed);
    const check = await this.#retryCheck(original);
    if (!check.ok) throw new AppError("CONFLICT", check.reason);
    const videoId = crypto.randomUUID();
    const priority = (await this.options.renderPriority?.(userId)) ?? 0;
    const { storedInput, keys } = await this.#objects.copy(userId, videoId, original.input);
    return this.#start(userId, {
      videoId,
      type: check.body.type,
      storedInput,
      objectKeys: keys,
      title: original.title,
      priority,
      replaces: original.id,
      apiKeyId: via.apiKeyId,
    });
  }

  /**
   * DELETE /api/videos/:id: a finished or failed video leaves the lists and its stored objects (MP4,
   * thumbnail, the objects its input carried) are deleted; the row stays, so the credits ledger that names it is kept
   * whole. The objects go first: if storage fails the video is still listed and can be deleted again.
   */
  async remove(userId: string, id: string): Promise<void> {
    const row = await this.#owned(userId, id);
    if (row.status === "processing") throw new AppError("CONFLICT", messages.videos.stillProcessing);
    const keys = [row.outputPath, row.thumbnailPath, ...Object.values(storedObjectsOf(row.input))].filter(
      (k): k is string => Boolean(k),
    );
    for (const key of keys) await this.storage.delete(key);
    await this.videos.markDeleted(userId, row.id);
    this.logger.info({ videoId: row.id, status: row.status, objects: keys.length }, "video removed");
  }

  async #owned(userId: string, id: string): Promise<VideoRow> {
    const row = UUID.test(id) ? await this.videos.find(userId, id) : undefined;
    if (!row) throw new AppError("NOT_FOUND", messages.videos.notFound);
    return row;
  }

  /** Whether a failed video can be made again now, and the input it would be made from. */
  async #retryCheck(
    row: VideoRow,
    uploads?: ReadonlyMap<string, FileRow>,
  ): Promise<{ ok: true; body: CreateVideo } | { ok: false; reason: string }> {
    if (row.status !== "error") return { ok: false, reason: messages.videos.retryNotFailed };
    // Failures recorded before the classification existed (null) are offered a retry.
    if (row.errorRetryable === false) return { ok: false, reason: messages.videos.retryInputFailure };
    const parsed = storedRequest(row);
    if (!parsed.success) return { ok: false, reason: messages.videos.retrySettingsInvalid };
    try {
      await this.checkReferences(row.userId, parsed.data, uploads);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const gone = error.message === messages.files.notFound || error.message === messages.files.wrongUse;
      return { ok: false, reason: gone ? messages.videos.retryUploadGone : error.message };
    }
    if (!(await this.#objects.allPresent(row.input))) return { ok: false, reason: messages.videos.retryUploadGone };
    return { ok: true, body: parsed.data };
  }

  /**
   * GET /api/videos: a page of a group, its total and the count of every group. Two queries whatever the page
   * holds: the rows with their refunds, total and counts in one, and the uploads the failed ones would be retried
   * with in another (none when no failed video on the page used an upload).
   */
  async list(userId: string, query: VideoListQuery): Promise<VideoList> {
    const parsed = videoListQuerySchema.parse(query);
    const { rows, refunded, total, counts } = await this.videos.page(userId, parsed);
    const failed = rows.filter((r) => r.status === "error");
    const uploads = await this.files.findMany(
      userId,
      failed.flatMap((row) => uploadIdsOf(row)),
    );
    return {
      items: await Promise.all(rows.map((row) => this.#view(row, refunded.get(row.id) ?? 0, uploads))),
      total,
      counts,
    };
  }

  async get(userId: string, id: string): Promise<Video> {
    const row = await this.#owned(userId, id);
    const refunds = row.status === "error" ? await this.videos.refunds([row.id]) : new Map<string, number>();
    return this.#view(row, refunds.get(row.id) ?? 0);
  }

  /** The API's view of a row; `uploads` holds the user's uploads its retry check reads, when already loaded. */
  async #view(row: VideoRow, refunded: number, uploads?: ReadonlyMap<string, FileRow>): Promise<Video> {
    const retry = row.status === "error" ? await this.#retryCheck(row, uploads) : undefined;
    const ttl = { expiresInSeconds: this.options.urlTtlSeconds };
    const finished = row.status === "finished" && row.outputPath;
    return {
      id: row.id,
      title: row.title,
      type: row.type as Video["type"],
      status: row.status as Video["status"],
      progress: row.progress,
      stage: row.stage,
      error_message: row.errorMessage,
      cost: row.cost,
      refunded,
      retryable: retry?.ok === true,
      retry_blocked_reason: retry && !retry.ok ? retry.reason : null,
      duration_s: row.durationS,
      video_url: finished ? await this.storage.signedUrl(row.outputPath as string, ttl) : null,
      thumbnail_url: row.thumbnailPath ? await this.storage.signedUrl(row.thumbnailPath, ttl) : null,
      download_url: finished
        ? await this.storage.signedUrl(row.outputPath as string, { ...ttl, downloadName: videoDownloadName(row.title) })
        : null,
      video_caption: row.videoCaption,
      created_at: row.createdAt.toISOString(),
      finished_at: row.finishedAt?.toISOString() ?? null,
    };
  }
}

/** The upload ids a stored input refers to (none when it no longer parses: its retry check says so). */
function uploadIdsOf(row: VideoRow): string[] {
  const parsed = storedRequest(row);
  if (!parsed.success) return [];
  return assetReferences(parsed.data.type, parsed.data.input).flatMap((ref) =>
    ref.from === "upload" && UUID.test(ref.id) ? [ref.id] : [],
  );
}

/** Stored inputs parsed by their type's schema, once per row read (a list's retry checks read each twice). */
const parsedRows = new WeakMap<VideoRow, ReturnType<typeof createVideoSchema.safeParse>>();

/** The request a stored video was made from, as its type's schema reads it now. */
function storedRequest(row: VideoRow): ReturnType<typeof createVideoSchema.safeParse> {
  let parsed = parsedRows.get(row);
  if (!parsed) {
    parsed = createVideoSchema.safeParse({ type: row.type, input: inputWithoutObjects(row.input) });
    parsedRows.set(row, parsed);
  }
  return parsed;
}
