import { captionStyle } from "@reelsmith/core";
import { describe, expect, it } from "vitest";
import { safeArea } from "../canvas.ts";
import { assColor, assTime, compileCaptions, displayText, gradientBands, layoutCaptions, roundedRect } from "./ass.ts";
import type { Measure } from "./measure.ts";
import { CharSet, stripEmoji, textSanitiser } from "./text-safety.ts";

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
  it("drops characters no installed font can draw", async () => {
    const sanitise = await textSanitiser([]);
    // U+10FFFD is a private-use code point no font draws.
    expect(sanitise("ok\u{10FFFD}")).toEqual({ text: "ok", dropped: ["\u{10FFFD}"] });
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
