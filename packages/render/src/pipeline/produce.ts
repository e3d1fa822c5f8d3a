import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import {
  GREEN_SCREEN_MAX_S,
  SONG_MAX_S,
  type VideoAssetsByType,
  type VideoInputByType,
  type VideoType,
  type VoiceId,
} from "@reelsmith/core";
import { findScreenKey, measureDuration } from "@reelsmith/media";
import { prepareUgcStage } from "../cards/product-stage.ts";
import type { Composition } from "../composition/schema.ts";
import { RenderError, UnsupportedMediaError } from "../errors.ts";
import { probeMedia } from "../ffmpeg/probe.ts";
import { isPictureFile, PICTURE_MAX_SIDE, preparePicture } from "../pictures/picture.ts";
import type { RecipeComposition, VoicePart } from "../recipes/common.ts";
import { facelessRecipe } from "../recipes/faceless.ts";
import {
  analyseMemeSound,
  greenScreenBed,
  greenScreenRecipe,
  greenScreenTiming,
  renderGreenScreenCaption,
  soundRmsDb,
} from "../recipes/green-screen.ts";
import { redditDuration, redditRecipe } from "../recipes/reddit.ts";
import { textHookRecipe } from "../recipes/text-hook.ts";
import { ugcAdsRecipe, ugcFitSpeed, ugcScript, ugcVoice } from "../recipes/ugc-ads.ts";
import { renderComposition } from "../render.ts";
import type { TtsProvider } from "../tts/types.ts";
import { prepareOwnBackground } from "./own-background.ts";
import { fitSpokenTitle, quickenRecordedTitle } from "./reddit-title.ts";
import { analyseSongFile } from "./song.ts";
import { ownRedditVoice } from "./voice-over.ts";

/**
 * The production pipeline the server's worker calls: voice-over, timings, cards, compose, encode and
 * thumbnail, for one video of any type. Assets arrive resolved to absolute paths (library keys and the
 * user's uploads are looked up by the caller).
 */

/** Files a type may be given besides those its input refers to. */
type OptionalAssets = {
  reddit: {
    /** Avatar picture; when absent, the input's avatar_url data URL is used, else the default avatar. */
    avatar?: string | null;
  };
  "faceless-ai": {
    /** A separate ambience track, or null to use the clip's own sound. */
    ambient?: string | null;
  };
};

/**
 * The resolved files each video type needs: those its definition's `assets` name (what
 * `resolveAssets` returns, e.g. reddit's background and music), plus the optional ones above.
 */
export type ProduceAssets = {
  [T in VideoType]: VideoAssetsByType[T] & (T extends keyof OptionalAssets ? OptionalAssets[T] : unknown);
};

/** Stages reported while a video is made, in order. */
export const STAGES = {
  preparing: "Preparing media",
  voice: "Writing voice-over",
  rendering: "Rendering",
  finishing: "Finishing",
} as const;
export type Stage = (typeof STAGES)[keyof typeof STAGES];

export interface ProduceRequest<T extends VideoType = VideoType> {
  type: T;
  input: VideoInputByType[T];
  assets: ProduceAssets[T];
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
}

export interface ProduceResult {
  videoPath: string;
  thumbnailPath: string;
  durationS: number;
  composition: RecipeComposition;
  warnings: string[];
  /** The encoding command (its inputs stay in workDir until the caller removes it). */
  ffmpegArgs: string[];
  /** Seconds spent preparing (voice-over, probes), rendering, and in all (for logs and the benchmark). */
  timings: { prepare: number; render: number; total: number };
}

const AVATAR_DATA_URL = /^data:image\/(jpeg|png|webp);base64,([A-Za-z0-9+/]+={0,2})$/;

async function avatarFromInput(dataUrl: string | null | undefined, workDir: string): Promise<string | null> {
  if (!dataUrl) return null;
  const match = AVATAR_DATA_URL.exec(dataUrl);
  if (!match?.[2]) return null;
  const file = join(workDir, `avatar.${match[1] === "jpeg" ? "jpg" : match[1]}`);
  await writeFile(file, Buffer.from(match[2], "base64"));
  return file;
}

