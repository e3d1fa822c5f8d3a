import { CAPTION_STYLES, captionStyle } from "@reelsmith/core";
import { describe, expect, it } from "vitest";
import { safeArea } from "../canvas.ts";
import {
  assColor,
  assTime,
  type CaptionGroup,
  captionSafeAreaViolations,
  compileCaptions,
  displayText,
  gradientBands,
  layoutCaptions,
  MIN_SHOW_S,
  roundedRect,
} from "./ass.ts";
import { fontFile, styleFace } from "./fonts.ts";
import type { Measure } from "./measure.ts";
import { makeFontSet } from "./testing/font-set.ts";
import { CharSet, droppedLetters, stripEmoji, textSanitiser } from "./text-safety.ts";

/** A fixed-advance font: every character is 0.6 of the size wide (the layout math, without a font file). */
const mono: Measure = (text, _face, size, spacing = 0) => [...text].length * (size * 0.6 + spacing);

const words = (spec: string) =>
  spec.split(" ").map((text, i) => ({ text, start: 1 + i * 0.4, end: 1 + i * 0.4 + 0.35 }));

describe("layoutCaptions", () => {
  it("groups words up to the style's count, breaking at sentence ends and long pauses", () => {
    const style = { ...captionStyle("modern-bold"), fontSize: 40 };
    const timed = words("one two three four. five six");
    timed[5] = { text: "six", start: 4, end: 4.3 };
    const groups = layoutCaptions(timed, style, mono, 960);
    expect(groups.map((g) => g.words.map((w) => w.text).join(" "))).toEqual(["one two three", "four.", "five", "six"]);
    // Each group shows until the next starts; the last lingers 0.5 s after its word.
    expect(groups.map((g) => [g.start, g.end])).toEqual([
      [1, 2.2],
      [2.2, 2.6],
      [2.6, 3.45],
      [4, 4.8],
    ]);
  });

  it("keeps every word inside 90 % of the width, shrinking one that is too long", () => {
    const style = captionStyle("comic");
    const [group] = layoutCaptions(words("Incomprehensibilities"), style, mono, 960);
    const area = safeArea();
    expect(group?.scale).toBeLessThan(1);
    for (const w of group?.words ?? []) {
      const half = (w.width / 2) * 1.15 + (style.outline?.width ?? 0);
      expect(w.x - half).toBeGreaterThanOrEqual(area.left);
      expect(w.x + half).toBeLessThanOrEqual(area.right);
    }
  });

  it("places the words of a group side by side, centred", () => {
    const style = { ...captionStyle("minimal"), fontSize: 50 };
    const [group] = layoutCaptions(words("ab cd"), style, mono, 1000);
    const [a, b] = group?.words ?? [];
    expect(a && b && b.x - a.x).toBeGreaterThan(60);
    expect(a && b && (a.x + b.x) / 2).toBeCloseTo(540, 5);
    expect(a?.y).toBe(1000);
  });

  it("reads a right-to-left language from the right: its first word is placed rightmost", () => {
    const style = { ...captionStyle("minimal"), fontSize: 50 };
    const timed = words("مرحبا بالجميع هنا");
    const [ltr] = layoutCaptions(timed, style, mono, 1000);
    const [rtl] = layoutCaptions(timed, style, mono, 1000, "arabic");
    const xs = (group: CaptionGroup | undefined) => group?.words.map((w) => Math.round(w.x)) ?? [];
    expect(xs(ltr)).toEqual([...xs(ltr)].sort((a, b) => a - b));
    expect(xs(rtl)).toEqual([...xs(rtl)].sort((a, b) => b - a));
    // The same line, mirrored about the centre.
    expect(xs(rtl)).toEqual(xs(ltr).map((x) => 1080 - x));
  });

  it("sets the words of a language written without spaces closer, with no space between them", () => {
    const style = { ...captionStyle("minimal"), fontSize: 50 };
    const timed = words("今日は いい 天気");
    const [spaced] = layoutCaptions(timed, style, mono, 1000);
    const [japanese] = layoutCaptions(timed, style, mono, 1000, "japanese");
    expect(japanese?.width).toBeLessThan((spaced?.width ?? 0) - 2 * mono(" ", styleFace(style), 50) + 1);
    // Still apart by the outline and the emphasis's reach, never overlapping.
    const [a, b] = japanese?.words ?? [];
    expect(a && b && b.x - b.width / 2 - (a.x + a.width / 2)).toBeGreaterThan(0);
  });

  it("breaks a group after the full stops of Chinese and Japanese", () => {
    const style = { ...captionStyle("modern-bold"), fontSize: 40 };
    const groups = layoutCaptions(words("你好。 世界 很好"), style, mono, 960, "chinese");
    expect(groups.map((g) => g.words.map((w) => w.text).join(""))).toEqual(["你好。", "世界很好"]);
  });
});

