import {
  ENVELOPE_STEP_S,
  facelessInputSchema,
  greenScreenInputSchema,
  memeBox,
  redditInputSchema,
  type SongAnalysis,
  textHookInputSchema,
  ugcAdsInputSchema,
  ugcCopyFromTemplate,
} from "@reelsmith/core";
import { describe, expect, it } from "vitest";
import { speechIntervals } from "../composition/compile.ts";
import { parseComposition } from "../composition/schema.ts";
import { MUSIC_UNDER_VOICE, round } from "./common.ts";
import {
  FACELESS_CROSSFADE_S,
  FACELESS_MAX_SHOT_S,
  type FacelessShot,
  facelessRecipe,
  facelessShots,
} from "./faceless.ts";
import { GREEN_SCREEN_MIX, greenScreenRecipe, memeSoundOf } from "./green-screen.ts";
import {
  REDDIT_STORY_START_MAX_S,
  REDDIT_TIMING,
  REDDIT_TITLE_ROOM_S,
  REDDIT_TITLE_SPEED_MAX,
  redditDuration,
  redditFraming,
  redditRecipe,
  redditTitleFit,
} from "./reddit.ts";
import { textHookRecipe } from "./text-hook.ts";
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
  const assets = { background: "/bg.mp4", music: "/m.mp3", avatar: null };
  /** Words read one after another from `from`, `each` seconds apiece. */
  const spoken = (text: string, each: number, from = 0.1) => {
    const list = text.split(" ");
    return {
      audioPath: `/v/${text.length}.wav`,
      duration: round(from + list.length * each + 0.2),
      words: list.map((t, i) => ({ text: t, start: round(from + i * each), end: round(from + (i + 1) * each - 0.02) })),
    };
  };
  const titlePart = spoken("AITA for leaving?", 0.5);
  const c = parseComposition(redditRecipe(input, assets, { title: titlePart, script: part(50, ["one", "two"]) }));

  it("lasts as long as the voice, the title read from the first frame then the story", () => {
    const { lead, gap, tail } = REDDIT_TIMING;
    const scriptStart = lead + titlePart.duration + gap;
    expect(c.duration).toBeCloseTo(scriptStart + 50 + tail, 3);
    expect(c.audio.map((a) => [a.role, a.start])).toEqual([
      ["voice", lead],
      ["voice", round(scriptStart)],
      ["music", 0],
    ]);
    expect(lead).toBeLessThanOrEqual(0.05);
    expect(c.audio[2]).toMatchObject({ loop: true, volume: MUSIC_UNDER_VOICE.volumeDb, duration: c.duration });
    // The voice parts have their lengths, so the mix knows when to duck the music.
    expect(c.audio.slice(0, 2).map((a) => a.duration)).toEqual([titlePart.duration, 50]);
    expect(c.ducking).toEqual({ enabled: true, amountDb: MUSIC_UNDER_VOICE.duckDb });
  });

  it("shows the post card while the title is read and captions the story in the chosen style", () => {
    const card = c.layers.find((l) => l.kind === "reddit-card");
    expect(card).toMatchObject({ start: 0, title: "Title", theme: "light" });
    expect(card?.end).toBeCloseTo(REDDIT_TIMING.lead + titlePart.duration + 0.25, 3);
    expect(c.layers[0]).toMatchObject({ kind: "video", src: "/bg.mp4", loop: true });
    expect(c.captions?.style).toBe("gaming");
    const first = c.captions?.words[0]?.start ?? Number.NaN;
    expect(first).toBeCloseTo(REDDIT_TIMING.lead + titlePart.duration + REDDIT_TIMING.gap + 0.1, 3);
    expect(first).toBeLessThanOrEqual(REDDIT_STORY_START_MAX_S);
    expect(card?.end ?? 0).toBeLessThan(first);
    expect(c.thumbnailAt).toBeLessThan(card?.end ?? 0);
  });

  it("starts the story within 3 s however long the title, cutting its voice after a whole sentence", () => {
    const title = spoken("My neighbor drags furniture at night. Last night I finally found out why it happens.", 0.3);
    const script = spoken("So this has been going on for months.", 0.3, 0.14);
    const long = parseComposition(redditRecipe(input, assets, { title, script }));
    const first = long.captions?.words[0];
    expect(first?.text).toBe("So");
    expect(first?.start ?? Number.NaN).toBeLessThanOrEqual(REDDIT_STORY_START_MAX_S);
    // The title's voice stops after "night." (its first sentence, the last to fit), fading over the silence after it.
    const voice = long.audio.filter((a) => a.role === "voice");
    const night = title.words[5];
    expect(night?.text).toBe("night.");
    expect(voice[0]).toMatchObject({ start: REDDIT_TIMING.lead, src: title.audioPath });
    expect(voice[0]?.duration).toBeCloseTo((night?.end ?? 0) + 0.08, 3);
    expect(voice[0]?.fadeOut).toBeGreaterThan(0);
    // A pause between the two, and the card gone before the story's first caption; the length follows.
    expect((first?.start ?? 0) - REDDIT_TIMING.lead - (night?.end ?? 0)).toBeGreaterThanOrEqual(0.3);
    const card = long.layers.find((l) => l.kind === "reddit-card");
    expect(card?.end ?? 0).toBeLessThan(first?.start ?? 0);
    expect(long.duration).toBeCloseTo((voice[1]?.start ?? 0) + script.duration + REDDIT_TIMING.tail, 3);
    expect(redditDuration({ title, script })).toBe(long.duration);
  });

  it("names the creator's subreddit and counts on the card, and none made up when they are not given", () => {
    const card = (given: Record<string, unknown>) =>
      parseComposition(
        redditRecipe(redditInputSchema.parse({ ...input, ...given }), assets, {
          title: titlePart,
          script: part(5, ["one"]),
        }),
      ).layers.find((l) => l.kind === "reddit-card");
    expect(card({ subreddit: "r/tifu", upvotes: 12_345, comments: 67 })).toMatchObject({
      subreddit: "tifu",
      upvotes: 12_345,
      comments: 67,
    });
    expect(card({})).toMatchObject({ subreddit: "AskReddit", upvotes: null, comments: null });
    expect(card({ subreddit: "", upvotes: null })).toMatchObject({ subreddit: "AskReddit", upvotes: null });
  });
});