/** A Reddit avatar is drawn about 120 px across; this leaves room for a sharp circle. */
const AVATAR_MAX_SIDE = 512;

/**
 * A user's picture made safe to draw and encode: its size checked from its headers, then decoded by
 * ffmpeg (a child process) into `<name>-prepared.png` in `workDir`, at most `maxSide` on a side.
 */
async function userPicture(
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

async function speak(
  tts: TtsProvider | undefined,
  text: string,
  voice: VoiceId,
  workDir: string,
  signal: AbortSignal | undefined,
  warnings: string[],
  speed?: number,
): Promise<VoicePart> {
  if (!tts)
    throw new RenderError("TTS_FAILED", "This video type needs a voice, but no text-to-speech provider was given.");
  const dir = join(workDir, "voice");
  await mkdir(dir, { recursive: true });
  const speech = await tts.synthesize({ text, voice, workDir: dir, signal, ...(speed !== undefined ? { speed } : {}) });
  warnings.push(...(speech.warnings ?? []));
  return { audioPath: speech.audioPath, duration: speech.duration, words: speech.words };
}

/**
 * A file's length: a song's is measured by decoding its sound (no further than the longest song taken), since a
 * header may claim another; library footage's is read from its header.
 */
async function durationOf(path: string, need: "video" | "audio"): Promise<{ duration: number; hasAudio: boolean }> {
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

/** How one type's video is made: voice-over and probes first, then the type's recipe. */
interface Producer<T extends VideoType> {
  /** Whether it has a voice-over (made before rendering, so progress starts further on). */
  voiced: boolean;
  compose(req: ProduceRequest<T>, warnings: string[]): Promise<RecipeComposition>;
}

const producers: { [T in VideoType]: Producer<T> } = {
  reddit: {
    voiced: true,
    async compose(req, warnings) {
      const { workDir, signal } = req;
      const input = req.input as VideoInputByType["reddit"];
      const assets = req.assets as ProduceAssets["reddit"];
      // The avatar is the user's picture: checked and made small before it is drawn.
      const avatarPicture = async () => {
        const given = assets.avatar !== undefined ? assets.avatar : await avatarFromInput(input.avatar_url, workDir);
        return given ? userPicture(given, workDir, "avatar", signal, AVATAR_MAX_SIDE) : null;
      };
      req.onStage?.(STAGES.voice);
      // The creator's own recording when there is one (aligned to the text), else the chosen voice reads it.
      // A title too long to leave the story its start within 3 s is read faster, or only its hook.
      const readAloud = async (): Promise<{ title: VoicePart; script: VoicePart }> => {
        if (assets.voiceOver) {
          const own = await ownRedditVoice(assets.voiceOver, input.post_title, input.script, { workDir, signal });
          if (own.wordCount > 0 && own.recognised < own.wordCount / 2) {
            warnings.push("Much of the voice-over did not match the script, so some captions may be out of time.");
          }
          return { title: await quickenRecordedTitle(own.title, signal), script: own.script };
        }
        let rereads = 0;
        const [title, script] = await Promise.all([
          speak(req.tts, input.post_title, input.voice, join(workDir, "title"), signal, warnings).then((whole) =>
            fitSpokenTitle(whole, (text, speed) =>
              speak(req.tts, text, input.voice, join(workDir, `title-${++rereads}`), signal, [], speed),
            ),
          ),
          speak(req.tts, input.script, input.voice, join(workDir, "script"), signal, warnings),
        ]);
        return { title, script };
      };
      const [voice, avatar] = await Promise.all([readAloud(), avatarPicture()]);
      const background = assets.ownBackground
        ? (
            await prepareOwnBackground(assets.ownBackground, workDir, {
              cropX: input.background_crop?.x ?? 0.5,
              needed: redditDuration(voice),
              draft: req.draft,
              signal,
            })
          ).path
        : assets.background;
      if (!background) throw new RenderError("MISSING_INPUT", "A Reddit story needs a background video.");
      return redditRecipe(input, { background, music: assets.music, avatar }, voice);
    },
  },
  "text-hook": {
    voiced: false,
    async compose(req) {
      const { workDir, signal } = req;
      const input = req.input as VideoInputByType["text-hook"];
      const assets = req.assets as ProduceAssets["text-hook"];
      const [song, footage, analysis] = await Promise.all([
        durationOf(assets.audio, "audio"),
        durationOf(assets.footage, "video"),
        analyseSongFile(assets.audio, workDir, signal),
      ]);
      return textHookRecipe(input, {
        audio: assets.audio,
        audioDuration: song.duration,
        song: analysis,
        footage: assets.footage,
        footageDuration: footage.duration,
      });
    },
  },
  "green-screen": {
    voiced: false,
    async compose(req) {
      const input = req.input as VideoInputByType["green-screen"];
      const given = req.assets as ProduceAssets["green-screen"];
      // The library's meme or the creator's own clip (the input names exactly one).
      const memePath = given.meme ?? given.ownMeme;
      if (!memePath) throw new RenderError("MISSING_INPUT", "A green-screen meme needs a meme clip.");
      // A background picture is the user's: checked by its headers and brought down to a size the frame
      // needs by ffmpeg before anything else reads it.
      const assets = (await isPictureFile(given.background))
        ? { ...given, background: await userPicture(given.background, req.workDir, "background", req.signal) }
        : given;
      const [meme, background] = await Promise.all([probeMedia(memePath), probeMedia(assets.background)]);
      if (!meme.video || meme.video.still) throw new UnsupportedMediaError(memePath, "it is not a video");
      if (!(meme.duration > 0)) throw new UnsupportedMediaError(memePath, "its length is unknown");
      // The creator's clip is keyed where its own screen is, found as the upload check found it.
      const ownKey = given.ownMeme
        ? await findScreenKey(memePath, meme.duration, {
            width: meme.video.width,
            height: meme.video.height,
            signal: req.signal,
          })
        : undefined;
      if (ownKey === null) throw new UnsupportedMediaError(memePath, "no green or blue screen was found in it");
      if (!background.video) throw new UnsupportedMediaError(assets.background, "it has no picture");
      const captionPath = join(req.workDir, "caption.png");
      const caption = renderGreenScreenCaption(input.text_hook);
      // A background video is cut to 9:16 where the creator placed the window and, when shorter than
      // the video, made to loop without a jump (as a Reddit story's own footage); its sound is read
      // from the upload itself.
      const backgroundVideo = background.video.still
        ? null
        : await prepareOwnBackground(assets.background, req.workDir, {
            cropX: input.background_crop?.x ?? 0.5,
            needed: greenScreenTiming(input, meme.duration).duration,
            draft: req.draft,
            signal: req.signal,
          });
      const backdrop = {
        background: backgroundVideo?.path ?? assets.background,
        backgroundKind: backgroundVideo ? ("video" as const) : ("image" as const),
        backgroundHasAudio: Boolean(background.audio),
        backgroundSound: backgroundVideo ? assets.background : undefined,
        music: assets.music,
      };
      const bed = greenScreenBed(backdrop);
      const [memeSound, bedRmsDb] = await Promise.all([
        meme.audio ? analyseMemeSound(memePath, meme.duration, req.workDir, req.signal) : null,
        bed ? soundRmsDb(bed.src, GREEN_SCREEN_MAX_S, req.workDir, req.signal) : null,
        writeFile(captionPath, caption.png),
      ]);
      return greenScreenRecipe(input, {
        meme: memePath,
        ...(ownKey ? { ownKey } : {}),
        memeDuration: meme.duration,
        memeWidth: meme.video.width,
        memeHeight: meme.video.height,
        memeSound,
        ...backdrop,
        bedRmsDb,
        caption: { src: captionPath, band: caption.layout.band },
      });
    },
  },
  "ugc-ads": {
    voiced: true,
    async compose(req, warnings) {
      const { workDir, signal } = req;
      const input = req.input as VideoInputByType["ugc-ads"];
      const assets = req.assets as ProduceAssets["ugc-ads"];
      const script = ugcScript(input);
      const voice = ugcVoice(input.gender);
      req.onStage?.(STAGES.voice);
      await mkdir(join(workDir, "stage"), { recursive: true });
      let [hook, copy, stage] = await Promise.all([
        speak(req.tts, script.hook, voice, join(workDir, "hook"), signal, warnings),
        speak(req.tts, script.copy, voice, join(workDir, "copy"), signal, warnings),
        // The product cut out and set in a drawn scene (or its photo framed), and the close-ups.
        prepareUgcStage(assets.productImage, join(workDir, "stage")),
      ]);
      // An ad that would run past 30 s is read a little faster (at most UGC_MAX_SPEED), measured again each time.
      let speed = 1;
      for (let attempt = 1; attempt <= 2; attempt += 1) {
        const faster = ugcFitSpeed(hook.duration, copy.duration, speed);
        if (faster === undefined) break;
        speed = faster;
        const again: string[] = [];
        [hook, copy] = await Promise.all([
          speak(req.tts, script.hook, voice, join(workDir, `hook-${attempt}`), signal, again, speed),
          speak(req.tts, script.copy, voice, join(workDir, `copy-${attempt}`), signal, again, speed),
        ]);
      }
      return ugcAdsRecipe(input, { stage, music: assets.music }, { hook, copy });
    },
  },
  "faceless-ai": {
    voiced: false,
    async compose(req) {
      const input = req.input as VideoInputByType["faceless-ai"];
      const assets = req.assets as ProduceAssets["faceless-ai"];
      const clip = await durationOf(assets.clip, "video");
      return facelessRecipe(
        input,
        {
          clip: assets.clip,
          clipDuration: clip.duration,
          clipHasAudio: clip.hasAudio,
          ambient: assets.ambient ?? null,
        },
        // The chosen length, unless the caller asks for another (the landing's short showcase clips).
        { durationS: req.durationS ?? input.length_s },
      );
    },
  },
};

/** Makes one finished video: returns the MP4, its thumbnail and its length. */
export async function produceVideo<T extends VideoType>(req: ProduceRequest<T>): Promise<ProduceResult> {
  const started = performance.now();
  const warnings: string[] = [];
  const warn = (m: string) => {
    warnings.push(m);
    req.onWarning?.(m);
  };
  const outputDir = req.outputDir ?? req.workDir;
  await mkdir(req.workDir, { recursive: true });
  await mkdir(outputDir, { recursive: true });
  const producer: Producer<T> = producers[req.type];
  req.onStage?.(STAGES.preparing);
  req.onProgress?.(0);
  const composition = await producer.compose(req, warnings);
  for (const w of warnings) req.onWarning?.(w);
  const voiceDone = performance.now();
  const base = producer.voiced ? 15 : 3;
  req.onProgress?.(base);
  req.onStage?.(STAGES.rendering);
  const videoPath = join(outputDir, "video.mp4");
  const thumbnailPath = join(outputDir, "thumbnail.jpg");
  const result = await renderComposition(composition satisfies RecipeComposition as unknown as Composition, {
    output: videoPath,
    thumbnail: thumbnailPath,
    workDir: join(req.workDir, "render"),
    draft: req.draft,
    signal: req.signal,
    onWarning: warn,
    onSpawn: req.onSpawn,
    onProgress: (p) => req.onProgress?.(Math.min(99, Math.round(base + (p * (99 - base)) / 100))),
  });
  req.onStage?.(STAGES.finishing);
  req.onProgress?.(100);
  const done = performance.now();
  return {
    videoPath,
    thumbnailPath,
    durationS: result.durationS,
    composition,
    warnings,
    ffmpegArgs: result.ffmpegArgs,
    timings: {
      prepare: (voiceDone - started) / 1000,
      render: (done - voiceDone) / 1000,
      total: (done - started) / 1000,
    },
  };
}
