import type { ShowcaseClip } from "@reelsmith/core";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { marqueeDurationSeconds } from "../lib/marquee";
import { restingIndex } from "../lib/preview-carousel";
import { ClipCarousel } from "./clip-carousel";
import { MobilePreview, PreviewCarousel } from "./preview-carousel";

const clip = (id: string, views = 1000): ShowcaseClip => ({
  id,
  title: `Clip ${id}`,
  type: "reddit",
  views,
  src: `/showcase/${id}.mp4`,
  poster: `/showcase/${id}.webp`,
  durationS: 6,
  width: 540,
  height: 960,
});
const CLIPS = [clip("a"), clip("b"), clip("c")];

let play: ReturnType<typeof vi.fn>;
let pause: ReturnType<typeof vi.fn>;
let visible: (() => void) | undefined;

beforeEach(() => {
  play = vi.fn(function (this: HTMLVideoElement) {
    return Promise.resolve();
  });
  pause = vi.fn();
  vi.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(play as unknown as () => Promise<void>);
  vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(pause as unknown as () => void);
  // The carousel only plays once it is on screen: this observer reports "visible" when told to.
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe() {
        visible = () =>
          this.callback(
            [{ isIntersecting: true } as IntersectionObserverEntry],
            this as unknown as IntersectionObserver,
          );
      }
      disconnect() {}
    },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  visible = undefined;
});

const cards = () => within(screen.getByTestId("preview-carousel")).getAllByRole("button");
const active = () => cards().findIndex((c) => c.getAttribute("aria-pressed") === "true");
const playedSources = () => play.mock.contexts.map((v) => (v as HTMLVideoElement).getAttribute("src"));

describe("preview carousel", () => {
  it("rests on the middle card", () => {
    expect(restingIndex(3)).toBe(1);
    expect(restingIndex(1)).toBe(0);
    render(<PreviewCarousel clips={CLIPS} />);
    expect(active()).toBe(1);
  });

  it("plays nothing until it is on screen, then the middle card", () => {
    render(<PreviewCarousel clips={CLIPS} />);
    expect(document.querySelector("video")).toBeNull();
    act(() => visible?.());
    expect(playedSources()).toEqual(["/showcase/b.mp4"]);
  });

  it("activates a card on hover, focus or click, plays it from the start and pauses the others", () => {
    render(<PreviewCarousel clips={CLIPS} />);
    act(() => visible?.());
    fireEvent.mouseEnter(cards()[0] as HTMLElement);
    expect(active()).toBe(0);
    expect(playedSources().at(-1)).toBe("/showcase/a.mp4");
    const first = document.querySelector<HTMLVideoElement>('video[src="/showcase/a.mp4"]');
    expect(first?.currentTime).toBe(0);
    expect(pause.mock.contexts.map((v) => (v as HTMLVideoElement).getAttribute("src"))).toContain("/showcase/b.mp4");

    fireEvent.focus(cards()[2] as HTMLElement);
    expect(active()).toBe(2);
    expect(playedSources().at(-1)).toBe("/showcase/c.mp4");

    fireEvent.click(cards()[0] as HTMLElement);
    expect(active()).toBe(0);
  });

  it("returns to the middle card when the pointer leaves", () => {
    render(<PreviewCarousel clips={CLIPS} />);
    fireEvent.mouseEnter(cards()[2] as HTMLElement);
    expect(active()).toBe(2);
    fireEvent.mouseLeave(screen.getByTestId("preview-carousel"));
    expect(active()).toBe(1);
  });

  it("on mobile shows a poster that starts a muted, looping video when clicked", () => {
    render(<MobilePreview clip={clip("m")} />);
    const card = screen.getByTestId("mobile-preview");
    expect(document.querySelector("video")).toBeNull();
    expect(card.querySelector("img")?.getAttribute("src")).toBe("/showcase/m.webp");
    fireEvent.click(card);
    const video = document.querySelector("video");
    expect(video?.muted).toBe(true);
    expect(video?.loop).toBe(true);
    expect(playedSources()).toEqual(["/showcase/m.mp4"]);
  });
});

describe("clip carousel", () => {
  it("scrolls one loop at the spec's 140 px a second", () => {
    expect(marqueeDurationSeconds(2800, 140)).toBe(20);
    expect(() => marqueeDurationSeconds(100, 0)).toThrow();
  });

  it("shows every clip with its view count, once for people and once more (hidden) for the seamless loop", () => {
    const clips = Array.from({ length: 16 }, (_, i) => clip(`c${i}`, 12_400 + i));
    render(<ClipCarousel clips={clips} />);
    const buttons = screen.getAllByRole("button");
    expect(buttons).toHaveLength(16);
    expect(screen.getAllByText("12.4K views", { exact: false }).length).toBeGreaterThanOrEqual(16);
    expect(document.querySelectorAll("li[aria-hidden='true']")).toHaveLength(16);
  });

  it("stands still and scrolls by hand with reduced motion", () => {
    vi.stubGlobal("matchMedia", (query: string) => ({
      matches: query.includes("reduce"),
      addEventListener() {},
      removeEventListener() {},
    }));
    render(<ClipCarousel clips={CLIPS} />);
    expect(screen.getByRole("list").className).not.toContain("animate-marquee");
    expect(document.querySelectorAll("li")).toHaveLength(3);
  });
});
