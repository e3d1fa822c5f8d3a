import { z } from "zod";
import { creditCost, VIDEO_TYPES, type VideoType } from "../video-types/catalogue.ts";
import { type VideoInputByType, videoInputSchemas } from "../video-types/index.ts";
import { type BatchRowError, batchRowErrorSchema } from "./account.ts";

import { videoSchema } from "./video-list.ts";

/**
 * Batches: up to `maxRows` videos of one type from one file (CSV with a header row, or JSON lines), each row over a
 * default row, every row checked by the type's own input schema before anything is charged, and all of them created
 * and charged in one transaction or none.
 */
export const BATCHES = {
  maxRows: 100,
  /** The file's text, at most (100 Reddit stories of 5,000 characters fit). */
  maxChars: 600_000,
  nameMax: 120,
} as const;

/**
 * What batches say. Kept out of the shared `messages` catalogue, which every page loads: only the Batch tab, its
 * page and the server read these.
 */
export const batchMessages = {
  tab: "Batch",
  title: "Make a batch",
  description:
    "Up to 100 videos of one type from a CSV or JSON lines file: one row per video, columns named as the type's inputs.",
  typeLabel: "Video type",
  fileLabel: "CSV or JSON lines file",
  defaultsLabel: "Default values (JSON, optional)",
  defaultsHint: "Every row starts from these; a row's own values win.",
  defaultsInvalid: 'The default values must be one JSON object, such as {"video_style": "boiler-room"}.',
  template: "Download a template",
  check: "Check the file",
  create: (count: number, cost: number) => `Make ${count} videos for ${cost} credits`,
  ready: (count: number, cost: number) => `${count} rows are ready: ${cost} credits in all.`,
  invalid: (count: number) =>
    `${count === 1 ? "1 row" : `${count} rows`} cannot be made. Fix ${count === 1 ? "it" : "them"} and try again; nothing was charged.`,
  tooManyRows: (max: number) => `A batch has at most ${max} rows.`,
  tooLarge: "The file is too large for one batch.",
  noRows: "The file has no rows to make videos from.",
  noHeader: "The first line must name the columns.",
  unknownColumn: "Not an input of this video type.",
  required: "This column needs a value (in the row or in the default values).",
  notAChoice: (choices: readonly string[]) =>
    `Not one of the choices: ${choices.slice(0, 8).join(", ")}${choices.length > 8 ? ", …" : ""}.`,
  duplicateColumn: "This column is named twice.",
  unclosedQuote: "A quoted value is never closed.",
  wrongCellCount: "This row has more values than the header has columns.",
  notJsonObject: "This line is not a JSON object.",
  created: (count: number) => `Batch started: ${count} videos are being made.`,
  notFound: "That batch does not exist.",
  rowsTitle: "Rows",
  downloadAll: "Download all",
  nothingToDownload: "No video of this batch is finished yet.",
  recent: "Recent batches",
  none: "No batches yet.",
} as const;

export const BATCH_FORMATS = ["csv", "jsonl"] as const;
export type BatchFormat = (typeof BATCH_FORMATS)[number];

/** POST /api/batches and /api/batches/check. */
export const createBatchSchema = z.object({
  type: z.enum(VIDEO_TYPES),
  format: z.enum(BATCH_FORMATS).default("csv"),
  /** The file's text: CSV with the inputs' names in its first line, or one JSON object per line. */
  rows: z.string().max(BATCHES.maxChars, batchMessages.tooLarge),
  /** Values every row starts from; a row's own (non-empty) values win. */
  defaults: z.record(z.string().max(100), z.unknown()).default({}),
  /** The file's name, shown on the batch. */
  name: z.string().trim().max(BATCHES.nameMax).default(""),
});
export type CreateBatchBody = z.input<typeof createBatchSchema>;
export type CreateBatch = z.output<typeof createBatchSchema>;

/** What a batch would make and cost, or why it cannot be made (POST /api/batches/check). */
export const batchCheckSchema = z.object({
  rows: z.number().int(),
  cost: z.number().int(),
  errors: z.array(batchRowErrorSchema),
});
export type BatchCheck = z.infer<typeof batchCheckSchema>;

export const batchSummarySchema = z.object({
  id: z.string(),
  type: z.enum(VIDEO_TYPES),
  name: z.string(),
  row_count: z.number().int(),
  cost: z.number().int(),
  counts: z.object({ processing: z.number().int(), finished: z.number().int(), failed: z.number().int() }),
  created_at: z.string(),
});
export type BatchSummary = z.infer<typeof batchSummarySchema>;
export const batchListSchema = z.object({ items: z.array(batchSummarySchema) });
export type BatchList = z.infer<typeof batchListSchema>;

/** A batch with each row's video, in row order. */
export const batchSchema = batchSummarySchema.extend({
  rows: z.array(z.object({ row: z.number().int(), video: videoSchema })),
});
export type Batch = z.infer<typeof batchSchema>;