describe("redditFraming", () => {
  it("never frames two beats of the looping gameplay the same way, and stays inside the zoomed picture", () => {
    const framings = Array.from({ length: 60 }, (_, i) => redditFraming(i));
    expect(new Set(framings.map((f) => JSON.stringify(f))).size).toBe(framings.length);
    for (const f of framings) {
      expect(f.scale).toBeGreaterThan(1);
      expect(Math.abs(f.x)).toBeLessThanOrEqual((f.scale - 1) * 540);
      expect(Math.abs(f.y)).toBeLessThanOrEqual((f.scale - 1) * 960);
    }
  });
});

describe("redditTitleFit", () => {
  const words = (text: string, each = 0.4) =>
    text.split(" ").map((t, i) => ({ text: t, start: round(0.1 + i * each), end: round(0.1 + (i + 1) * each - 0.02) }));

  it("reads a title that fits at the voice's pace, and one a little too long up to 1.2 times faster", () => {
    expect(redditTitleFit(words("AITA for leaving?"))).toEqual({ count: 3, speed: 1 });
    const longer = words("AITA for leaving my own birthday party?"); // ends at 2.88 s
    const fit = redditTitleFit(longer);
    expect(fit.count).toBe(7);
    expect(fit.speed).toBeGreaterThan(1);
    expect(fit.speed).toBeLessThanOrEqual(REDDIT_TITLE_SPEED_MAX);
    expect((longer.at(-1)?.end ?? 0) / fit.speed).toBeLessThanOrEqual(REDDIT_TITLE_ROOM_S);
  });

  it("reads only the hook of a long title: a whole sentence, else a clause, else no dangling little word", () => {
    const sentence = words("Help! My cat ate it. Now what do I do about the vet bill?", 0.3);
    expect(redditTitleFit(sentence).count).toBe(5);
    const clause = words("My neighbor, who is eighty, drags furniture across the floor every night", 0.3);
    expect(redditTitleFit(clause).count).toBe(5);
    // Seven words fit at 1.2 times the pace: "... furniture across the".
    const plain = words("My upstairs neighbor drags furniture across the floor at three in the morning");
    const fit = redditTitleFit(plain);
    expect(plain[fit.count - 1]?.text).toBe("furniture");
    expect(fit.speed).toBeLessThanOrEqual(REDDIT_TITLE_SPEED_MAX);
    expect((plain[fit.count - 1]?.end ?? 0) / fit.speed).toBeLessThanOrEqual(REDDIT_TITLE_ROOM_S);
  });
});

