import { ASMR_STYLES, DREAMSCAPE_STYLES } from "../catalogue/media.ts";
import { facelessInputSchema } from "../schemas/videos.ts";
import { VIDEO_TYPE_INFO } from "./catalogue.ts";
import { defineVideoType } from "./define.ts";

/** ASMR and dreamscape style clips assembled into a loop, with their ambient sound. */
export const facelessAiDefinition = defineVideoType({
  schema: facelessInputSchema,
  ...VIDEO_TYPE_INFO["faceless-ai"],
  title(input) {
    const styles: readonly { id: string; title: string }[] = input.tab === "asmr" ? ASMR_STYLES : DREAMSCAPE_STYLES;
    const style = styles.find((s) => s.id === input.video_type)?.title ?? input.video_type;
    return `${input.tab === "asmr" ? "AI ASMR" : "Dreamscape"} - ${style}${input.title ? ` - ${input.title}` : ""}`;
  },
  assets: {
    /** The style clip: an asmr or a dreamscape item, as the tab says. */
    clip: { from: "library", field: "video_type", kind: (input) => (input.tab === "asmr" ? "asmr" : "dreamscape") },
  },
});
