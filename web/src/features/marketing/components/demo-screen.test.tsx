import type { ShowcaseClip } from "@reelsmith/core";
import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";

import { renderWithRouter } from "@/test/render";
import { DemoScreen } from "./demo-screen";

const clip = (id: string, type: ShowcaseClip["type"]): ShowcaseClip => ({
  id,
  title: `Clip ${id}`,
  type,
  views: 1000,
  src: `/showcase/${id}.mp4`,
  poster: `/showcase/${id}.jpg`,
  durationS: 12,
  width: 1080,
  height: 1920,
});

const clips = [clip("story", "reddit"), clip("ad", "ugc-ads"), clip("song", "text-hook")];

describe("/demo", () => {
  it("plays the videos the app made as a reel, one after another, and beside the chapter of their kind", async () => {
    renderWithRouter(<DemoScreen startHref="/auth?tab=signup" clips={clips} />);
    const player = screen.getByTestId<HTMLVideoElement>("demo-player");
    expect(player.getAttribute("src")).toBe("/showcase/story.mp4");
    fireEvent.ended(player);
    expect(screen.getByTestId("demo-player").getAttribute("src")).toBe("/showcase/ad.mp4");
    await userEvent.click(screen.getByRole("button", { name: "Play Clip song" }));
    expect(screen.getByTestId("demo-player").getAttribute("src")).toBe("/showcase/song.mp4");

    const chapters = screen.getAllByTestId("chapter-clip").map((v) => v.getAttribute("src"));
    // Reddit, UGC and music chapters have one of their kind; green screen and faceless have none here.
    expect(chapters).toEqual(["/showcase/story.mp4", "/showcase/ad.mp4", "/showcase/song.mp4"]);
    const start = screen.getAllByRole("link", { name: /Start Creating Now/ });
    for (const link of start) expect(link.getAttribute("href")).toBe("/auth?tab=signup");
  });

  it("is the outline alone before any video is made", () => {
    renderWithRouter(<DemoScreen startHref="/auth?tab=signup" />);
    expect(screen.queryByTestId("demo-player")).toBeNull();
    expect(screen.queryAllByTestId("chapter-clip")).toHaveLength(0);
  });
});
