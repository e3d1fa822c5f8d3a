import { z } from "zod";
import { HOOK_TEXT_MAX, UGC_COPY_MAX, UGC_PRODUCT_NAME_MAX } from "../catalogue/constants.ts";
import { DEFAULT_LANGUAGE, LANGUAGES, languageMessages } from "../catalogue/languages.ts";
import { CAPTION_STYLE_IDS, NO_MUSIC, UGC_GENDERS } from "../catalogue/media.ts";
import { messages } from "../messages.ts";
import { hasNoNul } from "../schemas/text.ts";
import { VIDEO_TYPE_INFO } from "./catalogue.ts";
import { defineVideoType } from "./define.ts";

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
    /** The language of the ad's words: the voice-over speaks it and the captions are split into its words. */
    language: z.enum(LANGUAGES).default(DEFAULT_LANGUAGE),
  })
  .superRefine((value, ctx) => {
    if (value.captions && !value.caption_style) {
      ctx.addIssue({ code: "custom", path: ["caption_style"], message: messages.ugc.captionStyleRequired });
    }
    if (value.language !== DEFAULT_LANGUAGE) {
      if (!value.hook) {
        ctx.addIssue({
          code: "custom",
          path: ["hook"],
          message: languageMessages.ownWordsNeeded("hook", value.language),
        });
      }
      if (!value.ad_copy) {
        const message = languageMessages.ownWordsNeeded("ad copy", value.language);
        ctx.addIssue({ code: "custom", path: ["ad_copy"], message });
      }
    }
  })
  // Turning captions off clears the style (spec section 4).
  .transform((value) => (value.captions ? value : { ...value, caption_style: null }));
export type UgcAdsInput = z.output<typeof ugcAdsInputSchema>;

/** One product photo made into an influencer-style ad with a voice-over. */
export const ugcAdsDefinition = defineVideoType({
  schema: ugcAdsInputSchema,
  ...VIDEO_TYPE_INFO["ugc-ads"],
  title: (input) => `UGC Ad - ${input.product_name || "Product"}${input.hook ? ` - ${input.hook}` : ""}`,
  drawnText: ["product_name", "hook", "ad_copy"],
  translatable: { hook: HOOK_TEXT_MAX, ad_copy: UGC_COPY_MAX },
  assets: {
    /** The product photo. */
    productImage: { from: "upload", field: "product_image_id", kind: "product-image" },
    /** Music, or null. */
    music: { from: "library", field: "background_music", kind: "music", none: NO_MUSIC },
  },
});