type JsonKind = "string" | "number" | "integer" | "boolean" | "null" | "object" | "array";

/** The JSON kinds each input of a type takes, read from its schema (what a CSV cell is read as). */
function inputKinds(type: VideoType): Map<string, Set<JsonKind>> {
  const cached = kindsCache.get(type);
  if (cached) return cached;
  const json = z.toJSONSchema(videoInputSchemas[type] as z.ZodType, { io: "input", unrepresentable: "any" }) as {
    properties?: Record<string, unknown>;
  };
  const kinds = new Map<string, Set<JsonKind>>();
  const collect = (node: unknown, into: Set<JsonKind>) => {
    if (!node || typeof node !== "object") return;
    const n = node as { type?: JsonKind | JsonKind[]; anyOf?: unknown[]; oneOf?: unknown[]; enum?: unknown[] };
    for (const t of [n.type ?? []].flat()) into.add(t);
    for (const value of n.enum ?? []) into.add(value === null ? "null" : (typeof value as JsonKind));
    for (const part of [...(n.anyOf ?? []), ...(n.oneOf ?? [])]) collect(part, into);
  };
  for (const [field, node] of Object.entries(json.properties ?? {})) {
    const set = new Set<JsonKind>();
    collect(node, set);
    kinds.set(field, set);
  }
  kindsCache.set(type, kinds);
  return kinds;
}
const kindsCache = new Map<VideoType, Map<string, Set<JsonKind>>>();

/** The columns a batch of a type may have: its inputs, in its schema's order (a template's header). */
export function batchColumns(type: VideoType): string[] {
  return [...inputKinds(type).keys()];
}

