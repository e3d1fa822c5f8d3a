import { z } from "zod";
import {
  GREEN_SCREEN_CAPTION_MAX,
  GREEN_SCREEN_MEME_SCALE_MAX,
  GREEN_SCREEN_MEME_SCALE_MIN,
  HOOK_TEXT_MAX,
  REDDIT_COUNT_MAX,
  REDDIT_SCRIPT_MAX,
  REDDIT_SUBREDDIT_MAX,
  REDDIT_SUBREDDIT_MIN,
  REDDIT_TITLE_MAX,
  REDDIT_USERNAME_MAX,
  SONG_CLIP_DEFAULT_S,
  SONG_CLIP_MAX_S,
  SONG_CLIP_MIN_S,
  UGC_COPY_MAX,
  UGC_PRODUCT_NAME_MAX,
  UPLOAD_MAX_BYTES,
} from "../catalogue/constants.ts";
import {
  ASMR_STYLES,
  BACKGROUND_IDS,
  CAPTION_STYLE_IDS,
  DEFAULT_LANGUAGE,
  DEFAULT_VOICE,
  DREAMSCAPE_STYLES,
  FACELESS_DEFAULT_LENGTH,
  FACELESS_LENGTHS,
  FACELESS_TABS,
  LANGUAGES,
  NO_MUSIC,
  TEXT_HOOK_STYLES,
  UGC_GENDERS,
  VOICE_IDS,
} from "../catalogue/media.ts";
import { messages } from "../messages.ts";
import { hasNoNul } from "./text.ts";

/**
 * One schema per video type, with the spec's field names and limits (sections 3 and 5). The same
 * schema validates the builder form, the API body and types the render recipe's input.
 */

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

const AVATAR_DATA_URL = /^data:image\/(jpeg|png|webp);base64,([A-Za-z0-9+/]+={0,2})$/;
/** Decoded size of a base64 payload, without decoding it. */
export function base64DecodedBytes(payload: string): number {
  const padding = payload.endsWith("==") ? 2 : payload.endsWith("=") ? 1 : 0;
  return Math.floor((payload.length * 3) / 4) - padding;
}

/** Optional avatar: a JPEG, PNG or WebP image data URL of at most 10 MB. */
export const redditAvatarSchema = z
  .string()
  .superRefine((value, ctx) => {
    const match = AVATAR_DATA_URL.exec(value);
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
});
export type TextHookInput = z.output<typeof textHookInputSchema>;

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

export const ugcAdsInputSchema = z
  .object({
    /** A files row of type product-image owned by the user. */
    product_image_id: z.uuid(messages.ugc.imageRequired),
    gender: z.enum(UGC_GENDERS).default("female"),
    background_music: z.string().min(1, messages.ugc.genderAndMusicRequired),
    captions: z.boolean().default(false),
    caption_style: z.enum(CAPTION_STYLE_IDS).nullable().default(null),
    product_name: z
      .string()
      .trim()
      .max(UGC_PRODUCT_NAME_MAX)
      .refine(hasNoNul, messages.common.nulCharacter)
      .default(""),
    hook: z.string().trim().max(HOOK_TEXT_MAX).refine(hasNoNul, messages.common.nulCharacter).default(""),
    ad_copy: z.string().trim().max(UGC_COPY_MAX).refine(hasNoNul, messages.common.nulCharacter).default(""),
  })
  .superRefine((value, ctx) => {
    if (value.captions && !value.caption_style) {
      ctx.addIssue({ code: "custom", path: ["caption_style"], message: messages.ugc.captionStyleRequired });
    }
  })
  // Turning captions off clears the style (spec section 4).
  .transform((value) => (value.captions ? value : { ...value, caption_style: null }));
export type UgcAdsInput = z.output<typeof ugcAdsInputSchema>;

const facelessStyleIds = [...ASMR_STYLES.map((s) => s.id), ...DREAMSCAPE_STYLES.map((s) => s.id)] as [
  string,
  ...string[],
];
export const facelessInputSchema = z
  .object({
    tab: z.enum(FACELESS_TABS).default("asmr"),
    /** The style id (spec's call names it video_type): fruit, cube, toast, paint or a dreamscape category. */
    video_type: z.enum(facelessStyleIds).default("fruit"),
    /** Optional title drawn at the start. */
    title: z.string().trim().max(HOOK_TEXT_MAX).refine(hasNoNul, messages.common.nulCharacter).default(""),
    /** The video's length in seconds. */
    length_s: z
      .union(
        FACELESS_LENGTHS.map((s) => z.literal(s)) as unknown as [z.ZodLiteral<15>, z.ZodLiteral<30>, z.ZodLiteral<60>],
      )
      .default(FACELESS_DEFAULT_LENGTH),
  })
  .superRefine((value, ctx) => {
    const styles: readonly { id: string }[] = value.tab === "asmr" ? ASMR_STYLES : DREAMSCAPE_STYLES;
    if (!styles.some((s) => s.id === value.video_type)) {
      ctx.addIssue({
        code: "custom",
        path: ["video_type"],
        message: `${value.video_type} is not a ${value.tab} style`,
      });
    }
  });
export type FacelessInput = z.output<typeof facelessInputSchema>;
