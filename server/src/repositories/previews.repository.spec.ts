import { ENGINE_VERSION } from "@reelsmith/render";
import { describe, expect, it } from "vitest";
import { captionPreviewsStamp } from "./previews.repository.ts";

describe("caption previews stamp", () => {
  it("changes with the engine's output version, so previews drawn by an older engine are made again", () => {
    const current = captionPreviewsStamp();
    expect(current).toBe(captionPreviewsStamp(ENGINE_VERSION));
    expect(current).toMatch(/^[0-9a-f]{64}$/);
    expect(captionPreviewsStamp(`${ENGINE_VERSION}-previous`)).not.toBe(current);
  });
});
