import {
  type LanguageId,
  UGC_GAP_S,
  UGC_LEAD_S,
  UGC_MAX_S,
  UGC_MAX_SPEED,
  UGC_OUTRO_S,
  type UgcAdsInput,
  ugcCopyFromTemplate,
} from "@reelsmith/core";
import { PLATFORM_ZONES, type PlacedLayer } from "../captions/safe-area.ts";
import type { UgcStage } from "../cards/product-stage.ts";
import type { Box, ImageLayer, Keyframe, Layer, Sheen, TimedWord } from "../composition/schema.ts";
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
  /** The product's pictures: in a drawn setting, or its photo framed (see prepareUgcStage). */
  stage: UgcStage;
  /** Music, or null for none. */
  music: string | null;
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

/** The closing button's words in each language: "Shop now", or in English "Get <product> today". */
const SHOP_NOW: Record<LanguageId, string> = {
  english: "Shop now",
  spanish: "Cómpralo ya",
  portuguese: "Compre agora",
  french: "Achetez maintenant",
  german: "Jetzt kaufen",
  italian: "Acquista ora",
  dutch: "Nu kopen",
  polish: "Kup teraz",
  turkish: "Hemen al",
  russian: "Купить сейчас",
  arabic: "اشترِ الآن",
  hebrew: "קנו עכשיו",
  hindi: "अभी खरीदें",
  indonesian: "Beli sekarang",
  japanese: "今すぐ購入",
  korean: "지금 구매하기",
  chinese: "立即购买",
};

export function ugcCallToAction(productName: string, language: LanguageId = "english"): string {
  if (language === "english") return productName ? `Get ${productName} today` : SHOP_NOW.english;
  return SHOP_NOW[language];
}

/** Voice by gender: a female or a male catalogue voice. */
export function ugcVoice(gender: UgcAdsInput["gender"]): "nova" | "onyx" {
  return gender === "female" ? "nova" : "onyx";
}

// The ad's length limits are shared with the builder, which estimates the length as the creator types.
export { UGC_MAX_S, UGC_MAX_SPEED, UGC_OUTRO_S };

/**
 * The speaking speed at which the hook and the copy fit in UGC_MAX_S with the lead-in, the pause between them and the
 * closing call to action, given how long they lasted at `speed`; undefined when they fit already. Never above
 * UGC_MAX_SPEED (a copy too long even then makes a longer ad, not a gabbled one).
 */
export function ugcFitSpeed(hook: number, copy: number, speed = 1): number | undefined {
  // The pause before the hook and the one between hook and copy, and a frame for the rounding of the length.
  const room = UGC_MAX_S - UGC_OUTRO_S - UGC_LEAD_S - UGC_GAP_S - 1 / 30;
  const spoken = hook + copy;
  if (spoken <= room) return undefined;
  // Engines do not shorten pauses and words exactly in proportion: aim 2 % under the room.
  const wanted = Math.ceil(speed * (spoken / room) * 1.02 * 100) / 100;
  const next = Math.min(UGC_MAX_SPEED, wanted);
  return next > speed ? next : undefined;
}
/** Shots last about this long (a cut every 2-3 s). */
export const UGC_BEAT_S = 2.5;
export const UGC_SHOT_MIN_S = 2;
export const UGC_SHOT_MAX_S = 3;
/** How far a cut may move to fall between two words. */
const SNAP_S = 0.35;

/**
 * The shots of the ad. `wide`: the product in its setting (the first one pulls back from close to
 * reveal it). `label` and `detail`: close-ups of its label and of another part of it. `turn`: the
 * camera slides past the product, which moves more than the wall behind it (parallax), a soft light
 * crossing it. `sweep`: closer, a bright band of light sweeps across the product. `cta`: wide again,
 * the scene raised to make room for the call to action.
 */
