import { IMAGE_MAX_PIXELS } from "@reelsmith/core";
import { describe, expect, it } from "vitest";
import { PICTURE_MAX_SIDE, preparePictureArgs } from "./picture.ts";

describe("preparePictureArgs", () => {
  it("decodes one frame, refusing more pixels than the product takes, into a PNG never enlarged past the side", () => {
    expect(preparePictureArgs("/in/photo.jpg", "/work/photo.png")).toEqual([
      "-v",
      "error",
      "-y",
      "-max_pixels",
      String(IMAGE_MAX_PIXELS),
      "-i",
      "/in/photo.jpg",
      "-frames:v",
      "1",
      "-vf",
      `scale='min(${PICTURE_MAX_SIDE},iw)':'min(${PICTURE_MAX_SIDE},ih)':force_original_aspect_ratio=decrease:flags=lanczos`,
      "-c:v",
      "png",
      "-f",
      "image2",
      "-update",
      "1",
      "/work/photo.png",
    ]);
  });

  it("takes a smaller side for a picture drawn small", () => {
    expect(preparePictureArgs("a.webp", "b.png", 512)).toContain(
      "scale='min(512,iw)':'min(512,ih)':force_original_aspect_ratio=decrease:flags=lanczos",
    );
  });
});
