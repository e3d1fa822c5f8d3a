import path from "node:path";
import { Readable } from "node:stream";
import {
  type AssetReference,
  type CreateVideo,
  imageTooLarge,
  messages,
  readImageHeader,
  STORED_OBJECTS_FIELD,
  sniffMediaFormat,
  storedObjectsOf,
} from "@reelsmith/core";
import { pictureDecodesWhole } from "@reelsmith/media";
import { AppError } from "../lib/errors.ts";
import type { ObjectStorage } from "../repositories/storage/object-storage.ts";

type InlineReference = Extract<AssetReference, { from: "inline" }>;

/**
 * The objects stored with a video: what its type's inline sources carried (the Reddit avatar, a data URL
 * in the input) checked and kept beside its MP4 as `<user>/videos/<video>-<asset>.<ext>`. The stored input keeps their
 * keys in `stored_objects` (asset name -> key) in place of the data, so a video row stays small and the
 * render, a retry and a removal find them the same way for every type.
 */
export class VideoObjects {
  /** `keyOf` names an object by its owner (a video, or a preview: see PreviewService) and asset. */
  constructor(
    private readonly storage: ObjectStorage,
    private readonly keyOf: (userId: string, ownerId: string, asset: string, ext: string) => string = objectKey,
  ) {}

  /**
   * Checks and stores the inline data of an input; returns the input to store (each such field emptied,
   * the keys under `stored_objects`) and the keys written. Nothing is left behind when one is refused.
   */
  async store(
    userId: string,
    videoId: string,
    input: CreateVideo["input"],
    refs: readonly AssetReference[],
  ): Promise<{ storedInput: Record<string, unknown>; keys: string[] }> {
    const storedInput: Record<string, unknown> = { ...input };
    const objects: Record<string, string> = {};
    try {
      for (const ref of refs) {
        if (ref.from !== "inline" || ref.data === null) continue;
        objects[ref.asset] = await this.#storePicture(userId, videoId, ref, ref.data);
        storedInput[ref.field] = null;
      }
    } catch (error) {
      await this.delete(Object.values(objects));
      throw error;
    }
    if (Object.keys(objects).length > 0) storedInput[STORED_OBJECTS_FIELD] = objects;
    return { storedInput, keys: Object.values(objects) };
  }

  /**
   * An inline picture made an object. Its pixel size is read from its headers and it is decoded whole
   * once: one the render could not decode safely is refused now, before anything is charged.
   */
  async #storePicture(userId: string, videoId: string, ref: InlineReference, dataUrl: string): Promise<string> {
    const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
    const sniffed = sniffMediaFormat(bytes);
    const header = readImageHeader(bytes);
    const at = { field: `input.${ref.field}` };
    if (sniffed.state !== "ok" || sniffed.format.kind !== "image" || header.state !== "ok") {
      throw new AppError("VALIDATION_FAILED", ref.invalid, at);
    }
    if (imageTooLarge(header)) throw new AppError("VALIDATION_FAILED", messages.files.imageTooLarge, at);
    if (!(await pictureDecodesWhole(bytes))) throw new AppError("VALIDATION_FAILED", ref.invalid, at);
    const key = this.keyOf(userId, videoId, ref.asset, `.${sniffed.format.ext}`);
    await this.storage.put(key, Readable.from([bytes]), sniffed.format.mime);
    return key;
  }

  /**
   * The stored input of a new video made from an old one (a retry): each object copied under the new
   * video, so removing one video never takes another's picture.
   */
  async copy(
    userId: string,
    videoId: string,
    storedInput: unknown,
  ): Promise<{ storedInput: Record<string, unknown>; keys: string[] }> {
    const objects: Record<string, string> = {};
    try {
      for (const [asset, key] of Object.entries(storedObjectsOf(storedInput))) {
        objects[asset] = this.keyOf(userId, videoId, asset, path.extname(key));
        await this.storage.copy(key, objects[asset]);
      }
    } catch (error) {
      await this.delete(Object.values(objects));
      throw error;
    }
    const copied: Record<string, unknown> = { ...(storedInput as Record<string, unknown>) };
    if (Object.keys(objects).length > 0) copied[STORED_OBJECTS_FIELD] = objects;
    return { storedInput: copied, keys: Object.values(objects) };
  }

  /** Whether every object a stored input names is still in storage (a retry needs them). */
  async allPresent(storedInput: unknown): Promise<boolean> {
    for (const key of Object.values(storedObjectsOf(storedInput))) {
      if (!(await this.storage.stat(key))) return false;
    }
    return true;
  }

  /** Deletes objects, best effort (used to undo a creation that was refused). */
  async delete(keys: readonly string[]): Promise<void> {
    for (const key of keys) await this.storage.delete(key).catch(() => {});
  }
}

function objectKey(userId: string, videoId: string, asset: string, ext: string): string {
  return `${userId}/videos/${videoId}-${asset}${ext}`;
}

/** A stored input without the keys of its objects: the input as its type's schema reads it. */
export function inputWithoutObjects(storedInput: unknown): Record<string, unknown> {
  const { [STORED_OBJECTS_FIELD]: _objects, ...input } = storedInput as Record<string, unknown>;
  return input;
}
