import { z } from "zod";
import {
  GREEN_SCREEN_CAPTION_MAX,
  HOOK_TEXT_MAX,
  REDDIT_SCRIPT_MAX,
  REDDIT_TITLE_MAX,
  UGC_COPY_MAX,
  UGC_PRODUCT_NAME_MAX,
} from "../catalogue/constants.ts";
import { FAN_OUT_MAX, LANGUAGES } from "../catalogue/languages.ts";
import { messages } from "../messages.ts";
import { VIDEO_TYPES } from "../video-types/catalogue.ts";

/** generate-ai-script: a Reddit-style story from the post title and, if any, the user's draft. */
export const generateScriptSchema = z
  .object({
    script_title: z.string().trim().max(REDDIT_TITLE_MAX).default(""),
    script_main: z.string().max(REDDIT_SCRIPT_MAX).default(""),
  })
  .refine((v) => v.script_title.length > 0 || v.script_main.trim().length > 0, {
    message: messages.reddit.titleRequired,
    path: ["script_title"],
  });
export const generatedScriptSchema = z.object({ script_title: z.string(), script_main: z.string() });

/** generate-green-screen-ai-script: a meme caption from a prompt. */
export const generateCaptionSchema = z.object({
  prompt: z.string().trim().min(1, messages.greenScreen.promptRequired).max(500),
});
export const generatedCaptionSchema = z.object({ text_hook: z.string().max(GREEN_SCREEN_CAPTION_MAX) });

/** A music video's on-screen hook from the song's name, the style and the musician's idea, if any. */
export const generateHookSchema = z.object({
  song_name: z.string().trim().max(200).default(""),
  style: z.string().trim().max(60).default(""),
  idea: z.string().trim().max(HOOK_TEXT_MAX).default(""),
});
export const generatedHookSchema = z.object({ text_hook: z.string().max(HOOK_TEXT_MAX) });

/**
 * UGC ad copy from the product name and, when the server's model sees images, the user's product photo
 * (a files row of type product-image; ignored by a model that does not).
 */
export const generateAdCopySchema = z.object({
  product_name: z.string().trim().min(1).max(UGC_PRODUCT_NAME_MAX),
  product_image_id: z.uuid().optional(),
});
export const generatedAdCopySchema = z.object({
  hook: z.string().max(HOOK_TEXT_MAX),
  ad_copy: z.string().max(UGC_COPY_MAX),
});

/**
 * A video's words in other languages, to check and edit before the video is made in them ("Also make it in..."):
 * the type's translatable fields (others are refused), the language they are written in and the languages wanted.
 */
export const translateSchema = z.object({
  type: z.enum(VIDEO_TYPES),
  words: z.record(z.string(), z.string().max(10_000)),
  from: z.enum(LANGUAGES),
  to: z
    .array(z.enum(LANGUAGES))
    .min(1)
    .max(FAN_OUT_MAX - 1),
});
/** The words by language, then by field. */
export const translatedSchema = z.object({
  translations: z.partialRecord(z.enum(LANGUAGES), z.record(z.string(), z.string())),
});
export type Translated = z.infer<typeof translatedSchema>;

/**
 * The voice engines a server can speak with: the offline Debian voices, Kokoro-82M in process (once setup fetched the
 * model), or a configured service.
 */
export const VOICE_PROVIDERS = ["offline", "kokoro", "openai-compatible", "elevenlabs"] as const;
export type VoiceProvider = (typeof VOICE_PROVIDERS)[number];

/** What this server can do beyond the embedded default, so screens can explain what is off. */
export const capabilitiesSchema = z.object({
  /** `vision`: the model also reads the product photo when writing ad copy. */
  ai: z.object({ enabled: z.boolean(), model: z.string().nullable(), vision: z.boolean().default(false) }),
  tts: z.object({ provider: z.enum(VOICE_PROVIDERS) }),
  storage: z.enum(["local", "s3"]),
});
export type Capabilities = z.infer<typeof capabilitiesSchema>;
