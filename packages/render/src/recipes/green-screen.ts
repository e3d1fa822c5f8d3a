import { CHROMA_KEY, type GreenScreenInput } from "@reelsmith/core";
import { musicBed, type RecipeComposition, round } from "./common.ts";

/** Shortest green-screen video; a shorter meme loops. */
export const GREEN_SCREEN_MIN_S = 3;
export const GREEN_SCREEN_MAX_S = 30;

export interface GreenScreenAssets {
  /** The meme clip on pure chroma green (#00FF00). */
  meme: string;
  /** Its length in seconds (probed). */
  memeDuration: number;
  /** The user's background: a picture or a video. */
  background: string;
  backgroundKind: "image" | "video";
  /** The song, or null for none. */
  music: string | null;
}

/** Green-screen meme: the meme keyed over the user's background, the caption on top, the song. */
export function greenScreenRecipe(input: GreenScreenInput, assets: GreenScreenAssets): RecipeComposition {
  const duration = round(Math.min(GREEN_SCREEN_MAX_S, Math.max(GREEN_SCREEN_MIN_S, assets.memeDuration)));
  const background =
    assets.backgroundKind === "video"
      ? { kind: "video" as const, src: assets.background, loop: true, fit: "cover" as const }
      : {
          kind: "image" as const,
          src: assets.background,
          fit: "cover" as const,
          // A slow push-in keeps a still picture alive.
          motion: {
            mode: "camera" as const,
            easing: "linear" as const,
            keyframes: [
              { t: 0, scale: 1, x: 0, y: 0 },
              { t: duration, scale: 1.08, x: 0, y: 0 },
            ],
          },
        };
  return {
    duration,
    layers: [
      background,
      {
        kind: "video",
        src: assets.meme,
        loop: assets.memeDuration < duration,
        fit: "contain",
        box: { x: 0, y: 600, width: 1080, height: 1320 },
        chromaKey: { color: "#00FF00", similarity: CHROMA_KEY.similarity, blend: CHROMA_KEY.smoothness, despill: true },
      },
      {
        kind: "text",
        text: input.text_hook,
        look: "tiktok",
        size: 60,
        start: 0,
        fadeIn: 0.2,
        box: { x: 60, y: 180, width: 960, height: 420 },
      },
    ],
    audio: musicBed(assets.music, duration, { underVoice: false }),
    thumbnailAt: round(Math.min(duration - 0.1, 1)),
  };
}
