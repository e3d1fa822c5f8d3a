import { describe, expect, it } from "vitest";
import { greenScreenInputSchema } from "../video-types/green-screen.ts";
import {
  CHROMA_KEY_UV,
  chromaFrameOfRgba,
  chromaKeyAlpha,
  chromaKeyAlphaFromDistance,
  chromaKeyDistance,
  DEFAULT_MEME_TRANSFORM,
  ffmpegKeyUV,
  GREEN_SCREEN_CAPTION,
  greenScreenCaptionLayout,
  greenScreenCaptionLines,
  greenScreenDurationS,
  LIBRARY_SCREEN_KEY,
  type MeasureText,
  memeBox,
  SCREEN_DETECTION,
  screenKeyOf,
  videoChroma,
} from "./green-screen.ts";

/** A stand-in for a font: every character 0.6 em wide. */
const measure: MeasureText = (text, size) => [...text].length * size * 0.6;

describe("chroma key", () => {
  it("keys against #00FF00's U/V as ffmpeg computes them (full-range BT.601, fixed point)", () => {
    expect(CHROMA_KEY_UV).toEqual([44, 21]);
    expect(ffmpegKeyUV(0, 0, 255)).toEqual([255, 107]);
  });

  it("removes the screen, keeps the subject's colours, and ramps over the blend in between", () => {
    expect(chromaKeyAlpha(0, 255, 0)).toBe(0);
    // Slightly off greens from compression are keyed too.
    expect(chromaKeyAlpha(20, 235, 25)).toBe(0);
    for (const [r, g, b] of [
      [255, 255, 255],
      [0, 0, 0],
      [255, 222, 0],
      [208, 32, 32],
      [40, 90, 220],
    ] as const) {
      expect(chromaKeyAlpha(r, g, b)).toBe(1);
    }
    // A dark green (an antialiased outline over the screen) sits on the ramp.
    const edge = chromaKeyAlpha(0, 64, 0);
    expect(edge).toBeGreaterThan(0.5);
    expect(edge).toBeLessThan(1);
    expect(chromaKeyAlphaFromDistance(0.18)).toBe(0);
    expect(chromaKeyAlphaFromDistance(0.24)).toBeCloseTo(0.5, 6);
    expect(chromaKeyAlphaFromDistance(0.3)).toBe(1);
  });

  it("reads U/V the way a BT.709 limited-range file stores them", () => {
    const green = videoChroma(0, 255, 0);
    expect(green.u).toBeCloseTo(41.66, 1);
    expect(green.v).toBeCloseTo(26.27, 1);
    expect(videoChroma(128, 128, 128)).toEqual({ u: 128, v: 128 });
    expect(chromaKeyDistance(44, 21)).toBe(0);
  });
});

describe("memeBox", () => {
  it("defaults to the meme fitted below the caption, the full width (a square meme 1080x1080 at y 720)", () => {
    expect(memeBox(undefined, 720, 720)).toEqual({ x: 0, y: 720, width: 1080, height: 1080 });
    expect(memeBox(DEFAULT_MEME_TRANSFORM, 720, 720)).toEqual({ x: 0, y: 720, width: 1080, height: 1080 });
  });

  it("centres the meme where the user put it, at the size they chose", () => {
    expect(memeBox({ x: 0.5, y: 0.5, scale: 0.5 }, 720, 720)).toEqual({ x: 270, y: 690, width: 540, height: 540 });
    const corner = memeBox({ x: 0, y: 1, scale: 2 }, 720, 720);
    expect(corner).toEqual({ x: -1080, y: 840, width: 2160, height: 2160 });
    // A wide meme is fitted by its width; sizes stay even.
    const wide = memeBox({ x: 0.25, y: 0.3, scale: 1 }, 1280, 720);
    expect(wide).toEqual({ x: -270, y: 272, width: 1080, height: 608 });
  });

  it("clamps a transform outside the schema's bounds", () => {
    expect(memeBox({ x: 2, y: -1, scale: 9 }, 720, 720)).toEqual(memeBox({ x: 1, y: 0, scale: 2 }, 720, 720));
  });

  it("is what the input may carry: centre inside the frame, scale 0.4-2, optional", () => {
    const base = { text_hook: "x", selected_meme: "bruh", background_file_id: "0b6f4d1e-2c3a-4b5d-9e8f-7a6b5c4d3e2f" };
    expect(greenScreenInputSchema.parse(base).meme_transform).toBeUndefined();
    expect(
      greenScreenInputSchema.parse({ ...base, meme_transform: { x: 0, y: 1, scale: 0.4 } }).meme_transform,
    ).toEqual({ x: 0, y: 1, scale: 0.4 });
    for (const bad of [
      { x: -0.1, y: 0.5, scale: 1 },
      { x: 0.5, y: 1.1, scale: 1 },
      { x: 0.5, y: 0.5, scale: 0.3 },
      { x: 0.5, y: 0.5, scale: 2.5 },
      { x: 0.5, y: 0.5 },
    ]) {
      expect(greenScreenInputSchema.safeParse({ ...base, meme_transform: bad }).success).toBe(false);
    }
  });
});

