import { z } from "zod";
import { HOOK_TEXT_MAX, SONG_CLIP_DEFAULT_S, SONG_CLIP_MAX_S, SONG_CLIP_MIN_S } from "../catalogue/constants.ts";
import { DEFAULT_LANGUAGE, LANGUAGES } from "../catalogue/languages.ts";
import { TEXT_HOOK_STYLES, textHookVideoType } from "../catalogue/media.ts";
import { messages } from "../messages.ts";
import { fileBaseName } from "../rules/video-title.ts";
import { hasNoNul } from "../schemas/text.ts";
import { VIDEO_TYPE_INFO } from "./catalogue.ts";
import { defineVideoType } from "./define.ts";

const textHookStyleIds = TEXT_HOOK_STYLES.map((s) => s.id) as [
  (typeof TEXT_HOOK_STYLES)[number]["id"],
  ...(typeof TEXT_HOOK_STYLES)[number]["id"][],
];
export const textHookInputSchema = z.object({
  /** A files row of type audio-file owned by the user (MP3, WAV or AAC). */
  audio_file_id: z.uuid(),
  video_style: z.enum(textHookStyleIds),
  /** The hook shown on screen; optional, at most 150 characters. */
  text_hook: z.string().trim().max(HOOK_TEXT_MAX).refine(hasNoNul, messages.common.nulCharacter).default(""),
  /**
   * Where the part of the song the video uses starts (s). Null: the engine places the window on the
   * song's most energetic section.
   */
  clip_start: z.number().min(0).nullable().default(null),
  /** How long that part is (10 to 30 s). */
  clip_duration: z.number().min(SONG_CLIP_MIN_S).max(SONG_CLIP_MAX_S).default(SONG_CLIP_DEFAULT_S),
  /** The language its words are written in (a video in another language is made from a translation of them). */
  language: z.enum(LANGUAGES).default(DEFAULT_LANGUAGE),
});
export type TextHookInput = z.output<typeof textHookInputSchema>;

/** The user's song over the style's footage, with a hook on screen. */
export const textHookDefinition = defineVideoType({
  schema: textHookInputSchema,
  ...VIDEO_TYPE_INFO["text-hook"],
  title(input, { filenames }) {
    const style = TEXT_HOOK_STYLES.find((s) => s.id === input.video_style)?.title ?? input.video_style;
    const what = input.text_hook || fileBaseName(filenames.audio_file_id) || "Untitled track";
    return `Music Video - ${style} - ${what}`;
  },
  drawnText: ["text_hook"],
  translatable: { text_hook: HOOK_TEXT_MAX },
  assets: {
    /** The user's song (MP3, WAV or AAC). */
    audio: { from: "upload", field: "audio_file_id", kind: "audio-file" },
    /** Hook footage of the style (rave, rollercoaster, nature). */
    footage: {
      from: "library",
      field: "video_style",
      kind: "hook-footage",
      key: (input) => textHookVideoType(input.video_style),
    },
  },
});
