import { describe, expect, it } from "vitest";
import { greenScreenInputSchema } from "./videos.ts";

const base = {
  text_hook: "When the build finally passes",
  selected_meme: "cat-vibing",
  background_file_id: "0b6f2a64-3c8e-4b51-9a57-1f0d2c3e4a5b",
};

describe("green-screen input: where a background video is cut to 9:16", () => {
  it("keeps the creator's crop, and leaves it out (the middle) when not given", () => {
    expect(greenScreenInputSchema.parse({ ...base, background_crop: { x: 0.2 } }).background_crop).toEqual({ x: 0.2 });
    expect(greenScreenInputSchema.parse({ ...base, background_crop: { x: 1 } }).background_crop).toEqual({ x: 1 });
    expect(greenScreenInputSchema.parse(base).background_crop).toBeUndefined();
    // A form sends it as null for a picture background.
    expect(greenScreenInputSchema.parse({ ...base, background_crop: null }).background_crop).toBeNull();
  });

  it("refuses a crop outside the video", () => {
    for (const x of [-0.01, 1.2, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(greenScreenInputSchema.safeParse({ ...base, background_crop: { x } }).success).toBe(false);
    }
    expect(greenScreenInputSchema.safeParse({ ...base, background_crop: { y: 0.5 } }).success).toBe(false);
  });
});
