/**
 * Minetest (Debian packages minetest and minetest-data, with Minetest Game): this module alone starts it.
 * A recording runs one singleplayer world made for it: a generated map from a fixed seed, the `reel` world
 * mod (./minetest/reel) that builds the course and moves the camera, and a client config with the HUD off and
 * sound off. The game runs under libfaketime's clock slowed `speed` times (Debian package libfaketime), so
 * a software renderer has time to draw every frame the recorder grabs.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createSocket } from "node:dgram";
import { existsSync, readdirSync } from "node:fs";
import { access, cp, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { stopChild, track } from "./display.ts";
import { writeMeshes } from "./meshes.ts";
import { writeTextures } from "./textures.ts";

/** The world mod, copied into each world. */
export const REEL_MOD_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "minetest", "reel");

const GAME_DIRS = ["/usr/games", "/usr/local/games"];

function findOnPath(name: string, env: NodeJS.ProcessEnv): string | undefined {
  const dirs = [...(env.PATH ?? "").split(":").filter(Boolean), ...GAME_DIRS];
  return dirs.map((dir) => path.join(dir, name)).find((file) => existsSync(file));
}

/** The minetest binary (`MINETEST_BIN`, else PATH, else /usr/games), or undefined when it is not installed. */
export function minetestBinary(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const configured = env.MINETEST_BIN?.trim();
  if (configured) return existsSync(configured) ? configured : undefined;
  return findOnPath("minetest", env);
}

/** libfaketime's multi-threaded library, wherever the architecture put it. */
export function faketimeLibrary(): string | undefined {
  for (const lib of ["/usr/lib", "/usr/lib64"]) {
    if (!existsSync(lib)) continue;
    const candidates = [path.join(lib, "faketime"), ...readdirSync(lib).map((d) => path.join(lib, d, "faketime"))];
    const found = candidates.map((d) => path.join(d, "libfaketimeMT.so.1")).find((f) => existsSync(f));
    if (found) return found;
  }
  return undefined;
}

/** "Minetest 5.6.1", or undefined. */
export function minetestVersion(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const bin = minetestBinary(env);
  if (!bin) return undefined;
  const result = spawnSync(bin, ["--version"], { encoding: "utf8", timeout: 20_000, env: { ...env, HOME: "/tmp" } });
  return result.stdout?.split("\n")[0]?.trim() || undefined;
}

export interface SceneConfig {
  scene:
    | "parkour"
    | "flyover"
    | "coaster"
    | "runner"
    | "tunnel"
    | "city"
    | "marbles"
    | "soccer"
    | "islands"
    | "rave"
    | "cube"
    | "machines"
    | "dance"
    | "shock";
  /** Seconds of footage the run lasts. */
  seconds: number;
  seed: number;
  /** The run starts in one of these biomes (Minetest Game's names). */
  biomes: readonly string[];
  /** 0 = midnight, 0.5 = noon. */
  timeOfDay: number;
  clouds?: number;
  /** Flyover: height over the ground ahead, look-down angle (radians), speed (blocks a second). */
  altitude?: number;
  pitch?: number;
  speed?: number;
  heading?: number;
  /**
   * Islands: the land below hidden under an endless floor (a black-and-white checkerboard, black lined with gold, or
   * folds of pastel silk), what the islands are made of (grass, flowers and trees with waterfalls; gold, obsidian and
   * gems; or pearl white over blush and lilac), and banded planets out to the sides.
   */
  floor?: "checker" | "gold" | "silk";
  isles?: "green" | "gold" | "pearl";
  planets?: boolean;
  /** Islands: pearls drifting in the air around the glide. */
  pearls?: boolean;
  /** The sky's colours ("#rrggbb"), the same at any hour, and stars shown by day (how many). */
  sky?: { top: string; horizon: string };
  stars?: number;
  /**
   * Cube: seconds each cut takes (the drawn clip's loop over its cuts, so its sound lands on the picture). Dance and
   * shock: the drawn meme's loop, which the character's act repeats exactly.
   */
  cycle?: number;
}