describe("textHookRecipe", () => {
  const input = textHookInputSchema.parse({ audio_file_id: ID, video_style: "roller-coaster", text_hook: "hold on" });
  /** A song at 120 BPM from 0.25 s, loud from 40 to 60 s. */
  const song = (duration: number): SongAnalysis => {
    const beats = Array.from({ length: Math.floor((duration - 0.25) / 0.5) + 1 }, (_, i) => 0.25 + i * 0.5);
    const energy = Array.from({ length: Math.round(duration / ENVELOPE_STEP_S) }, (_, i) => {
      const t = i * ENVELOPE_STEP_S;
      return t >= 40 && t < 60 ? 0.5 : 0.05;
    });
    return { duration, peaks: [], energy, onsets: beats, bpm: 120, beats };
  };
  const assets = (audioDuration: number, analysis: SongAnalysis | null = song(audioDuration)) => ({
    audio: "/s.mp3",
    audioDuration,
    song: analysis,
    footage: "/f.mp4",
    footageDuration: 12,
  });

  it("uses the chosen part of the song, 15 s by default, and fades its end", () => {
    const chosen = parseComposition(textHookRecipe({ ...input, clip_start: 12.5, clip_duration: 20 }, assets(100)));
    expect(chosen.duration).toBe(20);
    expect(chosen.audio[0]).toMatchObject({ trimStart: 12.5, duration: 20, fadeOut: 1 });
    expect(chosen.audio[0]?.fadeIn).toBeGreaterThan(0);
    const byDefault = parseComposition(textHookRecipe(input, assets(100)));
    expect(byDefault.duration).toBe(15);
  });

  it("places the window on the most energetic section when no start is chosen, on a beat", () => {
    const c = parseComposition(textHookRecipe(input, assets(100)));
    const start = c.audio[0]?.trimStart ?? -1;
    expect(start).toBeGreaterThanOrEqual(39.5);
    expect(start).toBeLessThanOrEqual(45);
    expect(((start - 0.25) / 0.5) % 1).toBeCloseTo(0, 5);
  });

  it("keeps a short song whole and a window inside the song", () => {
    expect(parseComposition(textHookRecipe(input, assets(8))).duration).toBe(8);
    const late = parseComposition(textHookRecipe({ ...input, clip_start: 95, clip_duration: 15 }, assets(100)));
    expect(late.audio[0]?.trimStart).toBe(85);
  });

  it("cuts on the bar and punches in on the beats between cuts", () => {
    const c = parseComposition(textHookRecipe({ ...input, clip_start: 0.25, clip_duration: 15 }, assets(100)));
    const shots = c.layers.filter((l) => l.kind === "video");
    // 120 BPM: a bar is 2 s, so 7-8 shots in 15 s, each cut on a beat.
    expect(shots.length).toBeGreaterThanOrEqual(7);
    for (const shot of shots.slice(1)) expect((shot.start / 0.5) % 1).toBeCloseTo(0, 5);
    const first = shots[0];
    const punches = first?.kind === "video" ? (first.motion?.keyframes ?? []).filter((k) => k.scale > 1.05) : [];
    expect(punches.length).toBeGreaterThanOrEqual(3);
    expect(c.layers.at(-1)).toMatchObject({ kind: "text", start: 0 });
  });

  it("never shows a stretch of the footage twice the same way", () => {
    const c = parseComposition(textHookRecipe({ ...input, clip_start: 0, clip_duration: 30 }, assets(100)));
    const shots = c.layers.flatMap((l) => (l.kind === "video" ? [l] : []));
    const seen = new Set<string>();
    for (const shot of shots) {
      const framing = shot.motion?.keyframes.at(-1);
      for (let t = shot.trimStart; t < shot.trimStart + (shot.end ?? 0) - shot.start - 0.01; t += 0.5) {
        const key = `${Math.round(t * 2)}:${shot.mirror}:${framing?.x}:${framing?.y}`;
        expect(seen.has(key), `footage at ${t}s shown twice the same way`).toBe(false);
        seen.add(key);
      }
    }
  });

  it("frames every shot anew, so footage that loops its motion never looks the same one cut later", () => {
    const c = parseComposition(textHookRecipe({ ...input, clip_start: 0, clip_duration: 30 }, assets(100)));
    const framings = c.layers.flatMap((l) =>
      l.kind === "video" ? [JSON.stringify([l.mirror, l.motion?.keyframes.at(-1)])] : [],
    );
    expect(framings.length).toBeGreaterThanOrEqual(10);
    expect(new Set(framings).size).toBe(framings.length);
  });

  it("spreads its shots over footage longer than the video: each cut lands somewhere else, in order, none twice", () => {
    const c = parseComposition(
      textHookRecipe({ ...input, clip_start: 0, clip_duration: 20 }, { ...assets(100), footageDuration: 45 }),
    );
    const shots = c.layers.flatMap((l) => (l.kind === "video" ? [l] : []));
    expect(shots.length).toBeGreaterThanOrEqual(5);
    for (const [i, shot] of shots.entries()) {
      const next = shots[i + 1];
      expect(shot.loop).toBe(false);
      if (!next) {
        expect(shot.trimStart + (shot.end ?? 0) - shot.start).toBeLessThanOrEqual(45 + 0.01);
        continue;
      }
      // The next shot starts further on than where this one ends: a jump, not a continuation.
      expect(next.trimStart).toBeGreaterThan(shot.trimStart + next.start - shot.start + 0.5);
    }
  });

  it("cuts at a steady pace when the song has no beat", () => {
    const c = parseComposition(textHookRecipe({ ...input, clip_start: 0 }, assets(40, null)));
    const starts = c.layers.filter((l) => l.kind === "video").map((l) => l.start);
    expect(starts.length).toBeGreaterThanOrEqual(5);
    expect(Math.max(...starts.map((s, i) => (starts[i + 1] ?? 15) - s))).toBeLessThanOrEqual(4);
  });
});

