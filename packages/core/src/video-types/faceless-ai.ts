import { z } from "zod";
import { HOOK_TEXT_MAX } from "../catalogue/constants.ts";
import { DEFAULT_LANGUAGE, LANGUAGES } from "../catalogue/languages.ts";
import {
  ASMR_STYLES,
  DREAMSCAPE_STYLES,
  FACELESS_DEFAULT_LENGTH,
  FACELESS_LENGTHS,
  FACELESS_TABS,
} from "../catalogue/media.ts";
import { messages } from "../messages.ts";
import { hasNoNul } from "../schemas/text.ts";
import { VIDEO_TYPE_INFO } from "./catalogue.ts";
import { defineVideoType } from "./define.ts";

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
    /** The language its words are written in (a video in another language is made from a translation of them). */
    language: z.enum(LANGUAGES).default(DEFAULT_LANGUAGE),
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

/** ASMR and dreamscape style clips assembled into a loop, with their ambient sound. */
export const facelessAiDefinition = defineVideoType({
  schema: facelessInputSchema,
  ...VIDEO_TYPE_INFO["faceless-ai"],
  title(input) {
    const styles: readonly { id: string; title: string }[] = input.tab === "asmr" ? ASMR_STYLES : DREAMSCAPE_STYLES;
    const style = styles.find((s) => s.id === input.video_type)?.title ?? input.video_type;
    return `${input.tab === "asmr" ? "AI ASMR" : "Dreamscape"} - ${style}${input.title ? ` - ${input.title}` : ""}`;
  },
  drawnText: ["title"],
  translatable: { title: HOOK_TEXT_MAX },
  assets: {
    /** The style clip: an asmr or a dreamscape item, as the tab says. */
    clip: { from: "library", field: "video_type", kind: (input) => (input.tab === "asmr" ? "asmr" : "dreamscape") },
  },
});
