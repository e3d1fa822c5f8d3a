import {
  facelessInputSchema,
  greenScreenInputSchema,
  redditInputSchema,
  textHookInputSchema,
  ugcAdsInputSchema,
  ugcCopyFromTemplate,
} from "@reelsmith/core";
import { describe, expect, it } from "vitest";
import { parseComposition } from "../composition/schema.ts";
import { facelessRecipe } from "./faceless.ts";
import { greenScreenRecipe } from "./green-screen.ts";
import { REDDIT_TIMING, redditRecipe } from "./reddit.ts";
import { TEXT_HOOK_MAX_S, textHookRecipe } from "./text-hook.ts";
import { ugcAdsRecipe, ugcScript, ugcVoice } from "./ugc-ads.ts";

const ID = "00000000-0000-4000-8000-000000000001";
const part = (duration: number, words: string[] = []) => ({
  audioPath: `/v/${duration}.wav`,
  duration,
  words: words.map((text, i) => ({ text, start: 0.1 + i * 0.4, end: 0.4 + i * 0.4 })),
});

describe("redditRecipe", () => {
  const input = redditInputSchema.parse({
    username: "u",
    post_title: "Title",
    script: "Story",
    caption_style: "gaming",
    background_video: "minecraft",
  });
  const c = parseComposition(
    redditRecipe(
      input,
      { background: "/bg.mp4", music: "/m.mp3", avatar: null },
      {
        title: part(3),
        script: part(50, ["one", "two"]),
      },
    ),
  );
  it("lasts as long as the voice, title first then the story", () => {
    const { lead, gap, tail } = REDDIT_TIMING;
    expect(c.duration).toBeCloseTo(lead + 3 + gap + 50 + tail, 3);
    expect(c.audio.map((a) => [a.role, a.start])).toEqual([
      ["voice", lead],
      ["voice", lead + 3 + gap],
      ["music", 0],
    ]);
    expect(c.audio[2]).toMatchObject({ loop: true, volume: -12, duration: c.duration });
  });
  it("shows the post card while the title is read and captions the story in the chosen style", () => {
    const card = c.layers.find((l) => l.kind === "reddit-card");
    expect(card).toMatchObject({ start: 0, end: REDDIT_TIMING.lead + 3 + 0.25, title: "Title", theme: "light" });
    expect(c.layers[0]).toMatchObject({ kind: "video", src: "/bg.mp4", loop: true });
    expect(c.captions?.style).toBe("gaming");
    expect(c.captions?.words[0]?.start).toBeCloseTo(REDDIT_TIMING.lead + 3 + REDDIT_TIMING.gap + 0.1, 3);
    expect(c.thumbnailAt).toBeLessThan(card?.end ?? 0);
  });
});

describe("textHookRecipe", () => {
  const input = textHookInputSchema.parse({ audio_file_id: ID, video_style: "roller-coaster", text_hook: "hold on" });
  it("follows the song and fades a song that is cut", () => {
    const short = parseComposition(textHookRecipe(input, { audio: "/s.mp3", audioDuration: 21.5, footage: "/f.mp4" }));
    expect(short.duration).toBe(21.5);
    expect(short.audio[0]?.fadeOut).toBe(0);
    const long = parseComposition(textHookRecipe(input, { audio: "/s.mp3", audioDuration: 200, footage: "/f.mp4" }));
    expect(long.duration).toBe(TEXT_HOOK_MAX_S);
    expect(long.audio[0]?.fadeOut).toBeGreaterThan(0);
    expect(long.layers.map((l) => l.kind)).toEqual(["video", "text"]);
  });
});

describe("greenScreenRecipe", () => {
  it("keys the meme with the spec's similarity and smoothness, over the user's picture", () => {
    const input = greenScreenInputSchema.parse({ text_hook: "caption", selected_meme: "bruh", background_file_id: ID });
    const c = parseComposition(
      greenScreenRecipe(input, {
        meme: "/meme.mp4",
        memeDuration: 2,
        background: "/bg.png",
        backgroundKind: "image",
        music: null,
      }),
    );
    expect(c.duration).toBe(3);
    const meme = c.layers[1];
    expect(meme).toMatchObject({
      kind: "video",
      loop: true,
      chromaKey: { similarity: 0.18, blend: 0.12, despill: true },
    });
    expect(c.layers[0]).toMatchObject({ kind: "image", motion: { mode: "camera" } });
    expect(c.audio).toEqual([]);
  });
});

describe("ugcAdsRecipe", () => {
  it("reads the template copy when the fields are empty, with a voice of the chosen gender", () => {
    const input = ugcAdsInputSchema.parse({ product_image_id: ID, background_music: "x", product_name: "Zen Mug" });
    expect(ugcScript(input)).toEqual(ugcCopyFromTemplate("Zen Mug"));
    expect(ugcVoice("female")).toBe("nova");
    expect(ugcVoice("male")).toBe("onyx");
    const c = parseComposition(
      ugcAdsRecipe(
        input,
        { productImage: "/p.jpg", music: null, backdrop: ["#111111", "#222222"], accent: "#FF0000" },
        { hook: part(2), copy: part(10, ["buy"]) },
      ),
    );
    expect(c.captions).toBeNull();
    expect(c.layers.map((l) => l.kind)).toEqual(["gradient", "image", "text", "text"]);
    expect(c.layers[3]).toMatchObject({ text: "Get Zen Mug today", look: "cta" });
    expect(c.layers[1]).toMatchObject({ cornerRadius: 56, shadow: true, motion: { mode: "object" } });
  });
  it("captions the copy in the chosen style when captions are on", () => {
    const input = ugcAdsInputSchema.parse({
      product_image_id: ID,
      background_music: "x",
      captions: true,
      caption_style: "fire",
      hook: "Hook",
      ad_copy: "Copy",
    });
    const c = parseComposition(
      ugcAdsRecipe(
        input,
        { productImage: "/p.jpg", music: "/m.mp3", backdrop: ["#111111", "#222222"], accent: "#FF0000" },
        {
          hook: part(1),
          copy: part(2, ["Copy"]),
        },
      ),
    );
    expect(c.captions?.style).toBe("fire");
    expect(c.captions?.words).toHaveLength(1);
    expect(c.layers[3]).toMatchObject({ text: "Shop now" });
  });
});

describe("facelessRecipe", () => {
  it("cuts the style clip into crossfaded shots with its own sound and the title", () => {
    const input = facelessInputSchema.parse({ tab: "dreamscape", video_type: "luxury", title: "Quiet luxury" });
    const c = parseComposition(
      facelessRecipe(input, { clip: "/clip.mp4", clipDuration: 20, clipHasAudio: true, ambient: null }),
    );
    expect(c.duration).toBe(30);
    const shots = c.layers.filter((l) => l.kind === "video");
    expect(shots).toHaveLength(6);
    expect(shots.slice(1).every((s) => s.fadeIn === 0.5)).toBe(true);
    expect(new Set(shots.map((s) => s.kind === "video" && s.trimStart)).size).toBeGreaterThan(3);
    expect(c.audio).toMatchObject([{ src: "/clip.mp4", role: "ambient", loop: true }]);
    expect(c.layers.at(-1)).toMatchObject({ kind: "text", text: "Quiet luxury", look: "title" });
  });
});
