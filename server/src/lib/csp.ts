import crypto from "node:crypto";

/** What API responses, files and anything else that is not a page get: nothing may load or frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

export interface PageCspSources {
  /** Third-party scripts the operator configured (ANALYTICS_SCRIPT_URL, ANALYTICS_PIXEL_SCRIPT_URL). */
  scriptUrls?: readonly string[];
  /** Where stored media is served from when it is not this origin (the S3 bucket's origin). */
  mediaOrigins?: readonly string[];
}

function originOf(url: string): string | undefined {
  try {
    const { protocol, origin } = new URL(url);
    return protocol === "https:" || protocol === "http:" ? origin : undefined;
  } catch {
    return undefined;
  }
}

function originsOf(urls: readonly string[] | undefined): string[] {
  return [...new Set((urls ?? []).map(originOf).filter((o): o is string => o !== undefined))];
}

/** A fresh nonce for one HTML response. */
export function cspNonce(): string {
  return crypto.randomBytes(16).toString("base64");
}

/**
 * The Content-Security-Policy of the app's HTML pages, for one response's nonce. Scripts: this origin,
 * the inline scripts the server marks with the nonce (the theme script, the pre-rendered pages'
 * hydration data) and the configured analytics scripts' origins. Styles allow inline: pre-rendered
 * markup and the UI kit set style attributes. Media and images: this origin, the bucket, `blob:`
 * (object URLs of uploads, canvases) and `data:`. Nothing may frame a page.
 */
export function pageCsp(nonce: string, sources: PageCspSources = {}): string {
  const analytics = originsOf(sources.scriptUrls);
  const media = originsOf(sources.mediaOrigins);
  const list = (...values: string[]) => [...new Set(values)].join(" ");
  return [
    "default-src 'self'",
    `script-src ${list("'self'", `'nonce-${nonce}'`, ...analytics)}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${list("'self'", "data:", "blob:", ...media, ...analytics)}`,
    `media-src ${list("'self'", "data:", "blob:", ...media)}`,
    `connect-src ${list("'self'", "data:", "blob:", ...media, ...analytics)}`,
    "font-src 'self' data:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Marks every `<script>` element of a page the server built with the response's nonce. */
export function withNonce(html: string, nonce: string): string {
  return html.replace(/<script(?=[\s>])(?![^>]*\snonce=)/g, `<script nonce="${nonce}"`);
}
