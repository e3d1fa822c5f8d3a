import { ugcAdsInputSchema } from "@reelsmith/core";
import { describe, expect, it } from "vitest";

import { setCaptions } from "./captions";

describe("UGC captions (spec section 4)", () => {
  it("clears the style when captions are turned off and keeps the choice open when turned on", () => {
    const draft = { captions: true, caption_style: "fire" as string | null };
    expect({ ...draft, ...setCaptions(false) }).toEqual({ captions: false, caption_style: null });
    expect({ captions: false, caption_style: null, ...setCaptions(true) }).toEqual({
      captions: true,
      caption_style: null,
    });
  });

  it("leaves the schema nothing to refuse with captions off, and a style to ask for with them on", () => {
    const base = {
      product_image_id: "00000000-0000-4000-8000-000000000000",
      gender: "female",
      background_music: "lofi-1",
    };
    expect(ugcAdsInputSchema.safeParse({ ...base, ...setCaptions(false) }).success).toBe(true);
    const on = ugcAdsInputSchema.safeParse({ ...base, caption_style: null, ...setCaptions(true) });
    expect(on.error?.issues.map((i) => i.path[0])).toEqual(["caption_style"]);
  });
});