export type UgcShotKind = "wide" | "label" | "turn" | "detail" | "sweep" | "cta";
export interface UgcShot {
  kind: UgcShotKind;
  start: number;
  end: number;
  /** Repeats of a kind move the other way. */
  variant: number;
}

const MIDDLE: readonly UgcShotKind[] = ["label", "turn", "detail", "sweep"];

/** The middle of the nearest pause between two words within SNAP_S of `t`, else `t`. */
function snapToPause(t: number, words: readonly TimedWord[]): number {
  let best = t;
  let bestDistance = SNAP_S;
  for (let i = 1; i < words.length; i++) {
    const gap = ((words[i - 1] as TimedWord).end + (words[i] as TimedWord).start) / 2;
    const d = Math.abs(gap - t);
    if (d < bestDistance) {
      best = gap;
      bestDistance = d;
    }
  }
  return best;
}

/**
 * Cuts the ad into shots: the wide reveal under the hook (cut where the copy starts, 2-3 s in),
 * shots of 2-3 s through the copy (each cut moved into a pause between words when one is near), and
 * the call to action from the last word to the end.
 */
export function ugcShots(
  timing: { copyStart: number; talkEnd: number; duration: number },
  words: readonly TimedWord[] = [],
): UgcShot[] {
  const { talkEnd, duration } = timing;
  const shots: UgcShot[] = [];
  const firstCut = Math.min(UGC_SHOT_MAX_S, Math.max(UGC_SHOT_MIN_S, timing.copyStart));
  if (talkEnd - firstCut < UGC_SHOT_MIN_S * 0.75) {
    shots.push({ kind: "wide", start: 0, end: round(talkEnd), variant: 0 });
  } else {
    shots.push({ kind: "wide", start: 0, end: round(firstCut), variant: 0 });
    const span = talkEnd - firstCut;
    let count = Math.max(1, Math.round(span / UGC_BEAT_S));
    if (span / count > UGC_SHOT_MAX_S) count++;
    if (count > 1 && span / count < UGC_SHOT_MIN_S) count--;
    const cuts = [firstCut];
    const fits = (length: number) => length >= UGC_SHOT_MIN_S - 1e-6 && length <= UGC_SHOT_MAX_S + 1e-6;
    for (let k = 1; k < count; k++) {
      const previous = cuts.at(-1) as number;
      // Evenly through what is left, moved into a pause when that keeps this shot and the rest 2-3 s long.
      const planned = previous + (talkEnd - previous) / (count - k + 1);
      const snapped = snapToPause(planned, words);
      const ok = fits(snapped - previous) && fits((talkEnd - snapped) / (count - k));
      cuts.push(ok ? snapped : planned);
    }
    cuts.push(talkEnd);
    for (let k = 0; k < count; k++) {
      shots.push({
        kind: MIDDLE[k % MIDDLE.length] as UgcShotKind,
        start: round(cuts[k] as number),
        end: round(cuts[k + 1] as number),
        variant: Math.floor(k / MIDDLE.length),
      });
    }
  }
  shots.push({ kind: "cta", start: round(talkEnd), end: round(duration), variant: 0 });
  // Cuts land on frames: a shot's pictures then start and end with the frames they fill.
  return shots.map((s) => ({ ...s, start: onFrame(s.start), end: onFrame(s.end) })).filter((s) => s.end > s.start);
}

/** The time of the nearest frame (30 fps). */
function onFrame(t: number): number {
  return round(Math.round(t * 30) / 30);
}

const FRAME = { width: 1080, height: 1920 } as const;
const CENTRE = { x: FRAME.width / 2, y: FRAME.height / 2 };

/**
 * A virtual camera over the wide scene: a zoom about the frame's centre, then the picture shifted by
 * (x, y) pixels (positive x shows more of the right, positive y more of the bottom).
 */
interface Camera {
  z: number;
  x: number;
  y: number;
}

