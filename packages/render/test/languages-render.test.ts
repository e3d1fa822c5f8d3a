import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createCanvas } from "@napi-rs/canvas";
import { captionStyle, type LanguageId, redditInputSchema, wordsOf } from "@reelsmith/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { displayText, layoutCaptions } from "../src/captions/ass.ts";
import { styleFace } from "../src/captions/fonts.ts";
import { canvasMeasure, captionMeasureFont, cardFont } from "../src/captions/measure.ts";
import { inkGrid, inkOverlap, rgbaInkGrid } from "../src/captions/testing/ink.ts";
import { produceVideo } from "../src/pipeline/produce.ts";
import { createTtsProvider } from "../src/tts/factory.ts";
import { ffmpeg, frameAt } from "./fixtures.ts";

/**
 * Whole Reddit stories in five languages, rendered by the engine with the offline voices: every word of the script is
 * spoken and timed, and each caption as it appears in the video's frames has the shapes HarfBuzz gives the same word in
 * Skia (joined Arabic, Devanagari conjuncts, Japanese and accented Latin letters in their order), not the same letters
 * drawn apart or backwards, nor boxes. The caption style shows one word at a time, white on a plain background, so a
 * frame's caption is its word alone.
 */

const STORIES: Record<string, { title: string; script: string; wrong: (word: string) => string }> = {
  arabic: {
    title: "هل أنا المخطئ؟",
    script: "استعار جاري السلم مرة أخرى. لم يعده أبدا. لذلك خبأته في المرآب.",
    // Forced apart by a zero-width non-joiner: the isolated forms an engine without shaping draws.
    wrong: (word) => [...word].join("\u200c"),
  },
  hindi: {
    title: "क्या मैं गलत हूँ?",
    script: "मेरे पड़ोसी ने फिर से सीढ़ी उधार ली। उसने कभी वापस नहीं की। इसलिए मैंने उसे छिपा दिया।",
    wrong: (word) => [...word].join("\u200c"),
  },
  japanese: {
    title: "私は悪いですか？",
    script: "隣の人がまたはしごを借りました。一度も返してくれませんでした。だからガレージに隠しました。",
    wrong: (word) => [...word].reverse().join(""),
  },
  spanish: {
    title: "¿Soy el malo?",
    script: "Mi vecino pidió la escalera otra vez. Nunca la devolvió. Así que la escondí en el garaje.",
    wrong: (word) => [...word].reverse().join(""),
  },
  german: {
    title: "Bin ich das Problem?",
    script: "Mein Nachbar lieh sich wieder die Leiter. Er gab sie nie zurück. Also versteckte ich sie in der Garage.",
    wrong: (word) => [...word].reverse().join(""),
  },
};

const STYLE = captionStyle("shadow");
const SIZE = { w: 720, h: 1280 };

/** The bright ink of a region of an RGB frame (in the 1080x1920 script's pixels) as a grid. */
function frameInk(rgb: Buffer, region: { x: number; y: number; w: number; h: number }): Uint8Array {
  const k = SIZE.w / 1080;
  const left = Math.max(0, Math.round(region.x * k));
  const top = Math.max(0, Math.round(region.y * k));
  const width = Math.min(SIZE.w - left, Math.round(region.w * k));
  const height = Math.min(SIZE.h - top, Math.round(region.h * k));
  const bright = (x: number, y: number) => {
    const i = ((top + y) * SIZE.w + left + x) * 3;
    return (rgb[i] ?? 0) > 150 && (rgb[i + 1] ?? 0) > 150 && (rgb[i + 2] ?? 0) > 150;
  };
  return inkGrid(bright, width, height);
}

/**
 * The word as Skia draws it with HarfBuzz, in the style's face and its fallbacks at the weight the captions name for
 * them, white on black.
 */
function skiaInk(text: string): Uint8Array {
  // Letters the face has are drawn at its own weight (a higher one would be emboldened), the others at the fallbacks'.
  const face = styleFace(STYLE);
  const own = /^[\p{Script=Latin}\p{P}\p{N}\s]*$/u.test(text);
  const [w, h] = [1400, 300];
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#000";
  ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = "#fff";
  ctx.font = own ? cardFont(face, 110) : captionMeasureFont(face, 110);
  ctx.textAlign = "center";
  ctx.fillText(text, w / 2, 200);
  const { data } = ctx.getImageData(0, 0, w, h);
  return rgbaInkGrid(data, w, h);
}

