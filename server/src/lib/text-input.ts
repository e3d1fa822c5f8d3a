import { messages } from "@reelsmith/core";
import type { MiddlewareHandler } from "hono";
import { AppError } from "./errors.ts";
import type { AppBindings } from "./types.ts";

/** `encoded` percent-decoded, or null when its encoding is malformed (`%zz`, a cut UTF-8 sequence). */
export function decodePath(encoded: string): string | null {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
}

/** Whether a parsed JSON value holds U+0000 in any string, key or value, at any depth. */
export function containsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === "string") {
      if (item.includes("\u0000")) return true;
    } else if (Array.isArray(item)) {
      pending.push(...item);
    } else if (item !== null && typeof item === "object") {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes("\u0000")) return true;
        pending.push(child);
      }
    }
  }
  return false;
}

/** Whether a request body (read from a copy, so its handler still gets it whole) carries U+0000 as text. */
async function bodyHasNul(request: Request): Promise<boolean> {
  const type = request.headers.get("content-type")?.toLowerCase() ?? "";
  // Uploads are binary; their file bytes may hold anything.
  if (!request.body || type.startsWith("multipart/") || type.startsWith("application/octet-stream")) return false;
  const text = await request.clone().text();
  if (text.includes("\u0000")) return true;
  if (type.startsWith("application/x-www-form-urlencoded")) return /%00/.test(text);
  if (!text.includes("\\u0000")) return false;
  try {
    return containsNul(JSON.parse(text));
  } catch {
    return false;
  }
}

/**
 * Text the database cannot store and paths that cannot be decoded are refused before any route sees
 * them: U+0000 in the path, the query or a JSON or form body answers 400 `VALIDATION_FAILED`
 * (PostgreSQL text cannot hold it); a path with malformed percent-encoding names nothing and answers
 * 404. Runs after the body limit, so a body it reads is already bounded.
 */
export function refuseUnreadableText(): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    // The request line's path and query: U+0000 can only arrive there percent-encoded.
    if (/%00/.test(c.req.url)) throw new AppError("VALIDATION_FAILED", messages.common.nulCharacter);
    if (decodePath(new URL(c.req.url).pathname) === null) throw new AppError("NOT_FOUND", "Not found.");
    if (c.req.method !== "GET" && c.req.method !== "HEAD" && (await bodyHasNul(c.req.raw))) {
      throw new AppError("VALIDATION_FAILED", messages.common.nulCharacter);
    }
    await next();
  };
}
