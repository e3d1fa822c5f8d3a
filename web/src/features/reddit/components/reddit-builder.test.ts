import { redditInputSchema } from "@reelsmith/core";
import { describe, expect, it } from "vitest";
import { readyToGenerate, stepComplete } from "@/components/builder/step-completion";
import { builderSchema } from "@/components/builder/use-generate-flow";
import { redditBuilder } from "./reddit-builder";

const complete = (step: number, draft: typeof redditBuilder.defaults) =>
  stepComplete(builderSchema(redditBuilder), redditBuilder.steps[step]?.fields ?? [], draft);

describe("Reddit builder steps (spec sections 2 and 5)", () => {
  const empty = redditBuilder.defaults;

  it("checks the draft with the reddit input schema and has the spec's four steps", () => {
    expect(builderSchema(redditBuilder)).toBe(redditInputSchema);
    expect(redditBuilder.steps.map((s) => s.label)).toEqual(["Script", "Captions", "Background Video", "Audio"]);
  });

  it("needs a script and a post title on step 1", () => {
    expect(complete(0, empty)).toBe(false);
    expect(complete(0, { ...empty, script: "Once upon a time" })).toBe(false);
    expect(complete(0, { ...empty, post_title: "AITA?", script: "   " })).toBe(false);
    expect(complete(0, { ...empty, post_title: "AITA?", script: "Once upon a time" })).toBe(true);
  });

  it("needs a caption style on step 2 and a background on step 3; step 4 is Generate", () => {
    expect(complete(1, empty)).toBe(false);
    expect(complete(1, { ...empty, caption_style: "fire" })).toBe(true);
    expect(complete(2, { ...empty, background_video: "minecraft" })).toBe(true);
    expect(complete(3, empty)).toBe(true);
  });

  it("generates only with a script, a title, a caption style and a background video", () => {
    const full = { ...empty, post_title: "t", script: "s", caption_style: "fire", background_video: "gta5" };
    expect(readyToGenerate(redditInputSchema, full)).toBe(true);
    expect(readyToGenerate(redditInputSchema, { ...full, background_video: null })).toBe(false);
  });

  it("covers every input field of the schema with exactly one step", () => {
    const covered = redditBuilder.steps.flatMap((s) => s.fields);
    expect([...covered].sort()).toEqual(Object.keys(redditInputSchema.shape).sort());
  });
});
