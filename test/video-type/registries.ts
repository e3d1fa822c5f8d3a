/**
 * The product's registries widened by the test type, typed exactly as the product types its own: each
 * line tagged `piece:` is the entry a new type adds to a registry (named in docs/ARCHITECTURE.md, "A sixth
 * video type"). `scripts/check-video-type.ts` compiles this folder whole, then once without each piece
 * (its file and its tagged lines), and expects every one of those to fail.
 */
import { VIDEO_TYPE_INFO, type VideoTypeDisplay, type VideoTypeRegistry, videoTypeDefinitions } from "@reelsmith/core";
import { Quote } from "lucide-react";
import type { BuilderRegistry } from "@/app/builders";
import { builtBuilders } from "@/app/builders";
import { type VideoTypeIconRegistry, videoTypeIcons } from "@/components/video-type-icon";
import type { ProducerRegistry } from "../../packages/render/src/pipeline/producer.ts";
import { producers } from "../../packages/render/src/pipeline/producers/index.ts";
import { quoteCardDefinition, quoteCardDisplay } from "./core.ts"; // piece: core.ts
import { quoteCardProducer } from "./producer.ts"; // piece: producer.ts

/** `VIDEO_TYPE_INFO` with the type's display line: the type names follow from its keys. */
export const info = {
  ...VIDEO_TYPE_INFO,
  "quote-card": quoteCardDisplay, // piece: display
} as const satisfies Record<string, VideoTypeDisplay>;
export type FixtureType = keyof typeof info;

/** `videoTypeDefinitions` with the type's definition. */
export const definitions = {
  ...videoTypeDefinitions,
  "quote-card": quoteCardDefinition, // piece: definition
} satisfies VideoTypeRegistry<FixtureType>;

/** `producers` (packages/render/src/pipeline/producers/index.ts) with the type's producer. */
export const fixtureProducers: ProducerRegistry<typeof definitions> = {
  ...producers,
  "quote-card": quoteCardProducer, // piece: producer.ts
};

/** `builtBuilders` (web/src/app/builders.ts) with the type's route module. */
export const fixtureBuilders: BuilderRegistry<FixtureType> = {
  ...builtBuilders,
  "quote-card": () => import("./builder.tsx").then((m) => ({ Component: m.QuoteCardRoute })), // piece: builder.tsx
};

/** `videoTypeIcons` (web/src/components/video-type-icon.tsx) with the type's icon. */
export const fixtureIcons: VideoTypeIconRegistry<FixtureType> = {
  ...videoTypeIcons,
  "quote-card": Quote, // piece: icon
};
