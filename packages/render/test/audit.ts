import { readFile } from "node:fs/promises";
import type { VideoType } from "@reelsmith/core";
import { blackStretches, runMedia } from "@reelsmith/media";
import { PLATFORM_ZONES } from "../src/captions/safe-area.ts";
import { measureLoudness } from "../src/ffmpeg/probe.ts";

/**
 * Readings of a finished file, the way a broadcast engineer checks it (see the output audit):
 * keyframe spacing, silent stretches, frozen stretches, repeated footage, and the text libass is
 * asked to draw. Every ffmpeg and ffprobe runs through the media layer.
 */

async function ffmpegStderr(args: string[]): Promise<string> {
  const { stderr } = await runMedia("ffmpeg", ["-hide_banner", "-nostats", ...args], {
    profile: "decode",
    stderrTailBytes: 4 * 1024 * 1024,
  });
  return stderr;
}

async function ffprobeText(args: string[]): Promise<string> {
  const { stdout } = await runMedia("ffprobe", args, { stdout: "buffer", maxStdoutBytes: 64 * 1024 * 1024 });
  return stdout.toString("utf8");
}

/** Times (s) of the video's keyframes, from the packets' flags. */
export async function keyframeTimes(video: string): Promise<number[]> {
  const stdout = await ffprobeText([
    "-v",
    "error",
    "-select_streams",
    "v:0",
    "-show_entries",
    "packet=pts_time,flags",
    "-of",
    "csv=p=0",
    video,
  ]);
  return stdout
    .split("\n")
    .map((line) => line.split(","))
    .filter(([, flags]) => flags?.includes("K"))
    .map(([t]) => Number(t))
    .sort((a, b) => a - b);
}

/** The longest distance between keyframes, the end of the video included. */
export function longestGap(times: readonly number[], duration: number): number {
  let longest = 0;
  [...times, duration].forEach((t, i, all) => {
    if (i > 0) longest = Math.max(longest, t - (all[i - 1] as number));
  });
  return longest;
}

export interface Stretch {
  start: number;
  end: number;
}

/** Stretches parsed from a detector's `<name>_start: t` / `<name>_end: t` lines (an open one ends at `until`). */
function stretches(stderr: string, name: string, until: number): Stretch[] {
  const out: Stretch[] = [];
  let open: number | null = null;
  for (const line of stderr.split("\n")) {
    const start = new RegExp(`${name}_start: (-?[\\d.]+)`).exec(line);
    const end = new RegExp(`${name}_end: (-?[\\d.]+)`).exec(line);
    if (start?.[1] !== undefined) open = Number(start[1]);
    if (end?.[1] !== undefined && open !== null) {
      out.push({ start: Math.max(0, open), end: Number(end[1]) });
      open = null;
    }
  }
  if (open !== null) out.push({ start: Math.max(0, open), end: until });
  return out;
}

/** Silent stretches of at least `minS` seconds below `thresholdDb`, the first and last second included. */
export async function silences(file: string, duration: number, thresholdDb = -70, minS = 0.3): Promise<Stretch[]> {
  const stderr = await ffmpegStderr([
    "-i",
    file,
    "-vn",
    "-af",
    `silencedetect=n=${thresholdDb}dB:d=${minS}`,
    "-f",
    "null",
    "-",
  ]);
  return stretches(stderr, "silence", duration);
}

/** Stretches of at least `minS` seconds in which the picture does not change (ffmpeg's freezedetect). */
export async function frozen(video: string, duration: number, minS = 1): Promise<Stretch[]> {
  const stderr = await ffmpegStderr([
    "-i",
    video,
    "-an",
    "-vf",
    `scale=180:320,freezedetect=n=-55dB:d=${minS}`,
    "-f",
    "null",
    "-",
  ]);
  return stretches(stderr, "lavfi.freezedetect.freeze", duration);
}

/** The text of every Dialogue event of an ASS file, override blocks and drawings removed. */
export function assEventTexts(ass: string): string[] {
  return ass
    .split("\n")
    .filter((line) => line.startsWith("Dialogue:"))
    .map((line) => {
      const text = line.split(",").slice(9).join(",");
      // A drawing (\p1 ... {\p0}) is a shape, not text.
      return text.replace(/\{[^}]*\\p1[^}]*\}[^{]*/g, "").replace(/\{[^}]*\}/g, "");
    })
    .filter((t) => t.length > 0);
}

/** The letters and digits of a text, as one lower-case string. */
export function lettersAndDigits(text: string): string {
  return [...text.normalize("NFC")]
    .filter((ch) => /[\p{L}\p{N}]/u.test(ch))
    .join("")
    .toLocaleLowerCase("en");
}

