/** Test helpers: probing and decoding media with the same ffmpeg the library uses. */
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildLibrary } from "../src/build/build.ts";
import { type Library, libraryFromManifest } from "../src/index.ts";

export const LIBRARY_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The quick library the tests read: LIBRARY_DIR when set (npm test builds it), else library/build-quick. */
export async function quickLibrary(): Promise<Library> {
  const dir = process.env.LIBRARY_DIR ? path.resolve(process.env.LIBRARY_DIR) : path.join(LIBRARY_ROOT, "build-quick");
  const result = await buildLibrary({ dir, mode: "quick", log: () => {} });
  return libraryFromManifest(dir, result.manifest);
}

export function ffmpegOut(args: string[]): Promise<{ stdout: Buffer; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("ffmpeg", ["-hide_banner", "-nostats", ...args]);
    const out: Buffer[] = [];
    let err = "";
    child.stdout.on("data", (d: Buffer) => out.push(d));
    child.stderr.on("data", (d: Buffer) => {
      err += d.toString();
    });
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0
        ? resolve({ stdout: Buffer.concat(out), stderr: err })
        : reject(new Error(`ffmpeg ${code}: ${err.slice(-800)}`)),
    );
  });
}

/** Decodes frames [from, from+count) as rgb24 at the stream's size. */
export async function frames(file: string, width: number, height: number, select: string): Promise<Buffer[]> {
  const { stdout } = await ffmpegOut([
    "-v",
    "error",
    "-i",
    file,
    "-vf",
    `select='${select}'`,
    "-vsync",
    "0",
    "-f",
    "rawvideo",
    "-pix_fmt",
    "rgb24",
    "-",
  ]);
  const size = width * height * 3;
  const out: Buffer[] = [];
  for (let i = 0; i + size <= stdout.length; i += size) out.push(stdout.subarray(i, i + size));
  return out;
}

export function meanAbsDiff(a: Uint8Array, b: Uint8Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += Math.abs(a[i]! - b[i]!);
  return s / a.length;
}

/** Integrated loudness and true peak as ffmpeg's ebur128 measures them. */
export async function ebur128(file: string): Promise<{ lufs: number; truePeak: number }> {
  const { stderr } = await ffmpegOut(["-i", file, "-af", "ebur128=peak=true", "-f", "null", "-"]);
  const summary = stderr.slice(stderr.lastIndexOf("Summary:"));
  const lufs = Number(/I:\s+(-?[\d.]+) LUFS/.exec(summary)?.[1]);
  const truePeak = Number(/Peak:\s+(-?[\d.]+) dBFS/.exec(summary)?.[1]);
  return { lufs, truePeak };
}

/** Stretches quieter than `noiseDb` for at least `minS` seconds, as ffmpeg's silencedetect finds them. */
export async function silences(file: string, noiseDb = -70, minS = 0.3): Promise<number[]> {
  const { stderr } = await ffmpegOut(["-i", file, "-af", `silencedetect=n=${noiseDb}dB:d=${minS}`, "-f", "null", "-"]);
  return [...stderr.matchAll(/silence_start: (-?[\d.]+)/g)].map((m) => Number(m[1]));
}

export async function decodeAudio(file: string): Promise<Float32Array> {
  const { stdout } = await ffmpegOut(["-v", "error", "-i", file, "-f", "f32le", "-ac", "2", "-ar", "48000", "-"]);
  return new Float32Array(stdout.buffer, stdout.byteOffset, stdout.byteLength / 4);
}