export interface WorldFiles {
  worldDir: string;
  configFile: string;
  homeDir: string;
}

/** Writes a world for one recording into `dir`: world.mt, the map seed, the run's settings and the mod. */
export async function prepareWorld(
  dir: string,
  scene: SceneConfig,
  screen: { width: number; height: number },
): Promise<WorldFiles> {
  const worldDir = path.join(dir, "world");
  const homeDir = path.join(dir, "home");
  await mkdir(path.join(worldDir, "worldmods"), { recursive: true });
  await mkdir(homeDir, { recursive: true });
  // The map lives in memory (nothing to save at the end); players and auth are tiny files.
  await writeFile(
    path.join(worldDir, "world.mt"),
    [
      "gameid = minetest",
      "backend = dummy",
      "player_backend = sqlite3",
      "auth_backend = sqlite3",
      "creative_mode = true",
      "enable_damage = false",
      "",
    ].join("\n"),
  );
  await writeFile(
    path.join(worldDir, "map_meta.txt"),
    `mg_name = v7\nseed = ${Math.trunc(scene.seed)}\nmg_flags = caves, dungeons, light, decorations, biomes\n[end_of_params]\n`,
  );
  await writeFile(
    path.join(worldDir, "reel.json"),
    JSON.stringify({
      scene: scene.scene,
      seconds: scene.seconds,
      seed: scene.seed,
      biomes: scene.biomes,
      time_of_day: scene.timeOfDay,
      clouds: scene.clouds,
      altitude: scene.altitude,
      pitch: scene.pitch,
      speed: scene.speed,
      heading: scene.heading,
      floor: scene.floor,
      isles: scene.isles,
      planets: scene.planets,
      pearls: scene.pearls,
      sky: scene.sky,
      stars: scene.stars,
      cycle: scene.cycle,
    }),
  );
  await cp(REEL_MOD_DIR, path.join(worldDir, "worldmods", "reel"), { recursive: true });
  await writeMeshes(path.join(worldDir, "worldmods", "reel"));
  await writeTextures(path.join(worldDir, "worldmods", "reel"));
  const configFile = path.join(dir, "minetest.conf");
  const settings: Record<string, string | number | boolean> = {
    screen_w: screen.width,
    screen_h: screen.height,
    fullscreen: false,
    fov: 78,
    viewing_range: 160,
    enable_shaders: true,
    smooth_lighting: true,
    leaves_style: "fancy",
    enable_waving_leaves: true,
    enable_waving_plants: true,
    enable_waving_water: true,
    enable_3d_clouds: true,
    // Filmic tone mapping darkens leaves to near black on this renderer.
    tone_mapping: false,
    mip_map: true,
    // Anisotropic filtering drops a software renderer to 1-2 frames a second.
    anisotropic_filter: false,
    enable_sound: false,
    time_speed: 0,
    pause_on_lost_focus: false,
    // The camera moves on every server step: three of them a recorded frame.
    dedicated_server_step: 0.01,
    // The game's clock runs slow, so its frame cap must not throttle the real frame rate.
    fps_max: 1000,
    fps_max_unfocused: 1000,
    show_debug: false,
    // The game's server listens on loopback only.
    bind_address: "127.0.0.1",
    server_announce: false,
    show_statusline_on_connect: false,
    motd: "",
    enable_client_modding: false,
    chat_message_limit_per_10sec: 0,
    menu_last_game: "minetest",
    max_block_send_distance: 12,
    block_send_optimize_distance: 8,
  };
  await writeFile(
    configFile,
    `${Object.entries(settings)
      .map(([k, v]) => `${k} = ${v}`)
      .join("\n")}\n`,
  );
  return { worldDir, configFile, homeDir };
}