/** A 48 kHz mono float file, as buildStemArgs writes it. */
export async function readMonoFloat(file: string): Promise<Float32Array> {
  const bytes = await readFile(file);
  return new Float32Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.byteLength / 4));
}

/** The RMS level (dBFS) of the samples inside the given stretches (seconds at `rate`). */
export function levelDb(samples: Float32Array, stretches: readonly Stretch[], rate = 48000): number {
  let sum = 0;
  let count = 0;
  for (const { start, end } of stretches) {
    for (let i = Math.floor(start * rate); i < Math.min(samples.length, Math.ceil(end * rate)); i++) {
      const s = samples[i] as number;
      sum += s * s;
      count++;
    }
  }
  return count === 0 ? -Infinity : 10 * Math.log10(sum / count + 1e-20);
}

interface ShotLike {
  kind: string;
  src?: string;
  start: number;
  end?: number | undefined;
  trimStart?: number;
  loop?: boolean;
  mirror?: boolean;
  motion?: { keyframes: readonly { scale: number; x: number; y: number }[] } | undefined;
}

/**
 * Pairs of shots that show the same stretch of the same footage (overlapping by more than 0.5 s of
 * source) the same way (same mirroring and the same framing at their ends). A layer that loops
 * under the whole video (a gameplay background) is one shot, not a repeat.
 */
export function repeatedShots(layers: readonly ShotLike[], duration: number): [number, number][] {
  const shots = layers
    .map((l, index) => ({ l, index }))
    .filter(({ l }) => l.kind === "video" && l.src && !(l.loop && l.start === 0 && (l.end ?? duration) >= duration));
  const framing = (l: ShotLike) =>
    JSON.stringify([l.mirror ?? false, l.motion?.keyframes[0] ?? null, l.motion?.keyframes.at(-1) ?? null]);
  const repeats: [number, number][] = [];
  shots.forEach(({ l: a, index: i }, k) => {
    for (const { l: b, index: j } of shots.slice(k + 1)) {
      if (a.src !== b.src || framing(a) !== framing(b)) continue;
      const length = (l: ShotLike) => (l.end ?? duration) - l.start;
      const from = Math.max(a.trimStart ?? 0, b.trimStart ?? 0);
      const to = Math.min((a.trimStart ?? 0) + length(a), (b.trimStart ?? 0) + length(b));
      if (to - from > 0.5) repeats.push([i, j]);
    }
  });
  return repeats;
}

/** The longest of some stretches, in seconds (0 when there are none). */
export function longest(stretches: readonly Stretch[]): number {
  return stretches.reduce((most, s) => Math.max(most, s.end - s.start), 0);
}

/** The lengths each type must have (quality.md: what the format wants), in seconds. */
export const LENGTH_RANGES: Readonly<Record<VideoType, readonly [number, number]>> = {
  reddit: [45, 90],
  "text-hook": [10, 30],
  "green-screen": [5, 12],
  "ugc-ads": [15, 30],
  "faceless-ai": [15, 60],
};

/** The video's sample aspect ratio as ffprobe reads it ("1:1" for square pixels). */
export async function sampleAspectRatio(video: string): Promise<string> {
  const out = await ffprobeText([
    "-v",
    "error",
    "-select_streams",
    "v:0",
    "-show_entries",
    "stream=sample_aspect_ratio",
    "-of",
    "csv=p=0",
    video,
  ]);
  return out.trim();
}

/** Fingerprints are read from a picture this small (each cell 20x20 pixels of the 1080x1920 frame). */
export const FINGERPRINT_SIZE = { width: 54, height: 96 } as const;

/**
 * The cells of the fingerprint picture that only footage may fill: the platforms' bottom band and
 * their button column, which the safe-area audit keeps clear of every caption, card and text, so a
 * caption changing over the same footage does not hide a repeat. Only cells wholly inside count.
 */
export function footageCells(size: { width: number; height: number } = FINGERPRINT_SIZE): number[] {
  const cellW = PLATFORM_ZONES.width / size.width;
  const cellH = PLATFORM_ZONES.height / size.height;
  const cells: number[] = [];
  for (let y = 0; y < size.height; y++) {
    for (let x = 0; x < size.width; x++) {
      const bottom = y * cellH >= PLATFORM_ZONES.bottomY - 1e-6;
      const column =
        x * cellW >= PLATFORM_ZONES.buttonColumnX - 1e-6 && y * cellH >= PLATFORM_ZONES.buttonColumnY - 1e-6;
      if (bottom || column) cells.push(y * size.width + x);
    }
  }
  return cells;
}

/** A frame's fingerprint: its small grayscale picture, and the footage cells of it (see footageCells). */
export interface FramePrint {
  picture: Uint8Array;
  zones: Uint8Array;
}

