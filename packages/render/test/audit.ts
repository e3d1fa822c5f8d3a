import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { promisify } from "node:util";

/**
 * Readings of a finished file, the way a broadcast engineer checks it (see the output audit):
 * keyframe spacing, silent stretches, frozen stretches, and the text libass is asked to draw.
 */

const exec = promisify(execFile);

async function ffmpegStderr(args: string[]): Promise<string> {
  const { stderr } = await exec("ffmpeg", ["-hide_banner", "-nostats", ...args], { maxBuffer: 64 * 1024 * 1024 });
  return stderr;
}

/** Times (s) of the video's keyframes, from the packets' flags. */
export async function keyframeTimes(video: string): Promise<number[]> {
  const { stdout } = await exec(
    "ffprobe",
    ["-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts_time,flags", "-of", "csv=p=0", video],
    { maxBuffer: 64 * 1024 * 1024 },
  );
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
