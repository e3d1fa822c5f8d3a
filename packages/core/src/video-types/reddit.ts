import { z } from "zod";
import {
  REDDIT_COUNT_MAX,
  REDDIT_SCRIPT_MAX,
  REDDIT_SUBREDDIT_MAX,
  REDDIT_SUBREDDIT_MIN,
  REDDIT_TITLE_MAX,
  REDDIT_USERNAME_MAX,
  UPLOAD_MAX_BYTES,
} from "../catalogue/constants.ts";
import { DEFAULT_LANGUAGE, LANGUAGES } from "../catalogue/languages.ts";
import { BACKGROUND_IDS, CAPTION_STYLE_IDS, DEFAULT_VOICE, NO_MUSIC, VOICE_IDS } from "../catalogue/media.ts";
import { messages } from "../messages.ts";
import { hasNoNul } from "../schemas/text.ts";
import { VIDEO_TYPE_INFO } from "./catalogue.ts";
import { defineVideoType, PICTURE_DATA_URL } from "./define.ts";

/** Username: lowercased, whitespace removed, at most 15 characters. */
export function normaliseRedditUsername(value: string): string {
  return value.toLowerCase().replace(/\s+/g, "");
}
/** Post title: leading whitespace removed. */
export function normaliseRedditTitle(value: string): string {
  return value.replace(/^\s+/, "");
}