describe("caption lines", () => {
  it("wraps into balanced lines without a lone last word", () => {
    const lines = greenScreenCaptionLines("me watching my bank account after one weekend out", measure, 76);
    expect(lines.length).toBe(3);
    const widths = lines.map((l) => measure(l, 76));
    expect(Math.max(...widths) - Math.min(...widths)).toBeLessThan(200);
    expect(lines.at(-1)).toContain(" ");
    expect(lines.join(" ")).toBe("me watching my bank account after one weekend out");
  });

  it("keeps the user's line breaks and breaks a word wider than a line between letters", () => {
    expect(greenScreenCaptionLines("POV:\nyou  did it", measure, 76)).toEqual(["POV:", "you did it"]);
    const long = greenScreenCaptionLines("a".repeat(40), measure, 76);
    expect(long.length).toBe(2);
    expect(long.join("")).toBe("a".repeat(40));
    for (const line of long) expect(measure(line, 76)).toBeLessThanOrEqual(GREEN_SCREEN_CAPTION.maxWidth);
  });
});

describe("caption layout", () => {
  const c = GREEN_SCREEN_CAPTION;
  const captions = [
    "bruh",
    "me watching my bank account after one weekend out",
    "when the group chat finally agrees on a plan and then nobody actually shows up on the day, every single time, without fail",
    "WHEN THE GROUP CHAT FINALLY AGREES ON A PLAN AND THEN NOBODY ACTUALLY SHOWS UP ON THE DAY, EVERY SINGLE TIME, WITHOUT FAIL!!!",
  ];

  it.each(captions)("sets %j at the largest size that ends above the lower two thirds", (text) => {
    const layout = greenScreenCaptionLayout(text, measure);
    expect(c.fontSizes).toContain(layout.fontSize);
    expect(layout.text.y).toBe(c.textTop);
    expect(layout.text.y + layout.text.height).toBeLessThanOrEqual(c.maxTextBottom);
    for (const line of layout.lines) {
      expect(line.width).toBeLessThanOrEqual(c.maxWidth);
      expect(line.x + line.width / 2).toBeCloseTo(540, 6);
      expect(line.baseline).toBeCloseTo(line.y + line.height / 2 + (c.capHeight * layout.fontSize) / 2, 6);
    }
    const bigger = c.fontSizes.filter((s) => s > layout.fontSize);
    for (const size of bigger) {
      const lines = greenScreenCaptionLines(text, measure, size);
      expect(c.textTop + lines.length * size * c.lineHeight).toBeGreaterThan(c.maxTextBottom);
    }
    expect(layout.band).toMatchObject({ x: 0, y: 0, width: 1080 });
    expect(layout.band.height % 2).toBe(0);
    expect(layout.band.height).toBeGreaterThan(layout.text.y + layout.text.height);
  });

  it("sets a caption too long for the widest block narrower, clear of the button column", () => {
    const wide: MeasureText = (text, size) => [...text].length * size * 0.9;
    const layout = greenScreenCaptionLayout(Array.from({ length: 25 }, () => "WWWWW").join(" "), wide);
    expect(layout.fontSize).toBe(54);
    for (const line of layout.lines) expect(line.width).toBeLessThanOrEqual(c.narrowMaxWidth);
  });
});

