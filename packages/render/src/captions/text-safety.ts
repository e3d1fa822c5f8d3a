import { execFile } from "node:child_process";
import { promisify } from "node:util";

const exec = promisify(execFile);

/**
 * Keeping odd text from breaking a render: libass cannot draw colour emoji, and a character no font
 * has would come out as an empty box. Both are dropped from captions, with a warning naming them.
 */

const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|[\u{1F3FB}-\u{1F3FF}]|\u200D|\uFE0E|\uFE0F|\u20E3/gu;

/** Removes emoji (and their joiners and modifiers), returning what was removed. */
export function stripEmoji(text: string): { text: string; removed: string[] } {
  const removed: string[] = [];
  const cleaned = text.replace(EMOJI, (m) => {
    if (m !== "\u200D" && m !== "\uFE0F" && m !== "\uFE0E") removed.push(m);
    return "";
  });
  return { text: cleaned, removed };
}

/** A set of Unicode code points, as fontconfig's charset ranges ("20-7e a0-17f ..."). */
export class CharSet {
  private readonly ranges: [number, number][];
  constructor(ranges: [number, number][]) {
    this.ranges = [...ranges].sort((a, b) => a[0] - b[0]);
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
    let lo = 0;
    let hi = this.ranges.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const r = this.ranges[mid];
      if (!r) return false;
      if (codePoint < r[0]) hi = mid - 1;
      else if (codePoint > r[1]) lo = mid + 1;
      else return true;
    }
    return false;
  }
}

const fileSets = new Map<string, Promise<CharSet | null>>();
let systemSet: Promise<CharSet | null> | null = null;

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
 * out colour-bitmap emoji fonts, which libass cannot draw.
 */
export function systemCharSet(): Promise<CharSet | null> {
  systemSet ??= exec("fc-list", ["--format", "%{family[0]}\t%{fontformat}\t%{color}\t%{charset}\n"], {
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
  return systemSet;
}

export interface Sanitised {
  text: string;
  dropped: string[];
}

/**
 * A function that cleans caption text for a font: emoji and characters no font can draw are
 * removed. Whitespace and controls are kept for the caller to handle.
 */
export async function textSanitiser(fontFiles: string[]): Promise<(text: string) => Sanitised> {
  const sets = await Promise.all([...fontFiles.map(fontCharSet), systemCharSet()]);
  const known = sets.filter((s): s is CharSet => s !== null);
  const covered = known.length ? CharSet.union(known) : null;
  return (input: string) => {
    const { text, removed } = stripEmoji(input);
    const dropped = [...removed];
    let out = "";
    for (const ch of text) {
      const cp = ch.codePointAt(0) ?? 0;
      if (cp < 0x20 || !covered || covered.has(cp)) out += ch;
      else dropped.push(ch);
    }
    return { text: out, dropped };
  };
}
