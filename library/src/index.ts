/**
 * The starter media library: where it lives on disk and how to read it. The files are made by
 * `npm run library:build` (see build/build.ts) and described by `manifest.json` in the library directory.
 */
import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type AssetKind, assetId } from "./catalogue.ts";
import { type LibraryAsset, type Manifest, parseManifest } from "./manifest.ts";
import { layRecorded, RECORDED_DIR, RECORDED_FILE, readRecorded } from "./recorded/overlay.ts";

export * from "./catalogue.ts";
export * from "./manifest.ts";
export { type RecorderStatus, readStatus as readRecorderStatus } from "./recorded/overlay.ts";
export { RECORDED_RECIPES } from "./recorded/recipes.ts";

/** The checkout this package sits in (library/src/index.ts -> the repository root). */
export const CHECKOUT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const MANIFEST_FILE = "manifest.json";

/**
 * The library directory: `LIBRARY_DIR` (relative paths count from the checkout) or `<checkout>/library/build`.
 */
export function libraryDir(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.LIBRARY_DIR?.trim();
  if (!configured) return path.join(CHECKOUT_DIR, "library", "build");
  return path.resolve(CHECKOUT_DIR, configured);
}

export class LibraryNotBuiltError extends Error {
  override readonly name = "LibraryNotBuiltError";
  readonly dir: string;
  constructor(dir: string) {
    super(`The media library is not built in ${dir} (no ${MANIFEST_FILE}). Run: npm run library:build`);
    this.dir = dir;
  }
}

export class LibraryAssetMissingError extends Error {
  override readonly name = "LibraryAssetMissingError";
  readonly kind: AssetKind;
  readonly key: string;
  constructor(kind: AssetKind, key: string) {
    super(`The media library has no ${kind} "${key}" (id ${assetId(kind, key)}).`);
    this.kind = kind;
    this.key = key;
  }
}

export interface Library {
  /** Absolute library directory. */
  dir: string;
  mode: Manifest["mode"];
  /** Changes whenever the built files may have changed (links to them carry it, so they can be cached). */
  buildHash: string;
  assets: LibraryAsset[];
  list(kind: AssetKind): LibraryAsset[];
  get(kind: AssetKind, key: string): LibraryAsset | undefined;
  /** Like get, but throws LibraryAssetMissingError naming the kind and key. */
  require(kind: AssetKind, key: string): LibraryAsset;
  /** Absolute path of an asset's file. */
  path(asset: LibraryAsset): string;
  /** Absolute path of an asset's thumbnail. */
  thumbnailPath(asset: LibraryAsset): string;
}

export function libraryFromManifest(dir: string, manifest: Manifest): Library {
  const absolute = path.resolve(dir);
  const byKindKey = new Map(manifest.assets.map((a) => [`${a.kind}/${a.key}`, a]));
  const get = (kind: AssetKind, key: string) => byKindKey.get(`${kind}/${key}`);
  return {
    dir: absolute,
    mode: manifest.mode,
    buildHash: manifest.buildHash,
    assets: manifest.assets,
    list: (kind) => manifest.assets.filter((a) => a.kind === kind),
    get,
    require(kind, key) {
      const asset = get(kind, key);
      if (!asset) throw new LibraryAssetMissingError(kind, key);
      return asset;
    },
    path: (asset) => path.join(absolute, asset.file),
    thumbnailPath: (asset) => path.join(absolute, asset.thumbnail),
  };
}

/**
 * Reads and validates `manifest.json`, with the recorded clips (recorded/recorded.json) laid over the drawn ones;
 * throws LibraryNotBuiltError when there is no manifest yet.
 */
export async function loadLibrary(dir: string = libraryDir()): Promise<Library> {
  let text: string;
  try {
    text = await readFile(path.join(dir, MANIFEST_FILE), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new LibraryNotBuiltError(path.resolve(dir));
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`The media library manifest ${path.join(dir, MANIFEST_FILE)} is not valid JSON: ${error}`);
  }
  const manifest = parseManifest(json);
  const recorded = (await readRecorded(dir)).assets;
  if (recorded.length === 0) return libraryFromManifest(dir, manifest);
  const hashes = recorded
    .map((a) => String(a.meta.recipeHash ?? a.file))
    .sort()
    .join(",");
  return libraryFromManifest(dir, {
    ...manifest,
    // Links carry the hash: a newly recorded clip is a new link.
    buildHash: createHash("sha256").update(`${manifest.buildHash}|${hashes}`).digest("hex").slice(0, 32),
    assets: layRecorded(manifest.assets, recorded),
  });
}

async function mtimes(dir: string): Promise<string> {
  const files = [path.join(dir, MANIFEST_FILE), path.join(dir, RECORDED_DIR, RECORDED_FILE)];
  const times = await Promise.all(
    files.map((f) =>
      stat(f).then(
        (s) => s.mtimeMs,
        () => 0,
      ),
    ),
  );
  return times.join(":");
}

export interface LiveLibrary extends Library {
  /** Reads the library again now if its files changed; resolves true when it did. */
  refresh(): Promise<boolean>;
  close(): void;
}

/**
 * A library that follows its files: every `intervalMs` it looks at manifest.json and recorded.json and, when one
 * changed, reads the library again (a clip recorded after start replaces its drawn one without a restart).
 */
export async function liveLibrary(dir: string = libraryDir(), intervalMs = 5000): Promise<LiveLibrary> {
  let current = await loadLibrary(dir);
  let seen = await mtimes(dir);
  const refresh = async () => {
    const now = await mtimes(dir);
    if (now === seen) return false;
    try {
      current = await loadLibrary(dir);
      seen = now;
      return true;
    } catch {
      // A half-written file: try again next time.
      return false;
    }
  };
  const timer = setInterval(() => void refresh(), intervalMs);
  timer.unref();
  return {
    get dir() {
      return current.dir;
    },
    get mode() {
      return current.mode;
    },
    get buildHash() {
      return current.buildHash;
    },
    get assets() {
      return current.assets;
    },
    list: (kind) => current.list(kind),
    get: (kind, key) => current.get(kind, key),
    require: (kind, key) => current.require(kind, key),
    path: (asset) => current.path(asset),
    thumbnailPath: (asset) => current.thumbnailPath(asset),
    refresh,
    close: () => clearInterval(timer),
  };
}
