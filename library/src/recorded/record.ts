/**
 * Records one clip of real 3D gameplay: a world made for the run, the game on a virtual screen with its clock
 * slowed, the screen grabbed at the slowed rate, then stamped at 30 frames a second, so every frame of the clip is
 * a true 1/30 s step of the game (a software renderer cannot draw 30 frames a second at 1080x1920).
 */
import { mkdtemp, rename, rm } from "node:fs/promises";
import path from "node:path";
import { blackStretches, h264Args, screenGrabArgs } from "@reelsmith/media";
import { outsideFileInput, run, runForBytes, runForLog } from "../kit/ffmpeg.ts";
import { VERTICAL } from "../kit/video.ts";
import { startDisplay } from "./display.ts";
import { prepareWorld, type SceneConfig, startMinetest } from "./minetest.ts";

export interface RecordOptions {
  /** Finished clip (MP4, `output` in size, 30 fps) and its thumbnail (JPEG, 360 px wide). */
  out: string;
  thumbnail: string;
  /** The clip's size: 1080x1920 unless said (a square green-screen meme). */
  output?: { width: number; height: number };
  /** Size the game draws at; the clip is scaled to `output` when smaller. */
  capture: { width: number; height: number };
  /**
   * How much slower than real time the game runs while it is grabbed (0.1 = ten times), at most: the recorder
   * measures how fast the game draws on this machine now and slows it further so it draws each grabbed frame twice
   * over.
   */
  speed: number;
  /** Process niceness for the game and the grab. */
  niceness?: number;
  log?: (line: string) => void;
}

export interface RecordResult {
  durationS: number;
  frames: number;
  /** Share of grabbed frames identical to the one before (the game could not keep up). */
  repeatedShare: number;
  /** Frames that are all black (the camera inside a block shows nothing else): none in a good recording. */
  blackFrames: number;
  /** The game speed the clip was grabbed at. */
  speed: number;
  /** Seconds of the run (the game's time since "go") before the clip's first frame. */
  startS: number;
  /** Wall-clock seconds the recording took, game start to finished file. */
  seconds: number;
}

const FPS = VERTICAL.fps;
/**
 * The clip's encoding: a video's render encodes it again, so it is kept near the renders' own quality rather than
 * transparent (a 75 s forest parkour run: 8.3 Mbit/s, about 78 MB, where crf 18 made 174 MB).
 */
const RECORDED_H264 = { preset: "veryfast", crf: 23 } as const;
/** The slowest the game's clock is run (forty times slower than real time). */
const MIN_SPEED = 0.025;
/** A frame whose mean luma moved less than this from the previous one is a repeat. */
const REPEAT_YDIF = 0.05;

/** Mean and spread of the screen's luma, from one grabbed frame at 32x56 (is the game drawing yet?). */
async function screenSpread(display: string, width: number, height: number): Promise<number> {
  const bytes = await runForBytes(
    [
      "-hide_banner",
      "-loglevel",
      "error",
      ...screenGrabArgs(display, width, height, 5),
      "-frames:v",
      "1",
      "-vf",
      "scale=32:56,format=gray",
      "-f",
      "rawvideo",
      "-",
    ],
    { profile: "probe" },
  );
  let sum = 0;
  for (const b of bytes) sum += b;
  const mean = sum / Math.max(1, bytes.length);
  let variance = 0;
  for (const b of bytes) variance += (b - mean) ** 2;
  return Math.sqrt(variance / Math.max(1, bytes.length));
}

/**
 * How many different frames the game shows a second now, counted over `seconds` of grabbing at 15 fps (the run's
 * view sways a little before it starts, so every drawn frame differs).
 */
async function measureDrawRate(display: string, width: number, height: number, seconds = 4): Promise<number> {
  const fps = 15;
  const bytes = await runForBytes(
    [
      "-hide_banner",
      "-loglevel",
      "error",
      ...screenGrabArgs(display, width, height, fps),
      "-frames:v",
      String(seconds * fps),
      "-vf",
      "scale=64:112,format=gray",
      "-f",
      "rawvideo",
      "-",
    ],
    { profile: "probe" },
  );
  const size = 64 * 112;
  let changed = 0;
  for (let i = size; i + size <= bytes.length; i += size) {
    if (!bytes.subarray(i, i + size).equals(bytes.subarray(i - size, i))) changed++;
  }
  return changed / seconds;
}

