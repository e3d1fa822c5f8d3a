import crypto from "node:crypto";
import { PassThrough, type Readable } from "node:stream";
import {
  BATCHES,
  type Batch,
  type BatchCheck,
  type BatchList,
  type BatchRowError,
  type BatchSummary,
  batchMessages,
  type CreateBatchBody,
  type CreateVideo,
  createBatchSchema,
  creditCost,
  DEFAULT_LANGUAGE,
  fansOut,
  type LanguageId,
  languageMessages,
  languageOf,
  planFanOut,
  type ReadBatch,
  readBatch,
  translatableFields,
  videoDownloadName,
  videoTitle,
  videoTypeDefinitions,
} from "@reelsmith/core";
import { Zip, ZipPassThrough } from "fflate";
import { AppError } from "../lib/errors.ts";
import { UUID } from "../lib/ids.ts";
import type { Logger } from "../lib/logger.ts";
import type { BatchesRepository, BatchRow } from "../repositories/batches.repository.ts";
import type { ObjectStorage } from "../repositories/storage/object-storage.ts";
import type { GroupCounts } from "../repositories/videos.repository.ts";
import type { VideosService } from "./videos.service.ts";

/** Translates a video's words (by field, each with its most characters) from one language into another. */
export type Translator = (
  words: Readonly<Record<string, string>>,
  limits: Readonly<Record<string, number>>,
  from: LanguageId,
  to: LanguageId,
) => Promise<Record<string, string>>;

/** Batches listed on the Batch tab. */
const RECENT_BATCHES = 20;

/**
 * Batches: a file of rows for one video type, read and checked whole (each row by its type's schema, then the uploads
 * and library items it names) before anything is charged, then made in one transaction by `VideosService.createMany`.
 */
export class BatchesService {
  constructor(
    private readonly batches: BatchesRepository,
    private readonly videos: VideosService,
    private readonly storage: ObjectStorage,
    private readonly logger: Logger,
    /** The language model's translations; absent when none is connected (a fan-out then brings its own words). */
    private readonly translate?: Translator,
  ) {}

