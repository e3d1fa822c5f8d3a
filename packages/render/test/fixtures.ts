import { execFile } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { createCanvas } from "@napi-rs/canvas";
import type { Speech, SpeechRequest, TtsProvider } from "../src/tts/types.ts";

const exec = promisify(execFile);

export async function ffmpeg(args: string[]): Promise<void> {
  await exec("ffmpeg", ["-hide_banner", "-v", "error", "-y", ...args], { maxBuffer: 64 * 1024 * 1024 });
}

/** Small media made on the spot with ffmpeg's lavfi sources and canvas: nothing from the library. */
export interface Fixtures {
  dir: string;
  darkBackground: string;
  busyBackground: string;
  music: string;
  song: string;
  meme: string;
  userImage: string;
  productImage: string;
  styleClip: string;
}

export async function makeFixtures(dir: string): Promise<Fixtures> {
  await mkdir(dir, { recursive: true });
  const f = (name: string) => join(dir, name);
  const h264 = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"];
  await Promise.all([
    ffmpeg(["-f", "lavfi", "-i", "color=c=0x1E1E1E:s=1080x1920:r=30:d=2", ...h264, f("dark.mp4")]),
    ffmpeg(["-f", "lavfi", "-i", "testsrc2=s=1080x1920:r=30:d=2", ...h264, f("busy.mp4")]),
    ffmpeg([
      "-f",
      "lavfi",
      "-i",
      "aevalsrc='0.3*sin(2*PI*220*t)+0.2*sin(2*PI*277*t)+0.15*sin(2*PI*330*t)':s=48000:d=5",
      "-ac",
      "2",
      "-c:a",
      "libmp3lame",
      f("music.mp3"),
    ]),
    ffmpeg([
      "-f",
      "lavfi",
      "-i",
      "aevalsrc='0.4*sin(2*PI*196*t)*(0.5+0.5*sin(2*PI*2*t))+0.2*sin(2*PI*392*t)':s=44100:d=3.5",
      "-ac",
      "2",
      "-c:a",
      "libmp3lame",
      f("song.mp3"),
    ]),
    // A meme: a red "character" moving on pure chroma green.
    ffmpeg([
      "-f",
      "lavfi",
      "-i",
      "color=c=0x00FF00:s=1080x1080:r=30:d=3",
      "-vf",
      "drawbox=x='300+150*sin(t*2)':y=300:w=360:h=520:color=0xD02020@1:t=fill",
      ...h264,
      f("meme.mp4"),
    ]),
    // A faceless style clip with its own ambience.
    ffmpeg([
      "-f",
      "lavfi",
      "-i",
      "testsrc2=s=1080x1920:r=30:d=6",
      "-f",
      "lavfi",
      "-i",
      "anoisesrc=c=pink:a=0.2:d=6",
      ...h264,
      "-c:a",
      "aac",
      "-ac",
      "2",
      "-shortest",
      f("style.mp4"),
    ]),
  ]);
  const image = createCanvas(1200, 800);
  const ictx = image.getContext("2d");
  const g = ictx.createLinearGradient(0, 0, 1200, 800);
  g.addColorStop(0, "#1D4ED8");
  g.addColorStop(1, "#60A5FA");
  ictx.fillStyle = g;
  ictx.fillRect(0, 0, 1200, 800);
  await writeFile(f("user.png"), image.toBuffer("image/png"));
  const product = createCanvas(900, 900);
  const pctx = product.getContext("2d");
  pctx.fillStyle = "#F5E6D3";
  pctx.fillRect(0, 0, 900, 900);
  pctx.fillStyle = "#C2410C";
  pctx.fillRect(330, 250, 240, 500);
  pctx.fillStyle = "#1F2937";
  pctx.fillRect(380, 160, 140, 100);
  await writeFile(f("product.png"), product.toBuffer("image/jpeg"));
  return {
    dir,
    darkBackground: f("dark.mp4"),
    busyBackground: f("busy.mp4"),
    music: f("music.mp3"),
    song: f("song.mp3"),
    meme: f("meme.mp4"),
    userImage: f("user.png"),
    productImage: f("product.png"),
    styleClip: f("style.mp4"),
  };
}

