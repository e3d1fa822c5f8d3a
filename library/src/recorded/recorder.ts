/**
 * Records every recipe whose clip is missing or was made by another recipe, one at a time, at low priority,
 * writing recorded.json after each clip (so a running server picks each one up as it lands) and status.json as
 * it goes. One recorder per library folder: a second one finds the lock and leaves.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, open, readdir, readFile, rename, rm, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type AssetKind, assetId } from "../catalogue.ts";
import { MANIFEST_FILE } from "../index.ts";
import { outsideFileInput, run, runForBytes } from "../kit/ffmpeg.ts";
import { AAC_ARGS, fitEncodedPeaks, PCM_ARGS } from "../kit/soundtrack.ts";
import { type BuildModeName, VERTICAL } from "../kit/video.ts";
import { type LibraryAsset, parseManifest } from "../manifest.ts";
import { SR } from "../music/dsp.ts";
import { xvfbInstalled } from "./display.ts";
import { faketimeLibrary, minetestBinary, minetestVersion, REEL_MOD_DIR } from "./minetest.ts";
import { RECORDED_DIR, readRecorded, writeRecorded, writeStatus } from "./overlay.ts";
import { MINETEST_CREDIT, MINETEST_LICENCE, RECORDED_RECIPES, type RecordedRecipe } from "./recipes.ts";
import { type RecordResult, recordScene } from "./record.ts";

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** The recorder's own code: a change to any of it records the clips again. */
const CODE_FILES = ["display.ts", "meshes.ts", "minetest.ts", "record.ts", "textures.ts"];

/** Share of repeated frames above which a clip is recorded again, slower. */
export const MAX_REPEATED_SHARE = 0.04;
/** Game speed at most (ten times slower than real time; the recorder slows it further on a busy machine), and the slowest. */
const FIRST_SPEED = 0.1;
const SLOWEST_SPEED = 0.025;

export interface RecordLibraryOptions {
  dir: string;
  mode: BuildModeName;
  /** Only these asset ids. */
  only?: readonly string[];
  force?: boolean;
  log?: (line: string) => void;
  /** Niceness of the game and the grabs (default 10: the app's own work comes first). */
  niceness?: number;
}

export interface RecordLibrarySummary {
  recorded: string[];
  kept: string[];
  failed: { id: string; message: string }[];
  /** Set when the tools are missing: nothing was tried. */
  unavailable?: string;
}

/** What is missing for recording, in words, or undefined when everything is there. */
export function missingTools(): string | undefined {
  const missing = [
    minetestBinary() ? null : "minetest",
    faketimeLibrary() ? null : "libfaketime",
    xvfbInstalled() ? null : "xvfb",
  ].filter(Boolean);
  return missing.length ? `install the Debian packages ${missing.join(", ")} to record real gameplay` : undefined;
}

async function modFiles(): Promise<string[]> {
  return (await readdir(REEL_MOD_DIR)).sort().map((f) => path.join(REEL_MOD_DIR, f));
}

/**
 * Kinds whose clip carries its own sound (a dreamscape's ambience, an ASMR clip's foley, a meme's sound effect): a
 * recording of one keeps the sound of the drawn clip it replaces, looped to its length, so a video sounds as before.
 */
const SOUNDED_KINDS: ReadonlySet<AssetKind> = new Set(["asmr", "dreamscape", "meme"]);

