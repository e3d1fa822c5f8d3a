import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Small real media files made by ffmpeg once per test run (MP3, WAV, AAC, M4A, PNG, JPG, WebP, MP4). */
export function makeMediaFixtures(): Record<"mp3" | "wav" | "aac" | "m4a" | "png" | "jpg" | "webp" | "mp4", string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "reelsmith-fixtures-"));
  const ff = (...args: string[]) => execFileSync("ffmpeg", ["-v", "error", "-y", ...args], { stdio: "pipe" });
  // Songs last at least 3 s.
  const tone = ["-f", "lavfi", "-i", "sine=frequency=440:duration=4"];
  const picture = ["-f", "lavfi", "-i", "testsrc2=size=64x64:rate=1", "-frames:v", "1"];
  const out = (name: string) => path.join(dir, name);
  ff(...tone, "-c:a", "libmp3lame", "-b:a", "64k", out("a.mp3"));
  ff(...tone, out("a.wav"));
  ff(...tone, "-c:a", "aac", "-f", "adts", out("a.aac"));
  ff(...tone, "-c:a", "aac", out("a.m4a"));
  ff(...picture, out("p.png"));
  ff(...picture, out("p.jpg"));
  ff(...picture, "-c:v", "libwebp", out("p.webp"));
  ff("-f", "lavfi", "-i", "testsrc2=size=64x64:rate=10:duration=2", "-pix_fmt", "yuv420p", out("v.mp4"));
  return {
    mp3: out("a.mp3"),
    wav: out("a.wav"),
    aac: out("a.aac"),
    m4a: out("a.m4a"),
    png: out("p.png"),
    jpg: out("p.jpg"),
    webp: out("p.webp"),
    mp4: out("v.mp4"),
  };
}
