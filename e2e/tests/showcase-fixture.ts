import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { SHOWCASE_CLIP_COUNT, type ShowcaseManifest, VIDEO_TYPES } from "@reelsmith/core";

/**
 * Test data for the landing page's showcase: sixteen two-second clips with posters, made with
 * ffmpeg's test source, in the manifest format `npm run showcase` writes. They exercise the
 * carousels in the browser; the product's real clips come from the render engine.
 */
export function writeShowcaseFixture(dir: string): ShowcaseManifest {
  fs.mkdirSync(dir, { recursive: true });
  const manifestFile = path.join(dir, "showcase.json");
  if (fs.existsSync(manifestFile)) return JSON.parse(fs.readFileSync(manifestFile, "utf8")) as ShowcaseManifest;
  const clips = Array.from({ length: SHOWCASE_CLIP_COUNT }, (_, i) => {
    const hash = crypto.createHash("sha256").update(`fixture-${i}`).digest("hex").slice(0, 12);
    const name = `fixture-${i}-${hash}`;
    const hue = (i * 360) / SHOWCASE_CLIP_COUNT;
    execFileSync("ffmpeg", [
      "-v",
      "error",
      "-y",
      "-f",
      "lavfi",
      "-i",
      `testsrc2=s=270x480:d=2:r=15,hue=h=${hue}`,
      "-c:v",
      "libx264",
      "-pix_fmt",
      "yuv420p",
      "-movflags",
      "+faststart",
      path.join(dir, `${name}.mp4`),
    ]);
    execFileSync("ffmpeg", [
      "-v",
      "error",
      "-y",
      "-i",
      path.join(dir, `${name}.mp4`),
      "-frames:v",
      "1",
      path.join(dir, `${name}.jpg`),
    ]);
    return {
      id: `fixture-${i}`,
      title: `Test clip ${i + 1}`,
      type: VIDEO_TYPES[i % VIDEO_TYPES.length] ?? "reddit",
      views: 1000 * (i + 1) * 37,
      src: `/showcase/${name}.mp4`,
      poster: `/showcase/${name}.jpg`,
      durationS: 2,
      width: 270,
      height: 480,
    };
  });
  const manifest: ShowcaseManifest = { version: 1, generatedAt: new Date().toISOString(), clips };
  fs.writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
  return manifest;
}
