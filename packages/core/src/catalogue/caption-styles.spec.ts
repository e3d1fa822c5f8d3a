import { describe, expect, it } from "vitest";
import { ugcCopyFromTemplate } from "../rules/ugc-copy.ts";
import { CAPTION_STYLES, captionContrast, captionEdge, captionStyle, contrastRatio } from "./caption-styles.ts";
import { HOOK_TEXT_MAX, UGC_COPY_MAX } from "./constants.ts";
import { CAPTION_STYLE_IDS } from "./media.ts";

describe("caption styles", () => {
  it("describes the spec's 24 styles in its order, each with a name and a font label", () => {
    expect(CAPTION_STYLES.map((s) => s.id)).toEqual([...CAPTION_STYLE_IDS]);
    for (const style of CAPTION_STYLES) {
      expect(style.name.length).toBeGreaterThan(2);
      expect(style.fontLabel.length).toBeGreaterThan(2);
      expect(style.position).toBeLessThanOrEqual(0.8);
    }
  });
  it("gives every style its own look (font, colours and animation never all equal)", () => {
    const looks = CAPTION_STYLES.map((s) => JSON.stringify([s.fontFamily, s.fill, s.gradient, s.animation]));
    expect(new Set(looks).size).toBe(CAPTION_STYLES.length);
  });
  it("uses only #RRGGBB or #RRGGBBAA colours", () => {
    const colours = CAPTION_STYLES.flatMap((s) => [
      s.fill,
      s.highlight,
      s.outline?.color,
      s.shadow?.color,
      s.glow?.color,
      s.box?.color,
      ...(s.gradient ?? []),
    ]);
    for (const c of colours.filter((c): c is string => typeof c === "string")) {
      expect(c).toMatch(/^#[0-9A-F]{6}([0-9A-F]{2})?$/);
    }
  });
  it("computes WCAG contrast ratios", () => {
    expect(contrastRatio("#FFFFFF", "#000000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#FFFFFF")).toBeCloseTo(4.48, 2);
    expect(contrastRatio("#000000", "#FFFFFF")).toBe(contrastRatio("#FFFFFF", "#000000"));
  });
  it("keeps every style readable on any footage: 4.5:1 between the letters and the edge around them", () => {
    for (const style of CAPTION_STYLES) {
      expect(captionEdge(style), style.id).not.toBeNull();
      expect(captionContrast(style), style.id).toBeGreaterThanOrEqual(4.5);
    }
  });
  it("fails a style whose letters meet the footage directly or sit on a faint edge", () => {
    const minimal = captionStyle("minimal");
    // White letters with only a soft shadow: white footage behind them gives 1:1.
    expect(captionContrast({ ...minimal, outline: null })).toBeCloseTo(1, 5);
    // A pink rim around pale pink letters (the old neon) is about 2:1.
    const neon = captionStyle("neon-glow");
    expect(captionContrast({ ...neon, outline: { color: "#FF2BD6", width: 4 } })).toBeLessThan(3);
    // A translucent white pill behind white text vanishes on bright footage.
    const glass = captionStyle("glass");
    expect(captionContrast({ ...glass, box: { color: "#FFFFFF40", padding: 30, radius: 44 } })).toBeLessThan(1.1);
  });
  it("finds a style by id and refuses an unknown one", () => {
    expect(captionStyle("fire").name).toBe("Fire");
    expect(() => captionStyle("nope" as never)).toThrow(RangeError);
  });
});

describe("ugcCopyFromTemplate", () => {
  it("builds a hook and copy that name the product, the same each time", () => {
    const copy = ugcCopyFromTemplate("  Glow   Serum ");
    expect(copy.hook).toContain("Glow Serum");
    expect(copy.copy).toContain("Glow Serum");
    expect(ugcCopyFromTemplate("Glow Serum")).toEqual(copy);
  });
  it("still reads well without a name and stays within the form's limits", () => {
    const copy = ugcCopyFromTemplate("");
    expect(copy.hook.length).toBeGreaterThan(10);
    const long = ugcCopyFromTemplate("X".repeat(80));
    expect(long.hook.length).toBeLessThanOrEqual(HOOK_TEXT_MAX);
    expect(long.copy.length).toBeLessThanOrEqual(UGC_COPY_MAX);
  });
});
