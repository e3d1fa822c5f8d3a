import { textHookRecipe } from "../../recipes/text-hook.ts";
import { durationOf, type Producer } from "../producer.ts";
import { analyseSongFile } from "../song.ts";

/** A music video: the song's and the footage's lengths and the song's analysis, then the recipe. */
export const textHookProducer: Producer<"text-hook"> = {
  voiced: false,
  async compose(req) {
    const { workDir, signal, input, assets } = req;
    const [song, footage, analysis] = await Promise.all([
      durationOf(assets.audio, "audio"),
      durationOf(assets.footage, "video"),
      analyseSongFile(assets.audio, workDir, signal),
    ]);
    return textHookRecipe(input, {
      audio: assets.audio,
      audioDuration: song.duration,
      song: analysis,
      footage: assets.footage,
      footageDuration: footage.duration,
    });
  },
};