describe("compileCaptions", () => {
  it("writes the style with the font's own family and one timed event per word", () => {
    const { ass, groups } = compileCaptions({ style: captionStyle("shadow"), words: words("hi there"), measure: mono });
    expect(ass).toContain("Style: Caption,Archivo Black,145,&H00FFFFFF,");
    const events = ass.split("\n").filter((l) => l.startsWith("Dialogue:"));
    expect(events).toHaveLength(2);
    expect(events[0]).toMatch(
      /^Dialogue: 4,0:00:01\.00,0:00:01\.40,Caption,,0,0,0,,\{\\an5\\fs145\\pos\(\d+(\.\d)?,1152\)/,
    );
    expect(events[0]).toContain("\\xshad12\\yshad12");
    expect(events[0]).toContain("}HI");
    expect(groups).toHaveLength(2);
  });

  it("highlights the spoken word of a karaoke group at its own time", () => {
    const { ass } = compileCaptions({ style: captionStyle("gaming"), words: words("go team"), measure: mono });
    const team = ass.split("\n").find((l) => l.endsWith("}TEAM"));
    // The group shows from 1.00 s; TEAM turns green 400 ms in (when it is spoken).
    expect(team).toMatch(/^Dialogue: 4,0:00:01\.00,/);
    expect(team).toContain("\\t(400,401,\\1c&H14FF39&\\fscx108\\fscy108)");
  });

  it("draws gradient bands, glows and pills as extra layers", () => {
    const layers = (id: Parameters<typeof captionStyle>[0]) =>
      compileCaptions({ style: captionStyle(id), words: words("wow"), measure: mono })
        .ass.split("\n")
        .filter((l) => l.startsWith("Dialogue:"))
        .map((l) => Number(l.split(",")[0]?.slice(10)));
    expect(layers("fire").filter((l) => l === 5)).toHaveLength(8);
    expect(layers("fire")).toContain(3);
    expect(layers("bubble")).toContain(1);
    expect(layers("corporate")).toContain(0);
  });

  it("drops emoji with a warning and never emits an empty word", () => {
    const warnings: string[] = [];
    const { ass } = compileCaptions({
      style: captionStyle("minimal"),
      words: [
        { text: "fire🔥", start: 0, end: 0.3 },
        { text: "👍", start: 0.3, end: 0.6 },
      ],
      measure: mono,
      onWarning: (m) => warnings.push(m),
    });
    expect(ass).toContain("}fire");
    expect(ass).not.toContain("🔥");
    expect(ass.split("\n").filter((l) => l.startsWith("Dialogue:"))).toHaveLength(2);
    expect(warnings[0]).toMatch(/🔥 👍/);
  });
});

describe("text safety", () => {
  it("strips emoji sequences but keeps digits and letters of any script", () => {
    expect(stripEmoji("I ❤️ 2 cats 👩‍👩‍👧 in Kyoto 京都").text).toBe("I  2 cats  in Kyoto 京都");
  });
  it("reads fontconfig charsets", () => {
    const set = CharSet.parse("20-7e a0-17f 3a9");
    expect([set.has(0x41), set.has(0x3a9), set.has(0x4e00), set.has(0x19)]).toEqual([true, true, false, false]);
  });
  it("merges overlapping and nested ranges, so a union finds every code point", () => {
    // A font with all of ASCII and a font with capitals and Latin-1: "h" (0x68) lies in the first only.
    const union = CharSet.union([CharSet.parse("20-7e"), CharSet.parse("41-5a a0-ff"), CharSet.parse("30-39 61-7a")]);
    for (const ch of "The quick brown fox 0123") expect(union.has(ch.codePointAt(0) ?? 0), ch).toBe(true);
    expect(union.spans).toEqual([
      [0x20, 0x7e],
      [0xa0, 0xff],
    ]);
    const nested = new CharSet([
      [0x100, 0x200],
      [0x120, 0x130],
      [0x1f0, 0x210],
      [0x211, 0x220],
      [0x300, 0x300],
    ]);
    expect(nested.spans).toEqual([
      [0x100, 0x220],
      [0x300, 0x300],
    ]);
    expect([0x100, 0x150, 0x205, 0x220, 0x221, 0x300, 0x2ff].map((c) => nested.has(c))).toEqual([
      true,
      true,
      true,
      true,
      false,
      true,
      false,
    ]);
  });
  it("never drops a letter the caption's own font has, whatever the system's fonts report", async () => {
    const own = fontFile(styleFace(captionStyle("modern-bold")));
    // A machine whose other fonts report only capitals (or nothing useful at all).
    const sanitise = await textSanitiser([own], async () => CharSet.parse("41-5a"));
    expect(sanitise("The quick brown fox 42")).toEqual({ text: "The quick brown fox 42", dropped: [] });
  });
  it("tells letters and digits apart from emoji and symbols among dropped characters", () => {
    expect(droppedLetters(["🔥", "\u{10FFFD}", "\u{16A40}", "7", "\u{16A40}"])).toEqual(["\u{16A40}", "7"]);
  });
  it("drops characters no installed font can draw", async () => {
    // The machine's fonts are a set of this test's: one Latin font.
    const fonts = await makeFontSet([fontFile(styleFace(captionStyle("modern-bold")))]);
    fonts.use();
    const sanitise = await textSanitiser([]).finally(() => fonts.remove());
    // U+10FFFD is a private-use code point no font draws.
    expect(sanitise("ok\u{10FFFD}")).toEqual({ text: "ok", dropped: ["\u{10FFFD}"] });
  });
});

/** Seconds of an ASS time. */
const secs = (t: string) => {
  const [h, m, sec] = t.split(":").map(Number) as [number, number, number];
  return h * 3600 + m * 60 + sec;
};
const dialogues = (ass: string) =>
  ass
    .split("\n")
    .filter((l) => l.startsWith("Dialogue:"))
    .map((l) => {
      const [layer, start, end] = l.slice(10).split(",");
      return { layer: Number(layer), start: secs(start ?? ""), end: secs(end ?? ""), text: l };
    });

/** A fast read: short words of 0.08-0.2 s between longer ones, no pauses, sentences included. */
const fastSpeech = () => {
  const text =
    "So I went up. It was a big old room and a chair in it. I did not stay, I ran out to the car and drove off as fast as I could.";
  let t = 1;
  return text.split(" ").map((word, i) => {
    const d = word.length <= 2 ? 0.08 + (i % 3) * 0.03 : 0.18 + (word.length % 4) * 0.06;
    const w = { text: word, start: Math.round(t * 1000) / 1000, end: Math.round((t + d) * 1000) / 1000 };
    t += d + 0.02;
    return w;
  });
};

describe("captions stay on screen long enough", () => {
  it("shows no caption event of any style for less than 0.25 s, and keeps every word", () => {
    const timed = fastSpeech();
    for (const style of CAPTION_STYLES) {
      const { ass, groups } = compileCaptions({ style, words: timed, measure: mono });
      for (const e of dialogues(ass)) {
        expect(e.end - e.start, `${style.id}: ${e.text}`).toBeGreaterThanOrEqual(MIN_SHOW_S - 1e-9);
      }
      expect(groups.flatMap((g) => g.words.map((w) => w.text))).toEqual(timed.map((w) => w.text));
    }
  });

  it("merges a short word into a neighbour's group in one-word styles, without running behind the voice", () => {
    // Room on the line for two words, as the real fonts have for short words.
    const style = { ...captionStyle("shadow"), fontSize: 80 };
    const timed = fastSpeech();
    const groups = layoutCaptions(timed, style, mono, 960);
    expect(groups.some((g) => g.words.length === 2)).toBe(true);
    const shown = groups.flatMap((g) => g.words.map((w) => ({ ...w, until: g.end })));
    shown.forEach((w, i) => {
      expect(w.until - w.start).toBeGreaterThanOrEqual(MIN_SHOW_S);
      // Each word appears when it is spoken, never later.
      expect(w.start).toBeCloseTo(timed[i]?.start ?? -1, 6);
    });
    for (const [a, b] of groups.slice(1).map((g, i) => [groups[i] as CaptionGroup, g] as const)) {
      expect(a.end).toBeLessThanOrEqual(b.start + 1e-9);
    }
  });

  it("flickers a neon word inside one event rather than in flashes", () => {
    const { ass } = compileCaptions({ style: captionStyle("neon-outline"), words: words("glow"), measure: mono });
    const text = dialogues(ass).filter((e) => e.layer === 4);
    expect(text).toHaveLength(1);
    expect(text[0]?.text).toContain("\\t(70,71,\\clip(0,0,0,0))");
  });
});

describe("captions stay in the platforms' safe area", () => {
  it("keeps every group of every style clear of the button column and the bottom 20 %", () => {
    const timed = words(
      "Incomprehensibilities notwithstanding everybody absolutely positively remembered everything wonderful yesterday afternoon",
    );
    for (const style of CAPTION_STYLES) {
      for (const position of [0.5, style.position, 0.74]) {
        const groups = layoutCaptions(timed, style, mono, position * 1920);
        expect(captionSafeAreaViolations(groups, style), `${style.id} at ${position}`).toEqual([]);
      }
    }
  });

  it("narrows lines that can reach the height of the button column, not those above it", () => {
    const style = { ...captionStyle("modern-bold"), fontSize: 50 };
    const timed = words("abcdefgh abcdefgh abcdefgh");
    const [low] = layoutCaptions(timed, style, mono, 1000);
    const [high] = layoutCaptions(timed, style, mono, 300);
    expect(low && 540 + low.width / 2).toBeLessThanOrEqual(950.4);
    expect(high?.words).toHaveLength(3);
    expect(low?.words).toHaveLength(2);
  });

  it("names a group that reaches into the button column or the bottom zone", () => {
    const style = captionStyle("minimal");
    const group = (x: number, y: number, width: number): CaptionGroup => ({
      start: 0,
      end: 1,
      scale: 1,
      width,
      y,
      words: [{ text: "wide", start: 0, end: 1, x, y, width }],
    });
    const found = captionSafeAreaViolations([group(540, 960, 500), group(700, 960, 600), group(540, 1500, 300)], style);
    expect(found.map((f) => f.zones)).toEqual([["button-column"], ["bottom"]]);
  });
});

describe("ASS helpers", () => {
  it("formats colours, times and shapes", () => {
    expect(assColor("#FF8000")).toEqual({ color: "&H0080FF&", alpha: "&H00&" });
    expect(assColor("#FFFFFF40")).toEqual({ color: "&HFFFFFF&", alpha: "&HBF&" });
    expect(assTime(3723.456)).toBe("1:02:03.46");
    expect(roundedRect(100, 40, 10)).toMatch(/^m 10 0 l 90 0 b/);
    expect(gradientBands(["#000000", "#FFFFFF"], 3)).toEqual(["#000000", "#808080", "#FFFFFF"]);
    expect(displayText("  hello, ", { textCase: "upper" })).toBe("HELLO");
  });
});
