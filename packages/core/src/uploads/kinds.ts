import { BACKGROUND_VIDEO_MAX_BYTES, UPLOAD_MAX_BYTES } from "../catalogue/constants.ts";
import { messages } from "../messages.ts";
import { MEDIA_FORMATS, type MediaFormat, type MediaFormatId } from "./formats.ts";

/**
 * The kinds of upload, each one definition: which formats it takes (known by their bytes), how large it may
 * be, what a probe of the file must find, and what the creator is told when it does not. The browser's accept
 * lists, the server's checks and refusals, the files table's check and the upload fields' messages all come
 * from here.
 */

export const FILE_TYPES = [
  "audio-file",
  "product-image",
  "green-screen",
  "background-video",
  "voice-over",
  "meme-clip",
] as const;
export type FileType = (typeof FILE_TYPES)[number];

/** Sound a file must hold: an audio stream whose decoded length lies within the bounds. */
export interface SoundRule {
  minS: number;
  maxS: number;
}

/** A moving picture a file must hold: decoded length and largest side within the bounds. */
export interface MovingPictureRule {
  minS: number;
  maxS: number;
  maxSide: number;
}

export interface UploadKind {
  type: FileType;
  /** The formats taken, by what the file's bytes are. */
  formats: readonly MediaFormatId[];
  maxBytes: number;
  /** What a probe must find in a file of a moving or sound format (a picture must decode whole). */
  sound?: SoundRule;
  moving?: MovingPictureRule;
  /**
   * The clip must be filmed on a green or blue screen (core's screenKeyOf finds one on its edges):
   * a creator's own meme clip, keyed over their background.
   */
  screen?: true;
  /** The format a file of this kind is stored as (a browser's WebM recording is sound only: audio/webm). */
  storedAs?: (format: MediaFormat) => { mime: string; ext: string };
  messages: {
    unsupported: string;
    tooLarge: string;
    /** The file is of a taken format but cannot be read whole, or lacks the stream this kind needs. */
    unreadable: string;
    /** Its sound or moving picture is too short or too long. */
    length?: string;
    /** Its picture is larger than the kind takes. */
    size?: string;
    /** No green or blue screen was found on its edges (a kind with `screen`). */
    noScreen?: string;
  };
}

/** A song lasts 3 s to 10 min (a music video uses 10 to 30 s of it). */
export const SONG_MIN_S = 3;
export const SONG_MAX_S = 600;
/** Own background footage lasts 2 s to 10 min and is at most 4096 px on a side. */
export const BACKGROUND_VIDEO_MIN_S = 2;
export const BACKGROUND_VIDEO_MAX_S = 600;
export const BACKGROUND_VIDEO_MAX_SIDE = 4096;
/** A green-screen background video lasts 1 s to 10 min (it is looped under the meme). */
export const GREEN_SCREEN_VIDEO_MIN_S = 1;
/** A creator's own green-screen meme clip lasts 1 s to 1 min (a green-screen video is 5 to 12 s of it). */
export const MEME_CLIP_MIN_S = 1;
export const MEME_CLIP_MAX_S = 60;
/** A creator's own voice-over (a recording of the title and script) lasts 1 s to 5 min. */
export const VOICE_OVER_MIN_S = 1;
export const VOICE_OVER_MAX_S = 300;

const IMAGES = ["jpeg", "png", "webp"] as const;
const m = messages.files;