describe("greenScreenRecipe", () => {
  const input = greenScreenInputSchema.parse({
    text_hook: "me watching my bank account after one weekend out",
    selected_meme: "stonks",
    background_file_id: ID,
  });
  const assets = {
    meme: "/meme.mp4",
    memeDuration: 3,
    memeWidth: 720,
    memeHeight: 720,
    memeSound: { rmsDb: -20, spans: [{ start: 0.1, end: 1.4 }] },
    background: "/bg.png",
    backgroundKind: "image" as const,
    music: "/song.m4a",
    bedRmsDb: -15,
    caption: { src: "/caption.png", band: { x: 0, y: 0, width: 1080, height: 448 } },
  };

  it("keys the meme with the spec's similarity and smoothness over the user's picture, the caption band on top", () => {
    const c = parseComposition(greenScreenRecipe(input, assets));
    // 9 words take 4.25 s to read: at least 5 s, in whole plays of the 3 s meme.
    expect(c.duration).toBe(6);
    expect(c.layers.map((l) => l.kind)).toEqual(["image", "video", "image"]);
    expect(c.layers[0]).toMatchObject({ kind: "image", motion: { mode: "camera" } });
    expect(c.layers[1]).toMatchObject({
      kind: "video",
      loop: true,
      box: memeBox(undefined, 720, 720),
      chromaKey: { color: "#00FF00", similarity: 0.18, blend: 0.12, despill: false },
    });
    expect(c.layers[2]).toMatchObject({
      kind: "image",
      src: "/caption.png",
      start: 0,
      fadeIn: 0,
      box: assets.caption.band,
    });
  });

  it("puts the meme where the user placed it", () => {
    const placed = { ...input, meme_transform: { x: 0.3, y: 0.55, scale: 0.6 } };
    const c = parseComposition(greenScreenRecipe(placed, assets));
    expect(c.layers[1]?.kind === "video" && c.layers[1].box).toEqual(memeBox(placed.meme_transform, 720, 720));
  });

  it("plays the meme's sound with every play, on top of the song, which ducks under it", () => {
    const c = parseComposition(greenScreenRecipe(input, assets));
    const sound = c.audio.filter((a) => a.role === "voice");
    expect(sound.map((a) => [a.start, a.trimStart, a.duration])).toEqual([
      [0.1, 0.1, 1.3],
      [3.1, 0.1, 1.3],
    ]);
    expect(sound[0]?.volume).toBe(GREEN_SCREEN_MIX.memeRmsDb + 20);
    const song = c.audio.find((a) => a.role === "music");
    expect(song).toMatchObject({ loop: true, duration: 6 });
    // The song's RMS sits songUnderDb under the meme's while it sounds, duckDb of it by ducking.
    const { memeRmsDb, songUnderDb, duckDb } = GREEN_SCREEN_MIX;
    expect((song?.volume ?? 0) + assets.bedRmsDb).toBeCloseTo(memeRmsDb - songUnderDb + duckDb, 1);
    expect(c.ducking).toEqual({ enabled: true, amountDb: duckDb });
    expect(speechIntervals(c).map((i) => ({ start: round(i.start), end: round(i.end) }))).toEqual([
      { start: 0.1, end: 1.4 },
      { start: 3.1, end: 4.4 },
    ]);
  });

  it("plays the song alone, at its own level, under a meme without sound", () => {
    const c = parseComposition(greenScreenRecipe(input, { ...assets, memeSound: null }));
    expect(c.audio).toEqual([expect.objectContaining({ role: "music", volume: 0 })]);
  });

  it("without a song, keeps a background video's own sound under the meme's", () => {
    const video = { ...assets, music: null, background: "/bg.mp4", backgroundKind: "video" as const };
    const withSound = parseComposition(greenScreenRecipe(input, { ...video, backgroundHasAudio: true }));
    expect(withSound.layers[0]).toMatchObject({ kind: "video", src: "/bg.mp4", loop: true });
    expect(withSound.audio.at(-1)).toMatchObject({ src: "/bg.mp4", role: "ambient", loop: true, duration: 6 });
    const silent = parseComposition(greenScreenRecipe(input, { ...video, backgroundHasAudio: false }));
    expect(silent.audio.map((a) => a.role)).toEqual(["voice", "voice"]);
  });
});

