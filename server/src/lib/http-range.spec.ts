import { describe, expect, it } from "vitest";
import { parseRange } from "./http-range.ts";

describe("parseRange", () => {
  it("reads single byte ranges, suffixes and open ends, and refuses what cannot be served", () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange("bytes=0-9", 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange("bytes=90-", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=-10", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=50-500", 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange("bytes=100-", 100)).toBe("unsatisfiable");
    expect(parseRange("bytes=9-3", 100)).toBe("unsatisfiable");
    expect(parseRange("bytes=0-1,5-6", 100)).toBeNull();
    expect(parseRange("items=0-1", 100)).toBeNull();
    // Not a range (no number on either side): ignored, so the whole file is sent, never a 416.
    expect(parseRange("bytes=-", 100)).toBeNull();
    expect(parseRange("bytes=-0", 100)).toBe("unsatisfiable");
    expect(parseRange(" bytes=0-0 ", 100)).toEqual({ start: 0, end: 0 });
  });
});