export const UPLOAD_KINDS: { readonly [T in FileType]: UploadKind } = {
  // A music video's song: MP3, WAV or AAC (raw ADTS or in an .m4a container); a video's sound is used too.
  "audio-file": {
    type: "audio-file",
    formats: ["mp3", "wav", "aac", "m4a", "mp4", "mov", "webm"],
    maxBytes: UPLOAD_MAX_BYTES,
    sound: { minS: SONG_MIN_S, maxS: SONG_MAX_S },
    messages: {
      unsupported: m.unsupportedAudio,
      tooLarge: m.tooLarge,
      unreadable: m.songUnreadable,
      length: m.songLength,
    },
  },
  "product-image": {
    type: "product-image",
    formats: IMAGES,
    maxBytes: UPLOAD_MAX_BYTES,
    messages: { unsupported: m.unsupportedImage, tooLarge: m.tooLarge, unreadable: m.imageUnreadable },
  },
  // A meme's background: a picture or an MP4 video.
  "green-screen": {
    type: "green-screen",
    formats: [...IMAGES, "mp4"],
    maxBytes: UPLOAD_MAX_BYTES,
    moving: { minS: GREEN_SCREEN_VIDEO_MIN_S, maxS: BACKGROUND_VIDEO_MAX_S, maxSide: BACKGROUND_VIDEO_MAX_SIDE },
    messages: {
      unsupported: m.unsupportedBackground,
      tooLarge: m.tooLarge,
      unreadable: m.backgroundUnreadable,
      length: m.greenScreenVideoLength,
      size: m.backgroundVideoSize,
    },
  },
  // Own background footage: MP4, MOV or WebM.
  "background-video": {
    type: "background-video",
    formats: ["mp4", "mov", "webm"],
    maxBytes: BACKGROUND_VIDEO_MAX_BYTES,
    moving: { minS: BACKGROUND_VIDEO_MIN_S, maxS: BACKGROUND_VIDEO_MAX_S, maxSide: BACKGROUND_VIDEO_MAX_SIDE },
    messages: {
      unsupported: m.unsupportedBackgroundVideo,
      tooLarge: m.backgroundVideoTooLarge,
      unreadable: m.backgroundVideoUnreadable,
      length: m.backgroundVideoLength,
      size: m.backgroundVideoSize,
    },
  },
  // A creator's own meme on a green (or blue) screen: MP4, MOV or WebM, as phones and editors export it.
  "meme-clip": {
    type: "meme-clip",
    formats: ["mp4", "mov", "webm"],
    maxBytes: BACKGROUND_VIDEO_MAX_BYTES,
    moving: { minS: MEME_CLIP_MIN_S, maxS: MEME_CLIP_MAX_S, maxSide: BACKGROUND_VIDEO_MAX_SIDE },
    screen: true,
    messages: {
      unsupported: m.unsupportedMemeClip,
      tooLarge: m.memeClipTooLarge,
      unreadable: m.memeClipUnreadable,
      length: m.memeClipLength,
      size: m.memeClipSize,
      noScreen: m.memeClipNoScreen,
    },
  },
  // A creator's voice-over: MP3, WAV, AAC/M4A, OGG/Opus, or WebM/MP4 audio as browsers record it.
  "voice-over": {
    type: "voice-over",
    formats: ["mp3", "wav", "aac", "m4a", "ogg", "webm", "mp4"],
    maxBytes: UPLOAD_MAX_BYTES,
    sound: { minS: VOICE_OVER_MIN_S, maxS: VOICE_OVER_MAX_S },
    storedAs: (format) =>
      format.id === "webm"
        ? { mime: "audio/webm", ext: "webm" }
        : format.id === "mp4"
          ? { mime: "audio/mp4", ext: "m4a" }
          : { mime: format.mime, ext: format.ext },
    messages: {
      unsupported: m.unsupportedVoiceOver,
      tooLarge: m.tooLarge,
      unreadable: m.voiceOverUnreadable,
      length: m.voiceOverLength,
    },
  },
};

/** Whether an upload of this kind takes a file of this real format. */
export function uploadTakesFormat(type: FileType, format: MediaFormat | null): format is MediaFormat {
  return format !== null && UPLOAD_KINDS[type].formats.includes(format.id);
}

/** The MIME type and extension an accepted file of this kind is stored under. */
export function storedFormat(type: FileType, format: MediaFormat): { mime: string; ext: string } {
  return UPLOAD_KINDS[type].storedAs?.(format) ?? { mime: format.mime, ext: format.ext };
}

/** What the browser may offer to upload for a kind (the server decides by the file's bytes). */
export function uploadAccept(type: FileType): string {
  const formats = UPLOAD_KINDS[type].formats.map((id) => MEDIA_FORMATS[id]);
  const extensions = formats.flatMap((f) => f.extensions.map((e) => `.${e}`));
  const types = formats.flatMap((f) => f.browserTypes);
  return [...new Set([...extensions, ...types])].join(",");
}

/** Whether a picked file looks like one this kind takes, by its MIME type or its extension (a first check). */
export function looksLikeUpload(type: FileType, file: { name: string; type: string }): boolean {
  const formats = UPLOAD_KINDS[type].formats.map((id) => MEDIA_FORMATS[id]);
  const mime = file.type.toLowerCase();
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  return formats.some((f) => f.browserTypes.includes(mime) || (ext !== undefined && f.extensions.includes(ext)));
}
