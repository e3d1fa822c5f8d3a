import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { makeMediaFixtures } from "../../test/media-fixtures.ts";
import { acceptsMediaType, sniffMediaType } from "./media-type.ts";

let fixtures: ReturnType<typeof makeMediaFixtures>;
beforeAll(() => {
  fixtures = makeMediaFixtures();
});

const head = (file: string) => fs.readFileSync(file).subarray(0, 16);

describe("sniffMediaType", () => {
  it("recognises every accepted format from its bytes", () => {
    expect(sniffMediaType(head(fixtures.mp3))?.mime).toBe("audio/mpeg");
    expect(sniffMediaType(head(fixtures.wav))?.mime).toBe("audio/wav");
    expect(sniffMediaType(head(fixtures.aac))?.mime).toBe("audio/aac");
    expect(sniffMediaType(head(fixtures.m4a))?.mime).toBe("audio/mp4");
    expect(sniffMediaType(head(fixtures.png))?.mime).toBe("image/png");
    expect(sniffMediaType(head(fixtures.jpg))?.mime).toBe("image/jpeg");
    expect(sniffMediaType(head(fixtures.webp))?.mime).toBe("image/webp");
    expect(sniffMediaType(head(fixtures.mp4))?.mime).toBe("video/mp4");
  });

  it("recognises a bare MPEG layer III frame and refuses text, GIF and HTML", () => {
    expect(sniffMediaType(Uint8Array.from([0xff, 0xfb, 0x90, 0x64, 0, 0, 0, 0]))?.ext).toBe("mp3");
    expect(sniffMediaType(new TextEncoder().encode("hello, this is text"))).toBeNull();
    expect(sniffMediaType(new TextEncoder().encode("GIF89a............"))).toBeNull();
    expect(sniffMediaType(new TextEncoder().encode("<html><script>..."))).toBeNull();
    expect(sniffMediaType(Uint8Array.from([0xff]))).toBeNull();
  });

  it("accepts per upload kind as the spec says", () => {
    const png = sniffMediaType(head(fixtures.png));
    const mp4 = sniffMediaType(head(fixtures.mp4));
    const mp3 = sniffMediaType(head(fixtures.mp3));
    expect(acceptsMediaType("audio-file", png)).toBe(false);
    expect(acceptsMediaType("audio-file", mp3)).toBe(true);
    expect(acceptsMediaType("product-image", png)).toBe(true);
    expect(acceptsMediaType("product-image", mp4)).toBe(false);
    expect(acceptsMediaType("green-screen", mp4)).toBe(true);
    expect(acceptsMediaType("green-screen", mp3)).toBe(false);
    expect(acceptsMediaType("green-screen", null)).toBe(false);
  });

  it("takes a video's sound as a music video's song: MP4, MOV and WebM", () => {
    const mov = sniffMediaType(Uint8Array.from([0, 0, 0, 0x14, ...new TextEncoder().encode("ftypqt  "), 0, 0, 0, 0]));
    const webm = sniffMediaType(Uint8Array.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 1, 0, 0, 0]));
    expect(mov?.mime).toBe("video/quicktime");
    expect(webm?.mime).toBe("video/webm");
    expect(acceptsMediaType("audio-file", sniffMediaType(head(fixtures.mp4)))).toBe(true);
    expect(acceptsMediaType("audio-file", mov)).toBe(true);
    expect(acceptsMediaType("audio-file", webm)).toBe(true);
    // The spec's green-screen backgrounds stay JPG, PNG, WebP or MP4.
    expect(acceptsMediaType("green-screen", mov)).toBe(false);
    expect(acceptsMediaType("product-image", webm)).toBe(false);
  });
});
