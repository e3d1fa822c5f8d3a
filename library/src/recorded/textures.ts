/**
 * Textures the world mod's scenes need that Minetest Game does not have, made at each recording from the game's own:
 * the green-screen dancer wears Minetest Game's character skin with its green jacket turned red, since a keyer
 * removes everything green in front of the chroma-green sky. Written into the mod's `textures/` folder of each
 * recording's world, as the meshes are.
 */
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { createCanvas, loadImage } from "@napi-rs/canvas";

/** Where Debian (and a build from source) put Minetest Game's player model and skin. */
const GAME_DATA_DIRS = ["/usr/share/games/minetest", "/usr/share/minetest", "/usr/local/share/minetest"];
const SKIN = path.join("games", "minetest_game", "mods", "player_api", "models", "character.png");

/** The dancer's skin, by the file name the mod asks for. */
export const DANCER_SKIN = "reel_dancer.png";

/** Minetest Game's character skin, or undefined when the game's data is elsewhere. */
export function characterSkin(dirs: readonly string[] = GAME_DATA_DIRS): string | undefined {
  return dirs.map((dir) => path.join(dir, SKIN)).find((file) => existsSync(file));
}

/**
 * A pixel a chroma keyer would take for the screen behind: green the strongest channel by a clear margin. The same
 * margin the green-screen composition keys at is far wider than this; a margin of 8 catches the jacket's darkest folds.
 */
export function keyedAway(r: number, g: number, b: number): boolean {
  return g > r + 8 && g > b + 8;
}

/** RGBA pixels with every keyed-away colour turned red: its red and green swapped, so light and shade stay. */
export function unGreen(pixels: Uint8ClampedArray | Uint8Array): number {
  let changed = 0;
  for (let i = 0; i + 3 < pixels.length; i += 4) {
    const r = pixels[i] as number;
    const g = pixels[i + 1] as number;
    const b = pixels[i + 2] as number;
    if ((pixels[i + 3] as number) === 0 || !keyedAway(r, g, b)) continue;
    pixels[i] = g;
    pixels[i + 1] = r;
    changed++;
  }
  return changed;
}

/** Writes every texture into `modDir/textures`; throws when the game's skin cannot be found. */
export async function writeTextures(modDir: string): Promise<void> {
  const skin = characterSkin();
  if (!skin) throw new Error("Minetest Game's character skin was not found (Debian package minetest-data)");
  const image = await loadImage(await readFile(skin));
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext("2d");
  ctx.drawImage(image, 0, 0);
  const data = ctx.getImageData(0, 0, image.width, image.height);
  unGreen(data.data);
  ctx.putImageData(data, 0, 0);
  const dir = path.join(modDir, "textures");
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, DANCER_SKIN), await canvas.encode("png"));
}