/** The drawn clip's sound for a recipe of a sounded kind: its file in the built library, or undefined. */
async function drawnSound(dir: string, recipe: RecordedRecipe): Promise<LibraryAsset | undefined> {
  if (!SOUNDED_KINDS.has(recipe.kind)) return undefined;
  try {
    const manifest = parseManifest(JSON.parse(await readFile(path.join(dir, MANIFEST_FILE), "utf8")));
    const drawn = manifest.assets.find((a) => a.id === assetId(recipe.kind, recipe.key));
    return drawn?.meta.hasAudio && existsSync(path.join(dir, drawn.file)) ? drawn : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Lays `sound` (looped, sample-exact, from `startS` into its loop) under the picture of `clip`, in place. The loop is decoded and laid end to end
 * here, then fitted the way a drawn clip's soundtrack is (kit/soundtrack.ts): encoding it again with AAC lifts its
 * transients over the drawn clip's ceiling (a recorded cube clip peaked at +2.8 dBFS), so the peaks are fitted to
 * the encoded result before the one encode that is kept.
 */
async function addSound(clip: string, sound: string, seconds: number, startS: number, niceness: number): Promise<void> {
  const tmp = path.join(path.dirname(clip), `.sound-${path.basename(clip)}`);
  const pcmFile = `${tmp}.f32`;
  try {
    const decoded = await runForBytes(
      ["-hide_banner", "-loglevel", "error", ...(await outsideFileInput(sound)), "-map", "0:a:0", ...PCM_ARGS, "-"],
      { profile: "decode", niceness },
    );
    // A copy: the decoded bytes need not start on a float's boundary.
    const loop = new Float32Array(
      Uint8Array.from(decoded.subarray(0, decoded.byteLength - (decoded.byteLength % 8))).buffer,
    );
    if (loop.length === 0) throw new Error(`${path.basename(sound)} has no sound to lay under the recording`);
    // The clip begins `startS` into the run, so its sound begins as far into the loop: a cut, a kick or a "dun"
    // the scene times from the run's start sounds on its frame.
    const pcm = new Float32Array(Math.round(seconds * SR) * 2);
    let from = (Math.round(startS * SR) * 2) % loop.length;
    for (let at = 0; at < pcm.length; ) {
      const part = loop.subarray(from, Math.min(loop.length, from + pcm.length - at));
      pcm.set(part, at);
      at += part.length;
      from = 0;
    }
    const fitted = await fitEncodedPeaks(pcm, tmp);
    await writeFile(pcmFile, new Uint8Array(fitted.buffer, fitted.byteOffset, fitted.byteLength));
    await run(
      "ffmpeg",
      [
        "-hide_banner",
        "-loglevel",
        "error",
        "-y",
        ...(await outsideFileInput(clip)),
        ...PCM_ARGS,
        "-i",
        pcmFile,
        "-map",
        "0:v:0",
        "-map",
        "1:a:0",
        "-c:v",
        "copy",
        ...AAC_ARGS,
        "-t",
        String(seconds),
        "-map_metadata",
        "-1",
        "-movflags",
        "+faststart",
        tmp,
      ],
      { profile: "encode", niceness },
    );
    await rename(tmp, clip);
  } finally {
    await rm(tmp, { force: true });
    await rm(pcmFile, { force: true });
  }
}

/**
 * The hash a recorded clip is kept under: its recipe, the mode, the mod, the recorder's code, the game's version,
 * and for a sounded kind the drawn clip whose sound it takes.
 */
export async function recipeHash(recipe: RecordedRecipe, mode: BuildModeName, dir?: string): Promise<string> {
  const hash = createHash("sha256");
  // What the clip shows, not what the pickers say of it: a new title or description is no reason to record again.
  const { title: _title, description: _description, ...shown } = recipe;
  hash.update(JSON.stringify({ recipe: shown, mode }));
  if (dir) {
    const sound = await drawnSound(dir, recipe);
    if (sound) hash.update(JSON.stringify({ sound: sound.file, bytes: sound.sizeBytes }));
  }
  for (const file of [...(await modFiles()), ...CODE_FILES.map((f) => path.join(HERE, f))]) {
    hash.update(path.basename(file));
    hash.update(await readFile(file));
  }
  hash.update(minetestVersion() ?? "no minetest");
  return hash.digest("hex").slice(0, 16);
}

/** A recipe's clip size: its own frame (a square meme) or the vertical 1080x1920. */
function outputSize(recipe: RecordedRecipe) {
  return recipe.frame ?? { width: VERTICAL.width, height: VERTICAL.height };
}

/** Capture size: the full library draws at the clip's size; the quick one at half that, scaled up. */
function captureSize(recipe: RecordedRecipe, mode: BuildModeName) {
  const { width, height } = outputSize(recipe);
  return mode === "full" ? { width, height } : { width: width / 2, height: height / 2 };
}

async function lock(dir: string): Promise<(() => Promise<void>) | undefined> {
  const file = path.join(dir, RECORDED_DIR, ".lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, "wx");
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => unlink(file).catch(() => {});
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number(await readFile(file, "utf8").catch(() => ""));
      let alive = false;
      try {
        if (pid > 0) {
          process.kill(pid, 0);
          alive = true;
        }
      } catch {}
      if (alive) return undefined;
      await rm(file, { force: true });
    }
  }
  return undefined;
}

async function recordOne(
  recipe: RecordedRecipe,
  options: RecordLibraryOptions,
  hash: string,
  log: (line: string) => void,
): Promise<LibraryAsset> {
  const id = assetId(recipe.kind, recipe.key);
  const file = `${RECORDED_DIR}/${recipe.key}-${recipe.kind}-${hash}.mp4`;
  const thumbnail = `${RECORDED_DIR}/${recipe.key}-${recipe.kind}-${hash}.jpg`;
  const seconds = recipe.seconds[options.mode];
  let speed = FIRST_SPEED;
  let result: RecordResult | undefined;
  for (;;) {
    result = await recordScene(
      { ...recipe.scene, seconds, ...(recipe.cycle ? { cycle: recipe.cycle[options.mode] } : {}) },
      {
        out: path.join(options.dir, file),
        thumbnail: path.join(options.dir, thumbnail),
        output: outputSize(recipe),
        capture: captureSize(recipe, options.mode),
        speed,
        niceness: options.niceness ?? 10,
        log,
      },
    );
    log(
      `[record] ${id}: ${seconds} s in ${result.seconds.toFixed(0)} s at x${result.speed}, ${(result.repeatedShare * 100).toFixed(1)} % frames repeated, starting ${result.startS.toFixed(3)} s into the run`,
    );
    if (result.blackFrames > 0) {
      log(
        `[record] ${id}: ${result.blackFrames} black frames (the camera went inside a block); the scene needs fixing`,
      );
    }
    if (result.repeatedShare <= MAX_REPEATED_SHARE || result.speed <= SLOWEST_SPEED) break;
    // The machine got busier while it grabbed: slow the game's clock down further and record again.
    speed = Math.max(SLOWEST_SPEED, result.speed / 2);
  }
  const sound = await drawnSound(options.dir, recipe);
  if (sound)
    await addSound(
      path.join(options.dir, file),
      path.join(options.dir, sound.file),
      result.durationS,
      result.startS,
      options.niceness ?? 10,
    );
  const sizeBytes = (await stat(path.join(options.dir, file))).size;
  return describe(
    {
      id,
      kind: recipe.kind,
      key: recipe.key,
      title: recipe.title,
      file,
      thumbnail,
      durationS: result.durationS,
      sizeBytes,
      ...outputSize(recipe),
      licence: MINETEST_LICENCE,
      source: `recorded by library/src/recorded (${recipe.scene.scene} in ${minetestVersion() ?? "Minetest"})`,
      meta: {},
    },
    recipe,
    {
      recipeHash: hash,
      loop: false,
      hasAudio: Boolean(sound),
      // A meme's sound effect keeps its name (the drawn clip's), as its sound is the drawn clip's.
      ...(typeof sound?.meta.sound === "string" ? { sound: sound.meta.sound } : {}),
      repeatedFrames: Math.round(result.repeatedShare * 1000) / 1000,
      blackFrames: result.blackFrames,
      ...(recipe.kind === "background"
        ? {
            durationLabel: `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`,
            sizeMB: Math.round(sizeBytes / 100_000) / 10,
          }
        : {}),
    },
  );
}

/** A recorded clip as its recipe describes it now: title, description, licence and credit. */
function describe(
  asset: LibraryAsset,
  recipe: RecordedRecipe,
  meta: Record<string, unknown> = asset.meta,
): LibraryAsset {
  return {
    ...asset,
    title: recipe.title,
    licence: MINETEST_LICENCE,
    credit: { ...MINETEST_CREDIT },
    meta: { ...meta, description: recipe.description },
  };
}

export async function recordLibrary(options: RecordLibraryOptions): Promise<RecordLibrarySummary> {
  const log = options.log ?? ((line: string) => console.log(line));
  const summary: RecordLibrarySummary = { recorded: [], kept: [], failed: [] };
  await mkdir(path.join(options.dir, RECORDED_DIR), { recursive: true });
  const recipes = RECORDED_RECIPES.filter(
    (r) => !options.only?.length || options.only.includes(assetId(r.kind, r.key)),
  );
  const unavailable = missingTools();
  if (unavailable) {
    log(`[record] recorded footage unavailable: ${unavailable}; the drawn clips stay`);
    await writeStatus(options.dir, { state: "unavailable", total: recipes.length, done: 0, message: unavailable });
    return { ...summary, unavailable };
  }
  const release = await lock(options.dir);
  if (!release) {
    log("[record] another recorder is at work on this library");
    return summary;
  }
  try {
    // Scratch of a recording that was stopped half way.
    for (const name of await readdir(path.join(options.dir, RECORDED_DIR))) {
      if (name.startsWith(".record-"))
        await rm(path.join(options.dir, RECORDED_DIR, name), { recursive: true, force: true });
    }
    const pending: { recipe: RecordedRecipe; hash: string }[] = [];
    const current = await readRecorded(options.dir);
    for (const recipe of recipes) {
      const hash = await recipeHash(recipe, options.mode, options.dir);
      const have = current.assets.find((a) => a.id === assetId(recipe.kind, recipe.key));
      if (!options.force && have?.meta.recipeHash === hash && existsSync(path.join(options.dir, have.file))) {
        summary.kept.push(have.id);
        // What the pickers say of a clip may change without recording it again.
        const described = describe(have, recipe);
        if (JSON.stringify(described) !== JSON.stringify(have)) {
          const latest = await readRecorded(options.dir);
          await writeRecorded(options.dir, {
            version: 1,
            assets: latest.assets.map((a) => (a.id === have.id ? described : a)),
          });
        }
      } else {
        pending.push({ recipe, hash });
      }
    }
    let done = summary.kept.length;
    const total = recipes.length;
    if (pending.length === 0) {
      await writeStatus(options.dir, { state: total ? "done" : "idle", total, done });
      return summary;
    }
    log(`[record] recording ${pending.length} clip(s) of real gameplay (${summary.kept.length} up to date)`);
    for (const { recipe, hash } of pending) {
      const id = assetId(recipe.kind, recipe.key);
      await writeStatus(options.dir, { state: "recording", total, done, current: id });
      try {
        const asset = await recordOne(recipe, options, hash, log);
        // Read again: only this entry changes, and the file it replaces goes once the list no longer names it.
        const latest = await readRecorded(options.dir);
        const old = latest.assets.find((a) => a.id === id);
        await writeRecorded(options.dir, { version: 1, assets: [...latest.assets.filter((a) => a.id !== id), asset] });
        if (old && old.file !== asset.file) {
          await rm(path.join(options.dir, old.file), { force: true });
          await rm(path.join(options.dir, old.thumbnail), { force: true });
        }
        summary.recorded.push(id);
        done++;
        log(`[record] ${done}/${total} ${id} ready: it replaces the drawn clip`);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        summary.failed.push({ id, message });
        log(`[record] ${id} failed, the drawn clip stays: ${message}`);
      }
    }
    await writeStatus(options.dir, {
      state: summary.failed.length ? "failed" : "done",
      total,
      done,
      ...(summary.failed.length ? { message: summary.failed.map((f) => `${f.id}: ${f.message}`).join("; ") } : {}),
    });
    return summary;
  } finally {
    await release();
  }
}