/** Subreddit: surrounding whitespace and a leading "r/" (or "/r/") removed; Reddit's own case kept. */
export function normaliseSubreddit(value: string): string {
  return value.trim().replace(/^\/?r\//i, "");
}
/** Reddit's rule for a community's name: 3 to 21 letters, digits or underscores. */
export const SUBREDDIT_NAME = new RegExp(`^[A-Za-z0-9_]{${REDDIT_SUBREDDIT_MIN},${REDDIT_SUBREDDIT_MAX}}$`);

/**
 * Optional subreddit: a valid name (without "r/"), or null when none is given (an empty field counts as
 * none); the card then names r/AskReddit.
 */
export const redditSubredditSchema = z
  .string()
  .transform(normaliseSubreddit)
  .refine((value) => value === "" || SUBREDDIT_NAME.test(value), messages.reddit.subredditInvalid)
  .transform((value) => value || null)
  .nullish();

/** An optional count of the post card (upvotes, comments): a whole number; absent, the card shows none. */
const redditCountSchema = (message: string) =>
  z.number({ error: message }).int(message).min(0, message).max(REDDIT_COUNT_MAX, message).nullish();

/** Decoded size of a base64 payload, without decoding it. */
export function base64DecodedBytes(payload: string): number {
  const padding = payload.endsWith("==") ? 2 : payload.endsWith("=") ? 1 : 0;
  return Math.floor((payload.length * 3) / 4) - padding;
}

/** Optional avatar: a JPEG, PNG or WebP image data URL of at most 10 MB. */
export const redditAvatarSchema = z
  .string()
  .superRefine((value, ctx) => {
    const match = PICTURE_DATA_URL.exec(value);
    if (!match) {
      ctx.addIssue({ code: "custom", message: messages.reddit.avatarInvalid });
      return;
    }
    if (base64DecodedBytes(match[2] ?? "") > UPLOAD_MAX_BYTES) {
      ctx.addIssue({ code: "custom", message: messages.reddit.avatarTooLarge });
    }
  })
  .nullable()
  .optional();

/** Who reads a Reddit story: a synthetic voice, or the creator's own recording. */
export const REDDIT_NARRATORS = ["ai", "own"] as const;
export type RedditNarrator = (typeof REDDIT_NARRATORS)[number];

export const redditInputSchema = z
  .object({
    username: z
      .string()
      .default("")
      .transform(normaliseRedditUsername)
      .pipe(
        z
          .string()
          .max(REDDIT_USERNAME_MAX, messages.reddit.usernameTooLong)
          .refine(hasNoNul, messages.common.nulCharacter),
      ),
    post_title: z
      .string()
      .transform(normaliseRedditTitle)
      .pipe(
        z
          .string()
          .min(1, messages.reddit.titleRequired)
          .max(REDDIT_TITLE_MAX, messages.reddit.titleTooLong)
          .refine(hasNoNul, messages.common.nulCharacter),
      ),
    script: z
      .string()
      .max(REDDIT_SCRIPT_MAX, messages.reddit.scriptTooLong)
      .refine(hasNoNul, messages.common.nulCharacter)
      .refine((v) => v.trim().length > 0, messages.reddit.scriptRequired),
    avatar_url: redditAvatarSchema,
    /** The subreddit on the post card (without "r/"); absent or null: r/AskReddit. */
    subreddit: redditSubredditSchema,
    /** Upvotes on the post card; absent or null: the card shows the vote buttons without a number. */
    upvotes: redditCountSchema(messages.reddit.upvotesInvalid),
    /** Comments on the post card; absent or null: the card shows the comment button without a number. */
    comments: redditCountSchema(messages.reddit.commentsInvalid),
    caption_style: z.enum(CAPTION_STYLE_IDS),
    /** A gameplay background of the starter library; or, instead, the creator's own footage below. */
    background_video: z.enum(BACKGROUND_IDS).nullish(),
    /** A files row of type background-video owned by the user (MP4, MOV or WebM), looped under the story. */
    background_file_id: z.uuid(messages.reddit.backgroundRequired).nullish(),
    /**
     * Which part of the own footage fills the 9:16 frame: the horizontal centre of the window as a share
     * of the clip's width (the window is the clip's full height on a landscape clip). Absent: the middle.
     */
    background_crop: z.object({ x: z.number().finite().min(0).max(1) }).nullish(),
    background_music: z.string().min(1).default(NO_MUSIC),
    /** The synthetic voice that reads the story; ignored when the creator's own recording is given. */
    voice: z.enum(VOICE_IDS).default(DEFAULT_VOICE),
    /**
     * A files row of type voice-over owned by the user: the creator reading the post title, then the script.
     * When set, it is the voice-over (word timings are found by aligning it to the text) and `voice` is unused.
     */
    voiceover_file_id: z.uuid(messages.reddit.voiceOverInvalid).nullish(),
    /**
     * Who reads the story: "ai" (the synthetic `voice`) or "own" (the recording in `voiceover_file_id`,
     * which must then be given: a creator who chose their own voice never gets an AI voice instead).
     * Absent: the recording when one is given, else the AI voice.
     */
    narrator: z.enum(REDDIT_NARRATORS).optional(),
    /** The language the story is written in: the voice speaks it and the captions are split into its words. */
    language: z.enum(LANGUAGES).default(DEFAULT_LANGUAGE),
  })
  .refine((input) => (input.background_video == null) !== (input.background_file_id == null), {
    message: messages.reddit.backgroundRequired,
    path: ["background_video"],
    // Checked while other fields are still unfinished too, so the background step shows its own state.
    when: (payload) => typeof payload.value === "object" && payload.value !== null,
  })
  .refine((input) => input.narrator !== "own" || input.voiceover_file_id != null, {
    message: messages.reddit.voiceOverRequired,
    path: ["voiceover_file_id"],
    // Like the background's rule: the audio step shows it while other steps are still unfinished.
    when: (payload) => typeof payload.value === "object" && payload.value !== null,
  });
export type RedditInput = z.output<typeof redditInputSchema>;

/** A Reddit post read aloud over gameplay, with the post card and word-by-word captions. */
export const redditDefinition = defineVideoType({
  schema: redditInputSchema,
  ...VIDEO_TYPE_INFO.reddit,
  /** The spec's: 'Reddit Story - {username or Anonymous} - {post title}'. */
  title: (input) => `Reddit Story - ${input.username || "Anonymous"} - ${input.post_title}`,
  drawnText: ["username", "post_title", "script", "subreddit"],
  translatable: { post_title: REDDIT_TITLE_MAX, script: REDDIT_SCRIPT_MAX },
  assets: {
    /** Background gameplay video of the library, or null when the creator's own footage is used. */
    background: { from: "library", field: "background_video", kind: "background", optional: true },
    /** The creator's own background footage, or null when a library background is used. */
    ownBackground: { from: "upload", field: "background_file_id", kind: "background-video", optional: true },
    /** The creator's own recording of the title and script, or null when a synthetic voice reads them. */
    voiceOver: { from: "upload", field: "voiceover_file_id", kind: "voice-over", optional: true },
    /** Music, or null for no-music. */
    music: { from: "library", field: "background_music", kind: "music", none: NO_MUSIC },
    /** The creator's avatar on the post card, or null for the default one. */
    avatar: {
      from: "inline",
      field: "avatar_url",
      kind: "picture",
      invalid: messages.reddit.avatarInvalid,
      optional: true,
    },
  },
});
