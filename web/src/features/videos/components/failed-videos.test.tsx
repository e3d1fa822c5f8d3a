import type { Video, VideoList } from "@reelsmith/core";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { Toaster } from "@/components/ui/sonner";
import { ThemeProvider } from "@/lib/theme";

import { FailedVideos } from "./failed-videos";

function failed(overrides: Partial<Video>): Video {
  return {
    id: crypto.randomUUID(),
    title: "Reddit Story - maya - AITA",
    type: "reddit",
    status: "error",
    progress: 40,
    stage: null,
    error_message: "The render stopped and could not be completed.",
    cost: 6,
    refunded: 6,
    retryable: true,
    retry_blocked_reason: null,
    duration_s: null,
    video_url: null,
    thumbnail_url: null,
    download_url: null,
    video_caption: null,
    created_at: "2026-11-20T10:00:00.000Z",
    finished_at: "2026-11-20T10:05:00.000Z",
    ...overrides,
  };
}

/** The server at the network boundary: the failed list, retry and delete, recording each call. */
function mockServer(initial: Video[]) {
  let items = initial;
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      const method = init?.method ?? "GET";
      calls.push(`${method} ${url.pathname}${url.search}`);
      const reply = (status: number, body?: unknown) =>
        new Response(body === undefined ? null : JSON.stringify(body), {
          status,
          headers: { "content-type": "application/json" },
        });
      const retry = /^\/api\/videos\/([^/]+)\/retry$/.exec(url.pathname);
      if (method === "POST" && retry) {
        const original = items.find((v) => v.id === retry[1]);
        items = items.filter((v) => v.id !== retry[1]);
        return reply(201, { ...original, id: crypto.randomUUID(), status: "processing", retryable: false });
      }
      const one = /^\/api\/videos\/([^/]+)$/.exec(url.pathname);
      if (method === "DELETE" && one) {
        items = items.filter((v) => v.id !== one[1]);
        return reply(204);
      }
      if (url.pathname === "/api/videos" && url.searchParams.get("group") === "failed") {
        const body: VideoList = {
          items,
          total: items.length,
          counts: { processing: 0, finished: 0, failed: items.length },
        };
        return reply(200, body);
      }
      return reply(200, {});
    }),
  );
  return calls;
}

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ThemeProvider>
      <QueryClientProvider client={client}>
        <FailedVideos userId="u_1" />
        <Toaster />
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

describe("the Failed section", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("retries a server failure only after the user confirms its cost", async () => {
    const video = failed({ title: "Lost worker", cost: 14, type: "ugc-ads" });
    const calls = mockServer([video]);
    renderSection();
    const row = await screen.findByRole("listitem", { name: "Lost worker" });
    expect(screen.getByRole("heading", { name: "Failed (1)" })).toBeTruthy();
    expect(within(row).getByText("The render stopped and could not be completed.")).toBeTruthy();
    expect(within(row).getByText("6 credits were returned to your balance.")).toBeTruthy();

    fireEvent.click(within(row).getByRole("button", { name: "Retry Lost worker" }));
    const dialog = await screen.findByRole("dialog", { name: "Make this video again?" });
    expect(within(dialog).getByText(/14 credits are charged again/)).toBeTruthy();
    // Cancel sends nothing.
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(calls.some((c) => c.startsWith("POST"))).toBe(false);

    fireEvent.click(within(row).getByRole("button", { name: "Retry Lost worker" }));
    fireEvent.click(await screen.findByRole("button", { name: "Retry for 14 credits" }));
    expect(await screen.findByText("The video is being made again.")).toBeTruthy();
    expect(calls).toContain(`POST /api/videos/${video.id}/retry`);
    await vi.waitFor(() => expect(screen.queryByRole("listitem", { name: "Lost worker" })).toBeNull());
  });

  it("explains why an input failure cannot be retried, and removes it after asking", async () => {
    const video = failed({
      title: "Undrawable",
      error_message: "The text has letters no caption font on this server can draw.",
      retryable: false,
      retry_blocked_reason: "This failure came from the video's own settings or files.",
    });
    const calls = mockServer([video]);
    renderSection();
    const row = await screen.findByRole("listitem", { name: "Undrawable" });
    expect(within(row).queryByRole("button", { name: /Retry/ })).toBeNull();
    expect(within(row).getByTestId("retry-blocked").textContent).toBe(
      "This failure came from the video's own settings or files.",
    );

    fireEvent.click(within(row).getByRole("button", { name: "Remove Undrawable" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove this failed video?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove" }));
    expect(await screen.findByText("Video removed")).toBeTruthy();
    expect(calls).toContain(`DELETE /api/videos/${video.id}`);
    // With none left the section is gone.
    await vi.waitFor(() => expect(screen.queryByTestId("failed-videos")).toBeNull());
  });
});