/** Fingerprints of raw grayscale frames of FINGERPRINT_SIZE, one after the other. */
export function framePrints(raw: Uint8Array): FramePrint[] {
  const { width, height } = FINGERPRINT_SIZE;
  const cells = footageCells();
  const frame = width * height;
  const prints: FramePrint[] = [];
  for (let at = 0; at + frame <= raw.length; at += frame) {
    const picture = raw.slice(at, at + frame);
    prints.push({ picture, zones: Uint8Array.from(cells, (c) => picture[c] as number) });
  }
  return prints;
}

/** One fingerprint per frame at `fps` (see FramePrint). */
export async function frameFingerprints(video: string, fps = 6): Promise<FramePrint[]> {
  const { width, height } = FINGERPRINT_SIZE;
  const { stdout } = await runMedia(
    "ffmpeg",
    [
      "-hide_banner",
      "-nostdin",
      "-v",
      "error",
      "-i",
      video,
      "-an",
      "-vf",
      `fps=${fps},scale=${width}:${height}:flags=area,format=gray`,
      "-f",
      "rawvideo",
      "pipe:1",
    ],
    { profile: "decode", stdout: "buffer" },
  );
  return framePrints(stdout);
}

/** The mean absolute difference of two fingerprints' cells (0-255). */
export function printDistance(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] as number) - (b[i] as number));
  return sum / Math.max(1, a.length);
}

/**
 * How far two frames of the whole picture are apart against how much the footage changes: over the
 * cells that move in both (changed from the frame before by more than 1.5 levels, so captions and
 * cards between their changes are left out), the difference of the two frames divided by the
 * smaller change of each over half a second. Under 1, they differ less than the footage changes
 * by itself; 0 when nothing moves in both.
 */
export function pictureDisagreement(prints: readonly FramePrint[], i: number, j: number, half: number): number {
  const [a, b] = [prints[i]?.picture, prints[j]?.picture];
  const [aBefore, bBefore] = [prints[i - 1]?.picture, prints[j - 1]?.picture];
  const [aHalf, bHalf] = [prints[i - half]?.picture, prints[j - half]?.picture];
  if (!a || !b || !aBefore || !bBefore || !aHalf || !bHalf) return 0;
  let apart = 0;
  let change = 0;
  for (let c = 0; c < a.length; c++) {
    const [x, y] = [a[c] as number, b[c] as number];
    if (Math.abs(x - (aBefore[c] as number)) <= 1.5 || Math.abs(y - (bBefore[c] as number)) <= 1.5) continue;
    apart += Math.abs(x - y);
    change += Math.min(Math.abs(x - (aHalf[c] as number)), Math.abs(y - (bHalf[c] as number)));
  }
  return apart === 0 ? 0 : apart / Math.max(change, 1e-9);
}

/** A stretch of the video whose footage is shown again, frame for frame, later. */
export interface RepeatedStretch {
  /** The first showing (s). */
  first: Stretch;
  /** The later one (s). */
  again: Stretch;
}

export interface RepeatOptions {
  /** Frames per second of the fingerprints. */
  fps: number;
  /** The shortest repeat that counts (s). */
  minS?: number;
  /** How far apart the two showings must be at least (s): a picture always resembles itself a moment later. */
  minGapS?: number;
  /** Footage cells further apart than this (mean absolute difference, 0-255) never show the same picture. */
  sameBelow?: number;
  /**
   * The footage cells of two frames show the same picture only when they are this much closer to
   * each other than each is to itself half a second away (a share of that change): footage that
   * moves slowly or shows little (a drift over a drawn scene, a dark crowd) resembles much of itself
   * without being shown twice.
   */
  tighter?: number;
  /** Footage cells that changed less than this in half a second are held (a still, a card), not footage that plays. */
  heldBelow?: number;
  /**
   * The whole picture must agree too (pictureDisagreement under this): another moment of a clip over
   * the same set, framed the same way, matches in the footage cells but not where its subject is.
   */
  agreeBelow?: number;
}

/**
 * Stretches of footage shown twice: for every distance between two times (at least `minGapS`), the
 * runs of frames that show the same picture as the frames that far earlier (see RepeatOptions: the
 * footage cells match closely, and the rest of the picture, where it moves, agrees). Held frames (a
 * still, a card, a title) neither count towards nor break a run, so only footage that plays makes a
 * repeat; a run counts when it holds at least `minS` of such frames. The same footage framed anew
 * (mirrored, zoomed, moved) does not match. Returns the longest run of each later stretch, in order
 * of time.
 */
