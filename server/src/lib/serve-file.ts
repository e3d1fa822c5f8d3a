import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import type { Context } from "hono";
import { contentTypeOf } from "./content-types.ts";
import { parseRange } from "./http-range.ts";

/**
 * The one way the server answers with a file from disk (the web app's files, library clips, previews, showcase
 * clips, locally stored uploads and videos): its type from the extension unless given, `nosniff`, and a single
 * `Range: bytes=` request honoured (206, or 416 when unsatisfiable) so players can seek. Null when `file` is not a
 * regular file. `file` must already be known to be inside the directory it is served from (see `inside`).
 */
export async function serveFile(
  c: Context,
  file: string,
  headers: Record<string, string> & { "Content-Type"?: string; "Cache-Control": string },
): Promise<Response | null> {
  let size: number;
  try {
    const stats = await fsp.stat(file);
    if (!stats.isFile()) return null;
    size = stats.size;
  } catch {
    return null;
  }
  const base: Record<string, string> = {
    "Content-Type": contentTypeOf(file),
    "Accept-Ranges": "bytes",
    "X-Content-Type-Options": "nosniff",
    ...headers,
  };
  const range = parseRange(c.req.header("range"), size);
  if (range === "unsatisfiable") {
    return new Response(null, { status: 416, headers: { ...base, "Content-Range": `bytes */${size}` } });
  }
  const start = range?.start ?? 0;
  const end = range?.end ?? size - 1;
  base["Content-Length"] = String(size === 0 ? 0 : end - start + 1);
  if (range) base["Content-Range"] = `bytes ${start}-${end}/${size}`;
  const status = range ? 206 : 200;
  if (c.req.method === "HEAD" || size === 0) return new Response(null, { status, headers: base });
  return new Response(Readable.toWeb(fs.createReadStream(file, { start, end })) as ReadableStream, {
    status,
    headers: base,
  });
}

/** `relative` resolved inside `root`, or null when it would leave it. */
export function inside(root: string, relative: string): string | null {
  const resolvedRoot = path.resolve(root);
  const file = path.resolve(resolvedRoot, relative);
  return file.startsWith(resolvedRoot + path.sep) ? file : null;
}
