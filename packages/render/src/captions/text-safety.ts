import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { EMOJI, isLetterOrDigit, spansHave, undrawableLetters } from "@reelsmith/core";
import { RenderError } from "../errors.ts";
import { FONT_FACES, fontFile } from "./fonts.ts";

const exec = promisify(execFile);

/**
 * Keeping odd text from breaking a render: libass cannot draw colour emoji, and a character no font
 * has would come out as an empty box. Both are dropped from captions, with a warning naming them.
 */

/** Removes emoji (and their joiners and modifiers), returning what was removed. */
export function stripEmoji(text: string): { text: string; removed: string[] } {
  const removed: string[] = [];
  const cleaned = text.replace(EMOJI, (m) => {
    if (m !== "\u200D" && m !== "\uFE0F" && m !== "\uFE0E") removed.push(m);
    return "";
  });
  return { text: cleaned, removed };
}

/** Sorts ranges by start and merges those that overlap, nest or touch, so they are disjoint and ordered. */
export function mergeRanges(ranges: readonly (readonly [number, number])[]): [number, number][] {
  const sorted = ranges
    .map(([a, b]): [number, number] => (a <= b ? [a, b] : [b, a]))
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: [number, number][] = [];
  for (const [lo, hi] of sorted) {
    const last = merged.at(-1);
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else merged.push([lo, hi]);
  }
  return merged;
}

/**
 * A set of Unicode code points, as fontconfig's charset ranges ("20-7e a0-17f ..."). The ranges are
 * kept sorted and disjoint, which the binary search of `has` relies on.
 */
export class CharSet {
  private readonly ranges: [number, number][];
  constructor(ranges: readonly (readonly [number, number])[]) {
    this.ranges = mergeRanges(ranges);
  }
  /** The disjoint, sorted ranges of the set. */
  get spans(): readonly (readonly [number, number])[] {
    return this.ranges;
  }
  static parse(text: string): CharSet {
    const ranges: [number, number][] = [];
    for (const part of text.trim().split(/\s+/)) {
      if (!part) continue;
      const [lo, hi] = part.split("-").map((h) => Number.parseInt(h, 16));
      if (lo === undefined || Number.isNaN(lo)) continue;
      ranges.push([lo, hi === undefined || Number.isNaN(hi) ? lo : hi]);
    }
    return new CharSet(ranges);
  }
  static union(sets: CharSet[]): CharSet {
    return new CharSet(sets.flatMap((s) => s.ranges));
  }
  has(codePoint: number): boolean {
    return spansHave(this.ranges, codePoint);
  }
}

const fileSets = new Map<string, Promise<CharSet | null>>();
/** The system's fonts by fontconfig configuration (`FONTCONFIG_FILE`, "" for the default one). */
const systemSets = new Map<string, Promise<CharSet | null>>();

/** The characters a font file has (fontconfig's fc-scan); null when fontconfig's tools are missing. */
export function fontCharSet(file: string): Promise<CharSet | null> {
  let found = fileSets.get(file);
  if (!found) {
    found = exec("fc-scan", ["--format", "%{charset}\n", file]).then(
      ({ stdout }) => CharSet.parse(stdout.split("\n")[0] ?? ""),
      () => null,
    );
    fileSets.set(file, found);
  }
  return found;
}

/**
 * Everything the system's fonts can draw (libass falls back to them through fontconfig), leaving
 * out colour-bitmap emoji fonts, which libass cannot draw. Read once for each fontconfig
 * configuration (`FONTCONFIG_FILE`), the one ffmpeg's libass will use too.
 */
export function systemCharSet(): Promise<CharSet | null> {
  const config = process.env.FONTCONFIG_FILE ?? "";
  const known = systemSets.get(config);
  if (known) return known;
  const systemSet = exec("fc-list", ["--format", "%{family[0]}\t%{fontformat}\t%{color}\t%{charset}\n"], {
    maxBuffer: 32 * 1024 * 1024,
  }).then(
    ({ stdout }) =>
      CharSet.union(
        stdout
          .split("\n")
          .map((line) => line.split("\t"))
          .filter(([family, , color]) => family && color !== "True" && !/emoji/i.test(family))
          .map(([, , , charset]) => CharSet.parse(charset ?? "")),
      ),
    () => null,
  );
  systemSets.set(config, systemSet);
  return systemSet;
}

