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
import {
  ImageTooLargeError,
  producePreview,
  produceVideo,
  RenderError,
  resolveAssets,
  type TtsProvider,
} from "@reelsmith/render";
import type { PreviewContext, PreviewRenderer, RenderedPreview } from "../services/preview.service.ts";
import {
  type RenderContext,
  type RenderedVideo,
  RenderFailure,
  type VideoRenderer,
} from "../services/render.service.ts";
import type { FileRow, FilesRepository } from "./files.repository.ts";
import type { SplitRenderer } from "./split-renderer.ts";
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

/** A failure of the engine as the worker reports it: the user's words, and whether another attempt can work. */
function asRenderFailure(error: unknown): RenderFailure {
  if (error instanceof RenderFailure) return error;
  return new RenderFailure(describeFailure(error), { cause: error, retryable: !isInputFailure(error) });
}

/** What the engine reads of a stored video or preview request. */
export type StoredRequest = Pick<VideoRow, "userId" | "type" | "input">;

/**
 * The render engine behind the worker: resolves a stored video request to files on disk (library items
 * by key, the user's uploads downloaded from storage into the job's folder) and runs the production
 * pipeline of packages/render.
 */
export class EngineRenderer implements VideoRenderer, PreviewRenderer {
  constructor(
    private readonly library: Library,
    private readonly storage: ObjectStorage,
    private readonly files: FilesRepository,
    private readonly tts: TtsProvider,
    /** Splits long renders across the queue's workers; without it every render is one process. */
    private readonly split?: SplitRenderer,
  ) {}

  /**
   * Downloads the uploads the input refers to into the job's folder, named after the asset they are
   * (audio.mp3, background.png...): upload id -> path, for `resolveAssets`.
   */
  async #downloadUploads<T extends VideoType>(
    video: StoredRequest,
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
  async #downloadObjects(video: StoredRequest, workDir: string): Promise<Record<string, string>> {
    const files: Record<string, string> = {};
    for (const [asset, key] of Object.entries(storedObjectsOf(video.input))) {
      const target = path.join(workDir, `${asset}${path.extname(key)}`);
      await this.storage.download(key, target);
      files[asset] = target;
    }
    return files;
  }

  /** The stored request of a video or a preview, checked and with its files on disk. */
  async #resolve(owner: StoredRequest, workDir: string) {
    if (!isVideoType(owner.type)) throw new RenderFailure(failed.typeRetired, { retryable: false });
    const type = owner.type;
    const parsed = videoInputSchemas[type].safeParse(owner.input);
    if (!parsed.success) throw new RenderFailure(failed.settingsInvalid, { retryable: false });
    const input = parsed.data as VideoInputByType[typeof type];
    const files = await this.#downloadUploads(owner, type, input, workDir);
    const objects = await this.#downloadObjects(owner, workDir);
    return { type, input, assets: resolveAssets(type, input, this.library, files, objects) };
  }

  async render(video: VideoRow, context: RenderContext): Promise<RenderedVideo> {
    try {
      const { type, input, assets } = await this.#resolve(video, context.workDir);
      const result = await produceVideo({
        type,
        input,
        assets,
        tts: this.tts,
        workDir: context.workDir,
        signal: context.signal,
        ...(this.split ? { encode: this.split.encoder({ userId: video.userId, videoId: video.id }) } : {}),
        onStage: context.onStage,
        onProgress: context.onProgress,
        onWarning: (message) => context.logger.warn({ warning: message }, "render warning"),
      });
      return { videoPath: result.videoPath, thumbnailPath: result.thumbnailPath, durationS: result.durationS };
    } catch (error) {
      throw asRenderFailure(error);
    }
  }

  async preview(request: StoredRequest, context: PreviewContext): Promise<RenderedPreview> {
    try {
      const { type, input, assets } = await this.#resolve(request, context.workDir);
      const result = await producePreview({
        type,
        input,
        assets,
        tts: this.tts,
        workDir: context.workDir,
        previewDir: context.previewDir,
        signal: context.signal,
        onWarning: (message) => context.logger.warn({ warning: message }, "preview warning"),
      });
      return { durationS: result.durationS, timings: result.timings };
    } catch (error) {
      throw asRenderFailure(error);
    }
  }
}
