/** The test type's producer (a real type's is `packages/render/src/pipeline/producers/<type>.ts`). */
import { durationOf, type ProducerOf } from "../../packages/render/src/pipeline/producer.ts";
import type { quoteCardDefinition } from "./core.ts";
import { quoteCardRecipe } from "./recipe.ts";

export const quoteCardProducer: ProducerOf<typeof quoteCardDefinition> = {
  voiced: false,
  async compose({ input, assets }) {
    const background = await durationOf(assets.background, "video");
    return quoteCardRecipe(input, assets, background.duration);
  },
};
