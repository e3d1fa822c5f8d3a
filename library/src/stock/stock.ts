/**
 * Stock footage for the builders' footage choices (gameplay backgrounds, dreamscape styles, the music
 * video's hook footage), fetched once from a stock site when the operator set an API key (PEXELS_API_KEY, or
 * PIXABAY_API_KEY):
 *   npm run library:stock [-- --only background:minecraft --only dreamscape:luxury] [--force] [--out DIR]
 * For every style it searches the style's words, takes the first portrait clip long enough, downloads the
 * file chosen for 1080x1920 (bounded size, with a timeout) and imports it like an operator's own footage
 * (library/src/import): transcoded to 1080x1920 30 fps and recorded under the style's key, so it replaces
 * the drawn clip, with `source: "pexels"` (or "pixabay") and a credit (author, pages). A style already served by stock
 * footage, or by the operator's own import, is left alone: a second run downloads nothing.
 * Never called at render time.
 */
import { createWriteStream } from "node:fs";
import { mkdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import { type AssetKind, assetId, CATALOGUE } from "../catalogue.ts";
import { importAsset } from "../import/import.ts";
import { IMPORTED_DIR, readImports } from "../import/imports-file.ts";
import { libraryDir } from "../index.ts";
import type { LibraryAsset } from "../manifest.ts";
import { PexelsProvider } from "./pexels.ts";
import { PixabayProvider } from "./pixabay.ts";
import { type StockClip, StockError, type StockFootageProvider } from "./provider.ts";

export interface StockStyle {
  kind: Extract<AssetKind, "background" | "dreamscape" | "hook-footage">;
  key: string;
  query: string;
  /** The shortest clip the style can use, in seconds. */
  minDurationS: number;
}

const style = (kind: StockStyle["kind"], key: string, query: string, minDurationS = 10): StockStyle => ({
  kind,
  key,
  query,
  minDurationS,
});

/** The search words of every style stock footage can serve; keys as in the catalogue. */
export const STOCK_STYLES: readonly StockStyle[] = [
  style("background", "minecraft", "parkour first person"),
  style("background", "gta5", "city driving pov night"),
  style("background", "satisfying", "satisfying kinetic sand"),
  style("background", "subway-surfers", "running pov city street"),
  style("background", "rocket-league", "car drifting smoke"),
  style("background", "other", "neon tunnel driving"),
  style("dreamscape", "fashion", "fashion silk fabric slow motion", 8),
  style("dreamscape", "luxury", "luxury interior slow motion", 8),
  style("dreamscape", "alternate-realities", "surreal abstract dreamlike", 8),
  style("dreamscape", "machine-experiments", "machine gears mechanism", 8),
  style("dreamscape", "nature", "waterfall forest aerial", 8),
  style("hook-footage", "rave", "concert crowd lights", 8),
  style("hook-footage", "rollercoaster", "roller coaster pov", 8),
  style("hook-footage", "nature", "epic mountain landscape aerial", 8),
];

export const STOCK_MAX_BYTES = 200 * 1024 * 1024;
export const STOCK_DOWNLOAD_TIMEOUT_MS = 5 * 60 * 1000;

export type StockOutcome =
  | { style: StockStyle; status: "imported"; asset: LibraryAsset }
  | { style: StockStyle; status: "kept"; reason: string }
  | { style: StockStyle; status: "none-found" }
  | { style: StockStyle; status: "failed"; error: string };

export interface FetchStockOptions {
  dir: string;
  provider: StockFootageProvider;
  /** "kind:key" entries; all styles when empty. */
  only?: readonly string[];
  /** Fetch again even when stock footage already serves the style (never replaces an operator's own import). */
  force?: boolean;
  maxBytes?: number;
  downloadTimeoutMs?: number;
  log?: (line: string) => void;
}

/** The styles named by --only ("kind:key"), or all; an unknown name is an error listing the known ones. */
export function selectStyles(only: readonly string[] = []): StockStyle[] {
  if (!only.length) return [...STOCK_STYLES];
  return only.map((name) => {
    const found = STOCK_STYLES.find((s) => `${s.kind}:${s.key}` === name.trim());
    if (!found) {
      throw new StockError(
        `Unknown style "${name}". Use one of: ${STOCK_STYLES.map((s) => `${s.kind}:${s.key}`).join(", ")}.`,
      );
    }
    return found;
  });
}

/** Downloads url to file; fails past maxBytes or the timeout and leaves no partial file. */
export async function download(url: string, file: string, maxBytes: number, timeoutMs: number): Promise<number> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new StockError(`Download failed: ${(error as Error).message}`);
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new StockError(`Download failed: HTTP ${response.status}`);
  }
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body.cancel();
    throw new StockError(
      `The file is ${(declared / 1e6).toFixed(0)} MB, over the ${(maxBytes / 1e6).toFixed(0)} MB limit.`,
    );
  }
  let bytes = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes > maxBytes) callback(new StockError(`The file is over the ${(maxBytes / 1e6).toFixed(0)} MB limit.`));
      else callback(null, chunk);
    },
  });
  try {
    await pipeline(Readable.fromWeb(response.body as never), limit, createWriteStream(file));
  } catch (error) {
    await rm(file, { force: true });
    if (error instanceof StockError) throw error;
    throw new StockError(`Download failed: ${(error as Error).message}`);
  }
  return bytes;
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** Fetches stock footage for the chosen styles; one style's failure does not stop the others. */
export async function fetchStock(options: FetchStockOptions): Promise<StockOutcome[]> {
  const dir = path.resolve(options.dir);
  const log = options.log ?? (() => {});
  const styles = selectStyles(options.only);
  const outcomes: StockOutcome[] = [];
  const tmpDir = path.join(dir, IMPORTED_DIR, ".stock-download");
  for (const s of styles) {
    const id = assetId(s.kind, s.key);
    const current = (await readImports(dir)).assets.find((a) => a.id === id);
    if (current && (await exists(path.join(dir, current.file)))) {
      // Stock footage carries a credit; an import without one is the operator's own.
      if (!current.credit) {
        outcomes.push({ style: s, status: "kept", reason: "the operator's own import" });
        continue;
      }
      if (!options.force) {
        outcomes.push({ style: s, status: "kept", reason: `already from ${current.credit.provider}` });
        continue;
      }
    }
    const entry = CATALOGUE.find((c) => c.kind === s.kind && c.key === s.key);
    let clips: StockClip[];
    try {
      clips = await options.provider.search({ query: s.query, minDurationS: s.minDurationS });
    } catch (error) {
      // A refused key, an exhausted rate limit or an unreachable site fails every other style too: stop here.
      if (error instanceof StockError && error.fatal) throw error;
      outcomes.push({ style: s, status: "failed", error: (error as Error).message });
      continue;
    }
    // Fetching again prefers a different clip than the one the style has.
    const previous = current?.credit?.pageUrl;
    const clip = (previous ? clips.find((c) => c.pageUrl !== previous) : undefined) ?? clips[0];
    if (!clip) {
      log(`[library] ${id}: no portrait clip of ${s.minDurationS} s or more for "${s.query}"`);
      outcomes.push({ style: s, status: "none-found" });
      continue;
    }
    await mkdir(tmpDir, { recursive: true });
    const tmp = path.join(tmpDir, `${s.kind}-${s.key}-${process.pid}.mp4`);
    try {
      const bytes = await download(
        clip.fileUrl,
        tmp,
        options.maxBytes ?? STOCK_MAX_BYTES,
        options.downloadTimeoutMs ?? STOCK_DOWNLOAD_TIMEOUT_MS,
      );
      log(
        `[library] ${id}: ${options.provider.label} video ${clip.id} by ${clip.author} (${(bytes / 1e6).toFixed(1)} MB)`,
      );
      const asset = await importAsset({
        dir,
        kind: s.kind,
        key: s.key,
        title: entry?.title ?? s.key,
        file: tmp,
        licence: options.provider.licence,
        source: options.provider.name,
        credit: {
          provider: options.provider.label,
          author: clip.author,
          authorUrl: clip.authorUrl,
          pageUrl: clip.pageUrl,
        },
        // The drawn clip's description would not fit the stock one: say what was searched for.
        meta: { stockId: clip.id, query: s.query, description: `${options.provider.label} stock video: ${s.query}.` },
      });
      outcomes.push({ style: s, status: "imported", asset });
    } catch (error) {
      log(`[library] ${id}: ${(error as Error).message}`);
      outcomes.push({ style: s, status: "failed", error: (error as Error).message });
    } finally {
      await rm(tmp, { force: true });
    }
  }
  await rm(tmpDir, { recursive: true, force: true });
  return outcomes;
}

