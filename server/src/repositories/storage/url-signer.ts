import crypto from "node:crypto";

/**
 * HMAC-signed, expiring URLs for objects served by this server (the local driver). The signature
 * covers the key, the expiry and the download name, so none of them can be changed.
 */
export class UrlSigner {
  readonly #key: Buffer;

  constructor(
    secret: string,
    private readonly basePath = "/api/media",
    private readonly now: () => number = Date.now,
  ) {
    // A key of its own, derived from the app secret, so a storage URL can never stand in for a session.
    this.#key = crypto.createHmac("sha256", secret).update("reelsmith:storage-url:v1").digest();
  }

  #signature(key: string, expires: number, download: string): string {
    return crypto.createHmac("sha256", this.#key).update(`${key}\n${expires}\n${download}`).digest("base64url");
  }

  sign(key: string, expiresInSeconds: number, downloadName?: string): string {
    const expires = Math.floor(this.now() / 1000) + Math.max(1, Math.floor(expiresInSeconds));
    const params = new URLSearchParams({ expires: String(expires) });
    if (downloadName) params.set("download", downloadName);
    params.set("sig", this.#signature(key, expires, downloadName ?? ""));
    return `${this.basePath}/${key}?${params.toString()}`;
  }

  /** "ok", "expired" or "invalid" for a key and the query of a URL made by sign(). */
  verify(key: string, query: { expires?: string; sig?: string; download?: string }): "ok" | "expired" | "invalid" {
    const expires = Number(query.expires);
    if (!query.sig || !Number.isInteger(expires)) return "invalid";
    const expected = Buffer.from(this.#signature(key, expires, query.download ?? ""));
    const given = Buffer.from(query.sig);
    if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return "invalid";
    return expires * 1000 < this.now() ? "expired" : "ok";
  }
}
