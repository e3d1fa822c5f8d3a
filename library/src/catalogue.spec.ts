import { ASMR_STYLES, BACKGROUND_IDS, DREAMSCAPE_STYLES, NO_MUSIC, TEXT_HOOK_STYLES } from "@reelsmith/core";
import { describe, expect, it } from "vitest";
import {
  ASMR_CLIPS,
  assetId,
  BACKGROUNDS,
  CATALOGUE,
  DREAMSCAPE_CLIPS,
  HOOK_FOOTAGE,
  MEMES,
  MUSIC_TRACKS,
} from "./catalogue.ts";
import { MEME_KEYS } from "./memes/memes.ts";
import { COMPOSERS } from "./music/genres.ts";

describe("the library catalogue", () => {
  it("has the spec's counts: 6 backgrounds, 31 tracks (+ no-music = 32), 33 memes, 4 ASMR, 5 dreamscape, 3 hook clips", () => {
    expect(BACKGROUNDS).toHaveLength(6);
    expect(MUSIC_TRACKS).toHaveLength(31);
    expect(MEMES).toHaveLength(33);
    expect(ASMR_CLIPS).toHaveLength(4);
    expect(DREAMSCAPE_CLIPS).toHaveLength(5);
    expect(HOOK_FOOTAGE).toHaveLength(3);
    expect(CATALOGUE).toHaveLength(82);
  });

  it("uses the core catalogue's ids for backgrounds, faceless styles and text-hook footage", () => {
    expect(BACKGROUNDS.map((b) => b.key)).toEqual([...BACKGROUND_IDS]);
    expect(ASMR_CLIPS.map((c) => c.key)).toEqual(ASMR_STYLES.map((s) => s.id));
    expect(ASMR_CLIPS.map((c) => c.title)).toEqual([
      "Fruit Cutting",
      "Environment Cube Cutting",
      "Toast Spreading",
      "Paint Squeezing",
    ]);
    expect(DREAMSCAPE_CLIPS.map((c) => c.key)).toEqual(DREAMSCAPE_STYLES.map((s) => s.id));
    expect(HOOK_FOOTAGE.map((c) => c.key)).toEqual(["rave", "rollercoaster", "nature"]);
    expect(HOOK_FOOTAGE.map((c) => c.style)).toEqual(TEXT_HOOK_STYLES.map((s) => s.id));
  });

  it("keeps ids unique and keys kebab-case; no-music is a choice, not a track", () => {
    const ids = CATALOGUE.map((e) => assetId(e.kind, e.key));
    expect(new Set(ids).size).toBe(ids.length);
    for (const e of CATALOGUE) expect(e.key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(MUSIC_TRACKS.map((m) => m.key)).not.toContain(NO_MUSIC);
    expect(new Set(MUSIC_TRACKS.map((m) => m.title)).size).toBe(31);
    expect(new Set(MEMES.map((m) => m.title)).size).toBe(33);
  });

  it("spreads the music over many genres, moods and tempos, each genre with a composer", () => {
    expect(new Set(MUSIC_TRACKS.map((m) => m.genre)).size).toBeGreaterThanOrEqual(15);
    expect(new Set(MUSIC_TRACKS.map((m) => m.mood)).size).toBeGreaterThanOrEqual(20);
    const bpms = MUSIC_TRACKS.map((m) => m.bpm);
    expect(Math.min(...bpms)).toBeLessThanOrEqual(70);
    expect(Math.max(...bpms)).toBeGreaterThanOrEqual(160);
    for (const m of MUSIC_TRACKS) expect(COMPOSERS[m.genre], m.genre).toBeTypeOf("function");
  });

  it("has a drawing for every meme", () => {
    expect([...MEME_KEYS].sort()).toEqual(MEMES.map((m) => m.key).sort());
  });
});
