import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import {
  assetReferences,
  type LibraryKind,
  optionalAssets,
  PICTURE_DATA_URL,
  type VideoInputByType,
  type VideoType,
} from "@reelsmith/core";
import type { ProduceAssets } from "./producer.ts";

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

/** Asset name -> path of the file an inline source became (the server downloads the video's stored objects). */
export type InlineFiles = Readonly<Record<string, string>>;

export function resolveAssets<T extends VideoType>(
  type: T,
  input: VideoInputByType[T],
  library: LibraryLike,
  files: UserFiles = {},
  inline: InlineFiles = {},
): ProduceAssets[T] {
  // An optional source the input did not use resolves to null.
  const assets: Record<string, string | null> = Object.fromEntries(optionalAssets(type).map((name) => [name, null]));
  for (const ref of assetReferences(type, input)) {
    if (ref.from === "upload") {
      const path = files[ref.id];
      if (!path) throw new RangeError(`No file was given for the ${ref.asset} (${ref.field} ${ref.id}).`);
      assets[ref.asset] = path;
    } else if (ref.from === "inline") {
      assets[ref.asset] = inline[ref.asset] ?? null;
    } else {
      assets[ref.asset] = ref.key === null ? null : library.path(library.require(ref.kind, ref.key) as never);
    }
  }
  return assets as ProduceAssets[T];
}

/**
 * The inline data an input still carries (a Reddit avatar_url given to the CLI or the showcase; the server
 * stores it and empties the field) written into `workDir` as `<asset>.<ext>`, for the assets that were not
 * given a file: asset name -> path. Data that is not a picture data URL is left out (the default is drawn).
 */
export async function writeInlineAssets<T extends VideoType>(
  type: T,
  input: VideoInputByType[T],
  given: Readonly<Record<string, unknown>>,
  workDir: string,
): Promise<Record<string, string>> {
  const written: Record<string, string> = {};
  for (const ref of assetReferences(type, input)) {
    if (ref.from !== "inline" || ref.data === null || given[ref.asset]) continue;
    const match = PICTURE_DATA_URL.exec(ref.data);
    if (!match?.[2]) continue;
    const file = join(workDir, `${ref.asset}.${match[1] === "jpeg" ? "jpg" : match[1]}`);
    await writeFile(file, Buffer.from(match[2], "base64"));
    written[ref.asset] = file;
  }
  return written;
}
