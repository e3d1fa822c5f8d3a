import { fileInputArgs } from "@reelsmith/media";
import { describe, expect, it } from "vitest";
import { decoderMaxPixels, PICTURE_MAX_SIDE, preparePictureArgs } from "./picture.ts";

describe("preparePictureArgs", () => {
  it("decodes one frame no larger than the headers said into a PNG never enlarged past the side", () => {
    expect(preparePictureArgs("/in/photo.jpg", "/work/photo.png", { width: 4032, height: 3024 })).toEqual([
      "-v",
      "error",
      "-y",
      "-max_pixels",
      String((4032 + 128) * (3024 + 128)),
      ...fileInputArgs("/in/photo.jpg"),
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
    expect(preparePictureArgs("a.webp", "b.png", { width: 100, height: 100 }, 512)).toContain(
      "scale='min(512,iw)':'min(512,ih)':force_original_aspect_ratio=decrease:flags=lanczos",
    );
  });
});

describe("decoderMaxPixels", () => {
  it("leaves room for the decoder's padding (ffmpeg counts 7104 x 7071 for a 7071 x 7071 PNG)", () => {
    expect(decoderMaxPixels({ width: 7071, height: 7071 })).toBeGreaterThan(7104 * 7071);
    expect(decoderMaxPixels({ width: 7071, height: 7071 })).toBeLessThan(7071 * 7071 * 1.04);
  });
});
