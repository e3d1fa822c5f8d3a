import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { CAPTION_STYLES } from "@reelsmith/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runFfmpeg } from "../ffmpeg/run.ts";
import { compileCaptions } from "./ass.ts";
import { FONT_FACES, findFace, fontFile, prepareFontsDir, styleFace } from "./fonts.ts";
import { CARD_FALLBACK_FAMILIES, canvasMeasure, captionMeasureFont, cardFont, fallbackWeight } from "./measure.ts";
import { makeFontSet } from "./testing/font-set.ts";
import { inkOverlap, rgbaInkGrid } from "./testing/ink.ts";
import { CharSet, droppedLetters, familyCharSet, loadTextCoverage, textSanitiser } from "./text-safety.ts";

/** A line in each script of the languages creators write in (issue list: Latin, Cyrillic, Arabic, Hebrew, ...). */
const SAMPLES: Record<string, string> = {
  Spanish: "¿Por qué nadie me avisó? Año increíble",
  German: "Größte Überraschung für Jürgen",
  Polish: "Zażółć gęślą jaźń",
  Turkish: "Işığı kapatmayı unuttuğun için",
  Russian: "Никто не ожидал такого финала",
  Arabic: "لم يتوقع أحد هذه النهاية",
  Hebrew: "אף אחד לא ציפה לסוף הזה",
  Hindi: "किसी ने ऐसे अंत की उम्मीद नहीं की थी",
  Thai: "ไม่มีใครคาดคิดตอนจบแบบนี้",
  Japanese: "誰もこの結末を予想していなかった",
  Korean: "아무도 이런 결말을 예상하지 못했다",
  Chinese: "没有人预料到这样的结局",
};

const letters = (text: string) => [...text].filter((ch) => /[\p{L}\p{N}]/u.test(ch));

describe("captions in every script creators write in", () => {
  it("lose no letter with any caption style: the style's font or an installed one draws each", async () => {
    const faces = new Set(CAPTION_STYLES.map((style) => styleFace(style)));
    for (const face of faces) {
      const clean = await textSanitiser([fontFile(face)]);
      for (const [language, text] of Object.entries(SAMPLES)) {
        const { dropped } = clean(text);
        expect(droppedLetters(dropped), `${language} in ${face.family}`).toEqual([]);
      }
    }
  });

  it("are checked before anything is made: only letters no font has are named, once each", async () => {
    const coverage = await loadTextCoverage();
    for (const [language, text] of Object.entries(SAMPLES)) expect(coverage.undrawable(text), language).toEqual([]);
    const kawi = String.fromCodePoint(0x11f04);
    expect(coverage.undrawable(`Hi 🔥 ${kawi}${kawi} \u{10FFFD} 42`)).toEqual([kawi]);
    // The installed fonts are what draws Korean: the engine's own faces alone have no Hangul.
    const ownOnly = await loadTextCoverage(async () => null);
    expect(ownOnly.undrawable("안녕하세요").length).toBeGreaterThan(0);
  });

  describe("burned in by libass", () => {
    let work: string;
    beforeAll(async () => {
      work = await mkdtemp(join(tmpdir(), "reelsmith-scripts-"));
    });
    afterAll(async () => {
      await rm(work, { recursive: true, force: true });
    });

    it("finds a font for every glyph (libass names each one it cannot draw)", async () => {
      const style = CAPTION_STYLES.find((s) => s.id === "fire") ?? CAPTION_STYLES[0];
      if (!style) throw new Error("no caption style");
      const words = Object.values(SAMPLES)
        .flatMap((line) => line.split(" "))
        .map((text, i) => ({ text, start: i * 0.05, end: i * 0.05 + 0.04 }));
      const { ass, face } = compileCaptions({ style, words, measure: canvasMeasure });
      const assPath = join(work, "scripts.ass");
      await writeFile(assPath, ass);
      const fonts = await prepareFontsDir(join(work, "fonts"), [face]);
      const end = (words.at(-1)?.end ?? 1) + 0.1;
      const burn = async () =>
        (
          await runFfmpeg(
            [
              "-hide_banner",
              "-nostdin",
              "-loglevel",
              "warning",
              "-f",
              "lavfi",
              "-i",
              `color=c=black:s=1080x1920:r=20:d=${end.toFixed(2)}`,
              "-vf",
              `ass=filename=${assPath}:fontsdir=${fonts}`,
              "-f",
              "null",
              "-",
            ],
            { niceness: 0 },
          )
        ).stderr;
      // The check sees a missing glyph: with the caption font alone, most of these scripts have none.
      const alone = await makeFontSet([fontFile(face)]);
      alone.use();
      try {
        expect(await burn()).toMatch(/failed to find any fallback with glyph/);
      } finally {
        await alone.remove();
      }
      // With the machine's fonts, every glyph of every script is found.
      expect(await burn()).not.toMatch(/failed to find any fallback/);
    });

    /**
     * The ink of `text` as libass burns it with `family`, and as Skia (HarfBuzz) draws it with the same font: each cut
     * to its ink and sampled on a 96x32 grid, so sizes and positions do not matter, only the shapes.
     */
    const libassInk = async (family: string, text: string): Promise<Uint8Array> => {
      const assPath = join(work, "word.ass");
      await writeFile(
        assPath,
        [
          "[Script Info]",
          "ScriptType: v4.00+",
          "PlayResX: 900",
          "PlayResY: 240",
          "",
          "[V4+ Styles]",
          "Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding",
          `Style: W,${family},110,&H00FFFFFF,&H00FFFFFF,&H00000000,&H00000000,-1,0,0,0,100,100,0,0,1,0,0,5,0,0,0,1`,
          "",
          "[Events]",
          "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text",
          `Dialogue: 0,0:00:00.00,0:00:01.00,W,,0,0,0,,{\\pos(450,120)}${text}`,
          "",
        ].join("\n"),
      );
      const png = join(work, "word.png");
      await runFfmpeg(
        [
          ...["-hide_banner", "-nostdin", "-loglevel", "error", "-f", "lavfi", "-i", "color=c=black:s=900x240:d=1"],
          ...["-vf", `ass=filename=${assPath}`, "-frames:v", "1", "-y", png],
        ],
        { niceness: 0 },
      );
      const image = await loadImage(await readFile(png));
      const canvas = createCanvas(900, 240);
      const ctx = canvas.getContext("2d");
      ctx.drawImage(image, 0, 0);
      return rgbaInkGrid(ctx.getImageData(0, 0, 900, 240).data, 900, 240);
    };
    const skiaInk = (family: string, text: string): Uint8Array => {
      const canvas = createCanvas(900, 240);
      const ctx = canvas.getContext("2d");
      ctx.fillStyle = "#000";
      ctx.fillRect(0, 0, 900, 240);
      ctx.fillStyle = "#fff";
      ctx.font = `700 110px "${family}"`;
      ctx.textAlign = "center";
      ctx.fillText(text, 450, 160);
      return rgbaInkGrid(ctx.getImageData(0, 0, 900, 240).data, 900, 240);
    };

    // Each word beside the same letters drawn wrong: forced apart by a zero-width non-joiner between each (isolated
    // Arabic forms; Devanagari's virama and vowel signs on their own instead of the conjunct स्त), or left to right in
    // the order they are stored (Hebrew). Measured: 0.90/0.92/0.94 alike against 0.32/0.28/0.32 for the wrong ones.
    const apart = (word: string) => [...word].join("\u200c");
    const stored = (word: string) => `\u202d${word}\u202c`;
    it.each([
      ["Arabic", "Noto Sans Arabic", "النهاية", apart],
      ["Hindi", "Noto Sans Devanagari", "नमस्ते", apart],
      ["Hebrew", "Noto Sans Hebrew", "לסוף", stored],
    ])("shape and order %s as HarfBuzz does in Skia", async (_language, family, word, wrong) => {
      const burned = await libassInk(family, word);
      const same = inkOverlap(burned, skiaInk(family, word));
      expect(same).toBeGreaterThan(0.7);
      expect(same - inkOverlap(burned, skiaInk(family, wrong(word)))).toBeGreaterThan(0.15);
    });
  });
});