describe("memeSoundOf", () => {
  const RATE = 48000;
  const tone = (spans: [number, number][], seconds: number, amplitude = 0.5) => {
    const samples = new Float32Array(seconds * RATE);
    for (const [from, to] of spans) {
      for (let i = Math.round(from * RATE); i < Math.round(to * RATE); i++) {
        samples[i] = amplitude * Math.sin((2 * Math.PI * 440 * i) / RATE);
      }
    }
    return samples;
  };

  it("finds the stretches the meme sounds, joining pauses shorter than the ducking's hold", () => {
    const sound = memeSoundOf(
      tone(
        [
          [0.1, 0.4],
          [0.6, 0.9],
          [2.2, 2.5],
        ],
        4,
      ),
      4,
    );
    expect(sound.spans).toEqual([
      { start: 0.08, end: 0.92 },
      { start: 2.18, end: 2.52 },
    ]);
    // A sine at 0.5: -9 dB RMS where it sounds, less over the joined pause.
    expect(sound.rmsDb).toBeLessThan(-9);
    expect(sound.rmsDb).toBeGreaterThan(-12);
  });

  it("reads a sound that never stops as one stretch, and silence as none", () => {
    expect(memeSoundOf(tone([[0, 3]], 3), 3).spans).toEqual([{ start: 0, end: 3 }]);
    expect(memeSoundOf(new Float32Array(3 * RATE), 3)).toEqual({ rmsDb: -Infinity, spans: [] });
  });
});

