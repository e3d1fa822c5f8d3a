import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import {
  type AnyVideoTypeDefinition,
  type AssetsOf,
  type InputOf,
  type LanguageId,
  SONG_MAX_S,
  type VideoAssetsByType,
  type VideoInputByType,
  type VideoType,
  type VideoTypeDefinitions,
  type VoiceId,
} from "@reelsmith/core";
import { measureDuration } from "@reelsmith/media";
import type { Composition } from "../composition/schema.ts";
import { RenderError, UnsupportedMediaError } from "../errors.ts";
import { probeMedia } from "../ffmpeg/probe.ts";
import { PICTURE_MAX_SIDE, preparePicture } from "../pictures/picture.ts";
import type { RecipeComposition, VoicePart } from "../recipes/common.ts";
import type { RenderOptions, RenderResult } from "../render.ts";
import type { TtsProvider } from "../tts/types.ts";

/**
 * What a video type's producer is (the type's voice-over and probes, then its recipe: one module per type in
 * `producers/`), what it is asked with, and the helpers producers share.
 */

/** The resolved files each video type needs: those its definition's `assets` name (what `resolveAssets` returns). */
export type ProduceAssets = VideoAssetsByType;

/** Stages reported while a video is made, in order. */
export const STAGES = {
  preparing: "Preparing media",
  voice: "Writing voice-over",
  rendering: "Rendering",
  finishing: "Finishing",
} as const;
export type Stage = (typeof STAGES)[keyof typeof STAGES];

/** What the producer of a type with definition `D` is asked with. */
export interface ProduceRequestOf<D extends AnyVideoTypeDefinition, T extends string = string> {
  type: T;
  input: InputOf<D>;
  assets: AssetsOf<D>;
  /** Needed by reddit and ugc-ads (the types with a voice-over). */
  tts?: TtsProvider;
  /** Scratch folder owned by the caller (the voice-over and drawn cards go here). */
  workDir: string;
  /** Where video.mp4 and thumbnail.jpg are written (default: workDir). */
  outputDir?: string;
  draft?: boolean;
  /** Length of a video whose length is free (faceless-ai; default FACELESS_DURATION_S). */
  durationS?: number;
  signal?: AbortSignal;
  onStage?: (stage: Stage) => void;
  /** Overall progress, 0-100. */
  onProgress?: (percent: number) => void;
  onWarning?: (message: string) => void;
  /** Called with the pid of the encoding ffmpeg process. */
  onSpawn?: (pid: number) => void;
  /**
   * Encodes the composition (default renderComposition, one process here). The server passes a split render for a
   * long video: the same composition, its segments encoded by several workers.
   */
  encode?: (composition: Composition, options: RenderOptions) => Promise<RenderResult>;
}

/** A request for a video of one of the product's types (its input and files by the type's name). */
export type ProduceRequest<T extends VideoType = VideoType> = Omit<
  ProduceRequestOf<VideoTypeDefinitions[T], T>,
  "input" | "assets"
> & { input: VideoInputByType[T]; assets: ProduceAssets[T] };

/** How the video of a type with definition `D` is made: voice-over and probes first, then the type's recipe. */
export interface ProducerOf<D extends AnyVideoTypeDefinition> {
  /** Whether it has a voice-over (made before rendering, so progress starts further on). */
  voiced: boolean;
  compose(req: ProduceRequestOf<D>, warnings: string[]): Promise<RecipeComposition>;
}

/** The producer of one of the product's types. */
export type Producer<T extends VideoType> = ProducerOf<VideoTypeDefinitions[T]>;

/**
 * One producer for each type of a registry, none left out: `producers/index.ts` is this for the product's
 * registry; a type without a producer does not compile.
 */
export type ProducerRegistry<R extends Record<string, AnyVideoTypeDefinition>> = { [T in keyof R]: ProducerOf<R[T]> };

/**
 * A user's picture made safe to draw and encode: its size checked from its headers, then decoded by
 * ffmpeg (a child process) into `<name>-prepared.png` in `workDir`, at most `maxSide` on a side.
 */
export async function userPicture(
  src: string,
  workDir: string,
  name: string,
  signal: AbortSignal | undefined,
  maxSide = PICTURE_MAX_SIDE,
): Promise<string> {
  const output = join(workDir, `${name}-prepared.png`);
  await preparePicture(src, output, { maxSide, signal });
  return output;
}

/** What `speak` reads: the text, its voice and language, where its files go, and its pace (1 = the voice's own). */
export interface SpeakRequest {
  text: string;
  voice: VoiceId;
  language?: LanguageId;
  workDir: string;
  signal: AbortSignal | undefined;
  speed?: number;
}

export async function speak(
  tts: TtsProvider | undefined,
  { workDir, ...request }: SpeakRequest,
  warnings: string[],
): Promise<VoicePart> {
  if (!tts)
    throw new RenderError("TTS_FAILED", "This video type needs a voice, but no text-to-speech provider was given.");
  const dir = join(workDir, "voice");
  await mkdir(dir, { recursive: true });
  const speech = await tts.synthesize({ ...request, workDir: dir });
  warnings.push(...(speech.warnings ?? []));
  return { audioPath: speech.audioPath, duration: speech.duration, words: speech.words };
}

/**
 * A file's length: a song's is measured by decoding its sound (no further than the longest song taken), since a
 * header may claim another; library footage's is read from its header.
 */
export async function durationOf(
  path: string,
  need: "video" | "audio",
): Promise<{ duration: number; hasAudio: boolean }> {
  const info = await probeMedia(path);
  if (need === "audio" && !info.audio) throw new UnsupportedMediaError(path, "it has no sound");
  if (need === "video" && (!info.video || info.video.still)) throw new UnsupportedMediaError(path, "it is not a video");
  const duration =
    need === "audio"
      ? Math.min(
          await measureDuration(path, "audio", { maxS: SONG_MAX_S, format: info.format }).catch(() => 0),
          SONG_MAX_S,
        )
      : info.duration;
  if (!(duration > 0)) throw new UnsupportedMediaError(path, "its length is unknown");
  return { duration, hasAudio: Boolean(info.audio) };
}
