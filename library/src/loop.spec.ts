/**
 * Every drawn clip loops: the frame after the last (phase 1) is the first frame again, and the
 * seam step is no bigger than an ordinary step between neighbouring frames.
 */
import { createCanvas } from "@napi-rs/canvas";
import { describe, expect, it } from "vitest";
import { KIND_DIRS } from "./build/jobs.ts";
import { CATALOGUE, type CatalogueEntry } from "./catalogue.ts";
import { createRng } from "./kit/prng.ts";
import { frameCount, frameInfo, type VideoGenerator } from "./kit/video.ts";
import { CHROMA_GREEN, memeGenerator } from "./memes/memes.ts";

async function generatorOf(entry: CatalogueEntry): Promise<VideoGenerator> {
  if (entry.kind === "meme") return memeGenerator(entry.key);
  return ((await import(`./${KIND_DIRS[entry.kind]}/${entry.key}.ts`)) as { default: VideoGenerator }).default;
}

function meanAbsDiff(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 4) {
    sum += Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!);
  }
  return sum / (a.length / 4) / 3;
}

const videos = CATALOGUE.filter((e) => e.kind !== "music");
/** Backgrounds and style clips loop; memes are one-shot gags (a pop, a zoom) that may restart. */
const loops = videos.filter((e) => e.kind !== "meme");

describe("drawn clips loop seamlessly", () => {
  it.each(loops.map((e) => [`${e.kind}-${e.key}`, e] as const))("%s", async (_id, entry) => {
    const generator = await generatorOf(entry);
    // The quick spec: the same motion, compressed into a short loop, so every step can be measured.
    const spec = generator.spec("quick");
    const frames = frameCount(spec);
    const scene = await generator.createScene({ spec, rng: createRng(`${entry.kind}:${entry.key}`), mode: "quick" });
    const canvas = createCanvas(spec.drawWidth, spec.drawHeight);
    const ctx = canvas.getContext("2d");
    const grab = (frame: number) => {
      scene.draw(ctx, frameInfo(spec, frame, frames));
      return new Uint8Array(canvas.data());
    };
    const first = grab(0);
    const wrapped = grab(frames);
    const last = grab(frames - 1);
    expect(meanAbsDiff(wrapped, first)).toBeLessThan(0.5);
    const seamStep = meanAbsDiff(last, first);
    // The largest ordinary step between neighbouring frames inside the loop.
    let normalStep = 0;
    let previous = first;
    for (let k = 1; k < frames; k++) {
      const current = k === frames - 1 ? last : grab(k);
      normalStep = Math.max(normalStep, meanAbsDiff(previous, current));
      previous = current;
    }
    expect(seamStep).toBeLessThanOrEqual(Math.max(normalStep * 1.5, 1));
    // Something moves: consecutive frames differ.
    expect(normalStep + seamStep).toBeGreaterThan(0);
  });
});

describe("memes sit on pure chroma green", () => {
  it.each(videos.filter((e) => e.kind === "meme").map((e) => [e.key] as const))("%s", async (key) => {
    const generator = memeGenerator(key);
    const spec = generator.spec("full");
    const frames = frameCount(spec);
    const scene = await generator.createScene({ spec, rng: createRng(key), mode: "full" });
    const canvas = createCanvas(spec.drawWidth, spec.drawHeight);
    const ctx = canvas.getContext("2d");
    expect(CHROMA_GREEN).toBe("#00ff00");
    for (const at of [0.25, 0.5]) {
      scene.draw(ctx, frameInfo(spec, Math.floor(frames * at), frames));
      const px = canvas.data();
      let pure = 0;
      let nearGreen = 0;
      for (let i = 0; i < px.length; i += 4) {
        const [r, g, b] = [px[i]!, px[i + 1]!, px[i + 2]!];
        if (r === 0 && g === 255 && b === 0) pure++;
        else if (g > 200 && r < 60 && b < 60) nearGreen++;
      }
      const total = px.length / 4;
      // Mostly background, and no shaded green: off-pure greens only at anti-aliased edges.
      expect(pure / total).toBeGreaterThan(0.3);
      expect(nearGreen / total).toBeLessThan(0.01);
    }
  });
});