/** The provider the environment configures (Pexels first, then Pixabay), or undefined when no stock key is set. */
export function providerFromEnv(env: NodeJS.ProcessEnv = process.env): StockFootageProvider | undefined {
  const pexels = env.PEXELS_API_KEY?.trim();
  if (pexels) return new PexelsProvider({ apiKey: pexels, baseUrl: env.PEXELS_API_BASE });
  const pixabay = env.PIXABAY_API_KEY?.trim();
  if (pixabay) return new PixabayProvider({ apiKey: pixabay, baseUrl: env.PIXABAY_API_BASE });
  return undefined;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      only: { type: "string", multiple: true },
      force: { type: "boolean" },
      out: { type: "string" },
    },
  });
  const provider = providerFromEnv();
  if (!provider) {
    console.log(
      "[library] Neither PEXELS_API_KEY nor PIXABAY_API_KEY is set: no stock footage fetched; the starter library serves as is.",
    );
    return;
  }
  const outcomes = await fetchStock({
    dir: values.out ? path.resolve(values.out) : libraryDir(),
    provider,
    only: values.only,
    force: values.force,
    log: (line) => console.log(line),
  });
  for (const o of outcomes) {
    const id = assetId(o.style.kind, o.style.key);
    if (o.status === "imported")
      console.log(`[library] ${id}: imported as ${o.asset.file} (${o.asset.durationS.toFixed(1)} s)`);
    else if (o.status === "kept") console.log(`[library] ${id}: kept (${o.reason})`);
    else if (o.status === "none-found") console.log(`[library] ${id}: no suitable clip; the drawn one stays`);
    else console.log(`[library] ${id}: failed (${o.error}); the current one stays`);
  }
  if (outcomes.some((o) => o.status === "failed")) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(`[library] stock footage failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
