import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { VideoType } from "@reelsmith/core";
import type { Composition } from "../composition/schema.ts";
import { type PreviewRenderResult, renderPreview } from "../preview.ts";
import type { RecipeComposition } from "../recipes/common.ts";
import { renderComposition } from "../render.ts";
import { writeInlineAssets } from "./assets.ts";
import { type ProduceRequest, type Producer, STAGES } from "./producer.ts";
import { producers } from "./producers/index.ts";

export { type ProduceAssets, type ProduceRequest, STAGES, type Stage } from "./producer.ts";

/**
 * The production pipeline the server's worker calls: voice-over, timings, cards, compose, encode and
 * thumbnail, for one video of any type. Assets arrive resolved to absolute paths (library keys and the
 * user's uploads are looked up by the caller).
 */

export interface ProduceResult {
  videoPath: string;
  thumbnailPath: string;
  durationS: number;
  composition: RecipeComposition;
  warnings: string[];
  /** The encoding command (its inputs stay in workDir until the caller removes it). */
  ffmpegArgs: string[];
  /** Seconds spent preparing (voice-over, probes), rendering, and in all (for logs and the benchmark). */
  timings: { prepare: number; render: number; total: number };
}

/** The type's producer makes the composition: its inline assets written, voice-over, probes and recipe. */
async function composeVideo<T extends VideoType>(
  req: ProduceRequest<T>,
  warnings: string[],
): Promise<{ composition: RecipeComposition; voiced: boolean }> {
  const producer: Producer<T> = producers[req.type];
  req.onStage?.(STAGES.preparing);
  req.onProgress?.(0);
  const inline = await writeInlineAssets(req.type, req.input, req.assets, req.workDir);
  const composition = await producer.compose({ ...req, assets: { ...req.assets, ...inline } }, warnings);
  for (const w of warnings) req.onWarning?.(w);
  return { composition, voiced: producer.voiced };
}

export interface PreviewResult extends PreviewRenderResult {
  /** Seconds spent making the composition (voice-over, probes) and until the stream's first piece was written. */
  timings: { prepare: number; total: number };
}

/**
 * The free preview of one video: the same composition produceVideo would render, its first seconds streamed as HLS
 * into `previewDir` (see renderPreview). Nothing else is written there.
 */
export async function producePreview<T extends VideoType>(
  req: ProduceRequest<T> & { previewDir: string },
): Promise<PreviewResult> {
  const started = performance.now();
  await mkdir(req.workDir, { recursive: true });
  const warnings: string[] = [];
  const { composition, voiced } = await composeVideo(req, warnings);
  const composed = performance.now();
  const base = voiced ? 30 : 5;
  req.onProgress?.(base);
  req.onStage?.(STAGES.rendering);
  const result = await renderPreview(composition satisfies RecipeComposition as unknown as Composition, {
    dir: req.previewDir,
    workDir: join(req.workDir, "preview"),
    signal: req.signal,
    onSpawn: req.onSpawn,
    onProgress: (p) => req.onProgress?.(Math.min(99, Math.round(base + (p * (99 - base)) / 100))),
  });
  for (const w of result.warnings) req.onWarning?.(w);
  req.onProgress?.(100);
  return {
    ...result,
    warnings: [...warnings, ...result.warnings],
    timings: { prepare: (composed - started) / 1000, total: (performance.now() - started) / 1000 },
  };
}

/** Makes one finished video: returns the MP4, its thumbnail and its length. */
export async function produceVideo<T extends VideoType>(req: ProduceRequest<T>): Promise<ProduceResult> {
  const started = performance.now();
  const warnings: string[] = [];
  const warn = (m: string) => {
    warnings.push(m);
    req.onWarning?.(m);
  };
  const outputDir = req.outputDir ?? req.workDir;
  await mkdir(req.workDir, { recursive: true });
  await mkdir(outputDir, { recursive: true });
  const { composition, voiced } = await composeVideo(req, warnings);
  const voiceDone = performance.now();
  const base = voiced ? 15 : 3;
  req.onProgress?.(base);
  req.onStage?.(STAGES.rendering);
  const videoPath = join(outputDir, "video.mp4");
  const thumbnailPath = join(outputDir, "thumbnail.jpg");
  const encode = req.encode ?? renderComposition;
  const result = await encode(composition satisfies RecipeComposition as unknown as Composition, {
    output: videoPath,
    thumbnail: thumbnailPath,
    workDir: join(req.workDir, "render"),
    draft: req.draft,
    signal: req.signal,
    onWarning: warn,
    onSpawn: req.onSpawn,
    onProgress: (p) => req.onProgress?.(Math.min(99, Math.round(base + (p * (99 - base)) / 100))),
  });
  req.onStage?.(STAGES.finishing);
  req.onProgress?.(100);
  const done = performance.now();
  return {
    videoPath,
    thumbnailPath,
    durationS: result.durationS,
    composition,
    warnings,
    ffmpegArgs: result.ffmpegArgs,
    timings: {
      prepare: (voiceDone - started) / 1000,
      render: (done - voiceDone) / 1000,
      total: (done - started) / 1000,
    },
  };
}
