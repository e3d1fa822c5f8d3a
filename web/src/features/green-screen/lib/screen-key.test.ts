import { chromaFrameOfRgba, SCREEN_SAMPLE, screenKeyOf } from "@reelsmith/core";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { type RgbaFrame, sampleFrames, sampleSize, sampleTimes, screenKeyOfRgba, useScreenKey } from "./screen-key";

type Rgb = readonly [number, number, number];

/**
 * A sample frame as a canvas reads it: `screen` everywhere but a subject standing in the middle (the
 * middle third of the width, from a third of the way down to the bottom edge).
 */
function frame(screen: Rgb, subject: Rgb, width = 96, height = 54): RgbaFrame {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inSubject = x >= width / 3 && x < (2 * width) / 3 && y >= height / 3;
      const [r, g, b] = inSubject ? subject : screen;
      data.set([r, g, b, 255], (y * width + x) * 4);
    }
  }
  return { data, width, height };
}

const skin: Rgb = [224, 172, 140];
/** Three frames of a phone clip on a green screen: the screen's shade drifts a little between them. */
const greenClip = [frame([52, 178, 74], skin), frame([48, 182, 70], skin), frame([56, 174, 80], skin)];
const coreKey = (frames: readonly RgbaFrame[]) =>
  screenKeyOf(frames.map((f) => chromaFrameOfRgba(f.data, f.width, f.height)));

describe("screenKeyOfRgba (core's screenKeyOf on a canvas's pixels)", () => {
  it("finds core's key for a clip on a green screen", () => {
    const key = screenKeyOfRgba(greenClip);
    expect(key).not.toBeNull();
    expect(key).toEqual(coreKey(greenClip));
    expect(key?.screen).toBe("green");
  });

  it("finds a blue screen as blue", () => {
    const blueClip = [frame([30, 70, 200], skin), frame([34, 72, 204], skin)];
    const key = screenKeyOfRgba(blueClip);
    expect(key).toEqual(coreKey(blueClip));
    expect(key?.screen).toBe("blue");
  });

  it("finds no screen on a clip that was not filmed on one, or without frames", () => {
    expect(screenKeyOfRgba([frame([128, 120, 110], skin)])).toBeNull();
    expect(screenKeyOfRgba([])).toBeNull();
  });
});

describe("the sample the preview takes (as the upload check and the render take it)", () => {
  it("is the first frame of each third of the clip", () => {
    expect(SCREEN_SAMPLE.frames).toBe(3);
    expect(sampleTimes(9)).toEqual([0, 3, 6]);
    expect(sampleTimes(1.5)).toEqual([0, 0.5, 1]);
    // A clip whose length the browser does not know: its first frame.
    expect(sampleTimes(Number.POSITIVE_INFINITY)).toEqual([0]);
    expect(sampleTimes(Number.NaN)).toEqual([0]);
  });

  it("is 96 pixels wide, its height in proportion", () => {
    expect(sampleSize(1920, 1080)).toEqual({ width: 96, height: 54 });
    expect(sampleSize(1080, 1920)).toEqual({ width: 96, height: 171 });
    expect(sampleSize(4096, 16)).toEqual({ width: 96, height: 2 });
  });
});

/** A video element with a picture of `width` x `height` and `duration`, which seeks at once. */
function fakeVideo(video: HTMLVideoElement, { width = 1920, height = 1080, duration = 9 } = {}) {
  const seeks: number[] = [];
  Object.defineProperty(video, "videoWidth", { value: width });
  Object.defineProperty(video, "videoHeight", { value: height });
  Object.defineProperty(video, "duration", { value: duration });
  Object.defineProperty(video, "currentTime", {
    get: () => seeks.at(-1) ?? 0,
    set: (time: number) => {
      seeks.push(time);
      setTimeout(() => video.dispatchEvent(new Event("seeked")), 0);
    },
  });
  return seeks;
}

