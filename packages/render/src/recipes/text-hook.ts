import type { TextHookInput } from "@reelsmith/core";
import { type RecipeComposition, round } from "./common.ts";

/** Longest text-hook video; a longer song is cut here and faded out. */
export const TEXT_HOOK_MAX_S = 60;

export interface TextHookAssets {
  /** The user's song (MP3, WAV or AAC). */
  audio: string;
  /** Its length in seconds (probed). */
  audioDuration: number;
  /** Footage of the chosen style (library hook-footage: rave, rollercoaster or nature). */
  footage: string;
}

/** Text-hook music video: the style's footage looped to the song's length, the hook on screen. */
export function textHookRecipe(input: TextHookInput, assets: TextHookAssets): RecipeComposition {
  const duration = round(Math.min(TEXT_HOOK_MAX_S, assets.audioDuration));
  const cut = assets.audioDuration > duration + 0.05;
  const hook = input.text_hook.trim();
  return {
    duration,
    layers: [
      { kind: "video", src: assets.footage, loop: true, fit: "cover" },
      ...(hook
        ? [
            {
              kind: "text" as const,
              text: hook,
              look: "tiktok" as const,
              size: 64,
              start: 0,
              fadeIn: 0.3,
              // Reaches the height of the platforms' buttons: kept to the symmetric safe width.
              box: { x: 130, y: 520, width: 820, height: 560 },
            },
          ]
        : []),
    ],
    audio: [
      {
        src: assets.audio,
        role: "music",
        start: 0,
        duration,
        fadeIn: 0,
        fadeOut: cut ? round(Math.min(2, duration / 4)) : 0,
      },
    ],
    thumbnailAt: round(Math.min(duration - 0.1, 1)),
  };
}
