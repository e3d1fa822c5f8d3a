import type { RedditInput } from "@reelsmith/core";
import { musicBed, type RecipeComposition, round, shiftWords, type VoicePart } from "./common.ts";

/** What a Reddit story needs besides its input: the gameplay, the music, the avatar picture. */
export interface RedditAssets {
  /** Background gameplay video (library backgrounds are 1080x1920, loopable). */
  background: string;
  /** Music track, or null for no music. */
  music: string | null;
  /** Avatar picture, or null for the default avatar. */
  avatar: string | null;
}

/** The voice-over: the post title read first, then the script. */
export interface RedditVoice {
  title: VoicePart;
  script: VoicePart;
}

export interface RedditOptions {
  cardTheme?: "light" | "dark";
  subreddit?: string;
}

/** Silence before the title, between title and story, and after the last word. */
export const REDDIT_TIMING = { lead: 0.15, gap: 0.45, tail: 0.8 } as const;

/**
 * Reddit story: the voice over looping gameplay; the post card while the title is read; the story in
 * word captions of the chosen style; music ducked under the voice. The length follows the voice.
 */
export function redditRecipe(
  input: RedditInput,
  assets: RedditAssets,
  voice: RedditVoice,
  options: RedditOptions = {},
): RecipeComposition {
  const { lead, gap, tail } = REDDIT_TIMING;
  const titleStart = lead;
  const titleEnd = titleStart + voice.title.duration;
  const scriptStart = titleEnd + gap;
  const duration = round(scriptStart + voice.script.duration + tail);
  const cardEnd = round(Math.min(duration, titleEnd + 0.25));
  return {
    duration,
    layers: [
      { kind: "video", src: assets.background, loop: true, fit: "cover" },
      {
        kind: "reddit-card",
        username: input.username,
        title: input.post_title,
        avatar: assets.avatar,
        subreddit: options.subreddit ?? "AskReddit",
        theme: options.cardTheme ?? "light",
        start: 0,
        end: cardEnd,
        fadeOut: 0.2,
        box: { x: 40, y: 420, width: 1000, height: 880 },
        motion: {
          mode: "object",
          easing: "ease-in-out",
          keyframes: [
            { t: 0, scale: 0.82, x: 0, y: 40 },
            { t: 0.28, scale: 1.02, x: 0, y: 0 },
            { t: 0.4, scale: 1, x: 0, y: 0 },
          ],
        },
      },
    ],
    audio: [
      { src: voice.title.audioPath, role: "voice", start: round(titleStart) },
      { src: voice.script.audioPath, role: "voice", start: round(scriptStart) },
      ...musicBed(assets.music, duration, { underVoice: true }),
    ],
    captions: {
      style: input.caption_style,
      words: shiftWords(voice.script.words, scriptStart),
      position: 0.5,
    },
    thumbnailAt: round(Math.min(duration - 0.1, titleStart + Math.max(0.5, Math.min(1.2, voice.title.duration / 2)))),
  };
}