/** Share of frames of `file` that repeat the frame before. */
export async function repeatedFrameShare(file: string): Promise<{ frames: number; repeated: number }> {
  const logText = await runForLog(
    [
      "-hide_banner",
      ...(await outsideFileInput(file)),
      "-vf",
      "signalstats,metadata=print:key=lavfi.signalstats.YDIF",
      "-f",
      "null",
      "-",
    ],
    { profile: "decode" },
  );
  const values = [...logText.matchAll(/YDIF=([0-9.]+)/g)].map((m) => Number(m[1]));
  // The first frame has nothing before it.
  const repeated = values.slice(1).filter((v) => v < REPEAT_YDIF).length;
  return { frames: values.length, repeated };
}

/** How many frames of `file` are black (however short the stretch). */
async function blackFrameCount(file: string, niceness?: number): Promise<number> {
  const stretches = await blackStretches(file, { niceness });
  return Math.round(stretches.reduce((sum, s) => sum + s.end - s.start, 0) * FPS);
}

/**
 * Runs the game on a virtual screen and grabs `frames` frames of it into `raw`. Up to three launches: when the
 * game draws too slowly for the chosen speed, it starts again slower. Returns the speed grabbed at and when
 * (wall clock, ms) the run was told to go.
 */
async function grabRun(
  scene: SceneConfig,
  files: Awaited<ReturnType<typeof prepareWorld>>,
  options: RecordOptions,
  frames: number,
  raw: string,
): Promise<{ speed: number; goAtMs: number }> {
  const log = options.log ?? (() => {});
  const { width, height } = options.capture;
  let speed = options.speed;
  const display = await startDisplay(width, height);
  try {
    for (let launch = 1; ; launch++) {
      await rm(path.join(files.worldDir, "ready"), { force: true });
      await rm(path.join(files.worldDir, "go"), { force: true });
      const game = await startMinetest(files, display.name, speed);
      try {
        await game.waitFor("ready", 600_000);
        // The client draws black, then the world as its map arrives: wait for a picture, then for the map around.
        const deadline = Date.now() + 240_000;
        while ((await screenSpread(display.name, width, height)) < 12) {
          if (Date.now() > deadline) throw new Error("the game showed no picture in 4 min");
          await new Promise((r) => setTimeout(r, 2000));
        }
        await new Promise((r) => setTimeout(r, 12_000));
        const drawRate = await measureDrawRate(display.name, width, height);
        // Each grabbed frame should find at least two new frames drawn since the last grab.
        const fits = Math.max(MIN_SPEED, drawRate / 2 / FPS);
        log(`[record] ${scene.scene}: the game draws ${drawRate.toFixed(1)} frames a second at x${speed}`);
        if (fits < speed * 0.9 && launch < 3 && speed > MIN_SPEED) {
          speed = Math.max(MIN_SPEED, Math.round(fits * 1000) / 1000);
          log(`[record] ${scene.scene}: too slow for that, starting again at x${speed}`);
          continue;
        }
        log(`[record] ${scene.scene}: grabbing ${frames} frames at ${(FPS * speed).toFixed(2)} fps`);
        await game.signal("go");
        const goAtMs = Date.now();
        const grabSeconds = frames / (FPS * speed);
        await run(
          "ffmpeg",
          [
            "-hide_banner",
            "-loglevel",
            "error",
            "-y",
            ...screenGrabArgs(display.name, width, height, FPS * speed),
            // The grab's own wall-clock stamps, kept: the first one says how long after "go" the clip begins.
            "-copyts",
            "-frames:v",
            String(frames),
            "-c:v",
            "libx264",
            "-preset",
            "ultrafast",
            "-crf",
            "12",
            "-pix_fmt",
            "yuv420p",
            raw,
          ],
          { profile: "encode", timeoutMs: Math.round(grabSeconds * 1000 * 1.5 + 60_000), niceness: options.niceness },
        );
        return { speed, goAtMs };
      } finally {
        await game.stop();
      }
    }
  } finally {
    await display.stop();
  }
}

