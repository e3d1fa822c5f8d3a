import { type UgcAdsInput, ugcCopyFromTemplate } from "@reelsmith/core";
import type { Keyframe } from "../composition/schema.ts";
import { musicBed, type RecipeComposition, round, shiftWords, type VoicePart } from "./common.ts";

export interface UgcAdsAssets {
  /** The product photo (JPG, PNG or WebP). */
  productImage: string;
  /** Music, or null for none. */
  music: string | null;
  /** Backdrop gradient colours (e.g. from the photo's palette, see productPalette). */
  backdrop: readonly string[];
  /** Accent colour for the call to action. */
  accent: string;
}

/** The words spoken in the ad: the hook, then the copy. */
export interface UgcAdsVoice {
  hook: VoicePart;
  copy: VoicePart;
}

/** The hook and copy the ad uses: the user's, else the template's for the product name. */
export function ugcScript(input: Pick<UgcAdsInput, "hook" | "ad_copy" | "product_name">): {
  hook: string;
  copy: string;
} {
  const template = ugcCopyFromTemplate(input.product_name);
  return { hook: input.hook.trim() || template.hook, copy: input.ad_copy.trim() || template.copy };
}

/** Voice by gender: a female or a male catalogue voice. */
export function ugcVoice(gender: UgcAdsInput["gender"]): "nova" | "onyx" {
  return gender === "female" ? "nova" : "onyx";
}

/** Length of the closing call to action after the last word. */
export const UGC_OUTRO_S = 2.2;

/**
 * UGC ad: the product photo as a floating card on a styled backdrop, revealed, pushed in and panned
 * while the voice reads the hook and the copy; the hook on screen; captions when chosen; a closing
 * call to action; music ducked under the voice.
 */
export function ugcAdsRecipe(input: UgcAdsInput, assets: UgcAdsAssets, voice: UgcAdsVoice): RecipeComposition {
  const hookStart = 0.3;
  const copyStart = hookStart + voice.hook.duration + 0.3;
  const talkEnd = copyStart + voice.copy.duration;
  const duration = round(talkEnd + UGC_OUTRO_S);
  const t = (share: number) => round(0.7 + (talkEnd - 0.7) * share);
  const keyframes: Keyframe[] = [
    { t: 0, scale: 0.55, x: 0, y: 420 },
    { t: 0.7, scale: 1, x: 0, y: 0 },
    { t: t(0.3), scale: 1.14, x: 0, y: -10 },
    { t: t(0.55), scale: 1.1, x: -70, y: 0 },
    { t: t(0.8), scale: 1.1, x: 70, y: 0 },
    { t: round(talkEnd), scale: 1.02, x: 0, y: 0 },
    { t: round(talkEnd + 0.6), scale: 0.86, x: 0, y: -90 },
  ];
  const name = input.product_name.trim();
  const { hook } = ugcScript(input);
  return {
    duration,
    layers: [
      {
        kind: "gradient",
        colors: [...assets.backdrop],
        glow: true,
        motion: {
          mode: "camera",
          easing: "linear",
          keyframes: [
            { t: 0, scale: 1, x: 0, y: 0 },
            { t: duration, scale: 1.12, x: 0, y: 0 },
          ],
        },
      },
      {
        kind: "image",
        src: assets.productImage,
        fit: "contain",
        cornerRadius: 56,
        shadow: true,
        box: { x: 120, y: 470, width: 840, height: 840 },
        motion: { mode: "object", easing: "ease-in-out", keyframes },
      },
      {
        kind: "text",
        text: hook,
        look: "tiktok",
        size: 62,
        start: 0.15,
        end: round(Math.min(duration, copyStart + 1.2)),
        fadeIn: 0.2,
        fadeOut: 0.25,
        box: { x: 60, y: 150, width: 960, height: 330 },
      },
      {
        kind: "text",
        text: name ? `Get ${name} today` : "Shop now",
        look: "cta",
        size: 64,
        accent: assets.accent,
        start: round(talkEnd + 0.3),
        fadeIn: 0.25,
        box: { x: 40, y: 1250, width: 1000, height: 260 },
        motion: {
          mode: "object",
          easing: "ease-in-out",
          keyframes: [
            { t: 0, scale: 0.7, x: 0, y: 40 },
            { t: 0.3, scale: 1.05, x: 0, y: 0 },
            { t: 0.45, scale: 1, x: 0, y: 0 },
          ],
        },
      },
    ],
    audio: [
      { src: voice.hook.audioPath, role: "voice", start: hookStart },
      { src: voice.copy.audioPath, role: "voice", start: round(copyStart) },
      ...musicBed(assets.music, duration, { underVoice: true }),
    ],
    captions:
      input.captions && input.caption_style
        ? { style: input.caption_style, words: shiftWords(voice.copy.words, copyStart), position: 0.74 }
        : null,
    thumbnailAt: round(Math.min(duration - 0.1, 1.6)),
  };
}
