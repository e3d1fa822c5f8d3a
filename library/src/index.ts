/**
 * The starter media library: where it lives on disk and how to read it. The files are made by
 * `npm run library:build` (see build/build.ts) and described by `manifest.json` in the library directory.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type AssetKind, assetId } from "./catalogue.ts";
import { type LibraryAsset, type Manifest, parseManifest } from "./manifest.ts";

export * from "./catalogue.ts";
export * from "./manifest.ts";

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

/** Reads and validates `manifest.json`; throws LibraryNotBuiltError when there is none yet. */
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
  return libraryFromManifest(dir, parseManifest(json));
}
