import crypto from "node:crypto";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { type VideoEncoder, videoEncoder } from "@reelsmith/media";
import {
  type Composition,
  joinToResult,
  planSegments,
  prepareForSplit,
  type RenderOptions,
  type RenderResult,
  renderComposition,
  renderMixedAudio,
  renderSegment,
  type SplitPrepared,
} from "@reelsmith/render";
import { z } from "zod";
import type { JobQueue } from "../jobs/queue.ts";
import type { ObjectStorage } from "./storage/object-storage.ts";

/** When a render is split and into what: videos over `overS` seconds, in segments of `segmentS`. */
export interface SplitSettings {
  overS: number;
  segmentS: number;
}

/** A split render's plan as stored for the segment workers: the prepared composition and the files it reads. */
interface StoredPlan {
  prepared: SplitPrepared;
  /** Each file a segment reads: its path in `prepared` and its storage key (or its path in the library). */
  files: { path: string; key?: string; library?: string }[];
  /** The folder of the captions' fonts, made again from its stored files. */
  fonts: { dir: string; files: { name: string; key: string }[] } | null;
  /**
   * The encoder of every segment: the render job's machine's. Segments of different encoders cannot be joined, so a
   * worker that lacks it fails the segment, which another worker retries.
   */
  encoder: VideoEncoder;
}

export const renderSegmentPayload = z.object({
  /** The storage folder of one split render (`<user>/renders/<video>/<run>`). */
  prefix: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)+$/),
  index: z.number().int().min(0).max(999),
  start: z.number().min(0),
  end: z.number().positive(),
});
export type RenderSegmentPayload = z.infer<typeof renderSegmentPayload>;
export const RENDER_SEGMENT = "render-segment";

const segmentKey = (prefix: string, index: number) => `${prefix}/segment-${String(index).padStart(3, "0")}.mp4`;

/** Every path a segment's encode opens: the pictures of the layers and the captions. */
function segmentInputs(prepared: SplitPrepared): string[] {
  const paths = new Set<string>();
  for (const layer of prepared.composition.layers) {
    if (layer.kind === "video" || layer.kind === "image") paths.add(layer.src);
  }
  if (prepared.subtitles) paths.add(prepared.subtitles.path);
  return [...paths];
}

/** `value` with every string equal to a key of `moves` replaced by its value (the plan's paths, moved). */
function movePaths<T>(value: T, moves: ReadonlyMap<string, string>): T {
  return JSON.parse(JSON.stringify(value), (_key, v: unknown) =>
    typeof v === "string" && moves.has(v) ? moves.get(v) : v,
  ) as T;
}

/**
 * Split renders across the queue's workers: the render job composes and prepares the video as usual, stores what a
 * segment reads (its drawn cards, captions, fonts and the creator's files; the library is on every worker) with a
 * plan, and queues one `render-segment` job per keyframe-aligned stretch. Any worker takes them; the render job mixes
 * the sound meanwhile, waits for the segments, and joins them without encoding again. A worker lost mid-segment costs
 * that segment only: its job is retried elsewhere. A video at or under the threshold is rendered in one process.
 */
export class SplitRenderer {
  constructor(
    private readonly storage: ObjectStorage,
    private readonly queue: JobQueue,
    private readonly libraryDir: string,
    private readonly settings: SplitSettings,
    private readonly options: { pollMs?: number } = {},
  ) {}

  /** The encode step of a video (produceVideo's `encode`): split when it is long enough, else one process. */
  encoder(owner: { userId: string; videoId: string }) {
    return (composition: Composition, options: RenderOptions): Promise<RenderResult> =>
      composition.duration > this.settings.overS
        ? this.#render(owner, composition, options)
        : renderComposition(composition, options);
  }

