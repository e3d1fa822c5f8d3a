import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { captionStyle } from "@reelsmith/core";
import { compileCaptions } from "../captions/ass.ts";
import { loadFontFallback } from "../captions/fallback.ts";
import { fontFile, prepareFontsDir, styleFace } from "../captions/fonts.ts";
import { canvasMeasure } from "../captions/measure.ts";
import { CaptionTextError, droppedLetters, textSanitiser } from "../captions/text-safety.ts";
import { renderBackdrop } from "../cards/backdrop.ts";
import { renderFramedImage } from "../cards/framed-image.ts";
import { renderRedditCard } from "../cards/reddit-card.ts";
import { renderTextCard } from "../cards/text-card.ts";
import type { Composition, ImageLayer, Layer } from "./schema.ts";

/** A composition whose drawn layers are pictures now, plus its caption file. */
export interface PreparedComposition {
  composition: Composition;
  subtitles: { path: string; fontsDir: string } | null;
  warnings: string[];
}

const FRAME = { width: 1080, height: 1920 };
/** The Reddit card's drawing adds a shadow margin of 36 px per 940 px of card on each side. */
const CARD_SHADOW_SHARE = 72 / 940;

async function drawLayer(layer: Layer, index: number, workDir: string): Promise<Layer> {
  const file = join(workDir, `layer-${index}.png`);
  const timing = { start: layer.start, end: layer.end, fadeIn: layer.fadeIn, fadeOut: layer.fadeOut };
  const asImage = (box: ImageLayer["box"], fit: "cover" | "contain", motion?: ImageLayer["motion"]): ImageLayer => ({
    kind: "image",
    src: file,
    ...timing,
    box,
    fit,
    motion,
    blur: 0,
    cornerRadius: 0,
    shadow: false,
  });
  switch (layer.kind) {
    case "gradient": {
      const box = layer.box ?? { x: 0, y: 0, ...FRAME };
      await writeFile(
        file,
        renderBackdrop({
          colors: layer.colors,
          width: Math.round(box.width),
          height: Math.round(box.height),
          glow: layer.glow,
        }),
      );
      return asImage(layer.box, "cover", layer.motion);
    }
    case "text": {
      await writeFile(
        file,
        renderTextCard({
          text: layer.text,
          look: layer.look,
          size: layer.size,
          width: Math.round(layer.box.width),
          accent: layer.accent,
        }),
      );
      return asImage(layer.box, "contain", layer.motion);
    }
    case "reddit-card": {
      const png = await renderRedditCard({
        username: layer.username,
        title: layer.title,
        avatar: layer.avatar,
        subreddit: layer.subreddit,
        theme: layer.theme,
        upvotes: layer.upvotes,
        comments: layer.comments,
        width: Math.round(layer.box.width / (1 + CARD_SHADOW_SHARE)),
      });
      await writeFile(file, png);
      return asImage(layer.box, "contain", layer.motion);
    }
    case "image": {
      if (layer.cornerRadius === 0 && !layer.shadow) return layer;
      const box = layer.box ?? { x: 0, y: 0, ...FRAME };
      await writeFile(
        file,
        await renderFramedImage({
          src: layer.src,
          width: Math.round(box.width),
          height: Math.round(box.height),
          radius: layer.cornerRadius,
          shadow: layer.shadow,
          fit: layer.fit,
        }),
      );
      return { ...layer, src: file, fit: "contain", cornerRadius: 0, shadow: false };
    }
    default:
      return layer;
  }
}

/**
 * Draws the composition's text, cards, backdrops and framed pictures into `workDir` and writes its
 * captions as ASS (with a fonts folder for libass). Emoji and symbols no font can draw are left out
 * of the captions and reported in `warnings`; letters or digits no font can draw fail the render
 * with a CaptionTextError rather than show broken captions.
 */
export async function prepareComposition(c: Composition, workDir: string): Promise<PreparedComposition> {
  const warnings: string[] = [];
  const layers = await Promise.all(c.layers.map((layer, i) => drawLayer(layer, i, workDir)));
  let subtitles: PreparedComposition["subtitles"] = null;
  if (c.captions && c.captions.words.length > 0) {
    const style = captionStyle(c.captions.style);
    const face = styleFace(style);
    const clean = await textSanitiser([fontFile(face)]);
    const fallback = await loadFontFallback(face);
    const dropped: string[] = [];
    const sanitise = (text: string) => {
      const result = clean(text);
      dropped.push(...result.dropped);
      return result;
    };
    const compiled = compileCaptions({
      style,
      words: c.captions.words,
      position: c.captions.position,
      language: c.captions.language,
      measure: canvasMeasure,
      fallback,
      sanitise,
      onWarning: (m) => warnings.push(m),
    });
    // Emoji and symbols may go (with a warning); letters and digits of the script may not.
    const lost = droppedLetters(dropped);
    if (lost.length > 0) throw new CaptionTextError(lost, face.family);
    const path = join(workDir, "captions.ass");
    await writeFile(path, compiled.ass);
    const fontsDir = await prepareFontsDir(join(workDir, "fonts"), [compiled.face]);
    subtitles = { path, fontsDir };
  }
  return { composition: { ...c, layers }, subtitles, warnings };
}
