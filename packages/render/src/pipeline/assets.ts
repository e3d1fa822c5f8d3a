import {
  assetReferences,
  type LibraryKind,
  optionalAssets,
  type VideoInputByType,
  type VideoType,
} from "@reelsmith/core";
import type { ProduceAssets } from "./produce.ts";

/**
 * The one resolver of a video's files: the library items and uploads its input refers to (as its
 * type's definition in @reelsmith/core says) become paths. The library is passed in (any object with
 * this shape, e.g. `loadLibrary()` of @reelsmith/library), so recipes and the pipeline stay free of
 * it; `files` maps the input's upload ids to paths (the worker downloads them first, the CLI and the
 * showcase name them).
 */
export interface LibraryLike {
  require(kind: LibraryKind, key: string): unknown;
  path(asset: never): string;
}

/** Upload id -> path of the file. */
export type UserFiles = Readonly<Record<string, string>>;

export function resolveAssets<T extends VideoType>(
  type: T,
  input: VideoInputByType[T],
  library: LibraryLike,
  files: UserFiles = {},
): ProduceAssets[T] {
  // An optional source the input did not use resolves to null.
  const assets: Record<string, string | null> = Object.fromEntries(optionalAssets(type).map((name) => [name, null]));
  for (const ref of assetReferences(type, input)) {
    if (ref.from === "upload") {
      const path = files[ref.id];
      if (!path) throw new RangeError(`No file was given for the ${ref.asset} (${ref.field} ${ref.id}).`);
      assets[ref.asset] = path;
    } else {
      assets[ref.asset] = ref.key === null ? null : library.path(library.require(ref.kind, ref.key) as never);
    }
  }
  return assets as ProduceAssets[T];
}
