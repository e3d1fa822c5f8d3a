import { NO_MUSIC, textHookVideoType, type VideoInputByType, type VideoType } from "@reelsmith/core";
import type { ProduceAssets } from "./produce.ts";

/**
 * Resolving a video's library keys and user uploads to files. The library is passed in (any object
 * with this shape, e.g. `loadLibrary()` of @reelsmith/library), so recipes and the pipeline stay free
 * of it; `userFiles` maps the input's upload ids to paths.
 */
export interface LibraryLike {
  require(kind: "background" | "music" | "meme" | "asmr" | "dreamscape" | "hook-footage", key: string): unknown;
  path(asset: never): string;
}

export type UserFiles = Readonly<Record<string, string>>;

function userFile(files: UserFiles, id: string, what: string): string {
  const path = files[id];
  if (!path) throw new RangeError(`No file was given for the ${what} (${id}).`);
  return path;
}

export function resolveAssets<T extends VideoType>(
  type: T,
  input: VideoInputByType[T],
  library: LibraryLike,
  files: UserFiles = {},
): ProduceAssets[T] {
  const lib = (kind: Parameters<LibraryLike["require"]>[0], key: string) =>
    library.path(library.require(kind, key) as never);
  const music = (key: string) => (key === NO_MUSIC ? null : lib("music", key));
  switch (type) {
    case "reddit": {
      const i = input as VideoInputByType["reddit"];
      return {
        background: lib("background", i.background_video),
        music: music(i.background_music),
      } as ProduceAssets[T];
    }
    case "text-hook": {
      const i = input as VideoInputByType["text-hook"];
      return {
        audio: userFile(files, i.audio_file_id, "song"),
        footage: lib("hook-footage", textHookVideoType(i.video_style)),
      } as ProduceAssets[T];
    }
    case "green-screen": {
      const i = input as VideoInputByType["green-screen"];
      return {
        meme: lib("meme", i.selected_meme),
        background: userFile(files, i.background_file_id, "background"),
        music: music(i.song),
      } as ProduceAssets[T];
    }
    case "ugc-ads": {
      const i = input as VideoInputByType["ugc-ads"];
      return {
        productImage: userFile(files, i.product_image_id, "product image"),
        music: music(i.background_music),
      } as ProduceAssets[T];
    }
    case "faceless-ai": {
      const i = input as VideoInputByType["faceless-ai"];
      return { clip: lib(i.tab === "asmr" ? "asmr" : "dreamscape", i.video_type) } as ProduceAssets[T];
    }
    default:
      throw new RangeError(`unknown video type ${String(type)}`);
  }
}
