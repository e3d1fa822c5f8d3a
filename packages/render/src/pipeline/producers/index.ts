import type { VideoTypeDefinitions } from "@reelsmith/core";
import type { ProducerRegistry } from "../producer.ts";
import { facelessAiProducer } from "./faceless-ai.ts";
import { greenScreenProducer } from "./green-screen.ts";
import { redditProducer } from "./reddit.ts";
import { textHookProducer } from "./text-hook.ts";
import { ugcAdsProducer } from "./ugc-ads.ts";

/** Every video type's producer; the map is total, so a type without one does not compile. */
export const producers: ProducerRegistry<VideoTypeDefinitions> = {
  reddit: redditProducer,
  "text-hook": textHookProducer,
  "green-screen": greenScreenProducer,
  "ugc-ads": ugcAdsProducer,
  "faceless-ai": facelessAiProducer,
};
