import {
  CAPTION_STYLES,
  greenScreenInputSchema,
  redditInputSchema,
  textHookInputSchema,
  ugcAdsInputSchema,
} from "@reelsmith/core";
import { describe, expect, it } from "vitest";
import { captionSafeAreaViolations, layoutCaptions } from "../captions/ass.ts";
import type { Measure } from "../captions/measure.ts";
import { layerSafeAreaViolations } from "../captions/safe-area.ts";
import { type Keyframe, type Layer, parseComposition } from "../composition/schema.ts";
import { greenScreenRecipe } from "./green-screen.ts";
import { REDDIT_BEAT_MAX_S, redditRecipe } from "./reddit.ts";
import { textHookRecipe } from "./text-hook.ts";
import { UGC_BEAT_S, ugcAdsRecipe, ugcProductPlacements } from "./ugc-ads.ts";

const ID = "00000000-0000-4000-8000-000000000001";
const mono: Measure = (text, _face, size, spacing = 0) => [...text].length * (size * 0.6 + spacing);
const SENTENCES =
  "Six months of noise. Every night at three. I told the landlord twice and he just stared at me. Then I went up.";
const part = (duration: number, text = "") => {
  const list = text.split(" ").filter(Boolean);
  const step = list.length ? duration / list.length : 0;
  return {
    audioPath: `/v/${duration}.wav`,
    duration,
    words: list.map((t, i) => ({ text: t, start: i * step, end: i * step + step * 0.8 })),
  };
};

/** The longest time between keyframes whose framing differs (a run without a visual change). */
function longestHold(keyframes: readonly Keyframe[]): number {
  let longest = 0;
  keyframes.forEach((k, i) => {
    const before = keyframes[i - 1];
    if (before) longest = Math.max(longest, k.t - before.t);
  });
  return longest;
}
const same = (a: Keyframe, b: Keyframe) => a.scale === b.scale && a.x === b.x && a.y === b.y;

const reddit = parseComposition(
  redditRecipe(
    redditInputSchema.parse({
      username: "u",
      post_title: "My upstairs neighbor drags furniture every night at 3am",
      script: "Story",
      caption_style: "modern-bold",
      background_video: "minecraft",
    }),
    { background: "/bg.mp4", music: null, avatar: null },
    { title: part(3.5, "My upstairs neighbor drags furniture every night"), script: part(24, SENTENCES) },
  ),
);

const ugcInput = ugcAdsInputSchema.parse({
  product_image_id: ID,
  background_music: "x",
  product_name: "Glow Serum",
  captions: true,
  caption_style: "bubble",
});
/** The product cut out and standing on a desk, as prepareUgcStage lays it out (no picture is read). */
const UGC_STAGE = {
  kind: "cutout" as const,
  setting: "desk" as const,
  backdrop: "/s/backdrop.jpg",
  stage: "/s/stage.png",
  product: "/s/product.png",
  ground: "/s/ground.png",
  box: { x: 301, y: 514, width: 478, height: 1002 },
  productBox: { x: 381, y: 530, width: 318, height: 760 },
  focus: 0.66,
  closeUps: ["/s/close-1.jpg", "/s/close-2.jpg"] as [string, string],
  light: "#FFF4E0",
  accent: "#FF0000",
};
const ugc = parseComposition(
  ugcAdsRecipe(
    ugcInput,
    { stage: UGC_STAGE, music: null },
    { hook: part(2.2, "Stop scrolling if your skin looks tired"), copy: part(16, SENTENCES) },
  ),
);