export interface RunningGame {
  child: ChildProcess;
  /** The end of the game's log. */
  log(): string;
  /** Resolves when the world folder holds `name`; rejects when the game exits first or after `timeoutMs`. */
  waitFor(name: string, timeoutMs: number): Promise<void>;
  /** Writes a file into the world folder (the mod polls for it). */
  signal(name: string): Promise<void>;
  stop(): Promise<void>;
}

/** A free UDP port on loopback for the game's server (asked of the system, then released). */
async function freeUdpPort(): Promise<number> {
  const socket = createSocket("udp4");
  await new Promise<void>((resolve, reject) => {
    socket.once("error", reject);
    socket.bind(0, "127.0.0.1", () => resolve());
  });
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}

/**
 * Starts the game on `display` with its clock slowed `speed` times (0.1 = ten times slower): a dedicated server
 * on a loopback port (only a dedicated server honours the short server step the smooth camera needs) and a
 * client that joins it at once.
 */
export async function startMinetest(files: WorldFiles, display: string, speed: number): Promise<RunningGame> {
  const bin = minetestBinary();
  const faketime = faketimeLibrary();
  if (!bin) throw new Error("minetest is not installed (Debian packages minetest and minetest-data)");
  if (!faketime) throw new Error("libfaketime is not installed (Debian package libfaketime)");
  const port = await freeUdpPort();
  const env = {
    PATH: process.env.PATH,
    HOME: files.homeDir,
    LD_PRELOAD: faketime,
    FAKETIME: `+0 x${speed}`,
    FAKETIME_NO_CACHE: "1",
  };
  let tail = "";
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-8000);
  };
  const launch = (args: string[], extraEnv: Record<string, string>) => {
    const child = spawn(bin, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...env, ...extraEnv } });
    track(child);
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    return child;
  };
  const server = launch(
    [
      "--server",
      "--world",
      files.worldDir,
      "--config",
      files.configFile,
      "--gameid",
      "minetest",
      "--port",
      String(port),
    ],
    {},
  );
  // The client joins once the server listens.
  const deadline = Date.now() + 120_000;
  while (!/listening on/.test(tail)) {
    if (server.exitCode !== null)
      throw new Error(`the minetest server exited: ${tail.trim().split("\n").slice(-3).join(" | ")}`);
    if (Date.now() > deadline) throw new Error("the minetest server did not start in 2 min");
    await new Promise((r) => setTimeout(r, 200));
  }
  const client = launch(
    [
      "--go",
      "--address",
      "127.0.0.1",
      "--port",
      String(port),
      "--name",
      "reel",
      "--password",
      "",
      "--config",
      files.configFile,
    ],
    { DISPLAY: display, LIBGL_ALWAYS_SOFTWARE: "1" },
  );
  const exited = Promise.race(
    [server, client].map((child) => new Promise<void>((resolve) => child.once("exit", () => resolve()))),
  );
  return {
    child: client,
    log: () => tail,
    async waitFor(name, timeoutMs) {
      const file = path.join(files.worldDir, name);
      const until = Date.now() + timeoutMs;
      let gone = false;
      void exited.then(() => {
        gone = true;
      });
      for (;;) {
        if (
          await access(file).then(
            () => true,
            () => false,
          )
        )
          return;
        if (gone) throw new Error(`minetest exited before "${name}": ${tail.trim().split("\n").slice(-4).join(" | ")}`);
        if (Date.now() > until)
          throw new Error(`minetest did not reach "${name}" in ${Math.round(timeoutMs / 1000)} s`);
        await new Promise((r) => setTimeout(r, 250));
      }
    },
    signal: (name) => writeFile(path.join(files.worldDir, name), "1"),
    // Its clock runs slowed, so a polite shutdown takes that many times longer: two seconds, then it is killed
    // (the map lives in memory; nothing is lost).
    stop: async () => {
      await stopChild(client, 2000);
      await stopChild(server, 2000);
    },
  };
}
