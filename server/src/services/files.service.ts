import crypto from "node:crypto";
import { Readable } from "node:stream";
import {
  type FileType,
  type ImageHeader,
  imageTooLarge,
  type MediaFormat,
  messages,
  readImageHeader,
  SNIFF_BYTES,
  sniffMediaFormat,
  storedFormat,
  UPLOAD_KINDS,
  uploadMaxBytes,
  uploadTakesFormat,
} from "@reelsmith/core";
import { AppError } from "../lib/errors.ts";
import { UUID } from "../lib/ids.ts";
import type { Logger } from "../lib/logger.ts";
import type { FileRow, FilesRepository } from "../repositories/files.repository.ts";
import type { ObjectStorage } from "../repositories/storage/object-storage.ts";
import type { CheckedUpload, UploadChecker } from "../repositories/upload-scratch.ts";

export interface FileView {
  id: string;
  original_filename: string;
  type: FileType;
  mime_type: string;
  size: number;
  created_at: string;
  /** A signed URL that expires (previews and playback). */
  url: string;
}

export interface InspectedUpload {
  /** The real format, from the first bytes (reading on where a header asks, never past the size limit). */
  format(): Promise<MediaFormat | null>;
  /**
   * A picture's format and pixel size from its headers: reads on (never past the size limit) until
   * they are read, or the upload ends.
   */
  imageHeader(): Promise<ImageHeader>;
  /** The whole upload again, from its first byte; fails as soon as it grows past the limit. */
  stream(): Readable;
  /** Drains what the client still sends, so the request can end with our answer. */
  discard(): void;
}

/**
 * Reads the first bytes of an upload to learn its real format (and, for a picture, as many as its
 * pixel size needs), then yields the whole stream again, failing as soon as it grows past the limit
 * (nothing more is read from the client).
 */
export async function inspectUpload(
  body: AsyncIterable<Buffer | Uint8Array>,
  maxBytes: number,
  tooLargeMessage: string = messages.files.tooLarge,
): Promise<InspectedUpload> {
  const iterator = body[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let read = 0;
  let done = false;
  /** Reads on until at least `bytes` have arrived (or the upload ends); returns them in one buffer. */
  const head = async (bytes: number): Promise<Buffer> => {
    while (read < bytes && !done) {
      const next = await iterator.next();
      if (next.done) {
        done = true;
        break;
      }
      chunks.push(Buffer.from(next.value));
      read += next.value.length;
      if (read > maxBytes) throw new AppError("PAYLOAD_TOO_LARGE", tooLargeMessage);
    }
    if (chunks.length > 1) chunks.splice(0, chunks.length, Buffer.concat(chunks));
    return chunks[0] ?? Buffer.alloc(0);
  };
  const first = await head(SNIFF_BYTES);
  if (first.length === 0) throw new AppError("VALIDATION_FAILED", messages.files.empty);
  async function* all() {
    let total = read;
    yield* chunks;
    if (done) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      total += next.value.length;
      if (total > maxBytes) throw new AppError("PAYLOAD_TOO_LARGE", tooLargeMessage);
      yield Buffer.from(next.value);
    }
  }
  return {
    async format() {
      let sniffed = sniffMediaFormat(await head(SNIFF_BYTES));
      while (sniffed.state === "incomplete" && sniffed.need > read && !done) {
        sniffed = sniffMediaFormat(await head(Math.max(sniffed.need, read * 2)));
      }
      return sniffed.state === "ok" ? sniffed.format : null;
    },
    async imageHeader() {
      let header = readImageHeader(await head(SNIFF_BYTES));
      // At least twice as much each time, so a header far into the file takes few reads and copies.
      while (header.state === "incomplete" && header.need > read && !done) {
        header = readImageHeader(await head(Math.max(header.need, read * 2)));
      }
      return header;
    },
    stream: () => Readable.from(all()),
    discard: () => {
      void (async () => {
        try {
          for (;;) if ((await iterator.next()).done) return;
        } catch {
          // the connection is gone; nothing to drain
        }
      })();
    },
  };
}

/** Uploads: checked by size while streaming and by magic bytes, stored under random names, owner-scoped. */
export class FilesService {
  constructor(
    private readonly files: FilesRepository,
    private readonly storage: ObjectStorage,
    private readonly logger: Logger,
    private readonly options: {
      maxBytes?: number;
      urlTtlSeconds: number;
      /** Checks each upload whole before it is kept (the media layer, on a scratch copy). */
      checker: UploadChecker;
      /** Whether a video still being made reads the file. */
      inUse?: (userId: string, fileId: string) => Promise<boolean>;
    },
  ) {}