/** A CSV cell as the value its input takes: numbers, yes/no, null and JSON where the input wants them. */
function cellValue(cell: string, kinds: Set<JsonKind>): unknown {
  const text = cell.trim();
  if ((kinds.has("number") || kinds.has("integer")) && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (kinds.has("boolean")) {
    if (/^(true|yes|1)$/i.test(text)) return true;
    if (/^(false|no|0)$/i.test(text)) return false;
  }
  if (kinds.has("null") && /^null$/i.test(text)) return null;
  if ((kinds.has("object") || kinds.has("array")) && /^[[{]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch {
      return cell;
    }
  }
  return cell;
}

/**
 * RFC 4180 CSV: comma-separated, fields optionally in double quotes (a quote doubled inside one), line breaks inside
 * quotes kept, CRLF or LF between records, a byte-order mark ignored. Each record carries the line it starts on.
 */
export function parseCsv(text: string): { records: { line: number; cells: string[] }[]; unclosedAt?: number } {
  const records: { line: number; cells: string[] }[] = [];
  const source = text.startsWith("\uFEFF") ? text.slice(1) : text;
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let quoteStart = 0;
  const endRecord = () => {
    cells.push(cell);
    // A line with nothing on it is no record.
    if (!(cells.length === 1 && cells[0] === "")) records.push({ line: recordLine, cells });
    cells = [];
    cell = "";
  };
  for (let i = 0; i < source.length; i += 1) {
    const ch = source[i];
    if (quoted) {
      if (ch === '"') {
        if (source[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else quoted = false;
      } else {
        if (ch === "\n") line += 1;
        cell += ch;
      }
      continue;
    }
    if (ch === '"' && cell.trim() === "") {
      quoted = true;
      quoteStart = line;
      cell = "";
    } else if (ch === ",") {
      cells.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && source[i + 1] === "\n") i += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else cell += ch;
  }
  if (quoted) return { records, unclosedAt: quoteStart };
  if (cell !== "" || cells.length > 0) endRecord();
  return { records };
}

/** A row of a batch, read from the file and laid over the defaults, before its type's schema reads it. */
interface RawRow {
  row: number;
  line: number;
  values: Record<string, unknown>;
}

/** The file's rows (CSV or JSON lines), or why the file as a whole cannot be read. */
function readRows(type: VideoType, format: BatchFormat, text: string): { rows: RawRow[]; errors: BatchRowError[] } {
  const errors: BatchRowError[] = [];
  const rows: RawRow[] = [];
  const kinds = inputKinds(type);
  if (format === "jsonl") {
    const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
    let count = 0;
    lines.forEach((raw, index) => {
      if (raw.trim() === "") return;
      count += 1;
      const row = count;
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch {
        value = undefined;
      }
      if (!value || typeof value !== "object" || Array.isArray(value)) {
        errors.push({ row, line: index + 1, column: null, message: batchMessages.notJsonObject });
        return;
      }
      const values = value as Record<string, unknown>;
      for (const column of Object.keys(values)) {
        if (!kinds.has(column)) errors.push({ row, line: index + 1, column, message: batchMessages.unknownColumn });
      }
      rows.push({ row, line: index + 1, values });
    });
    return { rows, errors };
  }
  const { records, unclosedAt } = parseCsv(text);
  if (unclosedAt !== undefined) {
    return { rows, errors: [{ row: 0, line: unclosedAt, column: null, message: batchMessages.unclosedQuote }] };
  }
  const [header, ...body] = records;
  if (!header) return { rows, errors };
  const columns = header.cells.map((c) => c.trim());
  const seen = new Set<string>();
  for (const column of columns) {
    if (column === "") errors.push({ row: 0, line: header.line, column: null, message: batchMessages.noHeader });
    else if (seen.has(column)) {
      errors.push({ row: 0, line: header.line, column, message: batchMessages.duplicateColumn });
    } else if (!kinds.has(column)) {
      errors.push({ row: 0, line: header.line, column, message: batchMessages.unknownColumn });
    }
    seen.add(column);
  }
  if (errors.length > 0) return { rows, errors };
  body.forEach((record, index) => {
    const row = index + 1;
    if (record.cells.length > columns.length) {
      errors.push({ row, line: record.line, column: null, message: batchMessages.wrongCellCount });
      return;
    }
    const values: Record<string, unknown> = {};
    record.cells.forEach((cell, i) => {
      const column = columns[i] as string;
      // An empty cell leaves the default (or the input's own default) in place.
      if (cell.trim() !== "") values[column] = cellValue(cell, kinds.get(column) ?? new Set());
    });
    rows.push({ row, line: record.line, values });
  });
  return { rows, errors };
}

/** A checked batch: each row's input as its type's schema made it, the total cost, and every reason to refuse. */
export interface ReadBatch<T extends VideoType = VideoType> {
  type: T;
  inputs: { row: number; line: number; input: VideoInputByType[T] }[];
  /** Rows in the file, good and bad. */
  rows: number;
  cost: number;
  errors: BatchRowError[];
}

/**
 * Reads a batch file against its type: the rows (at least one, at most `BATCHES.maxRows`), each over the defaults and
 * parsed by the type's input schema, every issue named by row, line and column in the schema's own words.
 */
export function readBatch(body: CreateBatch): ReadBatch {
  const { type } = body;
  const { rows, errors } = readRows(type, body.format, body.rows);
  const inputs: ReadBatch["inputs"] = [];
  if (errors.some((e) => e.row === 0)) return { type, inputs, rows: 0, cost: 0, errors };
  const total = Math.max(0, ...rows.map((r) => r.row), ...errors.map((e) => e.row));
  if (total === 0) {
    return {
      type,
      inputs,
      rows: 0,
      cost: 0,
      errors: [{ row: 0, line: 1, column: null, message: batchMessages.noRows }],
    };
  }
  if (total > BATCHES.maxRows) {
    const line = rows[BATCHES.maxRows]?.line ?? 1;
    return {
      type,
      inputs,
      rows: total,
      cost: 0,
      errors: [{ row: BATCHES.maxRows + 1, line, column: null, message: batchMessages.tooManyRows(BATCHES.maxRows) }],
    };
  }
  const kinds = inputKinds(type);
  const defaults = Object.fromEntries(Object.entries(body.defaults).filter(([key]) => kinds.has(key)));
  for (const key of Object.keys(body.defaults)) {
    if (!kinds.has(key)) errors.push({ row: 0, line: 0, column: key, message: batchMessages.unknownColumn });
  }
  for (const raw of rows) {
    const parsed = videoInputSchemas[type].safeParse({ ...defaults, ...raw.values });
    if (parsed.success)
      inputs.push({ row: raw.row, line: raw.line, input: parsed.data as VideoInputByType[VideoType] });
    else {
      const values: Record<string, unknown> = { ...defaults, ...raw.values };
      for (const issue of parsed.error.issues) {
        const column = issue.path.length > 0 ? String(issue.path[0]) : null;
        errors.push({ row: raw.row, line: raw.line, column, message: reasonOf(issue, column, values) });
      }
    }
  }
  errors.sort((a, b) => a.row - b.row || a.line - b.line);
  return { type, inputs, rows: total, cost: total * creditCost(type), errors };
}

/**
 * An issue in words a creator can act on: the schema's own message (its fields' messages are the builders' words),
 * except zod's generic ones for a missing value and for a value outside a list of choices.
 */
function reasonOf(issue: z.core.$ZodIssue, column: string | null, values: Record<string, unknown>): string {
  const missing = column !== null && values[column] === undefined;
  if (missing && (issue.code === "invalid_type" || issue.code === "invalid_value")) return batchMessages.required;
  if (issue.code === "invalid_value" && issue.message.startsWith("Invalid option")) {
    return batchMessages.notAChoice(issue.values.map(String));
  }
  return issue.message;
}
