import path from "node:path";
import { NO_MUSIC, textHookVideoType, type VideoInputByType, type VideoType, videoInputSchemas } from "@reelsmith/core";
import { type AssetKind, type Library, LibraryAssetMissingError } from "@reelsmith/library";
import { type ProduceAssets, produceVideo, RenderError, type TtsProvider } from "@reelsmith/render";
import {
  type RenderContext,
  type RenderedVideo,
  RenderFailure,
  type VideoRenderer,
} from "../services/render.service.ts";
import type { FileRow, FilesRepository } from "./files.repository.ts";
import type { ObjectStorage } from "./storage/object-storage.ts";
import type { VideoRow } from "./videos.repository.ts";

/** Why a render failed, in words for the person who asked for the video. */
export function describeFailure(error: unknown): string {
  if (error instanceof RenderFailure) return error.userMessage;
  if (error instanceof LibraryAssetMissingError) {
    return `The ${error.kind} "${error.key}" is missing from the media library.`;
  }
  if (error instanceof RenderError) {
    switch (error.code) {
      case "UNSUPPORTED_MEDIA":
        return "One of the files for this video could not be read. Upload it again in another format.";
      case "MISSING_INPUT":
        return "A file this video needs is no longer there.";
      case "TTS_FAILED":
        return "The voice-over could not be made.";
      case "CANCELLED":
        return "The render was stopped before it finished.";
      default:
        return "The video could not be rendered.";
    }
  }
  return "The video could not be rendered.";
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

  #libraryFile(kind: AssetKind, key: string): string {
    return this.library.path(this.library.require(kind, key));
  }

  #music(key: string): string | null {
    return key === NO_MUSIC ? null : this.#libraryFile("music", key);
  }

  async #userFile(video: VideoRow, fileId: string, workDir: string, name: string): Promise<string> {
    const row: FileRow | undefined = await this.files.find(video.userId, fileId);
    if (!row) throw new RenderFailure("An uploaded file this video needs has been deleted.");
    const target = path.join(workDir, `${name}${path.extname(row.path)}`);
    await this.storage.download(row.path, target);
    return target;
  }

  async #assets(
    video: VideoRow,
    input: VideoInputByType[VideoType],
    workDir: string,
  ): Promise<ProduceAssets[VideoType]> {
    switch (video.type as VideoType) {
      case "reddit": {
        const i = input as VideoInputByType["reddit"];
        const avatarKey = (video.input as { avatar_key?: string }).avatar_key;
        let avatar: string | null = null;
        if (avatarKey) {
          avatar = path.join(workDir, `avatar${path.extname(avatarKey)}`);
          await this.storage.download(avatarKey, avatar);
        }
        return {
          background: this.#libraryFile("background", i.background_video),
          music: this.#music(i.background_music),
          avatar,
        };
      }
      case "text-hook": {
        const i = input as VideoInputByType["text-hook"];
        return {
          audio: await this.#userFile(video, i.audio_file_id, workDir, "song"),
          footage: this.#libraryFile("hook-footage", textHookVideoType(i.video_style)),
        };
      }
      case "green-screen": {
        const i = input as VideoInputByType["green-screen"];
        return {
          meme: this.#libraryFile("meme", i.selected_meme),
          background: await this.#userFile(video, i.background_file_id, workDir, "background"),
          music: this.#music(i.song),
        };
      }
      case "ugc-ads": {
        const i = input as VideoInputByType["ugc-ads"];
        return {
          productImage: await this.#userFile(video, i.product_image_id, workDir, "product"),
          music: this.#music(i.background_music),
        };
      }
      case "faceless-ai": {
        const i = input as VideoInputByType["faceless-ai"];
        return { clip: this.#libraryFile(i.tab === "asmr" ? "asmr" : "dreamscape", i.video_type) };
      }
    }
  }

  async render(video: VideoRow, context: RenderContext): Promise<RenderedVideo> {
    const type = video.type as VideoType;
    const parsed = videoInputSchemas[type].safeParse(video.input);
    if (!parsed.success) throw new RenderFailure("This video's settings are no longer valid.");
    try {
      const assets = await this.#assets(video, parsed.data, context.workDir);
      const result = await produceVideo({
        type,
        input: parsed.data as never,
        assets: assets as never,
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
      throw new RenderFailure(describeFailure(error), { cause: error });
    }
  }
}