/** A 16-bit mono WAV of tone bursts, one per word (a stand-in voice with exactly known word times). */
function toneWav(bursts: { start: number; end: number }[], duration: number): Buffer {
  const rate = 48000;
  const n = Math.round(duration * rate);
  const data = Buffer.alloc(n * 2);
  for (let i = 0; i < n; i++) {
    const t = i / rate;
    const on = bursts.some((b) => t >= b.start && t < b.end);
    const v = on ? 0.35 * Math.sin(2 * Math.PI * 180 * t) + 0.15 * Math.sin(2 * Math.PI * 540 * t) : 0;
    data.writeInt16LE(Math.round(v * 32767), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVE", 8);
  header.write("fmt ", 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/**
 * A TtsProvider double at the provider boundary: each word is a tone burst of `wordS` seconds, so the
 * word timings are exact by construction. Real voices are tested in the TTS suite.
 */
export class ToneTts implements TtsProvider {
  readonly name = "tone";
  readonly wordS: number;
  constructor(wordS = 0.3) {
    this.wordS = wordS;
  }
  async synthesize(request: SpeechRequest): Promise<Speech> {
    await mkdir(request.workDir, { recursive: true });
    const tokens = request.text.split(/\s+/).filter(Boolean);
    const words = tokens.map((text, i) => ({
      text,
      start: 0.05 + i * (this.wordS + 0.08),
      end: 0.05 + i * (this.wordS + 0.08) + this.wordS,
    }));
    const duration = (words.at(-1)?.end ?? 0) + 0.1;
    const audioPath = join(request.workDir, `tone-${tokens.length}-${Date.now()}.wav`);
    await writeFile(audioPath, toneWav(words, duration));
    return { audioPath, duration, words, timing: "engine" };
  }
}

/** One frame as RGB bytes. */
export async function frameAt(video: string, t: number, size = { w: 1080, h: 1920 }): Promise<Buffer> {
  const { stdout } = await exec(
    "ffmpeg",
    ["-v", "error", "-ss", String(t), "-i", video, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
    { encoding: "buffer", maxBuffer: size.w * size.h * 3 + 1024 },
  );
  return stdout;
}

/** Counts pixels of an RGB frame inside a rectangle that pass a test. */
export function countPixels(
  rgb: Buffer,
  width: number,
  rect: { x: number; y: number; w: number; h: number },
  test: (r: number, g: number, b: number) => boolean,
): number {
  let n = 0;
  for (let y = rect.y; y < rect.y + rect.h; y++) {
    for (let x = rect.x; x < rect.x + rect.w; x++) {
      const i = (y * width + x) * 3;
      if (test(rgb[i] ?? 0, rgb[i + 1] ?? 0, rgb[i + 2] ?? 0)) n++;
    }
  }
  return n;
}

export interface StreamFacts {
  width: number;
  height: number;
  fps: string;
  codec: string;
  profile: string;
  pixFmt: string;
  /** Sample (pixel) aspect ratio, e.g. "1:1". */
  sar: string;
  audioCodec: string;
  sampleRate: number;
  duration: number;
}

export async function streamFacts(video: string): Promise<StreamFacts> {
  const { stdout } = await exec("ffprobe", [
    "-v",
    "error",
    "-print_format",
    "json",
    "-show_streams",
    "-show_format",
    video,
  ]);
  const data = JSON.parse(stdout) as {
    streams: Record<string, string | number>[];
    format: { duration: string };
  };
  const v = data.streams.find((s) => s.codec_type === "video") ?? {};
  const a = data.streams.find((s) => s.codec_type === "audio") ?? {};
  return {
    width: Number(v.width),
    height: Number(v.height),
    fps: String(v.r_frame_rate),
    codec: String(v.codec_name),
    profile: String(v.profile),
    pixFmt: String(v.pix_fmt),
    sar: String(v.sample_aspect_ratio),
    audioCodec: String(a.codec_name),
    sampleRate: Number(a.sample_rate),
    duration: Number(data.format.duration),
  };
}
