import fs from "node:fs";
import fsp from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { AwsClient } from "aws4fetch";
import { assertSafeKey, type ObjectInfo, type ObjectStorage, type SignedUrlOptions } from "./object-storage.ts";

export interface S3Config {
  /** e.g. https://s3.eu-central-1.amazonaws.com, https://<account>.r2.cloudflarestorage.com, http://127.0.0.1:9000 */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (MinIO, most self-hosted servers) instead of the host name. */
  forcePathStyle: boolean;
}

export class S3StorageError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "S3StorageError";
  }
}

/**
 * Any S3-compatible bucket, through signed HTTP requests (AWS Signature V4). Reads by browsers go
 * straight to the bucket with presigned, expiring URLs, which support Range requests.
 */
export class S3Storage implements ObjectStorage {
  readonly driver = "s3" as const;
  readonly #client: AwsClient;

  constructor(private readonly config: S3Config) {
    this.#client = new AwsClient({
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      service: "s3",
      region: config.region,
    });
  }

  /** The origin stored objects (and their signed URLs) are served from: pages load media from it. */
  get origin(): string {
    return new URL(this.#url("o")).origin;
  }

  #url(key: string): string {
    assertSafeKey(key);
    const endpoint = new URL(this.config.endpoint);
    const encoded = key.split("/").map(encodeURIComponent).join("/");
    if (this.config.forcePathStyle) {
      return `${endpoint.origin}${endpoint.pathname.replace(/\/$/, "")}/${this.config.bucket}/${encoded}`;
    }
    return `${endpoint.protocol}//${this.config.bucket}.${endpoint.host}/${encoded}`;
  }

  async #check(response: Response, action: string, key: string): Promise<Response> {
    if (response.ok) return response;
    const detail = (await response.text().catch(() => "")).slice(0, 300);
    throw new S3StorageError(`S3 ${action} ${key} failed with ${response.status}: ${detail}`, response.status);
  }

  async put(key: string, body: Readable, contentType: string): Promise<number> {
    // S3 needs the length up front: collect the (size-limited) upload in memory.
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
    const data = Buffer.concat(chunks);
    await this.#check(
      await this.#client.fetch(this.#url(key), {
        method: "PUT",
        body: data,
        headers: { "content-type": contentType, "content-length": String(data.length) },
      }),
      "PUT",
      key,
    );
    return data.length;
  }

  async putFile(key: string, file: string, contentType: string): Promise<number> {
    const size = (await fsp.stat(file)).size;
    const body = await fsp.readFile(file);
    await this.#check(
      await this.#client.fetch(this.#url(key), {
        method: "PUT",
        body,
        headers: { "content-type": contentType, "content-length": String(size) },
      }),
      "PUT",
      key,
    );
    return size;
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    const response = await this.#client.fetch(this.#url(key), { method: "HEAD" });
    if (response.status === 404) return null;
    await this.#check(response, "HEAD", key);
    return {
      size: Number(response.headers.get("content-length") ?? 0),
      contentType: response.headers.get("content-type") ?? "application/octet-stream",
    };
  }

  async copy(from: string, to: string): Promise<void> {
    // CopyObject: the bucket copies the object and its metadata (content type) itself.
    const source = `/${this.config.bucket}/${from.split("/").map(encodeURIComponent).join("/")}`;
    assertSafeKey(from);
    await this.#check(
      await this.#client.fetch(this.#url(to), { method: "PUT", headers: { "x-amz-copy-source": source } }),
      "COPY",
      `${from} -> ${to}`,
    );
  }

  async download(key: string, destination: string): Promise<void> {
    const response = await this.#check(await this.#client.fetch(this.#url(key)), "GET", key);
    if (!response.body) throw new S3StorageError(`S3 GET ${key} returned no body`, response.status);
    await pipeline(Readable.fromWeb(response.body as never), fs.createWriteStream(destination));
  }

  async read(key: string): Promise<Readable> {
    const response = await this.#check(await this.#client.fetch(this.#url(key)), "GET", key);
    if (!response.body) throw new S3StorageError(`S3 GET ${key} returned no body`, response.status);
    return Readable.fromWeb(response.body as never);
  }

  async delete(key: string): Promise<void> {
    const response = await this.#client.fetch(this.#url(key), { method: "DELETE" });
    if (response.status === 404) return;
    await this.#check(response, "DELETE", key);
  }

  async signedUrl(key: string, options: SignedUrlOptions): Promise<string> {
    const url = new URL(this.#url(key));
    url.searchParams.set("X-Amz-Expires", String(Math.max(1, Math.min(604_800, options.expiresInSeconds))));
    if (options.downloadName) {
      url.searchParams.set("response-content-disposition", contentDisposition(options.downloadName));
    }
    const signed = await this.#client.sign(new Request(url), { aws: { signQuery: true } });
    return signed.url;
  }
}

/** `attachment` with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
