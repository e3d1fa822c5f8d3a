/** The test type's recipe (a real type's is `packages/render/src/recipes/<type>.ts`). */
import type { AssetsOf, InputOf } from "@reelsmith/core";
import type { RecipeComposition } from "../../packages/render/src/recipes/common.ts";
import { musicBed } from "../../packages/render/src/recipes/common.ts";
import type { quoteCardDefinition } from "./core.ts";

type Definition = typeof quoteCardDefinition;

export function quoteCardRecipe(
  input: InputOf<Definition>,
  assets: AssetsOf<Definition>,
  backgroundDuration: number,
): RecipeComposition {
  const duration = Math.min(12, backgroundDuration);
  return {
    duration,
    layers: [
      { kind: "video", src: assets.background, loop: true },
      { kind: "text", text: input.quote, look: "title", box: { x: 90, y: 700, width: 900, height: 520 } },
    ],
    audio: musicBed(assets.music, duration, { underVoice: false }),
  };
}
