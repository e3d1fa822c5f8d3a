import { messages, redditInputSchema, ugcAdsInputSchema } from "@reelsmith/core";
import { describe, expect, it } from "vitest";
import { z } from "zod";

import {
  advance,
  canVisit,
  fieldsWithIssues,
  firstIssueMessage,
  readyToGenerate,
  stepComplete,
} from "./step-completion";

const empty = {
  username: "",
  post_title: "",
  script: "",
  avatar_url: null,
  caption_style: null,
  background_video: null,
  background_music: "no-music",
  voice: "alloy",
  language: "english",
};

describe("step completion from the type's schema", () => {
  it("completes a step when the schema accepts every field it names, whatever other steps hold", () => {
    const script = ["username", "post_title", "script", "avatar_url"];
    expect(stepComplete(redditInputSchema, script, empty)).toBe(false);
    expect(stepComplete(redditInputSchema, script, { ...empty, post_title: "AITA?" })).toBe(false);
    // A blank script is refused by the schema's own rule, not by one restated here.
    expect(stepComplete(redditInputSchema, script, { ...empty, post_title: "AITA?", script: "   " })).toBe(false);
    expect(stepComplete(redditInputSchema, script, { ...empty, post_title: "AITA?", script: "Once" })).toBe(true);
    // The schema's limits count too: a username over 15 characters leaves step 1 incomplete.
    expect(
      stepComplete(redditInputSchema, script, { ...empty, post_title: "t", script: "s", username: "x".repeat(16) }),
    ).toBe(false);
    expect(stepComplete(redditInputSchema, ["caption_style"], { ...empty, caption_style: "fire" })).toBe(true);
    expect(stepComplete(redditInputSchema, ["caption_style"], { ...empty, caption_style: "no-such-style" })).toBe(
      false,
    );
    // Defaults make a step with only optional fields complete from the start.
    expect(stepComplete(redditInputSchema, ["background_music", "voice", "language"], empty)).toBe(true);
  });

  it("names the failing fields by the issues' paths, and generates only when the whole input parses", () => {
    expect([...fieldsWithIssues(redditInputSchema, empty)].sort()).toEqual([
      "background_video",
      "caption_style",
      "post_title",
      "script",
    ]);
    const full = { ...empty, post_title: "t", script: "s", caption_style: "fire", background_video: "gta5" };
    expect(readyToGenerate(redditInputSchema, full)).toBe(true);
    expect(readyToGenerate(redditInputSchema, { ...full, background_video: null })).toBe(false);
  });

  it("follows any schema it is given", () => {
    const schema = z.object({ a: z.string().min(2), b: z.number().optional() });
    expect(stepComplete(schema, ["a"], { a: "x" })).toBe(false);
    expect(stepComplete(schema, ["b"], { a: "x" })).toBe(true);
    expect(stepComplete(schema, ["a", "b"], { a: "xy", b: 3 })).toBe(true);
  });
});

describe("the furthest-step rule", () => {
  it("opens a step only up to the furthest one reached", () => {
    expect(canVisit(2, 2)).toBe(true);
    expect(canVisit(3, 2)).toBe(false);
    expect(canVisit(0, 3)).toBe(true);
    expect(canVisit(-1, 3)).toBe(false);
  });

  it("moves on only from a complete step, never past the last, and never lowers the furthest step", () => {
    expect(advance(0, 0, 3, false)).toEqual({ step: 0, furthest: 0 });
    expect(advance(0, 0, 3, true)).toEqual({ step: 1, furthest: 1 });
    expect(advance(3, 3, 3, true)).toEqual({ step: 3, furthest: 3 });
    // Back on step 1 after reaching step 3: Next goes to step 2 and step 3 stays reachable.
    expect(advance(0, 2, 3, true)).toEqual({ step: 1, furthest: 2 });
  });
});

describe("the first thing missing, in the schema's words", () => {
  const ugc = { product_image_id: null, gender: "female", background_music: "", captions: true, caption_style: null };

  it("gives the first issue's message, in the order of the form's fields, or of the named fields only", () => {
    expect(firstIssueMessage(ugcAdsInputSchema, ugc)).toBe(messages.ugc.imageRequired);
    expect(firstIssueMessage(ugcAdsInputSchema, ugc, ["gender", "background_music"])).toBe(
      messages.ugc.genderAndMusicRequired,
    );
    // The object-level rule speaks once every field parses.
    const photo = { ...ugc, product_image_id: "0b6b8c8e-3d5f-4a8e-9a51-2f1f3c0c9a11" };
    expect(firstIssueMessage(ugcAdsInputSchema, photo, ["captions", "caption_style"])).toBe(
      messages.ugc.captionStyleRequired,
    );
    expect(firstIssueMessage(ugcAdsInputSchema, { ...ugc, captions: false }, ["captions", "caption_style"])).toBeNull();
  });
});