/** A 2D canvas that hands out `frames` in turn, one for each getImageData. */
function fakeCanvas(frames: readonly RgbaFrame[]) {
  let next = 0;
  const ctx = {
    drawImage: vi.fn(),
    getImageData: vi.fn(() => ({ data: frames[Math.min(next++, frames.length - 1)]?.data })),
  };
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(ctx as unknown as CanvasRenderingContext2D);
  return ctx;
}

describe("sampleFrames", () => {
  afterEach(() => vi.restoreAllMocks());

  it("seeks to each sample time, draws the frame 96 px wide and reads it back", async () => {
    const ctx = fakeCanvas(greenClip);
    const video = document.createElement("video");
    const seeks = fakeVideo(video);
    const frames = await sampleFrames(video, new AbortController().signal);
    expect(seeks).toEqual([0, 3, 6]);
    expect(ctx.drawImage).toHaveBeenCalledTimes(3);
    expect(ctx.drawImage).toHaveBeenCalledWith(video, 0, 0, 96, 54);
    expect(ctx.getImageData).toHaveBeenCalledWith(0, 0, 96, 54);
    expect(screenKeyOfRgba(frames)).toEqual(coreKey(greenClip));
  });
});

describe("useScreenKey", () => {
  afterEach(() => {
    // Unmounted first, so the search it aborts still finds the fakes.
    cleanup();
    vi.restoreAllMocks();
  });

  /** Every video the hook makes is a fake one; returns them as they are made. */
  function captureVideos() {
    const videos: HTMLVideoElement[] = [];
    const create = document.createElement.bind(document);
    vi.spyOn(document, "createElement").mockImplementation(((tag: string, options?: ElementCreationOptions) => {
      const element = create(tag, options);
      if (element instanceof HTMLVideoElement) {
        fakeVideo(element);
        videos.push(element);
      }
      return element;
    }) as typeof document.createElement);
    vi.spyOn(HTMLMediaElement.prototype, "load").mockReturnValue(undefined);
    return videos;
  }

  it("is idle without a clip", () => {
    const { result } = renderHook(() => useScreenKey(null));
    expect(result.current).toEqual({ status: "idle" });
  });

  it("finds the clip's key once its first frame loads, and starts again for another clip", async () => {
    fakeCanvas(greenClip);
    const videos = captureVideos();
    const { result, rerender } = renderHook((source) => useScreenKey(source), {
      initialProps: { id: "clip-1", url: "/media/clip-1.mp4" },
    });
    expect(result.current).toEqual({ status: "finding" });
    expect(videos[0]?.getAttribute("src")).toBe("/media/clip-1.mp4");
    expect(videos[0]?.crossOrigin).toBe("anonymous");
    act(() => {
      videos[0]?.dispatchEvent(new Event("loadeddata"));
    });
    await waitFor(() => expect(result.current.status).toBe("found"));
    expect(result.current).toEqual({ status: "found", key: coreKey(greenClip) });

    // A new signed URL for the same clip finds nothing again; another clip does.
    rerender({ id: "clip-1", url: "/media/clip-1.mp4?sig=2" });
    expect(result.current.status).toBe("found");
    expect(videos).toHaveLength(1);
    rerender({ id: "clip-2", url: "/media/clip-2.mp4" });
    expect(result.current).toEqual({ status: "finding" });
    expect(videos).toHaveLength(2);
  });

  it("says so when the clip has no screen, or cannot be read", async () => {
    fakeCanvas([frame([128, 120, 110], skin)]);
    const videos = captureVideos();
    const { result, rerender } = renderHook((source) => useScreenKey(source), {
      initialProps: { id: "plain", url: "/media/plain.mp4" },
    });
    act(() => {
      videos[0]?.dispatchEvent(new Event("loadeddata"));
    });
    await waitFor(() => expect(result.current).toEqual({ status: "none" }));

    rerender({ id: "broken", url: "/media/broken.mp4" });
    act(() => {
      videos[1]?.dispatchEvent(new Event("error"));
    });
    await waitFor(() => expect(result.current).toEqual({ status: "failed" }));
  });
});
