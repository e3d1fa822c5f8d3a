import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertSafeKey, type ObjectInfo, type ObjectStorage, type SignedUrlOptions } from "./object-storage.ts";
import type { UrlSigner } from "./url-signer.ts";

/**
 * Objects as files under one root directory (`DATA_DIR/storage`). Writes go to a temporary name and
 * are renamed into place, so a reader never sees half a file and a failed upload leaves nothing.
 * The content type is kept beside the object in `<file>.type`.
 */
export class LocalStorage implements ObjectStorage {
  readonly driver = "local" as const;
  readonly #root: string;

  constructor(
    root: string,
    private readonly signer: UrlSigner,
  ) {
    this.#root = path.resolve(root);
  }

  /** The file behind a key (the media route streams it). */
  pathOf(key: string): string {
    assertSafeKey(key);
    const file = path.resolve(this.#root, key);
    if (!file.startsWith(this.#root + path.sep)) throw new Error(`Unsafe storage key: ${key}`);
    return file;
  }

  async put(key: string, body: Readable, contentType: string): Promise<number> {
    const file = this.pathOf(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.${Date.now()}.part`;
    try {
      await pipeline(body, fs.createWriteStream(temp, { flags: "wx" }));
      await fsp.writeFile(`${file}.type`, contentType);
      await fsp.rename(temp, file);
    } catch (error) {
      await fsp.rm(temp, { force: true });
      throw error;
    }
    return (await fsp.stat(file)).size;
  }

  async putFile(key: string, source: string, contentType: string): Promise<number> {
    return this.put(key, fs.createReadStream(source), contentType);
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    const file = this.pathOf(key);
    try {
      const stats = await fsp.stat(file);
      if (!stats.isFile()) return null;
      const contentType = await fsp.readFile(`${file}.type`, "utf8").catch(() => "application/octet-stream");
      return { size: stats.size, contentType };
    } catch {
      return null;
    }
  }

  async copy(from: string, to: string): Promise<void> {
    const info = await this.stat(from);
    if (!info) throw new Error(`No object to copy: ${from}`);
    await this.put(to, fs.createReadStream(this.pathOf(from)), info.contentType);
  }

  async download(key: string, destination: string): Promise<void> {
    await fsp.copyFile(this.pathOf(key), destination);
  }

  async read(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    await fsp.access(file);
    return fs.createReadStream(file);
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await fsp.rm(file, { force: true });
    await fsp.rm(`${file}.type`, { force: true });
  }

  async signedUrl(key: string, options: SignedUrlOptions): Promise<string> {
    assertSafeKey(key);
    return this.signer.sign(key, options.expiresInSeconds, options.downloadName);
  }
}
