import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalStorage } from "./local-storage.ts";
import { assertSafeKey, storageWritable } from "./object-storage.ts";
import { contentDisposition, S3Storage } from "./s3-storage.ts";
import { UrlSigner } from "./url-signer.ts";

async function chunksOf(stream: Readable): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return chunks;
}

describe("storage keys", () => {
  it("refuses traversal and odd characters", () => {
    expect(() => assertSafeKey("u1/audio-file/abc.mp3")).not.toThrow();
    for (const bad of ["../etc/passwd", "a/../b", "/abs", "a//b", "a/.hidden", "a b", "a\\b", ""]) {
      expect(() => assertSafeKey(bad), bad).toThrow(/Unsafe storage key/);
    }
  });
});

describe("UrlSigner", () => {
  it("signs key, expiry and download name; refuses any change and expired links", () => {
    let now = 1_700_000_000_000;
    const signer = new UrlSigner("secret-secret-secret-secret-secret-00", "/api/media", () => now);
    const url = new URL(signer.sign("u1/v/a.mp4", 60, "My video.mp4"), "http://x");
    const q = Object.fromEntries(url.searchParams) as { expires: string; sig: string; download?: string };
    expect(url.pathname).toBe("/api/media/u1/v/a.mp4");
    expect(signer.verify("u1/v/a.mp4", q)).toBe("ok");
    expect(signer.verify("u1/v/b.mp4", q)).toBe("invalid");
    expect(signer.verify("u1/v/a.mp4", { ...q, expires: String(Number(q.expires) + 3600) })).toBe("invalid");
    expect(signer.verify("u1/v/a.mp4", { ...q, download: "other.mp4" })).toBe("invalid");
    expect(signer.verify("u1/v/a.mp4", { ...q, sig: `${q.sig.slice(0, -1)}A` })).toBe("invalid");
    expect(signer.verify("u1/v/a.mp4", { expires: q.expires })).toBe("invalid");
    const other = new UrlSigner("another-secret-another-secret-000000", "/api/media", () => now);
    expect(other.verify("u1/v/a.mp4", q)).toBe("invalid");
    now += 61_000;
    expect(signer.verify("u1/v/a.mp4", q)).toBe("expired");
  });
});

describe("LocalStorage", () => {
  it("writes atomically, reads back, and leaves nothing behind when the stream fails", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "reelsmith-local-"));
    const storage = new LocalStorage(root, new UrlSigner("secret-secret-secret-secret-secret-00"));
    expect(await storage.put("u1/a.txt", Readable.from([Buffer.from("hello")]), "text/plain")).toBe(5);
    expect(await storage.stat("u1/a.txt")).toEqual({ size: 5, contentType: "text/plain" });
    const failing = new Readable({
      read() {
        this.push(Buffer.from("partial"));
        this.destroy(new Error("client went away"));
      },
    });
    await expect(storage.put("u1/b.txt", failing, "text/plain")).rejects.toThrow("client went away");
    expect(await storage.stat("u1/b.txt")).toBeNull();
    expect(fs.readdirSync(path.join(root, "u1")).sort()).toEqual(["a.txt", "a.txt.type"]);
    await storage.copy("u1/a.txt", "u2/copy.txt");
    expect(await storage.stat("u2/copy.txt")).toEqual({ size: 5, contentType: "text/plain" });
    expect(fs.readFileSync(path.join(root, "u2/copy.txt"), "utf8")).toBe("hello");
    expect(Buffer.concat(await chunksOf(await storage.read("u2/copy.txt"))).toString()).toBe("hello");
    await expect(storage.read("u2/missing.txt")).rejects.toThrow();
    await expect(storage.copy("u1/missing.txt", "u2/x.txt")).rejects.toThrow();
    expect(await storage.stat("u2/x.txt")).toBeNull();
    await storage.delete("u1/a.txt");
    await storage.delete("u1/a.txt");
    expect(await storage.stat("u1/a.txt")).toBeNull();
  });
});

describe("S3Storage against a local S3-compatible server", () => {
  let server: S3rver;
  let storage: S3Storage;
  let config: ConstructorParameters<typeof S3Storage>[0];
  beforeAll(async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "reelsmith-s3-"));
    server = new S3rver({
      port: 0,
      address: "127.0.0.1",
      silent: true,
      directory,
      configureBuckets: [{ name: "media", configs: [] }],
    });
    const { port } = await server.run();
    config = {
      endpoint: `http://127.0.0.1:${port}`,
      region: "us-east-1",
      bucket: "media",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    };
    storage = new S3Storage(config);
  });
  afterAll(async () => {
    await server.close();
  });

  it("puts, stats, serves ranges through presigned URLs, downloads and deletes", async () => {
    const size = await storage.put("u1/f/a.bin", Readable.from([Buffer.from("0123456789")]), "application/x-test");
    expect(size).toBe(10);
    expect(await storage.stat("u1/f/a.bin")).toEqual({ size: 10, contentType: "application/x-test" });

    const url = await storage.signedUrl("u1/f/a.bin", { expiresInSeconds: 300, downloadName: "Clip é.mp4" });
    const parsed = new URL(url);
    expect(parsed.searchParams.get("X-Amz-Expires")).toBe("300");
    expect(parsed.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
    expect(parsed.searchParams.get("response-content-disposition")).toBe(contentDisposition("Clip é.mp4"));
    const ranged = await fetch(url, { headers: { range: "bytes=2-5" } });
    expect(ranged.status).toBe(206);
    expect(await ranged.text()).toBe("2345");

    const target = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "reelsmith-dl-")), "a.bin");
    await storage.download("u1/f/a.bin", target);
    expect(fs.readFileSync(target, "utf8")).toBe("0123456789");
    expect(Buffer.concat(await chunksOf(await storage.read("u1/f/a.bin"))).toString()).toBe("0123456789");
    await expect(storage.read("u1/f/missing.bin")).rejects.toThrow();

    await storage.copy("u1/f/a.bin", "u2/f/copy.bin");
    expect(await storage.stat("u2/f/copy.bin")).toEqual({ size: 10, contentType: "application/x-test" });
    await expect(storage.copy("u1/f/missing.bin", "u2/f/x.bin")).rejects.toThrow();

    await storage.delete("u1/f/a.bin");
    await storage.delete("u1/f/a.bin");
    expect(await storage.stat("u1/f/a.bin")).toBeNull();
  });

  it("takes the health check's probe, and a bucket that does not exist does not", async () => {
    expect(await storageWritable(storage)).toBe(true);
    expect(await storageWritable(new S3Storage({ ...config, bucket: "absent" }))).toBe(false);
  });
});
