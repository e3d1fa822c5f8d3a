import type { Video, VideoList } from "@reelsmith/core";
import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { renderWithRouter } from "@/test/render";

import { FinishedVideos } from "./finished-videos";

function video(title: string, status: Video["status"]): Video {
  return {
    id: title,
    title,
    type: "reddit",
    status,
    progress: status === "finished" ? 100 : 30,
    stage: null,
    error_message: null,
    cost: 6,
    refunded: 0,
    retryable: false,
    retry_blocked_reason: null,
    duration_s: status === "finished" ? 30 : null,
    video_url: status === "finished" ? `/media/${title}.mp4` : null,
    thumbnail_url: null,
    download_url: status === "finished" ? `/media/${title}.mp4?download=1` : null,
    video_caption: null,
    created_at: "2026-11-20T10:00:00.000Z",
    finished_at: null,
  };
}

/** Answers /api/videos from a list per group, recording the group of every request. */
function mockVideosApi(byGroup: Record<"processing" | "finished", Video[]>) {
  const groups: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), "http://localhost");
      const group = (url.searchParams.get("group") ?? "processing") as keyof typeof byGroup;
      groups.push(group);
      const items = byGroup[group] ?? [];
      const body: VideoList = {
        items,
        total: items.length,
        counts: { processing: byGroup.processing.length, finished: byGroup.finished.length, failed: 0 },
      };
      return new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
    }),
  );
  return groups;
}

describe("Finished Videos tabs in the address", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("opens on Finished when nothing is being made, and says so in the address", async () => {
    mockVideosApi({ processing: [video("Broken", "error")], finished: [video("Done", "finished")] });
    const { router } = renderWithRouter(<FinishedVideos userId="u_1" />, { path: "/dashboard" });
    expect(await screen.findByRole("article", { name: "Done" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Finished (1)" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.queryByText("Nothing is processing")).toBeNull();
    expect(router.state.location.search).toBe("?tab=finished");
    // The default replaced the bare address rather than adding a step to Back.
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("opens on Processing while a video is being made", async () => {
    mockVideosApi({ processing: [video("Rendering", "processing")], finished: [video("Done", "finished")] });
    const { router } = renderWithRouter(<FinishedVideos userId="u_1" />, { path: "/dashboard" });
    expect(await screen.findByRole("article", { name: "Rendering" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Processing (1)" }).getAttribute("aria-selected")).toBe("true");
    expect(router.state.location.search).toBe("?tab=processing");
  });

  it("follows ?tab= in a link, puts a clicked tab in the address, and Back returns to the tab before", async () => {
    const groups = mockVideosApi({
      processing: [video("Rendering", "processing")],
      finished: [video("Done", "finished")],
    });
    const { router } = renderWithRouter(<FinishedVideos userId="u_1" />, { path: "/dashboard?tab=finished" });
    expect(await screen.findByRole("article", { name: "Done" })).toBeTruthy();
    // A chosen tab needs no look at Processing first.
    expect(groups).toEqual(["finished"]);

    const processingTab = screen.getByRole("tab", { name: /Processing/ });
    fireEvent.mouseDown(processingTab);
    fireEvent.focus(processingTab);
    expect(await screen.findByRole("article", { name: "Rendering" })).toBeTruthy();
    expect(router.state.location.search).toBe("?tab=processing");
    expect(router.state.historyAction).toBe("PUSH");

    await act(() => router.navigate(-1));
    expect(await screen.findByRole("article", { name: "Done" })).toBeTruthy();
    expect(router.state.location.search).toBe("?tab=finished");
  });

  it("offers Download in the player", async () => {
    mockVideosApi({ processing: [], finished: [video("Done", "finished")] });
    renderWithRouter(<FinishedVideos userId="u_1" />, { path: "/dashboard?tab=finished" });
    fireEvent.click(await screen.findByRole("button", { name: "Play Done" }));
    const player = await screen.findByRole("dialog", { name: "Done" });
    expect(player.querySelector("video")?.getAttribute("src")).toBe("/media/Done.mp4");
    expect(screen.getByRole("button", { name: "Download" })).toBeTruthy();
  });
});