/** The ink of a line of text in a font. */
function ink(font: string, text: string): number {
  const canvas = createCanvas(1400, 120);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#fff";
  ctx.font = font;
  ctx.fillText(text, 10, 90);
  const { data } = ctx.getImageData(0, 0, 1400, 120);
  let sum = 0;
  for (let i = 3; i < data.length; i += 4) sum += data[i] ?? 0;
  return sum;
}

describe("cards in every script creators write in", () => {
  it("fall back to installed families that together draw every letter", async () => {
    const sets: CharSet[] = [];
    for (const family of CARD_FALLBACK_FAMILIES) {
      const set = await familyCharSet(family);
      expect(set?.spans.length ?? 0, `${family} is installed`).toBeGreaterThan(0);
      if (set) sets.push(set);
    }
    const covered = CharSet.union(sets);
    for (const [language, text] of Object.entries(SAMPLES)) {
      const missing = letters(text).filter((ch) => !covered.has(ch.codePointAt(0) ?? 0));
      expect(missing, language).toEqual([]);
    }
  });

  it("draw a script the face lacks at the face's weight (a bold card stays bold in Hindi or Korean)", () => {
    const bold = FONT_FACES.find((f) => f.weight >= 700);
    if (!bold) throw new Error("no bold face");
    for (const language of ["Hindi", "Korean"] as const) {
      const text = SAMPLES[language] ?? "";
      const regular = cardFont({ ...bold, weight: 400 }, 56);
      expect(ink(cardFont(bold, 56), text), language).toBeGreaterThan(ink(regular, text) * 1.15);
    }
  });

  it("measure a caption's other scripts at the weight the face looks (a black display face gets bold Hindi)", () => {
    // Archivo Black's family calls it 400, but it is as heavy as faces come; IBM Plex Sans 400 is a text weight.
    const black = findFace("Archivo Black", 400, false);
    const light = findFace("IBM Plex Sans", 400, false);
    expect(fallbackWeight(black)).toBe(700);
    expect(fallbackWeight(light)).toBe(400);
    expect(fallbackWeight(findFace("Montserrat Black", 900, false))).toBe(700);
    const text = SAMPLES.Hindi ?? "";
    expect(ink(captionMeasureFont(black, 56), text)).toBeGreaterThan(ink(cardFont(black, 56), text) * 1.15);
  });

  it("draw each letter as a glyph, never as the box a character no font has is drawn as", () => {
    const face = styleFace(CAPTION_STYLES[0] as (typeof CAPTION_STYLES)[number]);
    const font = cardFont(face, 48);
    const canvas = createCanvas(80, 80);
    const ctx = canvas.getContext("2d");
    const pixels = (ch: string) => {
      ctx.clearRect(0, 0, 80, 80);
      ctx.fillStyle = "#fff";
      ctx.font = font;
      ctx.fillText(ch, 10, 60);
      return Buffer.from(ctx.getImageData(0, 0, 80, 80).data).toString("base64");
    };
    // A private-use character no font has: what a missing glyph looks like in this font list.
    const box = pixels("\u{10FFFD}");
    for (const [language, text] of Object.entries(SAMPLES)) {
      const boxed = [...new Set(text)].filter((ch) => /\p{L}/u.test(ch) && pixels(ch) === box);
      expect(boxed, language).toEqual([]);
    }
  });
});
