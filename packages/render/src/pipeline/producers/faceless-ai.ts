import { facelessRecipe } from "../../recipes/faceless.ts";
import { durationOf, type Producer } from "../producer.ts";

/** A faceless video: the clip's length and sound, then the recipe at the chosen length. */
export const facelessAiProducer: Producer<"faceless-ai"> = {
  voiced: false,
  async compose(req) {
    const { input, assets } = req;
    const clip = await durationOf(assets.clip, "video");
    return facelessRecipe(
      input,
      {
        clip: assets.clip,
        clipDuration: clip.duration,
        clipHasAudio: clip.hasAudio,
        // The clip's own sound (the library's clips carry theirs); the recipe can also take a separate track.
        ambient: null,
      },
      // The chosen length, unless the caller asks for another (the landing's short showcase clips).
      { durationS: req.durationS ?? input.length_s },
    );
  },
};