export function repeatedStretches(prints: readonly FramePrint[], options: RepeatOptions): RepeatedStretch[] {
  const { fps, minS = 1, minGapS = 1, sameBelow = 3, tighter = 0.5, heldBelow = 0.5, agreeBelow = 1 } = options;
  const n = prints.length;
  const zones = (i: number) => (prints[i] as FramePrint).zones;
  // How much the footage cells of each frame differ from half a second before (after, for the first frames).
  const half = Math.max(1, Math.round(fps / 2));
  const change = prints.map((p, i) => (n <= half ? 0 : printDistance(p.zones, zones(i >= half ? i - half : i + half))));
  const needed = Math.ceil(minS * fps - 1e-9);
  const found: { a: number; b: number; length: number; lag: number }[] = [];
  for (let lag = Math.ceil(minGapS * fps - 1e-9); lag < n; lag++) {
    let start = -1;
    let playing = 0;
    const close = (end: number) => {
      if (start >= 0 && playing >= needed) found.push({ a: start, b: end, length: end - start, lag });
      start = -1;
      playing = 0;
    };
    for (let j = lag; j < n; j++) {
      const i = j - lag;
      const distance = printDistance(zones(i), zones(j));
      const held = (change[j] as number) < heldBelow;
      const same =
        distance < sameBelow &&
        (held || distance < tighter * Math.min(change[i] as number, change[j] as number)) &&
        pictureDisagreement(prints, i, j, half) < agreeBelow;
      if (!same) {
        close(j);
        continue;
      }
      if (start < 0) start = j;
      if (!held) playing++;
    }
    close(n);
  }
  // Of runs that overlap in the later showing, the longest.
  found.sort((x, y) => y.length - x.length);
  const kept: typeof found = [];
  for (const f of found) if (!kept.some((k) => f.a < k.b && k.a < f.b)) kept.push(f);
  const time = (frame: number) => Math.round((frame / fps) * 1000) / 1000;
  return kept
    .sort((x, y) => x.a - y.a)
    .map(({ a, b, lag }) => ({
      first: { start: time(a - lag), end: time(b - lag) },
      again: { start: time(a), end: time(b) },
    }));
}

/** Frames per second the output audit fingerprints a video at. */
export const FINGERPRINT_FPS = 6;

/** What the output audit reads from one finished file. */
export interface AuditFigures {
  /** Length of the file (s). */
  durationS: number;
  /** Sample aspect ratio ("1:1" for square pixels). */
  sar: string;
  /** Integrated loudness (LUFS) and true peak (dBTP, null when not measured). */
  lufs: number;
  truePeak: number | null;
  /** Stretches of 0.3 s or more under -70 dBFS. */
  silences: Stretch[];
  /** Stretches of footage shown a second time (frame fingerprints). */
  repeats: RepeatedStretch[];
  /** Black frames. */
  blacks: Stretch[];
}

/** Reads every figure of the audit from a finished file. */
export async function auditFigures(video: string): Promise<AuditFigures> {
  const duration = Number(
    (await ffprobeText(["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", video])).trim(),
  );
  const { integrated, truePeak } = await measureLoudness(video);
  const [sar, silent, repeats, blacks] = await Promise.all([
    sampleAspectRatio(video),
    silences(video, duration, -70, 0.3),
    frameFingerprints(video, FINGERPRINT_FPS).then((prints) => repeatedStretches(prints, { fps: FINGERPRINT_FPS })),
    blackStretches(video),
  ]);
  return {
    durationS: duration,
    sar,
    lufs: integrated,
    truePeak,
    silences: silent,
    repeats,
    blacks,
  };
}

/** What is wrong with a file of `type`, by the engineer's check and the length its format wants (empty: nothing). */
export function auditFaults(type: VideoType, f: AuditFigures): string[] {
  const [min, max] = LENGTH_RANGES[type];
  const faults: string[] = [];
  if (f.durationS < min - 0.05 || f.durationS > max + 0.05)
    faults.push(`lasts ${f.durationS.toFixed(1)} s, not ${min}-${max} s`);
  if (f.sar !== "1:1") faults.push(`pixels are ${f.sar}, not square`);
  if (f.lufs < -15 || f.lufs > -13) faults.push(`loudness ${f.lufs} LUFS, not -14 +- 1`);
  if (f.truePeak === null || f.truePeak > -1) faults.push(`true peak ${f.truePeak ?? "unmeasured"} dBTP, over -1`);
  for (const s of f.silences) faults.push(`silent ${s.start.toFixed(2)}-${s.end.toFixed(2)} s`);
  for (const b of f.blacks) faults.push(`black ${b.start.toFixed(2)}-${b.end.toFixed(2)} s`);
  for (const r of f.repeats) {
    faults.push(
      `footage of ${r.first.start.toFixed(1)}-${r.first.end.toFixed(1)} s shown again at ${r.again.start.toFixed(1)}-${r.again.end.toFixed(1)} s`,
    );
  }
  return faults;
}
