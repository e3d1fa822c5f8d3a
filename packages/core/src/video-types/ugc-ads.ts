import { NO_MUSIC } from "../catalogue/media.ts";
import { ugcAdsInputSchema } from "../schemas/videos.ts";
import { VIDEO_TYPE_INFO } from "./catalogue.ts";
import { defineVideoType } from "./define.ts";

/** One product photo made into an influencer-style ad with a voice-over. */
export const ugcAdsDefinition = defineVideoType({
  schema: ugcAdsInputSchema,
  ...VIDEO_TYPE_INFO["ugc-ads"],
  title: (input) => `UGC Ad - ${input.product_name || "Product"}${input.hook ? ` - ${input.hook}` : ""}`,
  assets: {
    /** The product photo. */
    productImage: { from: "upload", field: "product_image_id", kind: "product-image" },
    /** Music, or null. */
    music: { from: "library", field: "background_music", kind: "music", none: NO_MUSIC },
  },
});