describe("ugcAdsRecipe", () => {
  /** What prepareUgcStage hands over: the product cut out and set on a desk (no picture is read here). */
  const stage = {
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
  it("reads the template copy when the fields are empty, with a voice of the chosen gender", () => {
    const input = ugcAdsInputSchema.parse({ product_image_id: ID, background_music: "x", product_name: "Zen Mug" });
    expect(ugcScript(input)).toEqual(ugcCopyFromTemplate("Zen Mug"));
    expect(ugcVoice("female")).toBe("nova");
    expect(ugcVoice("male")).toBe("onyx");
    const c = parseComposition(ugcAdsRecipe(input, { stage, music: null }, { hook: part(2), copy: part(10, ["buy"]) }));
    expect(c.captions).toBeNull();
    // The shots' pictures first (the product in its setting), then the hook and the call to action.
    expect(c.layers.slice(0, 2)).toMatchObject([
      { kind: "image", src: "/s/backdrop.jpg", motion: { mode: "camera" } },
      { kind: "image", src: "/s/stage.png", box: stage.box, motion: { mode: "object" } },
    ]);
    expect(c.layers.slice(-2).map((l) => l.kind)).toEqual(["text", "text"]);
    expect(c.layers.at(-1)).toMatchObject({ text: "Get Zen Mug today", look: "cta", accent: "#FF0000" });
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
        { stage, music: "/m.mp3" },
        {
          hook: part(1),
          copy: part(2, ["Copy"]),
        },
      ),
    );
    expect(c.captions?.style).toBe("fire");
    expect(c.captions?.words).toHaveLength(1);
    expect(c.layers.at(-1)).toMatchObject({ text: "Shop now" });
  });
});

describe("facelessShots", () => {
  /** The library's style clips: 8 s in the full build, 1 s in the quick one (library/src/kit/clip.ts). */
  const LIBRARY_CLIP_S = [8, 1];
  const look = (s: FacelessShot) => `${s.mirror}:${s.zoomIn}:${s.band}:${s.pan.x}:${s.pan.y}`;
  const part = (s: FacelessShot) => ({ from: s.trimStart, to: s.trimStart + (s.end - s.start) });
  const overlaps = (a: FacelessShot, b: FacelessShot) =>
    a.loop || b.loop || (part(a).from < part(b).to - 1e-6 && part(b).from < part(a).to - 1e-6);

  it.each([15, 30, 60])("cuts %s s into crossfaded shots of at most 3.5 s, from the clip's start", (duration) => {
    for (const clip of [...LIBRARY_CLIP_S, 20, 90]) {
      const shots = facelessShots(duration, clip);
      expect(shots[0]).toMatchObject({ start: 0, trimStart: 0 });
      expect(shots.at(-1)?.end).toBe(duration);
      shots.forEach((shot, i) => {
        const next = shots[i + 1];
        if (next) {
          expect(shot.end - next.start).toBeCloseTo(FACELESS_CROSSFADE_S, 3);
          expect(next.start - shot.start).toBeLessThanOrEqual(FACELESS_MAX_SHOT_S + 0.001);
        }
        // Every shot shows footage the clip has (a clip shorter than a shot repeats from its start).
        if (shot.loop) expect(shot.trimStart).toBe(0);
        else expect(part(shot).to).toBeLessThanOrEqual(clip + 0.001);
      });
    }
  });

  it.each([15, 30, 60])("never shows a part of a library clip twice the same way in %s s", (duration) => {
    for (const clip of LIBRARY_CLIP_S) {
      const shots = facelessShots(duration, clip);
      shots.forEach((a, i) => {
        for (const b of shots.slice(i + 1)) {
          if (overlaps(a, b)) expect(look(a), `shots at ${a.start}s and ${b.start}s`).not.toBe(look(b));
        }
      });
    }
  });

  it("frames the same moment of a short clip in twelve ways before one comes back (push or pull, mirror, how close)", () => {
    const shots = facelessShots(42, 1);
    expect(shots.length).toBe(12);
    expect(new Set(shots.map((s) => `${s.zoomIn}:${s.mirror}:${s.band}`)).size).toBe(12);
  });

  it("spreads the shots over the clip: within one pass over the clip no two shots overlap", () => {
    const shots = facelessShots(30, 8);
    // An 8 s clip holds two 3.8 s shots side by side, then the moment between them.
    const [first, second, third] = shots.map((s) => s.trimStart);
    expect([first, second, third].map((t) => Math.round((t ?? -1) * 10) / 10)).toEqual([0, 4.1, 2.1]);
    expect(overlaps(shots[0] as FacelessShot, shots[1] as FacelessShot)).toBe(false);
    expect(new Set(shots.map((s) => s.trimStart)).size).toBe(3);
  });

  it.each([40, 60, 300])("uses no part of a %s s clip twice within 30 s", (clip) => {
    const shots = facelessShots(60, clip);
    shots.forEach((a, i) => {
      for (const b of shots.slice(i + 1)) {
        if (b.start - a.start < 30 - 0.001) expect(overlaps(a, b), `shots at ${a.start}s and ${b.start}s`).toBe(false);
      }
    });
  });
});