/** The characters the installed fonts of a family have together; null when fontconfig's tools are missing. */
export function familyCharSet(family: string): Promise<CharSet | null> {
  return exec("fc-list", ["--format", "%{charset}\n", family]).then(
    ({ stdout }) =>
      CharSet.union(
        stdout
          .split("\n")
          .filter(Boolean)
          .map((line) => CharSet.parse(line)),
      ),
    () => null,
  );
}

export interface Sanitised {
  text: string;
  dropped: string[];
}

/** The letters and digits among dropped characters (emoji and symbols may be dropped with a warning). */
export function droppedLetters(dropped: Iterable<string>): string[] {
  return [...new Set([...dropped].filter(isLetterOrDigit))];
}

/** Captions would lose letters or digits: no font on this machine draws them. */
export class CaptionTextError extends RenderError {
  readonly characters: string[];
  constructor(characters: string[], fontFamily: string) {
    super(
      "UNDRAWABLE_TEXT",
      `The captions cannot be drawn: neither the caption font (${fontFamily}) nor any font on this machine has ${characters
        .map((c) => `"${c}" (U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")})`)
        .join(", ")}. Choose another caption style or install a font that covers this script.`,
    );
    this.name = "CaptionTextError";
    this.characters = characters;
  }
}

/**
 * A function that cleans caption text for a font: emoji and characters no font can draw are
 * removed. A character the caption's own font files have is always kept, whatever the other fonts
 * of the machine are. Whitespace and controls are kept for the caller to handle.
 */
export async function textSanitiser(
  fontFiles: string[],
  system: () => Promise<CharSet | null> = systemCharSet,
): Promise<(text: string) => Sanitised> {
  const own = (await Promise.all(fontFiles.map(fontCharSet))).filter((s): s is CharSet => s !== null);
  const fallback = await system();
  const ownSet = own.length ? CharSet.union(own) : null;
  // Without fontconfig's tools nothing is known: keep every character.
  const covered = own.length || fallback ? CharSet.union([...own, ...(fallback ? [fallback] : [])]) : null;
  return (input: string) => {
    const { text, removed } = stripEmoji(input);
    const dropped = [...removed];
    let out = "";
    for (const ch of text) {
      const cp = ch.codePointAt(0) ?? 0;
      if (cp < 0x20 || !covered || ownSet?.has(cp) || covered.has(cp)) out += ch;
      else dropped.push(ch);
    }
    return { text: out, dropped };
  };
}

/** What the machine's fonts can draw, asked of a creator's text before anything is made of it. */
export interface TextCoverage {
  /** The letters and digits of `text` that neither the engine's own fonts nor any installed font has (each once). */
  undrawable(text: string): string[];
  /** Everything drawable, as sorted disjoint code point spans (empty when nothing is known): for the builders. */
  spans: readonly (readonly [number, number])[];
}

/**
 * The coverage of the engine's fonts (the caption and card faces) and every installed font, read once through
 * fontconfig. Emoji, symbols and spaces are never reported (captions leave emoji out, cards draw them in colour).
 * Without fontconfig's tools nothing is known, and nothing is reported.
 */
export async function loadTextCoverage(system: () => Promise<CharSet | null> = systemCharSet): Promise<TextCoverage> {
  const own = (await Promise.all(FONT_FACES.map((face) => fontCharSet(fontFile(face))))).filter(
    (set): set is CharSet => set !== null,
  );
  const installed = await system();
  const covered = installed || own.length > 0 ? CharSet.union([...own, ...(installed ? [installed] : [])]) : null;
  return {
    undrawable: (text) => (covered ? undrawableLetters(text, (codePoint) => covered.has(codePoint)) : []),
    spans: covered?.spans ?? [],
  };
}
