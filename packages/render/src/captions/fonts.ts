import { readFileSync } from "node:fs";
import { mkdir, readdir, symlink } from "node:fs/promises";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import type { CaptionStyle } from "@reelsmith/core";
import { MissingInputError } from "../errors.ts";

/**
 * The fonts the engine draws with: real OFL fonts shipped as TTF files by registry packages, found
 * in node_modules at run time. `family` is the family name the file itself declares (what fontconfig
 * and libass report), which the ASS `Fontname` must equal.
 */
export interface FontFace {
  family: string;
  weight: number;
  italic: boolean;
  /** The file's style is "Bold" within its family (ASS Bold flag -1 selects it). */
  bold: boolean;
  /** Package and file inside it. */
  pkg: string;
  file: string;
}

const face = (family: string, weight: number, italic: boolean, pkg: string, file: string): FontFace => ({
  family,
  weight,
  italic,
  bold: /Bold(_Italic)?\//.test(file) && !/(Semi|Extra)Bold/.test(file),
  pkg: `@expo-google-fonts/${pkg}`,
  file,
});

export const FONT_FACES: readonly FontFace[] = [
  face("Montserrat Black", 900, false, "montserrat", "900Black/Montserrat_900Black.ttf"),
  face("Montserrat", 700, false, "montserrat", "700Bold/Montserrat_700Bold.ttf"),
  face("Montserrat ExtraBold", 800, false, "montserrat", "800ExtraBold/Montserrat_800ExtraBold.ttf"),
  face("Tilt Neon", 400, false, "tilt-neon", "400Regular/TiltNeon_400Regular.ttf"),
  face("Courier Prime", 700, false, "courier-prime", "700Bold/CourierPrime_700Bold.ttf"),
  face("Fredoka", 700, false, "fredoka", "700Bold/Fredoka_700Bold.ttf"),
  face("Inter SemiBold", 600, false, "inter", "600SemiBold/Inter_600SemiBold.ttf"),
  face("Shrikhand", 400, false, "shrikhand", "400Regular/Shrikhand_400Regular.ttf"),
  face("Cinzel", 700, false, "cinzel", "700Bold/Cinzel_700Bold.ttf"),
  face("Russo One", 400, false, "russo-one", "400Regular/RussoOne_400Regular.ttf"),
  face("Kalam", 700, false, "kalam", "700Bold/Kalam_700Bold.ttf"),
  face("Poppins Black", 900, false, "poppins", "900Black/Poppins_900Black.ttf"),
  face("Poppins ExtraBold", 800, false, "poppins", "800ExtraBold/Poppins_800ExtraBold.ttf"),
  face("Anton", 400, false, "anton", "400Regular/Anton_400Regular.ttf"),
  face("Archivo Black", 400, false, "archivo-black", "400Regular/ArchivoBlack_400Regular.ttf"),
  face("Pacifico", 400, false, "pacifico", "400Regular/Pacifico_400Regular.ttf"),
  face("Press Start 2P", 400, false, "press-start-2p", "400Regular/PressStart2P_400Regular.ttf"),
  face("IBM Plex Sans SemiBold", 600, false, "ibm-plex-sans", "600SemiBold/IBMPlexSans_600SemiBold.ttf"),
  face("IBM Plex Sans", 400, false, "ibm-plex-sans", "400Regular/IBMPlexSans_400Regular.ttf"),
  face("IBM Plex Sans", 700, false, "ibm-plex-sans", "700Bold/IBMPlexSans_700Bold.ttf"),
  face("Bangers", 400, false, "bangers", "400Regular/Bangers_400Regular.ttf"),
  face("Playfair Display", 700, true, "playfair-display", "700Bold_Italic/PlayfairDisplay_700Bold_Italic.ttf"),
  face("Orbitron Black", 900, false, "orbitron", "900Black/Orbitron_900Black.ttf"),
  face("Abril Fatface", 400, false, "abril-fatface", "400Regular/AbrilFatface_400Regular.ttf"),
  face("Rubik Dirt", 400, false, "rubik-dirt", "400Regular/RubikDirt_400Regular.ttf"),
  face("Bebas Neue", 400, false, "bebas-neue", "400Regular/BebasNeue_400Regular.ttf"),
  face("Outfit SemiBold", 600, false, "outfit", "600SemiBold/Outfit_600SemiBold.ttf"),
  face("Black Ops One", 400, false, "black-ops-one", "400Regular/BlackOpsOne_400Regular.ttf"),
  face("Lilita One", 400, false, "lilita-one", "400Regular/LilitaOne_400Regular.ttf"),
];

const require = createRequire(import.meta.url);
const resolved = new Map<FontFace, string>();

/** Absolute path of a face's TTF inside node_modules. */
export function fontFile(f: FontFace): string {
  const cached = resolved.get(f);
  if (cached) return cached;
  let dir: string;
  try {
    dir = dirname(require.resolve(`${f.pkg}/package.json`));
  } catch {
    throw new MissingInputError(f.pkg, `font package (run npm ci)`);
  }
  const path = join(dir, f.file);
  resolved.set(f, path);
  return path;
}

export function findFace(family: string, weight: number, italic: boolean): FontFace {
  const found =
    FONT_FACES.find((f) => f.family === family && f.weight === weight && f.italic === italic) ??
    FONT_FACES.find((f) => f.family === family);
  if (!found) throw new RangeError(`no font file for ${family} ${weight}${italic ? " italic" : ""}`);
  return found;
}

export function styleFace(style: Pick<CaptionStyle, "fontFamily" | "fontWeight" | "italic">): FontFace {
  return findFace(style.fontFamily, style.fontWeight, style.italic);
}

/**
 * Makes `dir` a fonts folder for libass holding just these faces (symlinks into node_modules), so
 * the `ass` filter loads a handful of fonts instead of every font on the system.
 */
export async function prepareFontsDir(dir: string, faces: readonly FontFace[]): Promise<string> {
  await mkdir(dir, { recursive: true });
  const existing = new Set(await readdir(dir));
  for (const f of new Set(faces)) {
    const file = fontFile(f);
    const name = basename(file);
    if (existing.has(name)) continue;
    await symlink(file, join(dir, name));
    existing.add(name);
  }
  return dir;
}

/**
 * How libass sizes text: an ASS font size is the height of the font's Windows ascent + descent
 * (VSFilter's rule), not its em. This is the em size, as a share of the ASS size, read from the
 * font's `head` and `OS/2` tables.
 */
export function assEmRatio(file: string): number {
  const cached = emRatios.get(file);
  if (cached !== undefined) return cached;
  const buf = readFileSync(file);
  const tables = new Map<string, number>();
  // A collection (.ttc) holds several fonts; its first one's tables stand for all (they share their metrics).
  const base = buf.toString("latin1", 0, 4) === "ttcf" ? buf.readUInt32BE(12) : 0;
  const count = buf.readUInt16BE(base + 4);
  for (let i = 0; i < count; i++) {
    const at = base + 12 + i * 16;
    tables.set(buf.toString("latin1", at, at + 4), buf.readUInt32BE(at + 8));
  }
  const head = tables.get("head");
  const os2 = tables.get("OS/2");
  let ratio = 1;
  if (head !== undefined && os2 !== undefined) {
    const unitsPerEm = buf.readUInt16BE(head + 18);
    const winHeight = buf.readUInt16BE(os2 + 74) + buf.readUInt16BE(os2 + 76);
    if (unitsPerEm > 0 && winHeight > 0) ratio = unitsPerEm / winHeight;
  }
  emRatios.set(file, ratio);
  return ratio;
}
const emRatios = new Map<string, number>();