describe("facelessRecipe", () => {
  const input = facelessInputSchema.parse({ tab: "dreamscape", video_type: "luxury", title: "Quiet luxury" });

  it("cuts the style clip into crossfaded shots, each with the clip's sound of the moment it shows", () => {
    const c = parseComposition(
      facelessRecipe(input, { clip: "/clip.mp4", clipDuration: 8, clipHasAudio: true, ambient: "/amb.mp3" }),
    );
    expect(c.duration).toBe(30);
    const shots = c.layers.flatMap((l) => (l.kind === "video" ? [l] : []));
    expect(shots).toHaveLength(9);
    expect(shots[0]?.fadeIn).toBe(0);
    expect(shots.slice(1).every((s) => s.fadeIn === FACELESS_CROSSFADE_S)).toBe(true);
    expect(new Set(shots.map((s) => s.trimStart)).size).toBe(3);
    // The sound is cut like the picture: same moment of the clip, same span, crossfading with it.
    expect(c.audio).toHaveLength(shots.length);
    c.audio.forEach((a, i) => {
      const shot = shots[i];
      expect(a).toMatchObject({ src: "/clip.mp4", role: "ambient", loop: false, volume: 0 });
      expect(a.start).toBe(shot?.start);
      expect(a.trimStart).toBe(shot?.trimStart);
      expect(a.duration).toBeCloseTo((shot?.end ?? 0) - (shot?.start ?? 0), 3);
      expect(a.fadeIn).toBe(i === 0 ? 0.3 : FACELESS_CROSSFADE_S);
      expect(a.fadeOut).toBe(i === shots.length - 1 ? 1 : FACELESS_CROSSFADE_S);
    });
    expect(c.layers.at(-1)).toMatchObject({ kind: "text", text: "Quiet luxury", look: "title" });
  });

  it("repeats a clip shorter than a shot, picture and sound together", () => {
    const c = parseComposition(
      facelessRecipe(input, { clip: "/clip.mp4", clipDuration: 1, clipHasAudio: true, ambient: null }),
    );
    const shots = c.layers.flatMap((l) => (l.kind === "video" ? [l] : []));
    expect(shots.every((s) => s.loop && s.trimStart === 0)).toBe(true);
    expect(c.audio.every((a) => a.loop && a.trimStart === 0)).toBe(true);
  });

  it("falls back to the ambience for a clip without sound, else stays without a sound layer", () => {
    const ambient = parseComposition(
      facelessRecipe(input, { clip: "/clip.mp4", clipDuration: 8, clipHasAudio: false, ambient: "/amb.mp3" }),
    );
    expect(ambient.audio).toMatchObject([{ src: "/amb.mp3", role: "ambient", loop: true, duration: 30, fadeOut: 1 }]);
    const none = parseComposition(
      facelessRecipe(input, { clip: "/clip.mp4", clipDuration: 8, clipHasAudio: false, ambient: null }),
    );
    expect(none.audio).toEqual([]);
  });
});