  async #render(
    owner: { userId: string; videoId: string },
    composition: Composition,
    options: RenderOptions,
  ): Promise<RenderResult> {
    const workDir = options.workDir ?? path.dirname(options.output);
    const prepared = await prepareForSplit(composition, path.join(workDir, "split"), {
      draft: options.draft,
      signal: options.signal,
    });
    for (const w of prepared.warnings) options.onWarning?.(w);
    const prefix = `${owner.userId}/renders/${owner.videoId}/${crypto.randomUUID().slice(0, 8)}`;
    const stored: string[] = [];
    try {
      await this.#storePlan(prefix, prepared, workDir, stored);
      const windows = planSegments(composition.duration, { segmentS: this.settings.segmentS });
      const jobs: string[] = [];
      // The latest segments first: each runs the graph from the video's start, so they take longest.
      for (const [index, window] of [...windows.entries()].reverse()) {
        const id = await this.queue.send(
          { name: RENDER_SEGMENT, schema: renderSegmentPayload },
          { prefix, index, start: window.start, end: window.end },
          { singletonKey: `${prefix}:${index}` },
        );
        if (!id) throw new Error(`segment ${index} of ${prefix} was not queued`);
        jobs[index] = id;
        stored.push(segmentKey(prefix, index));
      }
      const audio = path.join(workDir, "split-audio.m4a");
      const [segments] = await Promise.all([
        this.#collect(prefix, jobs, windows, workDir, options),
        renderMixedAudio(prepared, audio, { signal: options.signal }),
      ]);
      return await joinToResult(prepared, segments, audio, options);
    } finally {
      for (const key of stored) await this.storage.delete(key).catch(() => {});
    }
  }

  /** Stores the plan and every file a segment reads that is not in the library. */
  async #storePlan(prefix: string, prepared: SplitPrepared, workDir: string, stored: string[]): Promise<void> {
    const files: StoredPlan["files"] = [];
    for (const [n, file] of segmentInputs(prepared).entries()) {
      const inLibrary = path.relative(this.libraryDir, file);
      if (!inLibrary.startsWith("..") && !path.isAbsolute(inLibrary)) {
        files.push({ path: file, library: inLibrary });
        continue;
      }
      const key = `${prefix}/files/${n}${path.extname(file).toLowerCase()}`;
      await this.storage.putFile(key, file, "application/octet-stream");
      stored.push(key);
      files.push({ path: file, key });
    }
    let fonts: StoredPlan["fonts"] = null;
    if (prepared.subtitles) {
      const dir = prepared.subtitles.fontsDir;
      const names = (await readdir(dir)).filter((name) => /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name));
      fonts = { dir, files: [] };
      for (const name of names) {
        const key = `${prefix}/fonts/${name}`;
        await this.storage.putFile(key, path.join(dir, name), "application/octet-stream");
        stored.push(key);
        fonts.files.push({ name, key });
      }
    }
    const encoder = (await videoEncoder()).encoder;
    const plan: StoredPlan = { prepared: { ...prepared, workDir }, files, fonts, encoder };
    const planFile = path.join(workDir, "split-plan.json");
    await writeFile(planFile, JSON.stringify(plan));
    await this.storage.putFile(`${prefix}/plan.json`, planFile, "application/json");
    stored.push(`${prefix}/plan.json`);
  }

  /** Waits for every segment job, reporting progress by segments done; downloads each as it is there. */
  async #collect(
    prefix: string,
    jobs: string[],
    windows: { start: number; end: number }[],
    workDir: string,
    options: RenderOptions,
  ): Promise<string[]> {
    const local = windows.map((_, i) => path.join(workDir, `split-segment-${String(i).padStart(3, "0")}.mp4`));
    const done = new Set<number>();
    const total = windows.reduce((sum, w) => sum + (w.end - w.start), 0);
    while (done.size < windows.length) {
      options.signal?.throwIfAborted();
      for (const [index, id] of jobs.entries()) {
        if (done.has(index)) continue;
        const job = await this.queue.job(RENDER_SEGMENT, id);
        if (job?.state === "completed") {
          await this.storage.download(segmentKey(prefix, index), local[index] as string);
          done.add(index);
          const seconds = [...done].reduce((sum, i) => sum + ((windows[i]?.end ?? 0) - (windows[i]?.start ?? 0)), 0);
          options.onProgress?.(Math.min(99, Math.floor((seconds / total) * 100)));
        } else if (!job || job.state === "failed" || job.state === "cancelled") {
          throw new Error(`segment ${index} of ${prefix} did not render (${job?.state ?? "gone"})`);
        }
      }
      if (done.size < windows.length) await sleep(this.options.pollMs ?? 500, undefined, { signal: options.signal });
    }
    return local;
  }

  /** The segment job: the plan and its files fetched to this worker, one window encoded and stored. */
  async renderSegment(payload: RenderSegmentPayload, context: { workDir: string; signal: AbortSignal }) {
    const planFile = path.join(context.workDir, "plan.json");
    await this.storage.download(`${payload.prefix}/plan.json`, planFile);
    const plan = JSON.parse(await readFile(planFile, "utf8")) as StoredPlan;
    const moves = new Map<string, string>();
    for (const [n, file] of plan.files.entries()) {
      if (file.library !== undefined) {
        moves.set(file.path, path.join(this.libraryDir, file.library));
      } else if (file.key) {
        const local = path.join(context.workDir, `input-${n}${path.extname(file.path).toLowerCase()}`);
        await this.storage.download(file.key, local);
        moves.set(file.path, local);
      }
    }
    if (plan.fonts) {
      const dir = path.join(context.workDir, "fonts");
      await mkdir(dir, { recursive: true });
      for (const font of plan.fonts.files) await this.storage.download(font.key, path.join(dir, font.name));
      moves.set(plan.fonts.dir, dir);
    }
    const prepared = movePaths(plan.prepared, moves);
    const output = path.join(context.workDir, "segment.mp4");
    await renderSegment(prepared, { start: payload.start, end: payload.end }, output, {
      signal: context.signal,
      encoder: plan.encoder,
    });
    await this.storage.putFile(segmentKey(payload.prefix, payload.index), output, "video/mp4");
  }
}
