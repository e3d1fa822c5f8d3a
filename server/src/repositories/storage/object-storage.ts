import crypto from "node:crypto";
import { Readable } from "node:stream";

export interface ObjectInfo {
  size: number;
  contentType: string;
}

export interface SignedUrlOptions {
  /** Seconds the URL stays valid. */
  expiresInSeconds: number;
  /** Served as an attachment with this file name (downloads). */
  downloadName?: string;
}

/**
 * Where uploads and rendered videos live: local disk in the embedded default, an S3-compatible
 * bucket in scale-out. Keys are chosen by the server (`<userId>/<random>.<ext>`), never by users.
 */
export interface ObjectStorage {
  readonly driver: "local" | "s3";
  /** Stores a stream; resolves with the number of bytes written. */
  put(key: string, body: Readable, contentType: string): Promise<number>;
  /** Stores a local file (rendered videos, thumbnails). */
  putFile(key: string, file: string, contentType: string): Promise<number>;
  stat(key: string): Promise<ObjectInfo | null>;
  /** Copies an object to another key, with its content type (in the bucket itself where there is one). */
  copy(from: string, to: string): Promise<void>;
  /** Copies the object to a local file (ffmpeg reads inputs from disk). */
  download(key: string, destination: string): Promise<void>;
  /** The object's bytes as a stream (a batch's ZIP reads its videos one after another). */
  read(key: string): Promise<Readable>;
  /** Idempotent: deleting a missing object succeeds. */
  delete(key: string): Promise<void>;
  /** A URL that reads the object until it expires, with HTTP Range support. */
  signedUrl(key: string, options: SignedUrlOptions): Promise<string>;
}

/** Keys are server-chosen paths of safe segments; anything else is a bug or an attack. */
export function assertSafeKey(key: string): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/.test(key) || key.includes("..")) {
    throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
  }
}

/**
 * Whether the storage takes writes right now (a full disk, a root that is gone, a bucket refusing): a
 * small probe object under a fresh key is written and removed.
 */
export async function storageWritable(storage: ObjectStorage): Promise<boolean> {
  const key = `health-probe-${crypto.randomUUID()}`;
  try {
    await storage.put(key, Readable.from([Buffer.from("ok")]), "text/plain");
    await storage.delete(key);
    return true;
  } catch {
    await storage.delete(key).catch(() => undefined);
    return false;
  }
}