/** Keyframe of a full-frame picture seen through the camera (camera motion crops it, so it stays filled). */
function backdropKey(t: number, cam: Camera): Keyframe {
  const limitX = ((cam.z - 1) * FRAME.width) / 2;
  const limitY = ((cam.z - 1) * FRAME.height) / 2;
  return {
    t: round(t),
    scale: round(cam.z),
    x: round(Math.max(-limitX, Math.min(limitX, cam.x))),
    y: round(Math.max(-limitY, Math.min(limitY, cam.y))),
  };
}

/** Keyframe of the product's picture (object motion) that keeps it where the camera puts it, `ahead` px further. */
function stageKey(t: number, cam: Camera, box: Box, ahead = 0): Keyframe {
  const b = backdropKey(t, cam);
  return {
    t: b.t,
    scale: b.scale,
    x: round((box.x + box.width / 2 - CENTRE.x) * (cam.z - 1) - b.x - ahead),
    y: round((box.y + box.height / 2 - CENTRE.y) * (cam.z - 1) - b.y),
  };
}

/** Keeps the stage clear of the platforms' zones. */
const SAFE = {
  left: PLATFORM_ZONES.sideMargin + 1,
  right: PLATFORM_ZONES.buttonColumnX - 1,
  top: PLATFORM_ZONES.topY + 1,
  bottom: PLATFORM_ZONES.bottomY - 1,
};

/**
 * The nearest camera to `want` (the same zoom if possible, else less) that keeps the product itself
 * (`box`, in the wide scene) clear of the bottom band, the button column and the margins, `ahead` px
 * of parallax included. Its shadow and reflection may reach into the bottom band.
 */
function safeCamera(want: Camera, box: Box, ahead = 0): Camera {
  for (let z = want.z; z >= 1; z -= 0.01) {
    const limitX = ((z - 1) * FRAME.width) / 2;
    const limitY = ((z - 1) * FRAME.height) / 2;
    // Screen edges of the box for a shift of 0; a shift s moves them by -s.
    const left = CENTRE.x + (box.x - CENTRE.x) * z - ahead;
    const right = CENTRE.x + (box.x + box.width - CENTRE.x) * z - ahead;
    const top = CENTRE.y + (box.y - CENTRE.y) * z;
    const bottom = CENTRE.y + (box.y + box.height - CENTRE.y) * z;
    const xLo = Math.max(right - SAFE.right, -limitX);
    const xHi = Math.min(left - SAFE.left, limitX);
    const yLo = Math.max(bottom - SAFE.bottom, -limitY);
    const yHi = Math.min(top - SAFE.top, limitY);
    if (xLo <= xHi && yLo <= yHi) {
      return { z: round(z), x: Math.max(xLo, Math.min(xHi, want.x)), y: Math.max(yLo, Math.min(yHi, want.y)) };
    }
  }
  return { z: 1, x: 0, y: 0 };
}

/** The camera shift that puts frame point (fx, fy) at screen point (sx, sy) at zoom z. */
function aim(z: number, fx: number, fy: number, sx = CENTRE.x, sy = CENTRE.y): Camera {
  return { z, x: (fx - CENTRE.x) * z - (sx - CENTRE.x), y: (fy - CENTRE.y) * z - (sy - CENTRE.y) };
}

function picture(
  src: string,
  shot: UgcShot,
  keyframes: Keyframe[],
  options: { box?: Box; sheen?: Sheen } = {},
): ImageLayer {
  const base = {
    kind: "image" as const,
    src,
    start: shot.start,
    end: shot.end,
    fadeIn: 0,
    fadeOut: 0,
    blur: 0,
    cornerRadius: 0,
    shadow: false,
  };
  if (options.box) {
    return {
      ...base,
      box: { ...options.box },
      fit: "contain",
      motion: { mode: "object", easing: "ease-in-out", keyframes },
      ...(options.sheen ? { sheen: options.sheen } : {}),
    };
  }
  return { ...base, fit: "cover", motion: { mode: "camera", easing: "ease-in-out", keyframes } };
}

