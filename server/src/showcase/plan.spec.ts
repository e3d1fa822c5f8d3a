import { NO_MUSIC, SHOWCASE_CLIP_COUNT } from "@reelsmith/core";
import { describe, expect, it } from "vitest";
import { clipKey, SHOWCASE_PLAN, showcaseEngineVersion, showcasePlan } from "./plan.ts";

describe("showcase plan", () => {
  it("has the spec's sixteen clips, unique, across the formats", () => {
    expect(SHOWCASE_PLAN).toHaveLength(SHOWCASE_CLIP_COUNT);
    expect(new Set(SHOWCASE_PLAN.map((e) => e.id)).size).toBe(SHOWCASE_CLIP_COUNT);
    expect(new Set(SHOWCASE_PLAN.map((e) => e.type))).toEqual(
      new Set(["reddit", "faceless-ai", "text-hook", "green-screen"]),
    );
    expect(showcasePlan(3)).toHaveLength(3);
  });

  it("puts a song under every clip that speaks or plays a meme, so their pauses are not silent", () => {
    const songs = SHOWCASE_PLAN.flatMap((e) =>
      e.type === "reddit"
        ? [[e.id, (e.input as { background_music: string }).background_music]]
        : e.type === "green-screen"
          ? [[e.id, (e.input as { song: string }).song]]
          : [],
    );
    expect(songs.length).toBeGreaterThan(0);
    expect(songs.filter(([, song]) => song === NO_MUSIC)).toEqual([]);
  });

  it("keys a clip by its input, the engine version and the library", () => {
    const [a, b] = SHOWCASE_PLAN;
    if (!a || !b) throw new Error("plan is empty");
    const key = clipKey(a, "0.1.0", "{}");
    expect(key).toMatch(/^[0-9a-f]{16}$/);
    expect(clipKey(a, "0.1.0", "{}")).toBe(key);
    expect(clipKey(b, "0.1.0", "{}")).not.toBe(key);
    expect(clipKey(a, "0.2.0", "{}")).not.toBe(key);
    expect(clipKey(a, "0.1.0", '{"assets":[]}')).not.toBe(key);
  });

  it("renders the clips again when they are spoken by other voices, and keeps those made by the offline ones", () => {
    const [a] = SHOWCASE_PLAN;
    if (!a) throw new Error("plan is empty");
    const offline = clipKey(a, "0.1.0", "{}");
    expect(clipKey(a, "0.1.0", "{}", "offline")).toBe(offline);
    const kokoro = clipKey(a, "0.1.0", "{}", "kokoro:/models/k:q8:af_heart|kokoro:/models/k:q8:am_adam");
    expect(kokoro).not.toBe(offline);
    expect(clipKey(a, "0.1.0", "{}", "kokoro:/models/k:fp32:af_heart|kokoro:/models/k:fp32:am_adam")).not.toBe(kokoro);
  });

  it("renders a clip again when the engine's output version changes, even at the same package version", () => {
    const [a] = SHOWCASE_PLAN;
    if (!a) throw new Error("plan is empty");
    const before = clipKey(a, showcaseEngineVersion("0.1.0", "1"), "{}");
    const after = clipKey(a, showcaseEngineVersion("0.1.0", "2"), "{}");
    expect(after).not.toBe(before);
    expect(clipKey(a, showcaseEngineVersion("0.1.0", "2"), "{}")).toBe(after);
  });
});
