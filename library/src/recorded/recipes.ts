/**
 * The recorded clips: real 3D gameplay recorded from Minetest at setup, each replacing the drawn clip of the
 * same kind and key once it is ready. A recipe is plain data; its hash (with the mod and the recorder's code)
 * decides when a clip is recorded again.
 */
import { cubeCutSeconds } from "../asmr/cube.ts";
import type { AssetKind } from "../catalogue.ts";
import type { BuildModeName } from "../kit/video.ts";
import { memeSpec } from "../memes/memes.ts";
import type { SceneConfig } from "./minetest.ts";

export interface RecordedRecipe {
  kind: AssetKind;
  key: string;
  /** What the clip shows, said plainly (pickers show it). */
  title: string;
  description: string;
  scene: Omit<SceneConfig, "seconds" | "cycle">;
  /** Seconds of footage in the full library and in the quick (test) one. */
  seconds: Record<BuildModeName, number>;
  /**
   * Cube: seconds a cut takes in each library; dance: the meme's loop. Both those of the drawn clip whose sound the
   * recording keeps, so every sound lands on its moment.
   */
  cycle?: Record<BuildModeName, number>;
  /** The clip's size when it is not the vertical 1080x1920 (a green-screen meme is square, as the drawn ones). */
  frame?: { width: number; height: number };
}

/** Minetest Game's art is CC BY-SA 3.0: a recording of it is an adaptation, credited and shared alike. */
export const MINETEST_LICENCE = "CC-BY-SA-3.0";
export const MINETEST_CREDIT = {
  provider: "Minetest",
  author: "celeron55 and contributors (CC BY-SA 3.0)",
  authorUrl: "https://www.minetest.net/",
  pageUrl: "https://www.minetest.net/",
} as const;

/**
 * A recorded meme's length, loop and size: the drawn meme's it replaces, in each library, so the character's act
 * repeats exactly once a loop and each move lands on the drawn clip's sound.
 */
function drawnMemeTiming(key: string): Pick<RecordedRecipe, "seconds" | "cycle" | "frame"> {
  const full = memeSpec(key, "full");
  const quick = memeSpec(key, "quick");
  const seconds = { full: full.durationS, quick: quick.durationS };
  return { seconds, cycle: { ...seconds }, frame: { width: full.width, height: full.height } };
}

/**
 * Recorded in this order, one at a time: the parkour most stories use first, then the short hook clips (so the
 * text-hook builder gets its first real clip within about half an hour), the two memes (a few minutes), the ASMR
 * cube, then the other backgrounds and the dreamscapes.
 */
