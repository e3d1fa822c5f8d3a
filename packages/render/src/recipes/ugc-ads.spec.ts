import { captionStyle, ugcAdsInputSchema } from "@reelsmith/core";
import { describe, expect, it } from "vitest";
import { captionSafeAreaViolations, layoutCaptions } from "../captions/ass.ts";
import type { Measure } from "../captions/measure.ts";
import { layerSafeAreaViolations } from "../captions/safe-area.ts";
import { stageLayout, type UgcStage } from "../cards/product-stage.ts";
import { SETTING_LOOKS } from "../cards/settings.ts";
import { type Composition, type ImageLayer, type Keyframe, parseComposition } from "../composition/schema.ts";
import {
  UGC_MAX_S,
  UGC_MAX_SPEED,
  UGC_OUTRO_S,
  UGC_SHOT_MAX_S,
  UGC_SHOT_MIN_S,
  type UgcShot,
  ugcAdsRecipe,
  ugcCallToAction,
  ugcFitSpeed,
  ugcProductPlacements,
  ugcShots,
} from "./ugc-ads.ts";

const ID = "00000000-0000-4000-8000-000000000001";
const mono: Measure = (text, _face, size, spacing = 0) => [...text].length * (size * 0.6 + spacing);
const COPY =
  "I was skeptical at first but Glow Serum completely changed my routine. It feels premium and does what it says. Honestly I use it every day now.";

const part = (duration: number, text = "") => {
  const list = text.split(" ").filter(Boolean);
  const step = list.length ? duration / list.length : 0;
  return {
    audioPath: `/v/${duration}.wav`,
    duration,
    words: list.map((t, i) => ({ text: t, start: i * step, end: i * step + step * 0.8 })),
  };
};

/** A stage as prepareUgcStage lays it out, without drawing anything. */
function fakeStage(kind: "cutout" | "photo", size = { width: 410, height: 903 }): UgcStage {
  const look = SETTING_LOOKS.desk;
  const { box, productBox } = stageLayout(kind, size, kind === "cutout" ? look : { ...look, gloss: 0 });
  return {
    kind,
    setting: kind === "cutout" ? "desk" : null,
    backdrop: "/s/backdrop.jpg",
    stage: "/s/stage.png",
    product: "/s/product.png",
    ground: "/s/ground.png",
    box,
    productBox,
    focus: 0.66,
    closeUps: ["/s/close-1.jpg", "/s/close-2.jpg"],
    light: look.light,
    accent: "#2B92EE",
  };
}

const input = ugcAdsInputSchema.parse({
  product_image_id: ID,
  background_music: "x",
  product_name: "Glow Serum",
  captions: true,
  caption_style: "bubble",
});

function ad(stage: UgcStage, copyS = 18.6, hookS = 2.2): Composition {
  return parseComposition(
    ugcAdsRecipe(
      input,
      { stage, music: "/m/song.mp3" },
      { hook: part(hookS, "Stop scrolling if you still don't have Glow Serum."), copy: part(copyS, COPY) },
    ),
  );
}

/** The shots as the layers show them: each distinct time window of the pictures, in order. */
function windows(c: Composition): { start: number; end: number; layers: ImageLayer[] }[] {
  const out: { start: number; end: number; layers: ImageLayer[] }[] = [];
  for (const layer of c.layers) {
    if (layer.kind !== "image") continue;
    const last = out.at(-1);
    if (last && last.start === layer.start) last.layers.push(layer);
    else out.push({ start: layer.start, end: layer.end ?? c.duration, layers: [layer] });
  }
  return out;
}

const same = (a: Keyframe, b: Keyframe) => a.scale === b.scale && a.x === b.x && a.y === b.y;