  async upload(
    userId: string,
    type: FileType,
    originalFilename: string,
    body: AsyncIterable<Buffer | Uint8Array>,
  ): Promise<FileView> {
    const kind = UPLOAD_KINDS[type];
    const maxBytes = Math.min(this.options.maxBytes ?? Number.POSITIVE_INFINITY, uploadMaxBytes(type));
    const upload = await inspectUpload(body, maxBytes, kind.messages.tooLarge);
    const format = await upload.format();
    if (!uploadTakesFormat(type, format)) {
      upload.discard();
      throw new AppError("UNSUPPORTED_MEDIA", kind.messages.unsupported);
    }
    if (format.kind === "image") {
      // A picture's size is read from its headers before anything decodes it: a decompression bomb is
      // refused here, unread.
      const header = await upload.imageHeader();
      if (header.state !== "ok") {
        upload.discard();
        throw new AppError("UNSUPPORTED_MEDIA", kind.messages.unsupported);
      }
      if (imageTooLarge(header)) {
        upload.discard();
        throw new AppError("PAYLOAD_TOO_LARGE", messages.files.imageTooLarge);
      }
    }
    const stored = storedFormat(type, format);
    // A random name with the real format's extension; the user's name is kept for display only.
    const key = `${userId}/${type}/${crypto.randomUUID()}.${stored.ext}`;
    // Every upload is checked whole by the media layer before it is kept (a temporary copy, removed in any case).
    let checked: CheckedUpload;
    try {
      checked = await this.options.checker.check(upload.stream(), stored.ext, type);
    } catch (error) {
      upload.discard();
      throw error;
    }
    try {
      const size = await this.storage.put(key, checked.stream(), stored.mime);
      const row = await this.files.insert({
        userId,
        originalFilename: cleanFilename(originalFilename, stored.ext),
        path: key,
        type,
        mimeType: stored.mime,
        size,
      });
      return this.view(row);
    } catch (error) {
      // No orphans: an object without its row is removed (a failed write leaves nothing to begin with).
      await this.storage.delete(key).catch(() => {});
      throw error;
    } finally {
      await checked.remove();
    }
  }

  async list(userId: string, type?: FileType): Promise<FileView[]> {
    const rows = await this.files.list(userId, type);
    return Promise.all(rows.map((row) => this.view(row)));
  }

  /** The user's own file, or NOT_FOUND (also for another user's id: ownership is not revealed). */
  async get(userId: string, id: string): Promise<FileRow> {
    const row = UUID.test(id) ? await this.files.find(userId, id) : undefined;
    if (!row) throw new AppError("NOT_FOUND", messages.files.notFound);
    return row;
  }

  async delete(userId: string, id: string): Promise<void> {
    if (UUID.test(id) && (await this.options.inUse?.(userId, id))) {
      throw new AppError("CONFLICT", messages.files.inUse);
    }
    const row = UUID.test(id) ? await this.files.delete(userId, id) : undefined;
    if (!row) throw new AppError("NOT_FOUND", messages.files.notFound);
    try {
      await this.storage.delete(row.path);
    } catch (error) {
      // The row is gone, so the user sees the file deleted; the object is only unreachable garbage.
      this.logger.error({ err: error, key: row.path }, "could not delete a stored object");
    }
  }

  async view(row: FileRow): Promise<FileView> {
    return {
      id: row.id,
      original_filename: row.originalFilename,
      type: row.type as FileType,
      mime_type: row.mimeType,
      size: row.size,
      created_at: row.createdAt.toISOString(),
      url: await this.storage.signedUrl(row.path, { expiresInSeconds: this.options.urlTtlSeconds }),
    };
  }
}

/**
 * Writes an upload to a temporary file (its size still bounded as it streams) and has the media layer check it
 * whole against its kind (format, decodes to the end, the stream it needs, its measured length); refused uploads
 * leave nothing behind. Returns the checked copy, to be stored and then removed.
 */
/** A display name: no path, no control characters, at most 200 characters, never empty. */
/** The longest display name kept for an upload, in characters. */
export const FILENAME_MAX_CHARS = 200;

/**
 * The name an upload is shown under: its last path segment, NFC-normalized, without control or
 * bidirectional-override characters (a "gnp.exe" trick), cut at {@link FILENAME_MAX_CHARS} whole
 * characters (never half an emoji).
 */
export function cleanFilename(name: string, ext: string): string {
  const base = (name.split(/[\\/]/).pop() ?? "")
    .normalize("NFC")
    .replace(/[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ufeff]/gu, "")
    .trim();
  const cut = Array.from(base).slice(0, FILENAME_MAX_CHARS).join("").trim();
  return cut || `upload.${ext}`;
}
