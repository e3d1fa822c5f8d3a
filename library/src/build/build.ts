/**
 * Builds the starter media library into the library directory:
 *   node library/src/build/build.ts [--quick] [--force] [--out DIR] [--jobs N] [--only id,id]
 * Skips the work when manifest.json already records the same build hash and mode ("library up to date").
 * manifest.json is removed first and written last (atomically), so a half build never passes for a whole one.
 */
import { mkdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import { type AssetKind, assetId, CATALOGUE, type CatalogueEntry } from "../catalogue.ts";
import { readImports } from "../import/imports-file.ts";
import { libraryDir, MANIFEST_FILE } from "../index.ts";
import type { BuildModeName } from "../kit/video.ts";
import { writeAtomic } from "../kit/video.ts";
import { type LibraryAsset, type Manifest, mergeAssets, parseManifest } from "../manifest.ts";
import { buildHash } from "./hash.ts";
import { KIND_DIRS, runJob } from "./jobs.ts";
import type { JobMessage } from "./worker.ts";

export interface BuildOptions {
  dir: string;
  mode: BuildModeName;
  force?: boolean;
  jobs?: number;
  /** Build only these asset ids (the manifest then lists only them and never counts as up to date). */
  only?: string[];
  log?: (line: string) => void;
}

export interface BuildResult {
  upToDate: boolean;
  manifest: Manifest;
  seconds: number;
}

/** Rough cost of a job, to start the long ones first. */
function weight(entry: CatalogueEntry): number {
  switch (entry.kind) {
    case "background":
      return 100;
    case "hook-footage":
      return 40;
    case "asmr":
    case "dreamscape":
      return 30;
    case "music":
      return 12;
    default:
      return 8;
  }
}

async function readManifest(dir: string): Promise<Manifest | undefined> {
  try {
    return parseManifest(JSON.parse(await readFile(path.join(dir, MANIFEST_FILE), "utf8")));
  } catch {
    return undefined;
  }
}

interface JobDone {
  asset: LibraryAsset;
  seconds: number;
}

async function runTimed(job: Omit<JobMessage, "id">): Promise<JobDone> {
  const started = performance.now();
  const asset = await runJob(job.kind, job.key, job.dir, job.mode);
  return { asset, seconds: (performance.now() - started) / 1000 };
}

class WorkerPool {
  private readonly workers: Worker[] = [];
  private readonly pending = new Map<number, { resolve: (a: JobDone) => void; reject: (e: Error) => void }>();
  private readonly idle: Worker[] = [];
  private readonly waiting: (() => void)[] = [];
  private nextId = 0;

  constructor(size: number) {
    for (let i = 0; i < size; i++) {
      const worker = new Worker(new URL("./worker.ts", import.meta.url));
      worker.on("message", (msg: { id: number; asset?: LibraryAsset; seconds?: number; error?: string }) => {
        const p = this.pending.get(msg.id);
        this.pending.delete(msg.id);
        this.release(worker);
        if (!p) return;
        if (msg.asset) p.resolve({ asset: msg.asset, seconds: msg.seconds ?? 0 });
        else p.reject(new Error(msg.error ?? "worker failed"));
      });
      worker.on("error", (error) => {
        for (const p of this.pending.values()) p.reject(error);
        this.pending.clear();
      });
      this.workers.push(worker);
      this.idle.push(worker);
    }
  }

  private release(worker: Worker): void {
    this.idle.push(worker);
    this.waiting.shift()?.();
  }

  async run(job: Omit<JobMessage, "id">): Promise<JobDone> {
    while (this.idle.length === 0) await new Promise<void>((resolve) => this.waiting.push(resolve));
    const worker = this.idle.shift() as Worker;
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ ...job, id });
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

export async function buildLibrary(options: BuildOptions): Promise<BuildResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const started = performance.now();
  const dir = path.resolve(options.dir);
  const only = options.only?.length ? new Set(options.only) : undefined;
  const hash = `${await buildHash(options.mode)}${only ? ":partial" : ""}`;
  const existing = await readManifest(dir);
  if (!options.force && !only && existing && existing.buildHash === hash && existing.mode === options.mode) {
    log(`[library] library up to date (${options.mode}, ${existing.assets.length} assets in ${dir})`);
    return { upToDate: true, manifest: existing, seconds: 0 };
  }
  const entries = CATALOGUE.filter((e) => !only || only.has(assetId(e.kind, e.key)));
  if (only && entries.length !== only.size) {
    const known = new Set(CATALOGUE.map((e) => assetId(e.kind, e.key)));
    throw new Error(`Unknown asset ids: ${[...only].filter((id) => !known.has(id)).join(", ")}`);
  }
  await mkdir(dir, { recursive: true });
  await rm(path.join(dir, MANIFEST_FILE), { force: true });
  const kinds = new Set<AssetKind>(entries.map((e) => e.kind));
  for (const kind of kinds) {
    if (!only) await rm(path.join(dir, KIND_DIRS[kind]), { recursive: true, force: true });
    await mkdir(path.join(dir, KIND_DIRS[kind]), { recursive: true });
  }
  log(`[library] building ${entries.length} assets (${options.mode}) into ${dir}`);
  const jobs = Math.max(1, options.jobs ?? Math.min(2, os.availableParallelism()));
  const pool = jobs > 1 ? new WorkerPool(jobs) : undefined;
  const order = [...entries].sort((a, b) => weight(b) - weight(a));
  const results = new Map<string, LibraryAsset>();
  let done = 0;
  try {
    await Promise.all(
      order.map(async (entry) => {
        const job = { kind: entry.kind, key: entry.key, dir, mode: options.mode };
        const { asset, seconds } = pool ? await pool.run(job) : await runTimed(job);
        results.set(asset.id, asset);
        done++;
        log(`[library] ${done}/${entries.length} ${asset.id} (${seconds.toFixed(1)} s)`);
      }),
    );
  } finally {
    await pool?.close();
  }
  const generated = entries.map((e) => results.get(assetId(e.kind, e.key)) as LibraryAsset);
  const imported = (await readImports(dir)).assets;
  const manifest: Manifest = {
    version: 2,
    mode: options.mode,
    buildHash: hash,
    assets: mergeAssets(generated, imported),
  };
  parseManifest(manifest);
  await writeAtomic(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  const seconds = (performance.now() - started) / 1000;
  log(`[library] done: ${manifest.assets.length} assets in ${seconds.toFixed(1)} s`);
  return { upToDate: false, manifest, seconds };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      quick: { type: "boolean", default: false },
      force: { type: "boolean", default: false },
      out: { type: "string" },
      jobs: { type: "string" },
      only: { type: "string" },
    },
  });
  await buildLibrary({
    dir: values.out ? path.resolve(values.out) : libraryDir(),
    mode: values.quick ? "quick" : "full",
    force: values.force,
    jobs: values.jobs ? Number(values.jobs) : undefined,
    only: values.only
      ?.split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(`[library] build failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
