/**
 * A video type that exists only in this test: a quote over library gameplay with a song. This file is
 * what `packages/core/src/video-types/<type>.ts` is for a real type (its input schema and its definition),
 * with its display data, the entry a real type has in `VIDEO_TYPE_INFO`.
 */
import { BACKGROUND_IDS, defineVideoType, NO_MUSIC, type VideoTypeDisplay } from "@reelsmith/core";
import { z } from "zod";

export const quoteCardDisplay = {
  name: "Quote Card",
  description: "A quote on screen over gameplay, with a song.",
  route: "/create/quote-card",
  cost: 4,
} as const satisfies VideoTypeDisplay;

export const quoteCardInputSchema = z.object({
  quote: z.string().trim().min(1).max(200),
  background_video: z.enum(BACKGROUND_IDS),
  background_music: z.string().min(1).default(NO_MUSIC),
});

export const quoteCardDefinition = defineVideoType({
  schema: quoteCardInputSchema,
  ...quoteCardDisplay,
  title: (input) => `Quote - ${input.quote}`,
  drawnText: ["quote"],
  assets: {
    background: { from: "library", field: "background_video", kind: "background" },
    music: { from: "library", field: "background_music", kind: "music", none: NO_MUSIC },
  },
});
