import { z } from "zod";
import {
  GREEN_SCREEN_CAPTION_MAX,
  GREEN_SCREEN_MEME_SCALE_MAX,
  GREEN_SCREEN_MEME_SCALE_MIN,
} from "../catalogue/constants.ts";
import { DEFAULT_LANGUAGE, LANGUAGES } from "../catalogue/languages.ts";
import { NO_MUSIC } from "../catalogue/media.ts";
import { messages } from "../messages.ts";
import { hasNoNul } from "../schemas/text.ts";
import { VIDEO_TYPE_INFO } from "./catalogue.ts";
import { defineVideoType } from "./define.ts";

export const greenScreenInputSchema = z
  .object({
    text_hook: z
      .string()
      .trim()
      .min(1, messages.greenScreen.captionRequired)
      .max(GREEN_SCREEN_CAPTION_MAX, messages.greenScreen.captionTooLong)
      .refine(hasNoNul, messages.common.nulCharacter),
    /** A meme id of the starter library; absent or null when the creator brings their own clip. */
    selected_meme: z.string().min(1, messages.greenScreen.incomplete).nullish(),
    /** A files row of type meme-clip owned by the user: their own clip on a green or blue screen. */
    meme_file_id: z.uuid(messages.greenScreen.incomplete).nullish(),
    /** A files row of type green-screen owned by the user (JPG, PNG, WebP or MP4). */
    background_file_id: z.uuid(messages.greenScreen.incomplete),
    song: z.string().min(1).default(NO_MUSIC),
    /**
     * Where the 9:16 window is cut from a background video: its horizontal centre as a share of the
     * video's width. Only a video background uses it; absent or null: the middle (0.5).
     */
    background_crop: z.object({ x: z.number().finite().min(0).max(1) }).nullish(),
    /**
     * Where the meme sits, as the user placed it: its centre as a share of the frame's width (x) and
     * height (y), and its size relative to the default (scale). Absent: the default placement.
     */
    meme_transform: z
      .object({
        x: z.number().finite().min(0).max(1),
        y: z.number().finite().min(0).max(1),
        scale: z.number().finite().min(GREEN_SCREEN_MEME_SCALE_MIN).max(GREEN_SCREEN_MEME_SCALE_MAX),
      })
      .optional(),
    /** The language its words are written in (a video in another language is made from a translation of them). */
    language: z.enum(LANGUAGES).default(DEFAULT_LANGUAGE),
  })
  // One meme: a library clip or the creator's own.
  .superRefine((value, ctx) => {
    if (!value.selected_meme && !value.meme_file_id) {
      ctx.addIssue({ code: "custom", path: ["selected_meme"], message: messages.greenScreen.incomplete });
    } else if (value.selected_meme && value.meme_file_id) {
      ctx.addIssue({ code: "custom", path: ["meme_file_id"], message: messages.greenScreen.memeTwice });
    }
  });
export type GreenScreenInput = z.output<typeof greenScreenInputSchema>;

/** A meme clip on chroma green keyed over the user's picture or video, with a caption and a song. */
export const greenScreenDefinition = defineVideoType({
  schema: greenScreenInputSchema,
  ...VIDEO_TYPE_INFO["green-screen"],
  title: (input) => `Green Screen Meme - ${input.text_hook}`,
  drawnText: ["text_hook"],
  translatable: { text_hook: GREEN_SCREEN_CAPTION_MAX },
  assets: {
    /** The library's meme clip on chroma green, or null when the creator brought their own. */
    meme: { from: "library", field: "selected_meme", kind: "meme", optional: true },
    /** The creator's own clip on a green or blue screen, or null when a library meme was chosen. */
    ownMeme: { from: "upload", field: "meme_file_id", kind: "meme-clip", optional: true },
    /** The user's background picture or video, or their own background footage (MP4, MOV or WebM). */
    background: { from: "upload", field: "background_file_id", kind: "green-screen", alsoKinds: ["background-video"] },
    /** The song, or null. */
    music: { from: "library", field: "song", kind: "music", none: NO_MUSIC },
  },
});
