import { GREEN_SCREEN_CAPTION_DANGER, GREEN_SCREEN_CAPTION_WARN } from "@reelsmith/core";
import { describe, expect, it } from "vitest";

import { COUNTER_TONE_CLASS, captionCounterTone } from "./caption-counter";

describe("caption counter (spec section 4: yellow at 125, red at 140)", () => {
  it.each([
    [0, "normal"],
    [124, "normal"],
    [125, "warning"],
    [139, "warning"],
    [140, "danger"],
    [150, "danger"],
  ] as const)("at %i characters is %s", (length, tone) => {
    expect(captionCounterTone(length)).toBe(tone);
  });

  it("takes its thresholds from core and shows them as yellow and red", () => {
    expect(GREEN_SCREEN_CAPTION_WARN).toBe(125);
    expect(GREEN_SCREEN_CAPTION_DANGER).toBe(140);
    expect(COUNTER_TONE_CLASS.warning).toBe("text-warning");
    expect(COUNTER_TONE_CLASS.danger).toBe("text-destructive");
  });
});
