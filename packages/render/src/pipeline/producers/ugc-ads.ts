import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { prepareUgcStage } from "../../cards/product-stage.ts";
import { ugcAdsRecipe, ugcFitSpeed, ugcScript, ugcVoice } from "../../recipes/ugc-ads.ts";
import { type Producer, STAGES, speak } from "../producer.ts";

/**
 * A UGC ad: the hook and copy read (faster when the ad would run past 30 s) and the product staged, then the recipe.
 */
export const ugcAdsProducer: Producer<"ugc-ads"> = {
  voiced: true,
  async compose(req, warnings) {
    const { workDir, signal, input, assets } = req;
    const script = ugcScript(input);
    const voice = ugcVoice(input.gender);
    const { language } = input;
    req.onStage?.(STAGES.voice);
    await mkdir(join(workDir, "stage"), { recursive: true });
    let [hook, copy, stage] = await Promise.all([
      speak(req.tts, { text: script.hook, voice, language, workDir: join(workDir, "hook"), signal }, warnings),
      speak(req.tts, { text: script.copy, voice, language, workDir: join(workDir, "copy"), signal }, warnings),
      // The product cut out and set in a drawn scene (or its photo framed), and the close-ups.
      prepareUgcStage(assets.productImage, join(workDir, "stage")),
    ]);
    // An ad that would run past 30 s is read a little faster (at most UGC_MAX_SPEED), measured again each time.
    let speed = 1;
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      const faster = ugcFitSpeed(hook.duration, copy.duration, speed);
      if (faster === undefined) break;
      speed = faster;
      const again: string[] = [];
      [hook, copy] = await Promise.all([
        speak(
          req.tts,
          { text: script.hook, voice, language, workDir: join(workDir, `hook-${attempt}`), signal, speed },
          again,
        ),
        speak(
          req.tts,
          { text: script.copy, voice, language, workDir: join(workDir, `copy-${attempt}`), signal, speed },
          again,
        ),
      ]);
    }
    return ugcAdsRecipe(input, { stage, music: assets.music }, { hook, copy });
  },
};
