import { messages, type Video } from "@reelsmith/core";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { jsonResponse, mockApi, renderWithRouter } from "@/test/render";
import { GeneratingScreen } from "./generating-screen";

const finished: Video = {
  id: "v1",
  title: "Reddit Story - maya - AITA?",
  type: "reddit",
  status: "finished",
  progress: 100,
  stage: null,
  error_message: null,
  cost: 6,
  refunded: 0,
  retryable: false,
  retry_blocked_reason: null,
  duration_s: 31,
  video_url: "/media/v1.mp4",
  thumbnail_url: null,
  download_url: "/media/v1.mp4?download=1",
  video_caption: null,
  created_at: "2026-11-20T10:00:00.000Z",
  finished_at: "2026-11-20T10:03:00.000Z",
};
const processing: Video = { ...finished, status: "processing", progress: 40, video_url: null, download_url: null };

describe("GeneratingScreen", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("leads to the Processing tab while the video is being made, without a Download", async () => {
    mockApi({ "/api/videos/v1": () => jsonResponse(200, processing) });
    renderWithRouter(<GeneratingScreen initial={processing} onAnother={() => {}} />);
    expect(screen.getByRole("link", { name: "Go to Finished Videos" }).getAttribute("href")).toBe(
      "/dashboard?tab=processing",
    );
    expect(screen.queryByRole("button", { name: "Download" })).toBeNull();
  });

  it("offers Download, the Finished tab and another video once the video is ready", async () => {
    const saved: string[] = [];
    // jsdom has no object URLs; the saved file's name is what the anchor carries.
    vi.stubGlobal(
      "URL",
      class extends URL {
        static override createObjectURL = () => "blob:v1";
        static override revokeObjectURL = () => {};
      },
    );
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    mockApi({
      "/api/videos/v1": () => jsonResponse(200, finished),
      "/media/v1.mp4?download=1": () => new Response(new Blob(["mp4"]), { status: 200 }),
    });
    const onAnother = vi.fn();
    const user = userEvent.setup();
    renderWithRouter(<GeneratingScreen initial={finished} onAnother={onAnother} />);

    expect(screen.getByRole("heading", { name: "Your video is ready" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to Finished Videos" }).getAttribute("href")).toBe(
      "/dashboard?tab=finished",
    );
    await user.click(screen.getByRole("button", { name: "Download" }));
    expect(await screen.findByText(messages.videos.downloaded)).toBeTruthy();
    expect(saved).toEqual(["Reddit Story - maya - AITA.mp4"]);

    await user.click(screen.getByRole("button", { name: "Make another" }));
    expect(onAnother).toHaveBeenCalledOnce();
  });

  it("leads a failed video to Finished Videos, where failed videos are listed apart", async () => {
    const failed: Video = { ...processing, status: "error", error_message: "The voice could not be made." };
    mockApi({ "/api/videos/v1": () => jsonResponse(200, failed) });
    renderWithRouter(<GeneratingScreen initial={failed} onAnother={() => {}} />);
    expect(screen.getByRole("heading", { name: "The video could not be made" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to Finished Videos" }).getAttribute("href")).toBe("/dashboard");
    expect(screen.queryByRole("button", { name: "Download" })).toBeNull();
  });

  it("says the download failed when the file cannot be fetched", async () => {
    mockApi({
      "/api/videos/v1": () => jsonResponse(200, finished),
      "/media/v1.mp4?download=1": () => new Response("gone", { status: 404 }),
    });
    const user = userEvent.setup();
    renderWithRouter(<GeneratingScreen initial={finished} onAnother={() => {}} />);
    await user.click(screen.getByRole("button", { name: "Download" }));
    expect(await screen.findByText(messages.videos.downloadFailedTitle)).toBeTruthy();
    expect(screen.getByText(messages.videos.downloadFailed)).toBeTruthy();
  });
});