  /** Reads the file and checks every row: the inputs that are ready, the whole cost, and every reason to refuse. */
  async #read(userId: string, body: CreateBatchBody): Promise<ReadBatch> {
    const read = readBatch(createBatchSchema.parse(body));
    // What the schema cannot know: the uploads are the user's and of the right kind, the library items exist.
    const ready: ReadBatch["inputs"] = [];
    for (const row of read.inputs) {
      try {
        await this.videos.checkReferences(userId, { type: read.type, input: row.input } as CreateVideo);
        ready.push(row);
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== "VALIDATION_FAILED") throw error;
        const field = (error.details as { field?: string } | undefined)?.field;
        read.errors.push({
          row: row.row,
          line: row.line,
          column: field ? field.replace(/^input\./, "") : null,
          message: error.message,
        });
      }
    }
    read.errors.sort((a, b) => a.row - b.row || a.line - b.line);
    return { ...read, inputs: ready };
  }

  /** POST /api/batches/check: what the file would make and cost, or every row and column that stops it. */
  async check(userId: string, body: CreateBatchBody): Promise<BatchCheck> {
    const read = await this.#read(userId, body);
    return { rows: read.rows, cost: read.cost, errors: read.errors };
  }

  /**
   * POST /api/batches: every row checked, then the batch and all its videos created and charged together, or nothing.
   * A file with any bad row is refused (400) with all of them; a balance short of the whole cost is refused (402).
   */
  async create(userId: string, body: CreateBatchBody, via: { apiKeyId?: string | undefined } = {}): Promise<Batch> {
    const parsed = createBatchSchema.parse(body);
    const read = await this.#read(userId, parsed);
    if (read.errors.length > 0) {
      throw new AppError("VALIDATION_FAILED", batchMessages.invalid(countBadRows(read.errors) || 1), {
        errors: read.errors,
      });
    }
    const id = crypto.randomUUID();
    const made = await this.videos.createMany(
      userId,
      {
        id,
        type: read.type,
        rows: read.inputs.map(({ row, input }) => ({ row, input: input as CreateVideo["input"] })),
        within: async (tx) => {
          await this.batches.insert(
            {
              id,
              userId,
              type: read.type,
              name: parsed.name,
              rowCount: read.inputs.length,
              cost: read.cost,
              apiKeyId: via.apiKeyId ?? null,
            },
            tx,
          );
        },
      },
      via,
    );
    this.logger.info({ batchId: id, rows: made.length }, "batch started");
    const row = await this.#owned(userId, id);
    return {
      ...summary(row, { processing: made.length, finished: 0, failed: 0 }),
      rows: made.map((video, index) => ({ row: read.inputs[index]?.row ?? index + 1, video })),
    };
  }

  /**
   * POST /api/videos with `languages`: the same video in each language, made as one batch of a row per language. Every
   * language's input is finished and checked first (the words the request brought for it, the rest translated by the
   * language model, refused when none is connected; then its schema, fonts, uploads and library items, refused with
   * the language named), then all are created and charged together, or nothing.
   */
  async createInLanguages(
    userId: string,
    body: CreateVideo,
    via: { apiKeyId?: string | undefined } = {},
  ): Promise<Batch> {
    const definition = videoTypeDefinitions[body.type];
    if (!fansOut(definition)) {
      throw new AppError("VALIDATION_FAILED", languageMessages.nothingToTranslate, { field: "languages" });
    }
    const source = body.input as Record<string, unknown>;
    const own = (source.language as LanguageId | undefined) ?? DEFAULT_LANGUAGE;
    const plans = planFanOut(definition, source, body.languages ?? [], body.translations);
    if ("error" in plans) throw new AppError("VALIDATION_FAILED", plans.error, { field: plans.path });
    const translate = this.translate;
    if (!translate && plans.some((plan) => Object.keys(plan.missing).length > 0)) {
      throw new AppError("AI_NOT_CONFIGURED", languageMessages.fanOutNeedsModel, { field: "languages" });
    }
    const limits = Object.fromEntries(translatableFields(definition).map(({ field, max }) => [field, max]));
    const filled = await Promise.all(
      plans.map(async (plan) =>
        translate && Object.keys(plan.missing).length > 0
          ? {
              ...plan,
              input: {
                ...plan.input,
                ...(await translate(plan.missing as Record<string, string>, limits, own, plan.language)),
              },
            }
          : plan,
      ),
    );
    // Each language's video is checked as a video of its own would be, and a refusal names its language and field.
    const inputs: CreateVideo["input"][] = [];
    for (const { language, input } of filled) {
      const where = (field: string) => (language === own ? `input.${field}` : `translations.${language}.${field}`);
      const parsed = definition.schema.safeParse(input);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = String(issue?.path[0] ?? "");
        throw new AppError("VALIDATION_FAILED", languageMessages.inLanguage(language, issue?.message ?? ""), {
          field: where(field),
        });
      }
      try {
        await this.videos.checkReferences(userId, { type: body.type, input: parsed.data } as CreateVideo);
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== "VALIDATION_FAILED") throw error;
        const field = String((error.details as { field?: string } | undefined)?.field ?? "").replace(/^input\./, "");
        throw new AppError("VALIDATION_FAILED", languageMessages.inLanguage(language, error.message), {
          field: where(field),
        });
      }
      inputs.push(parsed.data as CreateVideo["input"]);
    }
    const id = crypto.randomUUID();
    const names = filled.map((plan) => languageOf(plan.language).name).join(", ");
    const title = videoTitle(body.type, source as never);
    const name = `${title.slice(0, BATCHES.nameMax - names.length - 3).trimEnd()} · ${names}`;
    const cost = creditCost(body.type) * inputs.length;
    const made = await this.videos.createMany(
      userId,
      {
        id,
        type: body.type,
        rows: inputs.map((input, index) => ({ row: index + 1, input })),
        within: async (tx) => {
          await this.batches.insert(
            { id, userId, type: body.type, name, rowCount: inputs.length, cost, apiKeyId: via.apiKeyId ?? null },
            tx,
          );
        },
      },
      via,
    );
    this.logger.info({ batchId: id, type: body.type, languages: body.languages }, "video made in several languages");
    const row = await this.#owned(userId, id);
    return {
      ...summary(row, { processing: made.length, finished: 0, failed: 0 }),
      rows: made.map((video, index) => ({ row: index + 1, video })),
    };
  }

  /** GET /api/batches: the user's latest batches with how far each has come. */
  async list(userId: string): Promise<BatchList> {
    const rows = await this.batches.list(userId, RECENT_BATCHES);
    const counts = await this.batches.counts(rows.map((r) => r.id));
    return { items: rows.map((row) => summary(row, counts.get(row.id))) };
  }

  /** GET /api/batches/:id: the batch and each row's video (status, stage, progress, links once finished). */
  async get(userId: string, id: string): Promise<Batch> {
    const batch = await this.#owned(userId, id);
    const rows = await this.batches.videos(userId, id);
    const views = await this.videos.views(rows);
    const counts = await this.batches.counts([id]);
    return {
      ...summary(batch, counts.get(id)),
      rows: rows.map((row, index) => ({
        row: row.batchRow ?? index + 1,
        video: views[index] as Batch["rows"][0]["video"],
      })),
    };
  }

  /**
   * GET /api/batches/:id/zip: the finished videos as one ZIP, streamed as it is written (stored, not deflated: an MP4
   * does not compress), each under its row number and title. Refused (409) while none is finished.
   */
  async zip(userId: string, id: string): Promise<{ name: string; stream: Readable }> {
    const batch = await this.#owned(userId, id);
    const finished = (await this.batches.videos(userId, id)).filter((v) => v.status === "finished" && v.outputPath);
    if (finished.length === 0) throw new AppError("CONFLICT", batchMessages.nothingToDownload);
    const out = new PassThrough();
    const zip = new Zip((error, chunk, final) => {
      if (error) {
        out.destroy(error);
        return;
      }
      out.write(chunk);
      if (final) out.end();
    });
    const pad = String(batch.rowCount).length;
    const write = async () => {
      for (const video of finished) {
        const entry = new ZipPassThrough(
          `${String(video.batchRow ?? 0).padStart(pad, "0")} ${videoDownloadName(video.title)}`,
        );
        zip.add(entry);
        const source = await this.storage.read(video.outputPath as string);
        for await (const chunk of source) {
          entry.push(new Uint8Array(chunk as Buffer));
          // Hold the next read while the client is slower than the disk.
          if (out.writableNeedDrain) await new Promise((resolve) => out.once("drain", resolve));
        }
        entry.push(new Uint8Array(0), true);
      }
      zip.end();
    };
    write().catch((error: unknown) => {
      this.logger.warn({ batchId: id, err: error }, "batch zip failed");
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    const name = batch.name.replace(/\.(csv|jsonl?|txt)$/i, "") || `batch-${batch.id.slice(0, 8)}`;
    return { name: `${videoDownloadName(name).replace(/\.mp4$/i, "")}.zip`, stream: out };
  }

  async #owned(userId: string, id: string): Promise<BatchRow> {
    const row = UUID.test(id) ? await this.batches.find(userId, id) : undefined;
    if (!row) throw new AppError("NOT_FOUND", batchMessages.notFound);
    return row;
  }
}

/** How many rows have at least one reason (the file-level reasons, row 0, count as one). */
function countBadRows(errors: BatchRowError[]): number {
  return new Set(errors.map((e) => e.row)).size;
}

function summary(row: BatchRow, counts: GroupCounts = { processing: 0, finished: 0, failed: 0 }): BatchSummary {
  return {
    id: row.id,
    type: row.type as BatchSummary["type"],
    name: row.name,
    row_count: row.rowCount,
    cost: row.cost,
    counts,
    created_at: row.createdAt.toISOString(),
  };
}
