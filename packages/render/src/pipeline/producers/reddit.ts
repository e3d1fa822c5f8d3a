import { join } from "node:path";
import { RenderError } from "../../errors.ts";
import type { VoicePart } from "../../recipes/common.ts";
import { redditDuration, redditRecipe } from "../../recipes/reddit.ts";
import { prepareOwnBackground } from "../own-background.ts";
import { type Producer, STAGES, speak, userPicture } from "../producer.ts";
import { fitSpokenTitle, quickenRecordedTitle } from "../reddit-title.ts";
import { ownRedditVoice } from "../voice-over.ts";

/** A Reddit avatar is drawn about 120 px across; this leaves room for a sharp circle. */
const AVATAR_MAX_SIDE = 512;

/**
 * A Reddit story: the title and script read (or the creator's own recording aligned to them), the avatar, the
 * background (library or the creator's own, cut to 9:16), then the recipe.
 */
export const redditProducer: Producer<"reddit"> = {
  voiced: true,
  async compose(req, warnings) {
    const { workDir, signal } = req;
    const { input, assets } = req;
    // The avatar is the user's picture: checked and made small before it is drawn.
    const avatarPicture = async () =>
      assets.avatar ? userPicture(assets.avatar, workDir, "avatar", signal, AVATAR_MAX_SIDE) : null;
    req.onStage?.(STAGES.voice);
    // The creator's own recording when there is one (aligned to the text), else the chosen voice reads it.
    // A title too long to leave the story its start within 3 s is read faster, or only its hook.
    const readAloud = async (): Promise<{ title: VoicePart; script: VoicePart }> => {
      if (assets.voiceOver) {
        const own = await ownRedditVoice(assets.voiceOver, input.post_title, input.script, { workDir, signal });
        if (own.wordCount > 0 && own.recognised < own.wordCount / 2) {
          warnings.push("Much of the voice-over did not match the script, so some captions may be out of time.");
        }
        return { title: await quickenRecordedTitle(own.title, signal), script: own.script };
      }
      let rereads = 0;
      const { voice, language } = input;
      const [title, script] = await Promise.all([
        speak(
          req.tts,
          { text: input.post_title, voice, language, workDir: join(workDir, "title"), signal },
          warnings,
        ).then((whole) =>
          fitSpokenTitle(whole, (text, speed) =>
            speak(req.tts, { text, voice, language, workDir: join(workDir, `title-${++rereads}`), signal, speed }, []),
          ),
        ),
        speak(req.tts, { text: input.script, voice, language, workDir: join(workDir, "script"), signal }, warnings),
      ]);
      return { title, script };
    };
    const [voice, avatar] = await Promise.all([readAloud(), avatarPicture()]);
    const background = assets.ownBackground
      ? (
          await prepareOwnBackground(assets.ownBackground, workDir, {
            cropX: input.background_crop?.x ?? 0.5,
            needed: redditDuration(voice),
            draft: req.draft,
            signal,
          })
        ).path
      : assets.background;
    if (!background) throw new RenderError("MISSING_INPUT", "A Reddit story needs a background video.");
    return redditRecipe(input, { background, music: assets.music, avatar }, voice);
  },
};