describe("recipes keep text clear of the platforms' buttons", () => {
  const textHook = parseComposition(
    textHookRecipe(
      textHookInputSchema.parse({ audio_file_id: ID, video_style: "roller-coaster", text_hook: "hold on" }),
      { audio: "/s.mp3", audioDuration: 20, song: null, footage: "/f.mp4", footageDuration: 12 },
    ),
  );
  const greenScreen = parseComposition(
    greenScreenRecipe(
      greenScreenInputSchema.parse({ text_hook: "caption", selected_meme: "bruh", background_file_id: ID }),
      {
        meme: "/m.mp4",
        memeDuration: 6,
        memeWidth: 720,
        memeHeight: 720,
        memeSound: null,
        background: "/b.jpg",
        backgroundKind: "image",
        music: null,
        caption: { src: "/caption.png", band: { x: 0, y: 0, width: 1080, height: 330 } },
      },
    ),
  );
  it.each([
    ["reddit", reddit],
    ["ugc-ads", ugc],
    ["text-hook", textHook],
    ["green-screen", greenScreen],
  ])("%s: hook, card and call to action stay in the safe area through their motion", (_name, c) => {
    expect(layerSafeAreaViolations(c.layers)).toEqual([]);
  });
  it("ugc-ads: the product stays clear too, in every shot that shows it whole", () => {
    const product = ugcProductPlacements(ugc.layers, UGC_STAGE);
    expect(product.length).toBeGreaterThan(3);
    expect(layerSafeAreaViolations(product, new Set(["image"]))).toEqual([]);
  });
  it("flags a box that reaches into the button column", () => {
    const wide = { kind: "text", box: { x: 60, y: 1250, width: 1000, height: 260 } };
    expect(layerSafeAreaViolations([wide])[0]?.zones).toContain("button-column");
    const growing = {
      kind: "text",
      box: { x: 150, y: 1000, width: 780, height: 200 },
      motion: { mode: "object" as const, keyframes: [{ scale: 1 }, { scale: 1.2 }] },
    };
    expect(layerSafeAreaViolations([growing])).toHaveLength(1);
  });
  it("places the captions of every style clear of the zones at the recipes' positions", () => {
    for (const c of [reddit, ugc]) {
      for (const style of CAPTION_STYLES) {
        const groups = layoutCaptions(c.captions?.words ?? [], style, mono, (c.captions?.position ?? 0.6) * 1920);
        expect(captionSafeAreaViolations(groups, style), style.id).toEqual([]);
      }
    }
  });
});

describe("recipes keep the picture moving", () => {
  it("reddit: the camera reframes the gameplay at least every 3.5 s and never holds a framing", () => {
    const bg = reddit.layers[0];
    expect(bg?.kind).toBe("video");
    const motion = bg && "motion" in bg ? bg.motion : undefined;
    expect(motion?.mode).toBe("camera");
    const keyframes = motion?.keyframes ?? [];
    expect(longestHold(keyframes)).toBeLessThanOrEqual(REDDIT_BEAT_MAX_S + 0.05);
    for (const [i, k] of keyframes.slice(1).entries()) expect(same(k, keyframes[i] as Keyframe)).toBe(false);
    expect(keyframes.at(-1)?.t).toBeGreaterThanOrEqual(reddit.duration - 0.01);
    // A punch lands on every sentence start of the story.
    const starts = (reddit.captions?.words ?? [])
      .filter((_w, i, all) => i === 0 || /[.!?]$/.test(all[i - 1]?.text ?? ""))
      .map((w) => w.start);
    for (const s of starts) expect(keyframes.some((k) => Math.abs(k.t - s) < 0.01)).toBe(true);
  });
  it("ugc-ads: a new shot every 2-3 s, every picture moving, and the hook on screen from the first frame", () => {
    const pictures = ugc.layers.filter((l): l is Extract<Layer, { kind: "image" }> => l.kind === "image");
    expect(pictures[0]?.motion?.keyframes[1]?.t).toBeLessThanOrEqual(0.5);
    for (const picture of pictures) {
      expect((picture.end ?? ugc.duration) - picture.start).toBeLessThanOrEqual(3.05);
      const keyframes = picture.motion?.keyframes ?? [];
      expect(keyframes.length).toBeGreaterThanOrEqual(2);
      expect(longestHold(keyframes)).toBeLessThanOrEqual(3);
      for (const [i, k] of keyframes.slice(1).entries()) expect(same(k, keyframes[i] as Keyframe)).toBe(false);
    }
    expect(UGC_BEAT_S).toBeLessThanOrEqual(3);
    const hook = ugc.layers.find((l) => l.kind === "text" && l.look === "tiktok");
    expect(hook?.start).toBe(0);
    expect(hook?.fadeIn).toBe(0);
  });
  it("ugc-ads: the closing shot and the call to action keep moving through the closing seconds", () => {
    const last = ugc.layers.filter((l) => l.kind === "image").at(-1);
    const lastKeys = (last && "motion" in last ? last.motion?.keyframes : undefined) ?? [];
    expect((last?.start ?? 0) + (lastKeys.at(-1)?.t ?? 0)).toBeGreaterThanOrEqual(ugc.duration - 0.01);
    expect(longestHold(lastKeys)).toBeLessThanOrEqual(3);
    const cta = ugc.layers.find((l) => l.kind === "text" && l.look === "cta");
    const ctaKeys = (cta && "motion" in cta ? cta.motion?.keyframes : undefined) ?? [];
    expect(longestHold(ctaKeys)).toBeLessThanOrEqual(1);
    expect((cta?.start ?? 0) + (ctaKeys.at(-1)?.t ?? 0)).toBeGreaterThan(ugc.duration - 1);
    for (const [i, k] of ctaKeys.slice(1).entries()) expect(same(k, ctaKeys[i] as Keyframe)).toBe(false);
  });
});