/** The layers of one shot: its pictures and how the camera moves over them (times from the shot's start). */
export function ugcShotLayers(shot: UgcShot, stage: UgcStage): ImageLayer[] {
  const d = shot.end - shot.start;
  const { box, productBox: p } = stage;
  const flip = shot.variant % 2 === 0 ? 1 : -1;
  const centreX = p.x + p.width / 2;
  const centreY = p.y + p.height / 2;
  /** The backdrop and the product on its ground, moved by one camera (`ahead`: parallax). */
  const scene = (cams: [number, Camera, number][], sheen?: Sheen) => [
    picture(
      stage.backdrop,
      shot,
      cams.map(([t, cam]) => backdropKey(t, cam)),
    ),
    picture(
      stage.stage,
      shot,
      cams.map(([t, cam, ahead]) => stageKey(t, cam, box, ahead)),
      sheen ? { box, sheen } : { box },
    ),
  ];
  const closeUp = (src: string, keys: Camera[]) =>
    picture(
      src,
      shot,
      keys.map((cam, i) => backdropKey((d * i) / (keys.length - 1), cam)),
    );
  switch (shot.kind) {
    case "wide": {
      // Frame 1 is close on the product; it pulls back to reveal the setting in half a second, then pushes in.
      const reveal = Math.min(0.5, d / 3);
      const close = safeCamera(aim(1.22, centreX, p.y + p.height * stage.focus, CENTRE.x, 1060), p);
      const open = safeCamera(aim(1.02, centreX, centreY), p);
      const push = safeCamera(aim(1.08, centreX, centreY - p.height * 0.1), p);
      return scene([
        [0, close, 0],
        [reveal, open, 0],
        [d, push, 0],
      ]);
    }
    case "turn": {
      // The camera slides sideways; the product, nearer, slides further than the wall.
      const slide = 40 * flip;
      const z = 1.4;
      const from = safeCamera({ ...aim(z, centreX, centreY), x: -slide }, p, -slide * 0.9);
      const to = safeCamera({ ...aim(z + 0.04, centreX, centreY), x: slide }, p, slide * 0.9);
      return scene(
        [
          [0, from, -slide * 0.9],
          [d, to, slide * 0.9],
        ],
        { start: d * 0.1, duration: d * 0.8, color: stage.light, strength: 0.38, width: 0.7, angle: 12 },
      );
    }
    case "sweep": {
      // Closer on the product's upper part; a bright band of light crosses it.
      const target = aim(1.56, centreX, p.y + p.height * 0.4);
      const to = safeCamera(target, p);
      const from = safeCamera({ ...target, z: to.z - 0.08 }, p);
      const keys = [backdropKey(0, from), backdropKey(d, to)];
      const stageKeys = [stageKey(0, from, box), stageKey(d, to, box)];
      const sheen: Sheen = {
        start: Math.min(0.35, d * 0.15),
        duration: Math.min(1.2, d * 0.55),
        color: stage.light,
        strength: 0.62,
        width: 0.42,
        angle: 22,
      };
      return [
        picture(stage.backdrop, shot, keys),
        picture(stage.ground, shot, stageKeys, { box }),
        picture(stage.product, shot, stageKeys, { box, sheen }),
      ];
    }
    case "label": {
      // A slow push in (or pull out) on the label, drifting up.
      const near = { z: 1.09, x: 0, y: -30 * flip };
      const far = { z: 1.01, x: 0, y: 0 };
      return [closeUp(stage.closeUps[0], flip > 0 ? [far, near] : [near, far])];
    }
    case "detail": {
      // A push in, drifting sideways.
      return [
        closeUp(stage.closeUps[1], [
          { z: 1.03, x: 14 * flip, y: 0 },
          { z: 1.11, x: -22 * flip, y: -20 },
        ]),
      ];
    }
    case "cta": {
      // Wide again with the scene raised (room for the call to action below the product), pushing in to the end.
      const from = safeCamera(aim(1.06, centreX, p.y + p.height, CENTRE.x, 1250), p);
      const to = safeCamera(aim(1.12, centreX, p.y + p.height, CENTRE.x, 1235), p);
      return scene([
        [0, from, 0],
        [d, to, 0],
      ]);
    }
  }
}