/** The wall-clock stamp (s) of the grab's first frame. */
async function firstFrameStamp(raw: string): Promise<number> {
  const stdout = await run(
    "ffprobe",
    [
      "-v",
      "error",
      "-select_streams",
      "v:0",
      "-read_intervals",
      "%+#1",
      "-show_entries",
      "frame=pts_time",
      "-of",
      "csv=p=0",
      raw,
    ],
    { captureStdout: true },
  );
  return Number.parseFloat(stdout.trim());
}

/** The grab stamped at 30 fps, scaled to the clip's size, encoded as the library keeps recordings. */
async function encodeClip(raw: string, out: string, frames: number, options: RecordOptions): Promise<void> {
  const { capture } = options;
  const output = options.output ?? { width: VERTICAL.width, height: VERTICAL.height };
  const scale =
    capture.width === output.width && capture.height === output.height
      ? []
      : [`scale=${output.width}:${output.height}:flags=lanczos`];
  const filters = [
    `setpts=N/${FPS}/TB`,
    ...scale,
    "scale=out_color_matrix=bt709:out_range=tv",
    "format=yuv420p",
    "setsar=1",
  ];
  await run(
    "ffmpeg",
    [
      "-hide_banner",
      "-loglevel",
      "error",
      "-y",
      ...(await outsideFileInput(raw)),
      "-map",
      "0:v:0",
      "-vf",
      filters.join(","),
      "-r",
      String(FPS),
      ...h264Args({ ...RECORDED_H264, gop: FPS * 2, keyintMin: FPS }),
      "-t",
      String(frames / FPS),
      "-map_metadata",
      "-1",
      "-movflags",
      "+faststart",
      out,
    ],
    { profile: "encode", niceness: options.niceness },
  );
}

/** A 360 px wide JPEG of the clip at 35 % of its length. */
async function thumbnail(clip: string, durationS: number, out: string): Promise<void> {
  await run(
    "ffmpeg",
    [
      "-hide_banner",
      "-loglevel",
      "error",
      "-y",
      "-ss",
      String((durationS * 0.35).toFixed(2)),
      ...(await outsideFileInput(clip)),
      "-frames:v",
      "1",
      "-vf",
      "scale=360:-2",
      "-q:v",
      "4",
      out,
    ],
    { profile: "encode" },
  );
}

/** Records `scene` into `options.out`; rejects (leaving nothing behind) when the game or the grab fails. */
export async function recordScene(scene: SceneConfig, options: RecordOptions): Promise<RecordResult> {
  const started = performance.now();
  // Scratch beside the clip (the same file system, so the finished files are renamed into place).
  const work = await mkdtemp(path.join(path.dirname(options.out), ".record-"));
  const frames = Math.round(scene.seconds * FPS);
  const raw = path.join(work, "raw.mkv");
  try {
    const files = await prepareWorld(work, scene, options.capture);
    const { speed, goAtMs } = await grabRun(scene, files, options, frames, raw);
    // Where in the run the first frame is: the screen grab starts a moment after "go" (0.1-0.4 s of the game's time,
    // measured, varying with the machine's load).
    const startS = Math.max(0, (((await firstFrameStamp(raw)) * 1000 - goAtMs) / 1000) * speed);
    const tmpOut = path.join(work, "clip.mp4");
    await encodeClip(raw, tmpOut, frames, options);
    const { repeated, frames: kept } = await repeatedFrameShare(tmpOut);
    const repeatedShare = kept ? repeated / kept : 1;
    const blackFrames = await blackFrameCount(tmpOut, options.niceness);
    const thumbTmp = path.join(work, "thumb.jpg");
    await thumbnail(tmpOut, frames / FPS, thumbTmp);
    await rename(thumbTmp, options.thumbnail);
    await rename(tmpOut, options.out);
    return {
      durationS: frames / FPS,
      frames,
      repeatedShare,
      blackFrames,
      speed,
      startS: Number.isFinite(startS) ? Math.round(startS * 1000) / 1000 : 0,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
