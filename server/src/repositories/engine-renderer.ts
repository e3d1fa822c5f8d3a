import path from "node:path";
import {
  assetReferences,
  isVideoType,
  messages,
  storedObjectsOf,
  type VideoInputByType,
  type VideoType,
  videoInputSchemas,
} from "@reelsmith/core";
import { type Library, LibraryAssetMissingError } from "@reelsmith/library";
import { ImageTooLargeError, produceVideo, RenderError, resolveAssets, type TtsProvider } from "@reelsmith/render";
import {
  type RenderContext,
  type RenderedVideo,
  RenderFailure,
  type VideoRenderer,
} from "../services/render.service.ts";
import type { FileRow, FilesRepository } from "./files.repository.ts";
import type { ObjectStorage } from "./storage/object-storage.ts";
import type { VideoRow } from "./videos.repository.ts";

const failed = messages.videos.renderFailed;

/** Why a render failed, in words for the person who asked for the video. */
export function describeFailure(error: unknown): string {
  if (error instanceof RenderFailure) return error.userMessage;
  if (error instanceof LibraryAssetMissingError) {
    return failed.libraryAssetMissing(error.kind, error.key);
  }
  if (error instanceof ImageTooLargeError) return messages.videos.imageTooLarge;
  if (error instanceof RenderError) {
    switch (error.code) {
      case "UNSUPPORTED_MEDIA":
        return failed.unreadableFile;
      case "MISSING_INPUT":
        return failed.missingFile;
      case "UNDRAWABLE_TEXT":
        return failed.undrawableText;
      case "TTS_FAILED":
        return failed.voiceFailed;
      case "CANCELLED":
        return failed.cancelled;
      default:
        return failed.generic;
    }
  }
  return failed.generic;
}

/**
 * Whether a failure was the input's: text no font can draw, an upload that is gone or cannot be read, a
 * composition the input cannot make. Another attempt with the same input fails the same way, so such a
 * video is not offered a retry. Everything else (an ffmpeg crash, the voice engine, a cancelled or lost
 * render, a library file missing on this server) is the server's and may work next time.
 */
export function isInputFailure(error: unknown): boolean {
  if (error instanceof RenderFailure) return !error.retryable;
  if (error instanceof RenderError) {
    return ["UNDRAWABLE_TEXT", "UNSUPPORTED_MEDIA", "MISSING_INPUT", "INVALID_COMPOSITION"].includes(error.code);
  }
  return false;
}

/**
 * The render engine behind the worker: resolves a stored video request to files on disk (library items
 * by key, the user's uploads downloaded from storage into the job's folder) and runs the production
 * pipeline of packages/render.
 */
export class EngineRenderer implements VideoRenderer {
  constructor(
    private readonly library: Library,
    private readonly storage: ObjectStorage,
    private readonly files: FilesRepository,
    private readonly tts: TtsProvider,
  ) {}

  /**
   * Downloads the uploads the input refers to into the job's folder, named after the asset they are
   * (audio.mp3, background.png...): upload id -> path, for `resolveAssets`.
   */
  async #downloadUploads<T extends VideoType>(
    video: VideoRow,
    type: T,
    input: VideoInputByType[T],
    workDir: string,
  ): Promise<Record<string, string>> {
    const files: Record<string, string> = {};
    for (const ref of assetReferences(type, input)) {
      if (ref.from !== "upload") continue;
      const row: FileRow | undefined = await this.files.find(video.userId, ref.id);
      if (!row) throw new RenderFailure(failed.uploadDeleted, { retryable: false });
      const target = path.join(workDir, `${ref.asset}${path.extname(row.path)}`);
      await this.storage.download(row.path, target);
      files[ref.id] = target;
    }
    return files;
  }

  /**
   * Downloads the objects stored with the video (its input's inline data, e.g. the Reddit avatar) into the
   * job's folder: asset name -> path, for `resolveAssets`.
   */
  async #downloadObjects(video: VideoRow, workDir: string): Promise<Record<string, string>> {
    const files: Record<string, string> = {};
    for (const [asset, key] of Object.entries(storedObjectsOf(video.input))) {
      const target = path.join(workDir, `${asset}${path.extname(key)}`);
      await this.storage.download(key, target);
      files[asset] = target;
    }
    return files;
  }

  async render(video: VideoRow, context: RenderContext): Promise<RenderedVideo> {
    if (!isVideoType(video.type)) throw new RenderFailure(failed.typeRetired, { retryable: false });
    const type = video.type;
    const parsed = videoInputSchemas[type].safeParse(video.input);
    if (!parsed.success) throw new RenderFailure(failed.settingsInvalid, { retryable: false });
    const input = parsed.data as VideoInputByType[typeof type];
    try {
      const files = await this.#downloadUploads(video, type, input, context.workDir);
      const objects = await this.#downloadObjects(video, context.workDir);
      const assets = resolveAssets(type, input, this.library, files, objects);
      const result = await produceVideo({
        type,
        input,
        assets,
        tts: this.tts,
        workDir: context.workDir,
        signal: context.signal,
        onStage: context.onStage,
        onProgress: context.onProgress,
        onWarning: (message) => context.logger.warn({ warning: message }, "render warning"),
      });
      return { videoPath: result.videoPath, thumbnailPath: result.thumbnailPath, durationS: result.durationS };
    } catch (error) {
      if (error instanceof RenderFailure) throw error;
      throw new RenderFailure(describeFailure(error), { cause: error, retryable: !isInputFailure(error) });
    }
  }
}
