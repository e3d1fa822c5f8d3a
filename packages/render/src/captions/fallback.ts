import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { assEmRatio, type FontFace, fontFile } from "./fonts.ts";
import { CARD_FALLBACK_FAMILIES, fallbackWeight } from "./measure.ts";
import { type CharSet, familyCharSet, fontCharSet } from "./text-safety.ts";

/** A stretch of caption text and the family that draws it: null for the caption's own face. */
export interface FontRun {
  text: string;
  family: string | null;
}

/** libass sizes each font by its own ascent and descent: what sets a fallback at the face's em size. */
export interface FallbackFamily {
  family: string;
  chars: CharSet;
  /** The ASS size of the fallback, as a share of the face's, that gives both the same em. */
  sizeScale: number;
}

/**
 * Which font draws each letter of a caption. libass left to itself falls back through fontconfig's own order (DejaVu
 * Sans Book for Arabic and Hebrew beside a black display face), so the captions name the fallback themselves: each
 * letter the style's face lacks goes to the first of the cards' Noto families that has it (the same list, so a caption
 * and a card draw a script alike), at the weight that matches the face's look.
 */
export interface FontFallback {
  runs(text: string): FontRun[];
  /** The fallback families' weight (see fallbackWeight). */
  weight: 400 | 700;
  /** The ASS size scale of a fallback family (1 for any other name). */
  sizeScale(family: string): number;
}

const exec = promisify(execFile);

/** Marks and joiners stay with the letter before them (a vowel sign, a harakat, a zero-width joiner). */
const FOLLOWS = /^(?:\p{M}|\u200c|\u200d|\ufe0f)$/u;

/** The fallback of a face, from the characters its file and each installed family have (fontconfig). */
export async function loadFontFallback(face: FontFace): Promise<FontFallback> {
  const own = await fontCharSet(fontFile(face));
  const weight = fallbackWeight(face);
  const faceRatio = assEmRatio(fontFile(face));
  // Colour emoji are left out of captions (libass cannot draw them), so the emoji family is no fallback here.
  const families: string[] = CARD_FALLBACK_FAMILIES.filter((family) => family !== "Noto Color Emoji");
  const available: FallbackFamily[] = [];
  for (const family of families) {
    const chars = await familyCharSet(family);
    const file = await fontconfigFile(family, weight);
    if (chars && file) available.push({ family, chars, sizeScale: faceRatio / assEmRatio(file) });
  }
  return fontFallback(own, available, weight);
}

/** The file fontconfig gives libass for a family at a weight; null when it has none of that family. */
async function fontconfigFile(family: string, weight: 400 | 700): Promise<string | null> {
  try {
    const { stdout } = await exec("fc-match", [
      "--format",
      "%{family}\t%{file}",
      `${family}:weight=${weight === 700 ? 200 : 80}`,
    ]);
    const [found, file] = stdout.split("\t");
    return found?.split(",").includes(family) && file ? file : null;
  } catch {
    return null;
  }
}

/** The fallback from character sets: the face's (null: unknown, all its own) and each family's, in order. */
export function fontFallback(
  own: CharSet | null,
  families: readonly FallbackFamily[],
  weight: 400 | 700,
): FontFallback {
  const familyOf = (ch: string): string | null => {
    const cp = ch.codePointAt(0) ?? 0;
    if (!own || own.has(cp) || /\s/u.test(ch)) return null;
    return families.find(({ chars }) => chars.has(cp))?.family ?? null;
  };
  return {
    weight,
    sizeScale: (family) => families.find((f) => f.family === family)?.sizeScale ?? 1,
    runs(text) {
      const runs: FontRun[] = [];
      for (const ch of text) {
        const last = runs.at(-1);
        const family = last && FOLLOWS.test(ch) ? last.family : familyOf(ch);
        if (last && last.family === family) last.text += ch;
        else runs.push({ text: ch, family });
      }
      return runs;
    },
  };
}
