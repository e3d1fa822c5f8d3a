import { chromaKeyAlpha, LIBRARY_SCREEN_KEY, type ScreenKey, videoChroma } from "@reelsmith/core";
import { afterEach, describe, expect, it, vi } from "vitest";

import { coverCrop, createCanvasRenderer, type PreviewScene, sameKey } from "./preview-renderer";

describe("coverCrop (the render's cover fit, then its push)", () => {
  it("crops a landscape picture's sides and a too-tall picture's top and bottom, centred", () => {
    expect(coverCrop(1920, 1080)).toEqual({ x: (1920 - 607.5) / 2, y: 0, width: 607.5, height: 1080 });
    expect(coverCrop(1080, 2400)).toEqual({ x: 0, y: 240, width: 1080, height: 1920 });
    expect(coverCrop(1080, 1920)).toEqual({ x: 0, y: 0, width: 1080, height: 1920 });
  });

  it("pushes in about the centre", () => {
    const pushed = coverCrop(1080, 1920, 1.08);
    expect(pushed.width).toBeCloseTo(1000, 6);
    expect(pushed.height).toBeCloseTo(1777.78, 1);
    expect(pushed.x + pushed.width / 2).toBeCloseTo(540, 6);
    expect(pushed.y + pushed.height / 2).toBeCloseTo(960, 6);
  });

  it("centres a wide video's window where the creator put it, kept inside the video (as the render cuts it)", () => {
    expect(coverCrop(1920, 1080, 1, 0.3)).toEqual({ x: 1920 * 0.3 - 607.5 / 2, y: 0, width: 607.5, height: 1080 });
    expect(coverCrop(1920, 1080, 1, 0).x).toBe(0);
    expect(coverCrop(1920, 1080, 1, 1).x).toBe(1920 - 607.5);
    // A source no wider than 9:16 has nowhere to move.
    expect(coverCrop(1080, 1920, 1, 0.1).x).toBe(0);
  });
});

describe("the 2D fallback's key (where WebGL is missing)", () => {
  afterEach(() => vi.restoreAllMocks());

  /** A 2D context that hands out one pixel of `rgb` for the meme and records what is put back and drawn. */
  function fakeContexts(rgb: readonly [number, number, number]) {
    const put: Uint8ClampedArray[] = [];
    const ctx = {
      imageSmoothingEnabled: false,
      fillStyle: "",
      fillRect: vi.fn(),
      drawImage: vi.fn(),
      getImageData: vi.fn((_x: number, _y: number, w: number, h: number) => {
        const data = new Uint8ClampedArray(w * h * 4);
        for (let i = 0; i < data.length; i += 4) data.set([...rgb, 255], i);
        return { data };
      }),
      putImageData: vi.fn((image: { data: Uint8ClampedArray }) => put.push(image.data)),
    };
    vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(ctx as unknown as CanvasRenderingContext2D);
    return { ctx, put };
  }

  function memeVideo() {
    const video = document.createElement("video");
    Object.defineProperty(video, "readyState", { value: 4 });
    Object.defineProperty(video, "videoWidth", { value: 100 });
    return video;
  }

  const scene = (source: HTMLVideoElement, key: ScreenKey | null): PreviewScene => ({
    background: null,
    meme: { source, width: 100, height: 100, box: { x: 0, y: 0, width: 540, height: 540 }, key },
    caption: null,
  });

  it("keys each pixel with the scene's key, as core's chromaKeyAlpha does with it", () => {
    const shade = [52, 178, 74] as const;
    const { put } = fakeContexts(shade);
    const canvas = document.createElement("canvas");
    canvas.width = 360;
    canvas.height = 640;
    const renderer = createCanvasRenderer(canvas);
    const video = memeVideo();
    const own: ScreenKey = { ...videoChroma(...shade), similarity: 0.08, blend: 0.05, screen: "green" };

    renderer?.draw(scene(video, LIBRARY_SCREEN_KEY));
    expect(put.at(-1)?.[3]).toBe(Math.floor(chromaKeyAlpha(...shade) * 255));
    expect(put.at(-1)?.[3]).toBeGreaterThan(0);
    // Another key for the same colour: not the library key's alpha from before.
    renderer?.draw(scene(video, own));
    expect(put.at(-1)?.[3]).toBe(Math.floor(chromaKeyAlpha(...shade, own) * 255));
    expect(put.at(-1)?.[3]).toBe(0);
  });

  it("draws the clip as it is without a key (its screen not found yet)", () => {
    const { ctx, put } = fakeContexts([52, 178, 74]);
    const canvas = document.createElement("canvas");
    canvas.width = 360;
    canvas.height = 640;
    const video = memeVideo();
    createCanvasRenderer(canvas)?.draw(scene(video, null));
    expect(put).toHaveLength(0);
    expect(ctx.drawImage).toHaveBeenCalledWith(video, 0, 0, 180, 180);
  });

  it("tells keys apart by what they lift", () => {
    expect(sameKey(LIBRARY_SCREEN_KEY, { ...LIBRARY_SCREEN_KEY, screen: "blue" })).toBe(true);
    expect(sameKey(LIBRARY_SCREEN_KEY, { ...LIBRARY_SCREEN_KEY, similarity: 0.1 })).toBe(false);
  });
});
