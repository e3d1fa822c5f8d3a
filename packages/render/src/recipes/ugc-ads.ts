import { type UgcAdsInput, ugcCopyFromTemplate } from "@reelsmith/core";
import type { Keyframe } from "../composition/schema.ts";
import {
  musicBed,
  type RecipeComposition,
  round,
  shiftWords,
  VOICE_DUCKING,
  type VoicePart,
  voiceLayer,
} from "./common.ts";

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

/** Longest stretch the product card holds one framing. */
export const UGC_BEAT_S = 2.4;
/** How long a cut-like reframe of the card takes. */
const REFRAME_S = 0.22;

/**
 * Framings of the product card (scale about its centre, offset in pixels), cycled one per beat:
 * push in, pan left, pan right, pop, tilt up. With the card's 640 px box each stays clear of the
 * platforms' button column even at its slow drift (+3 %).
 */
const CARD_FRAMINGS: readonly Omit<Keyframe, "t">[] = [
  { scale: 1.1, x: 0, y: -10 },
  { scale: 1.02, x: -45, y: 0 },
  { scale: 1.02, x: 45, y: 0 },
  { scale: 0.94, x: 0, y: 10 },
  { scale: 1.06, x: 0, y: -30 },
];

/** Where the card is and how big: centred, above the captions and below the hook. */
export const UGC_CARD_BOX = { x: 220, y: 540, width: 640, height: 640 } as const;

/**
 * The product card's motion: revealed from below within 0.5 s, then a quick reframe every
 * UGC_BEAT_S (a cut-like move into the next framing, then a slow push), lifted for the call to
 * action once the voice ends, and slowly pushed in until the last frame (the picture never stops).
 */
export function ugcCardKeyframes(talkEnd: number, duration = talkEnd + UGC_OUTRO_S): Keyframe[] {
  const keyframes: Keyframe[] = [
    { t: 0, scale: 0.55, x: 0, y: 420 },
    { t: 0.45, scale: 1.04, x: 0, y: 0 },
    { t: 0.6, scale: 1, x: 0, y: 0 },
  ];
  const beats = Math.max(1, Math.round((talkEnd - 0.6) / UGC_BEAT_S));
  const step = (talkEnd - 0.6) / beats;
  for (let i = 0; i < beats; i++) {
    const b = 0.6 + i * step;
    const framing = CARD_FRAMINGS[i % CARD_FRAMINGS.length] as Omit<Keyframe, "t">;
    if (i > 0) keyframes.push({ t: round(b + REFRAME_S), ...framing });
    else keyframes.push({ t: round(b + 0.5), ...framing });
    keyframes.push({ t: round(b + step - 0.01), ...framing, scale: round(framing.scale * 1.03) });
  }
  keyframes.push({ t: round(talkEnd + REFRAME_S), scale: 1, x: 0, y: 0 });
  keyframes.push({ t: round(talkEnd + 0.6), scale: 0.86, x: 0, y: -90 });
  if (duration > talkEnd + 0.7) keyframes.push({ t: round(duration), scale: 0.93, x: 0, y: -110 });
  return keyframes;
}

/** The call to action pops in, then pulses gently (every CTA_PULSE_S) until the end. */
const CTA_PULSE_S = 0.6;
export function ugcCtaKeyframes(length: number): Keyframe[] {
  const keyframes: Keyframe[] = [
    { t: 0, scale: 0.7, x: 0, y: 40 },
    { t: 0.3, scale: 1.05, x: 0, y: 0 },
    { t: 0.45, scale: 1, x: 0, y: 0 },
  ];
  for (let k = 1, t = 0.45 + CTA_PULSE_S / 2; t <= length + 1e-6; k++, t += CTA_PULSE_S / 2) {
    keyframes.push({ t: round(t), scale: k % 2 === 1 ? 1.04 : 1, x: 0, y: 0 });
  }
  return keyframes;
}

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
  const keyframes = ugcCardKeyframes(talkEnd, duration);
  const ctaStart = round(talkEnd + 0.3);
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
        box: { ...UGC_CARD_BOX },
        motion: { mode: "object", easing: "ease-in-out", keyframes },
      },
      {
        kind: "text",
        text: hook,
        look: "tiktok",
        size: 62,
        // On screen from the first frame, popping in.
        start: 0,
        end: round(Math.min(duration, copyStart + 1.2)),
        fadeOut: 0.25,
        box: { x: 80, y: 140, width: 920, height: 330 },
        motion: {
          mode: "object",
          easing: "ease-in-out",
          keyframes: [
            { t: 0, scale: 0.9, x: 0, y: 0 },
            { t: 0.18, scale: 1.04, x: 0, y: 0 },
            { t: 0.32, scale: 1, x: 0, y: 0 },
          ],
        },
      },
      {
        kind: "text",
        text: name ? `Get ${name} today` : "Shop now",
        look: "cta",
        size: 64,
        accent: assets.accent,
        start: ctaStart,
        fadeIn: 0.25,
        // At its 1.05 overshoot still clear of the button column.
        box: { x: 150, y: 1120, width: 780, height: 240 },
        motion: { mode: "object", easing: "ease-in-out", keyframes: ugcCtaKeyframes(round(duration - ctaStart)) },
      },
    ],
    audio: [
      voiceLayer(voice.hook, hookStart),
      voiceLayer(voice.copy, copyStart),
      ...musicBed(assets.music, duration, { underVoice: true }),
    ],
    ducking: VOICE_DUCKING,
    captions:
      input.captions && input.caption_style
        ? { style: input.caption_style, words: shiftWords(voice.copy.words, copyStart), position: 0.74 }
        : null,
    thumbnailAt: round(Math.min(duration - 0.1, 1.6)),
  };
}