describe("greenScreenDurationS", () => {
  it("plays the meme through as often as reading the caption takes: 5 to 12 s, ending where a play ends", () => {
    expect(greenScreenDurationS("bruh", 3)).toBe(6);
    expect(greenScreenDurationS("bruh", 1)).toBe(5);
    expect(greenScreenDurationS("bruh", 4)).toBe(8);
    const words = (n: number) => Array.from({ length: n }, () => "word").join(" ");
    // 20 words: 7 s to read.
    expect(greenScreenDurationS(words(20), 3)).toBe(9);
    expect(greenScreenDurationS(words(20), 4)).toBe(8);
    // 30 words: 9.5 s.
    expect(greenScreenDurationS(words(30), 3)).toBe(12);
    expect(greenScreenDurationS(words(30), 4)).toBe(12);
    // A play that would run past 12 s stops at the reading time.
    expect(greenScreenDurationS(words(36), 5)).toBe(11);
    expect(greenScreenDurationS(words(60), 3)).toBe(12);
    expect(greenScreenDurationS("bruh", 20)).toBe(5);
    expect(greenScreenDurationS("bruh", 0)).toBe(5);
  });
});

describe("screenKeyOf: the screen of a creator's own clip", () => {
  /** A 40x60 RGBA frame of `screen` with a subject of `subject` filling its lower middle, and grain. */
  function frame(screen: [number, number, number], subject: [number, number, number], seed = 1) {
    const width = 40;
    const height = 60;
    const rgba = new Uint8ClampedArray(width * height * 4);
    let state = seed;
    const grain = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return (state / 2147483648 - 0.5) * 12;
    };
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const inSubject = x >= 12 && x < 28 && y >= 20;
        const c = inSubject ? subject : screen;
        const i = (y * width + x) * 4;
        for (let k = 0; k < 3; k++) rgba[i + k] = (c[k] as number) + grain();
        rgba[i + 3] = 255;
      }
    }
    return chromaFrameOfRgba(rgba, width, height);
  }
  const skin: [number, number, number] = [224, 172, 140];

  it("keys a filmed green at its own chroma, covering its grain, with skin well outside", () => {
    const green: [number, number, number] = [0, 177, 64];
    const key = screenKeyOf([frame(green, skin, 1), frame(green, skin, 2)]);
    expect(key?.screen).toBe("green");
    const screen = videoChroma(...green);
    const k = key ?? LIBRARY_SCREEN_KEY;
    expect(chromaKeyDistance(screen.u, screen.v, k)).toBeLessThan(0.01);
    expect(k.similarity).toBeGreaterThanOrEqual(SCREEN_DETECTION.similarity.min);
    expect(k.similarity).toBeLessThanOrEqual(SCREEN_DETECTION.similarity.max);
    expect(chromaKeyAlpha(...green, k)).toBe(0);
    expect(chromaKeyAlpha(...skin, k)).toBe(1);
    // Greys, black and white (hair, a T-shirt) stay whole.
    for (const grey of [0, 32, 128, 255]) expect(chromaKeyAlpha(grey, grey, grey, k)).toBe(1);
    // Its own colour, not the library's pure #00FF00.
    expect(chromaKeyDistance(LIBRARY_SCREEN_KEY.u, LIBRARY_SCREEN_KEY.v, k)).toBeGreaterThan(0.1);
  });

  it("takes no pale, greyish green for a screen: keying it would key greys too", () => {
    expect(screenKeyOf([frame([90, 150, 90], skin)])).toBeNull();
  });

  it("tells a blue screen from a green one", () => {
    expect(screenKeyOf([frame([30, 80, 190], skin)])?.screen).toBe("blue");
  });

  it("finds no screen where the edges are grey, skin or mixed colours", () => {
    expect(screenKeyOf([frame([128, 128, 128], skin)])).toBeNull();
    expect(screenKeyOf([frame(skin, [63, 163, 77])])).toBeNull();
    expect(screenKeyOf([])).toBeNull();
  });
});
