import { describe, expect, it } from "vitest";
import { messages } from "../messages.ts";
import { greenScreenInputSchema } from "./index.ts";

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

describe("green-screen input: one meme, from the library or the creator's own", () => {
  const own = "6d1f0a2b-7c3e-4f51-8a57-2e0d1c3b4a5f";
  const { selected_meme: _meme, ...noMeme } = base;

  it("takes a library meme or an own clip", () => {
    expect(greenScreenInputSchema.parse(base).selected_meme).toBe("cat-vibing");
    const parsed = greenScreenInputSchema.parse({ ...noMeme, meme_file_id: own });
    expect(parsed.meme_file_id).toBe(own);
    expect(parsed.selected_meme).toBeUndefined();
    // A form sends the unused one as null.
    expect(greenScreenInputSchema.safeParse({ ...noMeme, selected_meme: null, meme_file_id: own }).success).toBe(true);
  });

  it("asks for a meme when there is none, and for one of the two when both are given", () => {
    const none = greenScreenInputSchema.safeParse({ ...noMeme, meme_file_id: null });
    expect(none.error?.issues).toEqual([
      expect.objectContaining({ path: ["selected_meme"], message: messages.greenScreen.incomplete }),
    ]);
    const both = greenScreenInputSchema.safeParse({ ...base, meme_file_id: own });
    expect(both.error?.issues).toEqual([
      expect.objectContaining({ path: ["meme_file_id"], message: messages.greenScreen.memeTwice }),
    ]);
    expect(greenScreenInputSchema.safeParse({ ...noMeme, meme_file_id: "not-an-id" }).success).toBe(false);
  });
});