let dir: string;
/** A plain dark clip as the creator's own background, so only the caption is bright in its band. */
let plain: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "languages-render-"));
  plain = join(dir, "plain.mp4");
  await ffmpeg([
    ...["-f", "lavfi", "-i", "color=c=0x102030:s=1080x1920:r=30:d=4"],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", plain],
  ]);
}, 60_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("a Reddit story in five languages", () => {
  const tts = createTtsProvider({ ...process.env, TTS_PROVIDER: "offline" });

  it.each(Object.keys(STORIES))(
    "%s: every word is spoken and timed, and each caption in the frames is shaped and ordered as HarfBuzz draws it",
    async (language) => {
      const story = STORIES[language] as (typeof STORIES)[string];
      const input = redditInputSchema.parse({
        username: "quietneighbor",
        post_title: story.title,
        script: story.script,
        caption_style: STYLE.id,
        background_file_id: "00000000-0000-4000-8000-000000000001",
        background_music: "no-music",
        voice: "nova",
        language,
      });
      const result = await produceVideo({
        type: "reddit",
        input,
        assets: { background: null, ownBackground: plain, music: null },
        tts,
        workDir: await mkdtemp(join(dir, `${language}-`)),
        draft: true,
      });
      const captions = result.composition.captions;
      expect(captions?.language).toBe(language);
      const words = captions?.words ?? [];
      // The voice spoke every word of the script, each timed in order.
      expect(words.map((w) => w.text)).toEqual(wordsOf(story.script, language as LanguageId));
      for (const [i, word] of words.entries()) {
        expect(word.end, word.text).toBeGreaterThan(word.start);
        if (i > 0) expect(word.start, word.text).toBeGreaterThanOrEqual(words[i - 1]?.start ?? 0);
      }
      expect(words.at(-1)?.end ?? 0).toBeLessThanOrEqual(result.durationS);

      // Each caption as the engine groups it, shown long enough to sit still (after its pop), against the same words
      // drawn right and drawn wrong.
      const y = (captions?.position ?? STYLE.position) * 1920;
      const groups = layoutCaptions(words, STYLE, canvasMeasure, y, language).filter((g) => g.end - g.start >= 0.35);
      expect(groups.length).toBeGreaterThanOrEqual(3);
      for (const group of groups.slice(0, 3)) {
        const frame = await frameAt(result.videoPath, group.start + (group.end - group.start) * 0.65, SIZE);
        // Each word where the engine placed it, up to halfway to its neighbours' edges (only the caption is bright after
        // the title's card).
        const edges = group.words
          .map((w) => [w.x - w.width / 2, w.x + w.width / 2] as const)
          .sort((a, b) => a[0] - b[0]);
        for (const word of group.words) {
          const left = word.x - word.width / 2;
          const right = word.x + word.width / 2;
          const before = edges.filter(([, end]) => end <= left + 1).at(-1)?.[1];
          const after = edges.find(([start]) => start >= right - 1)?.[0];
          const from = before === undefined ? left - 150 : (before + left) / 2;
          const to = after === undefined ? right + 150 : (after + right) / 2;
          const h = STYLE.fontSize * group.scale * 1.8;
          const region = { x: from, y: word.y - h / 2, w: to - from, h };
          const burned = frameInk(frame, region);
          const text = displayText(word.text, STYLE);
          const drawn = skiaInk(text);
          const misdrawn = skiaInk(story.wrong(text));
          const same = inkOverlap(burned, drawn);
          expect(same, `${language} "${text}"`).toBeGreaterThan(0.6);
          // Where drawing it wrong changes its look (not a one-letter word, nor a vowel sign that joins anyway).
          if (inkOverlap(drawn, misdrawn) < 0.8) {
            expect(same - inkOverlap(burned, misdrawn), `${language} "${text}" drawn wrong`).toBeGreaterThan(0.1);
          }
        }
      }
    },
    180_000,
  );
});
