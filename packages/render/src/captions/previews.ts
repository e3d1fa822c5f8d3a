import { mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CAPTION_STYLES, type CaptionStyle, type CaptionStyleId } from "@reelsmith/core";
import { renderBackdrop } from "../cards/backdrop.ts";
import { runFfmpeg } from "../ffmpeg/run.ts";
import { type CaptionGroup, compileCaptions } from "./ass.ts";
import { prepareFontsDir, styleFace } from "./fonts.ts";
import { canvasMeasure } from "./measure.ts";

/**
 * Preview pictures of the caption styles, drawn by the real pipeline (the style's ASS through
 * ffmpeg and libass), so a preview is exactly what a video shows.
 */

export const PREVIEW_PHRASE = ["Make", "every", "word", "count"] as const;
export const PREVIEW_WORD = "Viral";

export interface StylePreview {
  id: CaptionStyleId;
  name: string;
  fontLabel: string;
  /** File names inside the previews folder. */
  image: string;
  singleWordImage: string;
}

/** A 1080x1920 frame cropped to the caption band, as the picker shows it. */
const CROP = { phrase: { w: 1080, h: 560 }, word: { w: 720, h: 420 } } as const;

async function renderOne(
  style: CaptionStyle,
  words: string[],
  wordsPerGroup: CaptionStyle["wordsPerGroup"],
  crop: { w: number; h: number },
  backdrop: string,
  work: string,
  out: string,
  signal?: AbortSignal,
): Promise<void> {
  const step = 0.45;
  const timed = words.map((text, i) => ({ text, start: 0.2 + i * step, end: 0.2 + (i + 1) * step - 0.05 }));
  const previewStyle = { ...style, wordsPerGroup, position: 0.5 };
  const { ass, face, groups } = compileCaptions({ style: previewStyle, words: timed, measure: canvasMeasure });
  const assPath = join(work, `${style.id}-${words.length}.ass`);
  await writeFile(assPath, ass);
  const fonts = await prepareFontsDir(join(work, "fonts"), [face]);
  // The fullest group, once its last word has settled in and is still the one being spoken.
  const fullest = groups.reduce(
    (best, g) => (g.words.length > best.words.length ? g : best),
    groups[0] as CaptionGroup,
  );
  const at = Math.min((fullest.words.at(-1)?.start ?? 0) + 0.3, fullest.end - 0.04);
  await runFfmpeg(
    [
      "-hide_banner",
      "-nostdin",
      "-y",
      "-loglevel",
      "error",
      "-loop",
      "1",
      "-framerate",
      "30",
      "-t",
      String(at + 0.1),
      "-i",
      backdrop,
      "-vf",
      `ass=filename=${assPath}:fontsdir=${fonts},select='gte(t,${at})',crop=${crop.w}:${crop.h}:(iw-ow)/2:(ih-oh)/2`,
      "-frames:v",
      "1",
      "-update",
      "1",
      out,
    ],
    { signal, niceness: 0 },
  );
}

/** Renders every style's phrase preview and single-word preview PNG into `dir`; returns the index. */
export async function renderCaptionPreviews(
  dir: string,
  options: { styles?: readonly CaptionStyle[]; signal?: AbortSignal; onStyle?: (id: CaptionStyleId) => void } = {},
): Promise<StylePreview[]> {
  const styles = options.styles ?? CAPTION_STYLES;
  await mkdir(dir, { recursive: true });
  const work = join(tmpdir(), `reelsmith-previews-${process.pid}-${Date.now()}`);
  await mkdir(work, { recursive: true });
  try {
    const backdrop = join(work, "backdrop.png");
    await writeFile(backdrop, renderBackdrop({ colors: ["#1B1F3B", "#3A2C6B", "#0F4C5C"], width: 1080, height: 1920 }));
    const index: StylePreview[] = [];
    for (const style of styles) {
      styleFace(style);
      const image = `${style.id}.png`;
      const singleWordImage = `${style.id}-word.png`;
      await renderOne(style, [...PREVIEW_PHRASE], 4, CROP.phrase, backdrop, work, join(dir, image), options.signal);
      await renderOne(style, [PREVIEW_WORD], 1, CROP.word, backdrop, work, join(dir, singleWordImage), options.signal);
      index.push({ id: style.id, name: style.name, fontLabel: style.fontLabel, image, singleWordImage });
      options.onStyle?.(style.id);
    }
    await writeFile(join(dir, "index.json"), `${JSON.stringify(index, null, 2)}\n`);
    return index;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