export const RECORDED_RECIPES: readonly RecordedRecipe[] = [
  {
    kind: "background",
    key: "minecraft",
    title: "Block Parkour (Minetest)",
    description: "A first-person parkour run over coloured blocks above a forest, recorded in Minetest.",
    scene: { scene: "parkour", seed: 11, biomes: ["deciduous_forest"], timeOfDay: 0.42, clouds: 0.3 },
    // Longer than the longest story, so no stretch shows twice in one video.
    seconds: { full: 75, quick: 2 },
  },
  {
    kind: "hook-footage",
    key: "rollercoaster",
    title: "Rail Coaster Ride (Minetest)",
    description: "A first-person ride on a wooden rail coaster over hills and trees, recorded in Minetest.",
    scene: { scene: "coaster", seed: 23, biomes: ["deciduous_forest", "grassland"], timeOfDay: 0.38, clouds: 0.35 },
    seconds: { full: 45, quick: 2 },
  },
  {
    kind: "hook-footage",
    key: "nature",
    title: "Forest Flyover (Minetest)",
    description: "A slow flight over forests, lakes and hills in morning light, recorded in Minetest.",
    scene: {
      scene: "flyover",
      seed: 37,
      biomes: ["deciduous_forest", "coniferous_forest"],
      timeOfDay: 0.3,
      clouds: 0.25,
      altitude: 26,
      pitch: 0.3,
      speed: 8,
    },
    seconds: { full: 45, quick: 2 },
  },
  {
    kind: "hook-footage",
    key: "rave",
    title: "Block Rave (Minetest)",
    description:
      "A slow walk through a dancing crowd in a dark hall towards the DJ, filmed over their heads, under sweeping lasers and a wall of light that changes on every beat, recorded in Minetest.",
    scene: { scene: "rave", seed: 29, biomes: ["grassland"], timeOfDay: 0, clouds: 0 },
    seconds: { full: 45, quick: 2 },
  },
  {
    kind: "meme",
    key: "dancing-stickman",
    title: "Dancing Block Character (Minetest)",
    description:
      "Minetest's block character in a red jacket dancing on the beat on a green screen (fist pumps, raise the roof, running arms), recorded in Minetest.",
    scene: { scene: "dance", seed: 13, biomes: ["grassland"], timeOfDay: 0.5, clouds: 0 },
    // Each move on a kick of the drawn clip's beat.
    ...drawnMemeTiming("dancing-stickman"),
  },
  {
    kind: "meme",
    key: "shocked",
    title: "Shocked Block Character (Minetest)",
    description:
      "Minetest's block character throws its hands up in shock as the camera punches in on it three times, dun, dun, dun, to a close-up of its eyes, on a green screen, recorded in Minetest.",
    scene: { scene: "shock", seed: 13, biomes: ["grassland"], timeOfDay: 0.5, clouds: 0 },
    // Each punch-in on a "dun" of the drawn clip's sound.
    ...drawnMemeTiming("shocked"),
  },
  {
    kind: "asmr",
    key: "cube",
    title: "Cube Cutting (Minetest)",
    description:
      "A knife cuts slab after slab from a block holding a little world (grass, soil, sand, stone with ores, deep rock with gems and glowing magma), each slab tipping over to show its layers, recorded in Minetest.",
    // Noon light from above; a dark sky over the studio's black backdrop.
    scene: {
      scene: "cube",
      seed: 31,
      biomes: ["grassland"],
      timeOfDay: 0.5,
      clouds: 0,
      sky: { top: "#15151c", horizon: "#22222c" },
    },
    seconds: { full: 60, quick: 2 },
    cycle: { full: cubeCutSeconds("full"), quick: cubeCutSeconds("quick") },
  },
  {
    kind: "background",
    key: "subway-surfers",
    title: "Rail Runner (Minetest)",
    description:
      "A first-person run down a three-lane railway cutting, past parked trains, over barriers and through rows of gold, recorded in Minetest.",
    // Thin clouds: from rail level a thick layer reads as a low grey ceiling over the top third of the picture.
    scene: { scene: "runner", seed: 41, biomes: ["grassland", "deciduous_forest"], timeOfDay: 0.4, clouds: 0.12 },
    seconds: { full: 75, quick: 2 },
  },
  {
    kind: "background",
    key: "gta5",
    title: "Block City Drive (Minetest)",
    description:
      "A drive at car height through streets of block towers, past parked cars and lamp posts, turning at crossings, recorded in Minetest.",
    scene: { scene: "city", seed: 67, biomes: ["grassland"], timeOfDay: 0.36, clouds: 0.35 },
    seconds: { full: 75, quick: 2 },
  },
  {
    kind: "background",
    key: "satisfying",
    title: "Marble Tower (Minetest)",
    description:
      "A train of coloured marbles rolling down a tower of rainbow ramps, dropping from one to the next, recorded in Minetest.",
    scene: { scene: "marbles", seed: 71, biomes: ["deciduous_forest"], timeOfDay: 0.4, clouds: 0.3 },
    seconds: { full: 75, quick: 2 },
  },
  {
    kind: "background",
    key: "rocket-league",
    title: "Block Car Soccer (Minetest)",
    description:
      "Box cars, two blue and two orange, knocking a big ball around a walled pitch, seen from behind a blue car, recorded in Minetest.",
    scene: { scene: "soccer", seed: 83, biomes: ["grassland"], timeOfDay: 0.4, clouds: 0.3 },
    seconds: { full: 75, quick: 2 },
  },
  {
    kind: "background",
    key: "other",
    title: "Rainbow Block Tunnel (Minetest)",
    description: "A fast flight down a winding tunnel of coloured blocks lit by rings of lamps, recorded in Minetest.",
    scene: { scene: "tunnel", seed: 53, biomes: ["grassland", "deciduous_forest"], timeOfDay: 0.02, clouds: 0.2 },
    seconds: { full: 75, quick: 2 },
  },
  {
    kind: "dreamscape",
    key: "nature",
    title: "Floating Islands (Minetest)",
    description:
      "A slow glide between floating islands of grass, flowers and trees, waterfalls pouring off their rims into the lakes and forests far below, under a violet sky with stars, recorded in Minetest.",
    scene: {
      scene: "islands",
      seed: 97,
      // Low land by the water: the islands float high over a lake, not just over the hill tops.
      biomes: ["deciduous_forest"],
      timeOfDay: 0.5,
      // A few clouds: from island height a thick layer hangs over the top of the picture like a ceiling.
      clouds: 0.15,
      sky: { top: "#7b6fd6", horizon: "#ffc3a0" },
      stars: 800,
    },
    // As long as the longest faceless video, so its shots never show one moment twice.
    seconds: { full: 60, quick: 2 },
  },
  {
    kind: "dreamscape",
    key: "alternate-realities",
    title: "Checkerboard Skyworld (Minetest)",
    description:
      "A glide over an endless black-and-white checkerboard between floating islands and waterfalls, banded planets hanging in a starry violet sky, recorded in Minetest.",
    scene: {
      scene: "islands",
      seed: 53,
      biomes: ["grassland"],
      timeOfDay: 0.5,
      // No clouds: the sky is the planets' and the stars'.
      clouds: 0,
      floor: "checker",
      planets: true,
      sky: { top: "#2a0a5e", horizon: "#ff7eb3" },
      stars: 1500,
    },
    seconds: { full: 60, quick: 2 },
  },
  {
    kind: "dreamscape",
    key: "luxury",
    title: "Gold Skyworld (Minetest)",
    description:
      "A glide over an endless black floor lined with gold, between floating islands of gold and obsidian set with diamond and mese blocks, under a dark starry sky, recorded in Minetest.",
    scene: {
      scene: "islands",
      seed: 61,
      biomes: ["grassland"],
      timeOfDay: 0.5,
      clouds: 0,
      floor: "gold",
      isles: "gold",
      sky: { top: "#07051a", horizon: "#5a4317" },
      stars: 2500,
    },
    seconds: { full: 60, quick: 2 },
  },
  {
    kind: "dreamscape",
    key: "machine-experiments",
    title: "Machine Hall (Minetest)",
    description:
      "A crane glide down a sunlit machine hall, drifting from wall to wall and rising to the roof: walls of turning, meshing gears, rows of pistons pumping in a wave, gears spinning in the floor and glass tubes carrying glowing orbs, recorded in Minetest.",
    scene: { scene: "machines", seed: 37, biomes: ["grassland"], timeOfDay: 0.5, clouds: 0.2 },
    seconds: { full: 60, quick: 2 },
  },
  {
    kind: "dreamscape",
    key: "fashion",
    title: "Pearl Skyworld (Minetest)",
    description:
      "A glide over endless folds of lilac, blush and white between floating islands of pearl white set with gems, pearls drifting in the air under a pink sky, recorded in Minetest.",
    scene: {
      scene: "islands",
      seed: 43,
      biomes: ["grassland"],
      timeOfDay: 0.5,
      clouds: 0,
      floor: "silk",
      isles: "pearl",
      pearls: true,
      sky: { top: "#f3c1d7", horizon: "#d8c4f2" },
    },
    seconds: { full: 60, quick: 2 },
  },
];
