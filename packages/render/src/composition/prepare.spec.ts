import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FONT_FACES, fontFile } from "../captions/fonts.ts";
import { type FontSet, makeFontSet } from "../captions/testing/font-set.ts";
import { CaptionTextError } from "../captions/text-safety.ts";
import { RenderError } from "../errors.ts";
import { prepareComposition } from "./prepare.ts";
import { parseComposition } from "./schema.ts";

let dir: string;
let latinOnly: FontSet;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "prepare-spec-"));
  // "The machine's fonts" of the undrawable-letter case: one Latin font, whatever is installed here.
  latinOnly = await makeFontSet(FONT_FACES.filter((f) => f.family === "Inter SemiBold").map(fontFile));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await latinOnly.remove();
});

const captioned = (texts: string[]) =>
  parseComposition({
    duration: 4,
    captions: {
      style: "modern-bold",
      words: texts.map((text, i) => ({ text, start: 0.2 + i * 0.5, end: 0.6 + i * 0.5 })),
    },
  });

describe("prepareComposition captions", () => {
  it("keeps every letter of a Latin script whatever fonts the machine has", async () => {
    const { subtitles, warnings } = await prepareComposition(captioned(["The", "quick", "brown", "fox", "42"]), dir);
    const ass = await readFile(subtitles?.path ?? "", "utf8");
    for (const word of ["THE", "QUICK", "BROWN", "FOX", "42"]) expect(ass).toContain(`}${word}`);
    expect(warnings).toEqual([]);
  });

  it("drops an emoji with a warning but fails on a letter no font can draw", async () => {
    const ok = await prepareComposition(captioned(["wow🔥"]), dir);
    expect(ok.warnings.join(" ")).toContain("🔥");
    // U+16A40, a Mro letter: neither the caption font nor the machine's fonts (a set of this test's) have it.
    latinOnly.use();
    const failure = await prepareComposition(captioned(["hello", "\u{16A40}\u{16A41}"]), dir)
      .catch((e: unknown) => e)
      .finally(() => latinOnly.restore());
    expect(failure).toBeInstanceOf(CaptionTextError);
    expect(failure).toBeInstanceOf(RenderError);
    expect((failure as RenderError).code).toBe("UNDRAWABLE_TEXT");
    expect((failure as Error).message).toContain("U+16A40");
  });
});