describe("ugcShots", () => {
  it("cuts every 2-3 s between words, from a wide reveal under the hook to the call to action", () => {
    const words = part(18.6, COPY).words.map((w) => ({ ...w, start: w.start + 2.8, end: w.end + 2.8 }));
    const shots = ugcShots({ copyStart: 2.8, talkEnd: 21.4, duration: 23.6 }, words);
    expect(shots[0]).toMatchObject({ kind: "wide", start: 0, end: 2.8 });
    expect(shots.at(-1)).toMatchObject({ kind: "cta", start: 21.4, end: 23.6 });
    shots.forEach((shot, i) => {
      if (i > 0) expect(shot.start).toBe((shots[i - 1] as UgcShot).end);
      // On a frame.
      expect(Math.abs(shot.start * 30 - Math.round(shot.start * 30))).toBeLessThan(0.04);
      if (i > 0 && i < shots.length - 1) {
        expect(shot.end - shot.start).toBeGreaterThanOrEqual(UGC_SHOT_MIN_S - 0.034);
        expect(shot.end - shot.start).toBeLessThanOrEqual(UGC_SHOT_MAX_S + 0.034);
        // Never the same kind twice in a row.
        expect(shot.kind).not.toBe((shots[i - 1] as UgcShot).kind);
      }
    });
    const middle = shots.slice(1, -1);
    expect(new Set(middle.map((s) => s.kind))).toEqual(new Set(["label", "turn", "detail", "sweep"]));
    // Cuts fall in pauses between words where one is near.
    const pauses = words.slice(1).map((w, i) => [(words[i] as { end: number }).end, w.start] as const);
    const inPause = middle.slice(1).filter((s) => pauses.some(([a, b]) => s.start >= a - 0.02 && s.start <= b + 0.02));
    expect(inPause.length).toBeGreaterThanOrEqual(middle.length - 2);
  });

  it("keeps a very short ad to the reveal and the call to action", () => {
    const shots = ugcShots({ copyStart: 0.85, talkEnd: 1.1, duration: 3.3 });
    expect(shots.map((s) => s.kind)).toEqual(["wide", "cta"]);
    expect(shots[1]).toMatchObject({ start: 1.1, end: 3.3 });
  });
});

describe.each(["cutout", "photo"] as const)("ugcAdsRecipe (%s)", (kind) => {
  const stage = kind === "cutout" ? fakeStage("cutout") : fakeStage("photo", { width: 1200, height: 1200 });
  const c = ad(stage);

  it("lasts the voice plus the closing call to action, a whole number of frames", () => {
    expect(c.duration).toBeCloseTo(0.3 + 2.2 + 0.3 + 18.6 + UGC_OUTRO_S, 1);
    expect(Math.abs(c.duration * 30 - Math.round(c.duration * 30))).toBeLessThan(0.04);
  });

  it("cuts hard between shots that fill the whole video, a new shot every 2-3 s", () => {
    const shots = windows(c);
    expect(shots[0]?.start).toBe(0);
    expect(shots.at(-1)?.end).toBe(c.duration);
    for (const [i, shot] of shots.entries()) {
      if (i > 0) expect(shot.start).toBe(shots[i - 1]?.end);
      for (const layer of shot.layers) expect([layer.fadeIn, layer.fadeOut]).toEqual([0, 0]);
    }
    const cuts = shots.length - 1;
    expect(cuts / (c.duration / 10)).toBeGreaterThanOrEqual(3);
    expect(Math.max(...shots.map((s) => s.end - s.start))).toBeLessThanOrEqual(UGC_SHOT_MAX_S + 0.05);
  });

  it("keeps every picture moving through its whole shot", () => {
    for (const shot of windows(c)) {
      for (const layer of shot.layers) {
        const keys = layer.motion?.keyframes ?? [];
        expect(keys.length).toBeGreaterThanOrEqual(2);
        expect(keys.at(-1)?.t).toBeCloseTo(shot.end - shot.start, 2);
        for (const [i, k] of keys.slice(1).entries()) {
          expect(same(k, keys[i] as Keyframe)).toBe(false);
          // No stretch without change longer than a second... the keys themselves are at most a shot apart.
          expect(k.t - (keys[i] as Keyframe).t).toBeLessThanOrEqual(UGC_SHOT_MAX_S + 0.05);
        }
      }
    }
  });

  it("shows the product in its setting, close on its label and another part, sliding and in a sweep of light", () => {
    const srcs = windows(c).map((s) => s.layers.map((l) => l.src.split("/").pop()).join("+"));
    expect(srcs[0]).toBe("backdrop.jpg+stage.png");
    expect(srcs).toContain("close-1.jpg");
    expect(srcs).toContain("close-2.jpg");
    expect(srcs).toContain("backdrop.jpg+ground.png+product.png");
    const sweep = c.layers.find((l): l is ImageLayer => l.kind === "image" && l.src === stage.product);
    expect(sweep?.sheen).toBeDefined();
    const ground = c.layers.find((l): l is ImageLayer => l.kind === "image" && l.src === stage.ground);
    expect(ground?.motion).toEqual(sweep?.motion);
    expect(ground?.start).toBe(sweep?.start);
    // The band crosses inside the shot.
    const sheen = sweep?.sheen;
    if (!sheen || !sweep) throw new Error("no sweep");
    expect(sweep.start + sheen.start + sheen.duration).toBeLessThan(sweep.end ?? c.duration);
    // The slide has a softer light crossing the product too.
    expect(c.layers.filter((l) => l.kind === "image" && l.src === stage.stage && l.sheen).length).toBeGreaterThan(0);
  });

  it("keeps the product itself clear of the bottom band and the button column in every shot that shows it whole", () => {
    const placements = ugcProductPlacements(c.layers, stage);
    expect(placements.length).toBeGreaterThanOrEqual(4);
    expect(layerSafeAreaViolations(placements, new Set(["image"]))).toEqual([]);
    // The same for a wide product and for the second round of shots.
    const wide =
      kind === "cutout"
        ? fakeStage("cutout", { width: 900, height: 420 })
        : fakeStage("photo", { width: 1600, height: 900 });
    const long = ad(wide, 30);
    expect(layerSafeAreaViolations(ugcProductPlacements(long.layers, wide), new Set(["image"]))).toEqual([]);
  });

  it("puts the hook on screen from the first frame, captions clear of the zones, the call to action to the end", () => {
    const hook = c.layers.find((l) => l.kind === "text" && l.look === "tiktok");
    expect(hook).toMatchObject({ start: 0, fadeIn: 0 });
    expect(layerSafeAreaViolations(c.layers)).toEqual([]);
    const cta = c.layers.at(-1);
    expect(cta).toMatchObject({ kind: "text", look: "cta", text: "Get Glow Serum today", accent: "#2B92EE" });
    const ctaKeys = (cta && "motion" in cta ? cta.motion?.keyframes : undefined) ?? [];
    expect((cta?.start ?? 0) + (ctaKeys.at(-1)?.t ?? 0)).toBeGreaterThan(c.duration - 0.35);
    const groups = layoutCaptions(
      c.captions?.words ?? [],
      captionStyleOf(c),
      mono,
      (c.captions?.position ?? 0.6) * 1920,
    );
    expect(captionSafeAreaViolations(groups, captionStyleOf(c))).toEqual([]);
    // Music from the first frame to the last, under the voice.
    const music = c.audio.find((a) => a.role === "music");
    expect(music).toMatchObject({ start: 0, duration: c.duration, loop: true });
  });

  it("takes the thumbnail from the wide shot once the product is revealed", () => {
    const first = windows(c)[0];
    expect(c.thumbnailAt).toBeGreaterThanOrEqual(0.6);
    expect(c.thumbnailAt).toBeLessThan(first?.end ?? 0);
  });
});

