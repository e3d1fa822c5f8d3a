import { describe, expect, it } from "vitest";

import { canVisit, type RedditDraft, readyToGenerate, stepComplete } from "./builder-steps";

const empty: RedditDraft = { post_title: "", script: "", caption_style: null, background_video: null };

describe("Reddit builder steps", () => {
  it("needs a script and a post title on step 1", () => {
    expect(stepComplete(0, empty)).toBe(false);
    expect(stepComplete(0, { ...empty, script: "Once upon a time" })).toBe(false);
    expect(stepComplete(0, { ...empty, post_title: "AITA?", script: "   " })).toBe(false);
    expect(stepComplete(0, { ...empty, post_title: "AITA?", script: "Once upon a time" })).toBe(true);
  });

  it("needs a caption style on step 2 and a background on step 3; step 4 is Generate", () => {
    expect(stepComplete(1, empty)).toBe(false);
    expect(stepComplete(1, { ...empty, caption_style: "fire" })).toBe(true);
    expect(stepComplete(2, { ...empty, background_video: "minecraft" })).toBe(true);
    expect(stepComplete(3, empty)).toBe(true);
  });

  it("generates only with everything required, and revisits only up to the furthest step", () => {
    const full = { post_title: "t", script: "s", caption_style: "fire", background_video: "gta5" };
    expect(readyToGenerate(full)).toBe(true);
    expect(readyToGenerate({ ...full, background_video: null })).toBe(false);
    expect(canVisit(2, 2)).toBe(true);
    expect(canVisit(3, 2)).toBe(false);
    expect(canVisit(0, 3)).toBe(true);
  });
});