/**
 * The product's own rectangle in each layer that shows it whole (the stage, the product, its ground):
 * the layer's box narrowed to the product, with keyframes that move it as the layer moves. What must
 * stay clear of the platforms' zones (see layerSafeAreaViolations).
 */
export function ugcProductPlacements(layers: readonly Layer[], stage: UgcStage): PlacedLayer[] {
  const p = stage.productBox;
  const b = stage.box;
  const dx = p.x + p.width / 2 - (b.x + b.width / 2);
  const dy = p.y + p.height / 2 - (b.y + b.height / 2);
  return layers.flatMap((layer): PlacedLayer[] => {
    if (layer.kind !== "image" || !layer.box || ![stage.stage, stage.product, stage.ground].includes(layer.src)) {
      return [];
    }
    const keyframes = (layer.motion?.keyframes ?? [{ t: 0, scale: 1, x: 0, y: 0 }]).map((k) => {
      const scale = k.scale ?? 1;
      return { scale, x: (k.x ?? 0) + dx * (scale - 1), y: (k.y ?? 0) + dy * (scale - 1) };
    });
    return [{ kind: "image", box: { ...p }, motion: { mode: "object", keyframes } }];
  });
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

/** Where the call to action sits: below the raised product, clear of the bottom band at its overshoot. */
export const UGC_CTA_BOX = { x: 150, y: 1275, width: 780, height: 230 } as const;

/** When the thumbnail is taken: the wide shot once the product has been revealed, the hook over it. */
function thumbnailTime(shots: readonly UgcShot[], duration: number): number {
  const first = shots[0];
  const t = first ? Math.min(1.2, Math.max(first.start, first.end - 0.2)) : 0;
  return round(Math.min(duration - 0.1, t));
}

/**
 * UGC ad: the product in a setting (cut out of its photo and standing on a surface, with its shadow
 * and reflection; or its photo framed when the backdrop was busy), cut into shots every 2-3 s: a wide
 * reveal, close-ups of its label and another part, a sideways slide with parallax, a sweep of light,
 * and a wide closing shot under the call to action. The hook is on screen from the first frame, the
 * voice reads the hook and the copy, captions when chosen, music ducked under the voice to the end.
 */
export function ugcAdsRecipe(input: UgcAdsInput, assets: UgcAdsAssets, voice: UgcAdsVoice): RecipeComposition {
  const hookStart = UGC_LEAD_S;
  const copyStart = hookStart + voice.hook.duration + UGC_GAP_S;
  const talkEnd = copyStart + voice.copy.duration;
  // A whole number of frames, so the closing shot's pictures fill the last one.
  const duration = round(Math.ceil((talkEnd + UGC_OUTRO_S) * 30 - 1e-6) / 30);
  const ctaStart = round(talkEnd + 0.3);
  const name = input.product_name.trim();
  const { hook } = ugcScript(input);
  const copyWords = shiftWords(voice.copy.words, copyStart);
  const shots = ugcShots({ copyStart, talkEnd, duration }, copyWords);
  const layers: Layer[] = shots.flatMap((shot) => ugcShotLayers(shot, assets.stage));
  return {
    duration,
    layers: [
      ...layers,
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
        text: ugcCallToAction(name, input.language),
        look: "cta",
        size: 64,
        accent: assets.stage.accent,
        start: ctaStart,
        fadeIn: 0.25,
        // At its 1.05 overshoot still clear of the button column and the bottom band.
        box: { ...UGC_CTA_BOX },
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
        ? { style: input.caption_style, words: copyWords, position: 0.74, language: input.language }
        : null,
    thumbnailAt: thumbnailTime(shots, duration),
  };
}