function captionStyleOf(c: Composition) {
  return captionStyle(c.captions?.style ?? "bubble");
}

describe("ugcFitSpeed", () => {
  // The room for hook and copy in 30 s: 30 - 2.2 (call to action) - 0.6 (lead-in and pause) - a frame.
  const room = UGC_MAX_S - UGC_OUTRO_S - 0.6 - 1 / 30;

  it("leaves an ad that fits as it is", () => {
    expect(ugcFitSpeed(3, 20)).toBeUndefined();
    expect(ugcFitSpeed(3, room - 3)).toBeUndefined();
  });

  it("asks for the speed that brings a long ad under 30 s, a little under to be safe", () => {
    const speed = ugcFitSpeed(3.5, 26) ?? 0;
    expect(speed).toBeGreaterThan((3.5 + 26) / room);
    expect(speed).toBeLessThan(((3.5 + 26) / room) * 1.04);
    // Measured again at that speed and still long: faster from there, never past the cap.
    const again = ugcFitSpeed(3, 24.5, speed) ?? 0;
    expect(again).toBeGreaterThan(speed);
    expect(ugcFitSpeed(5, 40)).toBe(UGC_MAX_SPEED);
    expect(ugcFitSpeed(5, 40, UGC_MAX_SPEED)).toBeUndefined();
  });
});

describe("ugcCallToAction", () => {
  it("names the product in English and says 'shop now' in the ad's own language otherwise", () => {
    expect(ugcCallToAction("Glow Serum")).toBe("Get Glow Serum today");
    expect(ugcCallToAction("")).toBe("Shop now");
    expect(ugcCallToAction("Glow Serum", "spanish")).toBe("Cómpralo ya");
    expect(ugcCallToAction("Glow Serum", "japanese")).toBe("今すぐ購入");
  });
});
