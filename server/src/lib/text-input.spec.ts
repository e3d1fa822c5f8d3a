import { describe, expect, it } from "vitest";
import { containsNul, decodePath } from "./text-input.ts";

describe("containsNul", () => {
  it("finds U+0000 in any string, key or value, at any depth", () => {
    expect(containsNul({ a: [1, { b: "x\u0000" }] })).toBe(true);
    expect(containsNul({ "k\u0000": 1 })).toBe(true);
    expect(containsNul(["\u0000"])).toBe(true);
    expect(containsNul({ a: [1, null, true, { b: "\\u0000" }] })).toBe(false);
  });

  it("walks nesting far deeper than the call stack allows", () => {
    const depth = 200_000;
    const deep = JSON.parse(`${"[".repeat(depth)}"\\u0000"${"]".repeat(depth)}`);
    expect(containsNul(deep)).toBe(true);
  });
});

describe("decodePath", () => {
  it("decodes valid percent-encoding and answers null for malformed", () => {
    expect(decodePath("/a%20b/%C3%A9")).toBe("/a b/é");
    expect(decodePath("/%zz")).toBeNull();
    expect(decodePath("/%E0%A4%A")).toBeNull();
  });
});
