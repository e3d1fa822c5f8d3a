/** A byte range of a file or object, both ends inclusive. */
export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

/**
 * The one reading of a `Range` header (RFC 9110 section 14), used wherever the server answers with part of a file:
 * a single `bytes=a-b`, `bytes=a-` or `bytes=-n` against a size. Null when there is no header or it is not one
 * such range (several ranges, another unit, `bytes=-` with no number): the whole file is then sent, as the RFC lets a
 * server ignore a range it does not take. "unsatisfiable" when it starts past the end, ends before it starts, or asks
 * for the last 0 bytes (answer 416).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | "unsatisfiable" | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return null;
  let start: number;
  let end: number;
  if (match[1] === "") {
    // Suffix range: the last N bytes.
    const suffix = Number(match[2]);
    if (suffix === 0) return "unsatisfiable";
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}
