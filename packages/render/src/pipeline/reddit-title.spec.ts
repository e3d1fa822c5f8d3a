import { describe, expect, it } from "vitest";
import type { VoicePart } from "../recipes/common.ts";
import { REDDIT_TITLE_ROOM_S, REDDIT_TITLE_SPEED_MAX } from "../recipes/reddit.ts";
import { fitSpokenTitle, redditHookText } from "./reddit-title.ts";

/** A voice reading `each` seconds a word at its own pace, whose last word drags `drag` seconds longer. */
const voice =
  (each: number, drag = 0) =>
  (text: string, speed = 1): VoicePart => {
    const list = text.split(" ");
    const step = each / speed;
    const words = list.map((t, i) => ({
      text: t,
      start: 0.1 + i * step,
      end: 0.1 + (i + 1) * step - 0.02 + (i === list.length - 1 ? drag : 0),
    }));
    return { audioPath: `/v/${speed}.wav`, duration: (words.at(-1)?.end ?? 0) + 0.2, words };
  };

describe("fitSpokenTitle", () => {
  it("leaves a title that fits as it was read", async () => {
    const reads: string[] = [];
    const title = voice(0.4)("AITA for leaving?");
    const read = async (text: string) => {
      reads.push(text);
      return title;
    };
    expect(await fitSpokenTitle(title, read)).toBe(title);
    expect(reads).toEqual([]);
  });

  it("reads a title a little too long again, faster", async () => {
    const speak = voice(0.4);
    const calls: [string, number][] = [];
    const part = await fitSpokenTitle(speak("AITA for leaving my own birthday party?"), async (text, speed) => {
      calls.push([text, speed]);
      return speak(text, speed);
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.[0]).toBe("AITA for leaving my own birthday party?");
    expect(calls[0]?.[1]).toBeGreaterThan(1);
    expect(calls[0]?.[1]).toBeLessThanOrEqual(REDDIT_TITLE_SPEED_MAX);
    expect(part.words.at(-1)?.end ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(REDDIT_TITLE_ROOM_S);
  });

  it("reads only the hook of a long title, and again when the hook still ends too late", async () => {
    // A voice that lingers on the last word of whatever it reads, as engines do.
    const speak = voice(0.4, 0.3);
    const calls: [string, number][] = [];
    const title = "My upstairs neighbor drags furniture across the floor at three in the morning";
    const part = await fitSpokenTitle(speak(title), async (text, speed) => {
      calls.push([text, speed]);
      return speak(text, speed);
    });
    expect(calls.length).toBeGreaterThanOrEqual(1);
    expect(calls.length).toBeLessThanOrEqual(3);
    for (const [text, speed] of calls) {
      expect(title.startsWith(text)).toBe(true);
      expect(speed).toBeLessThanOrEqual(REDDIT_TITLE_SPEED_MAX);
    }
    expect(calls[0]?.[0]).toBe("My upstairs neighbor drags furniture");
    expect(part.words.at(-1)?.end ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(REDDIT_TITLE_ROOM_S);
  });
});

describe("redditHookText", () => {
  it("keeps the words as written and leaves no comma or dash hanging", () => {
    const words = ["My", "neighbor,", "who", "is", "eighty—", "drags"].map((text) => ({ text }));
    expect(redditHookText(words, 2)).toBe("My neighbor");
    expect(redditHookText(words, 5)).toBe("My neighbor, who is eighty");
    expect(redditHookText([{ text: "Help!" }, { text: "Now" }], 1)).toBe("Help!");
  });
});
