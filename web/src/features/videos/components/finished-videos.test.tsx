import { SEARCH_DEBOUNCE_MS, type Video, type VideoList } from "@reelsmith/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

import { applyVideoEvent } from "@/lib/live/use-live-updates";

import { FinishedVideos } from "./finished-videos";

function video(overrides: Partial<Video>): Video {
  return {
    id: crypto.randomUUID(),
    title: "Reddit Story - maya - AITA",
    type: "reddit",
    status: "processing",
    progress: 0,
    stage: "Queued",
    error_message: null,
    cost: 6,
    refunded: 0,
    retryable: false,
    retry_blocked_reason: null,
    duration_s: null,
    video_url: null,
    thumbnail_url: null,
    download_url: null,
    video_caption: null,
    created_at: "2026-11-20T10:00:00.000Z",
    finished_at: null,
    ...overrides,
  };
}

/** Answers /api/videos from a list per group, recording every query string. */
function mockVideosApi(byGroup: Record<string, Video[]>, total?: number) {
  const queries: URLSearchParams[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), "http://localhost");
      queries.push(url.searchParams);
      const group = url.searchParams.get("group") ?? "processing";
      const items = byGroup[group] ?? [];
      const body: VideoList = {
        items,
        total: total ?? items.length,
        counts: {
          processing: (byGroup.processing ?? []).length,
          finished: (byGroup.finished ?? []).length,
          failed: (byGroup.failed ?? []).length,
        },
      };
      return new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
    }),
  );
  return queries;
}

function renderScreen(userId: string | null = "u_1") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const utils = render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <FinishedVideos userId={userId} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...utils, client };
}

describe("Finished Videos", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("shows tab counts and live progress with the stage", async () => {
    const rendering = video({ title: "Rendering one", progress: 42, stage: "Rendering" });
    const failed = video({ title: "Broken one", status: "error", refunded: 6 });
    mockVideosApi({ processing: [rendering], finished: [video({ status: "finished" })], failed: [failed] });
    const { client } = renderScreen();

    // Failed videos are not counted as processing: they have their own section.
    expect(await screen.findByRole("tab", { name: "Processing (1)" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Finished (1)" })).toBeTruthy();
    const card = screen.getByRole("article", { name: "Rendering one" });
    expect(within(card).getByText("Rendering")).toBeTruthy();
    expect(within(card).getByText("42%")).toBeTruthy();
    expect(within(card).getByText("This may take a few minutes.")).toBeTruthy();
    expect(screen.queryByRole("article", { name: "Broken one" })).toBeNull();

    act(() => {
      applyVideoEvent(client, {
        type: "video",
        id: rendering.id,
        status: "processing",
        progress: 77,
        stage: "Encoding",
      });
    });
    expect(await within(card).findByText("77%")).toBeTruthy();
    expect(within(card).getByText("Encoding")).toBeTruthy();
  });

  it("moves a video that finishes out of the Processing tab at once, before the lists reload", async () => {
    const rendering = video({ title: "Almost done", progress: 98, stage: "Rendering" });
    const server: Record<string, Video[]> = { processing: [rendering], finished: [] };
    mockVideosApi(server);
    const { client } = renderScreen();
    expect(await screen.findByRole("article", { name: "Almost done" })).toBeTruthy();

    // The server has finished it; the event arrives, and the reload it starts is held back.
    server.processing = [];
    server.finished = [{ ...rendering, status: "finished", progress: 100, stage: null }];
    const serve = globalThis.fetch;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let reloads = 0;
    vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
      reloads += 1;
      await held;
      return serve(input);
    });
    act(() => {
      applyVideoEvent(client, { type: "video", id: rendering.id, status: "finished", progress: 100, stage: null });
    });
    await vi.waitFor(() => expect(screen.queryByRole("article", { name: "Almost done" })).toBeNull());
    expect(screen.getByRole("tab", { name: "Processing (0)" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Finished (1)" })).toBeTruthy();
    expect(reloads).toBeGreaterThan(0);
    // The reload, once it answers, agrees.
    release();
    await act(async () => {
      await held;
    });
    expect(screen.getByRole("tab", { name: "Finished (1)" })).toBeTruthy();
    expect(screen.queryByRole("article", { name: "Almost done" })).toBeNull();
  });

  it("searches after 300 ms of quiet and starts again at the first page on search or sort", async () => {
    const many = Array.from({ length: 24 }, (_, i) => video({ title: `Story ${i}` }));
    const queries = mockVideosApi({ processing: many }, 60);
    renderScreen();
    await screen.findByRole("article", { name: "Story 0" });

    fireEvent.click(screen.getByRole("button", { name: /Next/ }));
    await vi.waitFor(() => expect(queries.at(-1)?.get("page")).toBe("1"));
    expect(screen.getByText("Page 2 of 3")).toBeTruthy();

    vi.useFakeTimers({ shouldAdvanceTime: true });
    const box = screen.getByRole("searchbox", { name: "Search videos by title" });
    fireEvent.change(box, { target: { value: "sto" } });
    fireEvent.change(box, { target: { value: "story" } });
    const before = queries.length;
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50);
    });
    expect(queries.slice(before).some((q) => q.get("search"))).toBe(false);
    await act(async () => {
      vi.advanceTimersByTime(100);
    });
    await vi.waitFor(() => {
      const last = queries.at(-1);
      expect(last?.get("search")).toBe("story");
      expect(last?.get("page")).toBe("0");
    });
    expect(queries.filter((q) => q.get("search") === "sto")).toHaveLength(0);
  });

  it("tells a signed-out visitor to sign in", () => {
    mockVideosApi({});
    renderScreen(null);
    expect(screen.getByText("Please sign in to view your videos.")).toBeTruthy();
  });
});
