import {
  type Catalog,
  FILE_ACCEPT,
  greenScreenInputSchema,
  messages,
  NO_MUSIC,
  type UserFile,
  type Video,
} from "@reelsmith/core";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { draftStorageKey } from "@/components/builder/use-builder-draft";
import { builderSchema } from "@/components/builder/use-generate-flow";
import { FakeUpload } from "@/test/fake-upload";
import { jsonResponse, mockApi, renderWithRouter, testAccount } from "@/test/render";
import { testVideo } from "@/test/video";
import { GreenScreenBuilder, type GreenScreenDraft, greenScreenBuilder } from "./green-screen-builder";

const memes = Array.from({ length: 33 }, (_, i) => ({
  id: `meme-${i + 1}`,
  title: `Meme ${i + 1}`,
  thumbnailUrl: `/memes/meme-${i + 1}.jpg`,
  videoUrl: `/memes/meme-${i + 1}.mp4`,
  durationS: 3,
}));

const catalog: Catalog = {
  captionStyles: [],
  voices: [],
  backgrounds: [],
  music: [
    { id: NO_MUSIC, name: "No music", mood: null, genre: null, bpm: null, url: null, durationS: null },
    { id: "lofi", name: "Lofi Sunrise", mood: "calm", genre: "lofi", bpm: 80, url: "/m/lofi.mp3", durationS: 60 },
  ],
  memes,
  asmr: [],
  dreamscape: [],
  textHookStyles: [],
};

const picture: UserFile = {
  id: "0b6b8c8e-3d5f-4a8e-9a51-2f1f3c0c9a11",
  original_filename: "beach.png",
  type: "green-screen",
  mime_type: "image/png",
  size: 204_800,
  created_at: "2026-03-02T10:00:00.000Z",
  url: "/media/beach.png",
};
const clip: UserFile = {
  ...picture,
  id: "1c7c9d9f-4e60-4b9f-8b62-3f2f4d1d0b22",
  original_filename: "city.mp4",
  mime_type: "video/mp4",
  url: "/media/city.mp4",
};

/** A creator's own clip, filmed on a green screen. */
const ownClip: UserFile = {
  ...picture,
  id: "3e9ebf1b-6a82-4db1-8d84-5b4b6f3f2d44",
  original_filename: "dance.mp4",
  type: "meme-clip",
  mime_type: "video/mp4",
  url: "/media/dance.mp4",
};

/** The server's answer to a new video (the fields a list row has, in their first state). */
function createdVideo(created: { id: string; type: string; status: string; progress: number; stage: null }) {
  return testVideo({
    ...(created as Partial<Video>),
    title: "Green Screen Meme - me at 3am",
    created_at: "2026-03-02T10:00:00.000Z",
  });
}

/** A saved draft that uses the creator's own clip as its meme. */
function saveOwnClipDraft() {
  sessionStorage.setItem(
    key,
    JSON.stringify({
      text_hook: "me at 3am",
      selected_meme: null,
      meme_file_id: ownClip.id,
      background_file_id: picture.id,
    }),
  );
}

const key = draftStorageKey("green-screen", testAccount.user.id);
const saved = () => JSON.parse(sessionStorage.getItem(key) ?? "{}") as Partial<GreenScreenDraft>;
const button = (name: string | RegExp) => screen.getByRole("button", { name });

function mockBuilderApi({
  ai = false,
  overrides = {},
}: {
  ai?: boolean;
  overrides?: Record<string, (() => Response) | (() => Response)[]>;
}) {
  return mockApi({
    "/api/catalog": () => jsonResponse(200, catalog),
    "/api/files?type=green-screen": () => jsonResponse(200, { items: [picture, clip] }),
    "/api/files?type=meme-clip": () => jsonResponse(200, { items: [ownClip] }),
    "/api/capabilities": () =>
      jsonResponse(200, {
        ai: { enabled: ai, model: ai ? "m" : null },
        tts: { provider: "offline" },
        storage: "local",
      }),
    ...overrides,
  });
}

describe("Green Screen Memes builder", () => {
  beforeEach(() => {
    // jsdom draws nothing: the preview says so instead of showing a blank box.
    vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(null);
    // Nor does it play media.
    vi.spyOn(HTMLMediaElement.prototype, "play").mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, "pause").mockReturnValue(undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it("is one screen covering every field of the green-screen input schema", () => {
    expect(builderSchema(greenScreenBuilder)).toBe(greenScreenInputSchema);
    // The meme is a library clip or the creator's own, both fields of the one step.
    expect(Object.keys(greenScreenInputSchema.shape)).toContain("meme_file_id");
    expect(greenScreenBuilder.steps).toHaveLength(1);
    expect([...(greenScreenBuilder.steps[0]?.fields ?? [])].sort()).toEqual(
      Object.keys(greenScreenInputSchema.shape).sort(),
    );
    expect(greenScreenBuilder.messages.incomplete).toBe("Please complete all required steps.");
  });

  it("colours the caption counter yellow at 125 and red at 140", async () => {
    mockBuilderApi({});
    const user = userEvent.setup();
    renderWithRouter(<GreenScreenBuilder account={testAccount} />);
    const caption = await screen.findByLabelText("Caption");
    const counter = screen.getByTestId("caption-counter");
    for (const [length, tone, colour] of [
      [124, "normal", "text-muted-foreground"],
      [125, "warning", "text-warning"],
      [139, "warning", "text-warning"],
      [140, "danger", "text-destructive"],
    ] as const) {
      await user.clear(caption);
      await user.click(caption);
      await user.paste("a".repeat(length));
      expect(counter.textContent).toBe(`${length}/150`);
      expect(counter.dataset.tone).toBe(tone);
      expect(counter.className).toContain(colour);
    }
    // At most 150 characters.
    await user.paste("b".repeat(40));
    expect((caption as HTMLTextAreaElement).value).toHaveLength(150);
  });

  it("pages the memes 8 at a time over 5 pages, wrapping both ways", async () => {
    mockBuilderApi({});
    const user = userEvent.setup();
    renderWithRouter(<GreenScreenBuilder account={testAccount} />);
    const group = await screen.findByRole("radiogroup", { name: "Meme" });
    expect(within(group).getAllByRole("radio")).toHaveLength(8);
    expect(screen.getByTestId("meme-page").textContent).toBe("Page 1 of 5");
    await user.click(button("Previous"));
    expect(screen.getByTestId("meme-page").textContent).toBe("Page 5 of 5");
    expect(
      within(group)
        .getAllByRole("radio")
        .map((r) => r.getAttribute("aria-label")),
    ).toEqual(["Meme 33"]);
    await user.click(within(group).getByRole("radio", { name: "Meme 33" }));
    expect(saved().selected_meme).toBe("meme-33");
    await user.click(button("Next"));
    expect(screen.getByTestId("meme-page").textContent).toBe("Page 1 of 5");
    expect(within(group).getAllByRole("radio")).toHaveLength(8);
    expect(screen.getByText("Meme 33", { selector: "span.font-medium" })).toBeTruthy();
  });

  it("turns AI writing off with the reason when the server has no model", async () => {
    mockBuilderApi({});
    renderWithRouter(<GreenScreenBuilder account={testAccount} />);
    await screen.findByLabelText("Caption");
    const write = button("Write with AI");
    expect(write).toHaveProperty("disabled", true);
    // The reason, in words for a creator (no setting names).
    const user = userEvent.setup();
    await user.hover(write.parentElement as HTMLElement);
    expect((await screen.findAllByText(messages.ai.notEnabled)).length).toBeGreaterThan(0);
    expect(messages.ai.notEnabled).not.toMatch(/LLM_|[A-Z]{3,}_/);
  });

  it("writes a caption from a prompt, asking for the prompt first and saying when it fails", async () => {
    mockBuilderApi({
      ai: true,
      overrides: {
        "POST /api/ai/caption": vi
          .fn()
          .mockReturnValueOnce(jsonResponse(200, { text_hook: "when the wifi drops mid-game" }))
          .mockReturnValue(jsonResponse(503, { code: "AI_UNAVAILABLE", message: "No.", requestId: "r" })),
      },
    });
    const user = userEvent.setup();
    renderWithRouter(<GreenScreenBuilder account={testAccount} />);
    await waitFor(() => expect(button("Write with AI")).toHaveProperty("disabled", false));
    await user.click(button("Write with AI"));
    expect(await screen.findByText(messages.greenScreen.promptRequired)).toBeTruthy();

    await user.type(screen.getByLabelText("Or let AI write it"), "gaming fails");
    await user.click(button("Write with AI"));
    expect(await screen.findByText(messages.greenScreen.captionGenerated)).toBeTruthy();
    expect((screen.getByLabelText("Caption") as HTMLTextAreaElement).value).toBe("when the wifi drops mid-game");

    await user.click(button("Write with AI"));
    expect(await screen.findByText(messages.greenScreen.captionFailed)).toBeTruthy();
  });

  it("shows each library background with a thumbnail: a picture, or a video's first frame", async () => {
    mockBuilderApi({});
    renderWithRouter(<GreenScreenBuilder account={testAccount} />);
    const image = await screen.findByRole("radio", { name: /beach\.png/ });
    expect(image.querySelector("img")?.getAttribute("src")).toBe("/media/beach.png");
    const video = screen.getByRole("radio", { name: /city\.mp4/ }).querySelector("video");
    expect(video?.getAttribute("src")).toBe("/media/city.mp4#t=0.1");
    expect(video?.muted).toBe(true);
  });

  it("waits for a caption, a meme and a background, then opens the upgrade prompt under 6 credits", async () => {
    mockBuilderApi({});
    const user = userEvent.setup();
    renderWithRouter(<GreenScreenBuilder account={{ ...testAccount, credits: 5 }} />);
    const generate = await screen.findByRole("button", { name: "Generate Video · 6 credits" });
    expect(generate).toHaveProperty("disabled", true);
    // Without WebGL or a 2D canvas the preview says so (never a blank box).
    expect(await screen.findByText(/live preview is not available/)).toBeTruthy();

    await user.type(screen.getByLabelText("Caption"), "me at 3am");
    await user.click(screen.getByRole("radio", { name: "Meme 2" }));
    expect(generate).toHaveProperty("disabled", true);
    await user.click(screen.getByRole("radio", { name: /beach\.png/ }));
    expect(generate).toHaveProperty("disabled", false);

    await user.click(generate);
    const dialog = await screen.findByRole("dialog", { name: messages.credits.insufficientTitle });
    expect(within(dialog).getByTestId("credits-required").textContent).toBe("6");
    expect(within(dialog).getByTestId("credits-current").textContent).toBe("5");
    await user.click(within(dialog).getByRole("button", { name: messages.subscription.upgradePlan }));
  });

  it("sends the draft with the song and the meme's place", async () => {
    const created = { id: "v9", type: "green-screen", status: "processing", progress: 0, stage: null };
    const fetchMock = mockBuilderApi({
      overrides: {
        "POST /api/videos": () => jsonResponse(201, createdVideo(created)),
        "/api/videos/v9": () => jsonResponse(200, { ...created, stage: "Rendering" }),
      },
    });
    sessionStorage.setItem(
      key,
      JSON.stringify({
        text_hook: "me at 3am",
        selected_meme: "meme-2",
        background_file_id: picture.id,
        meme_transform: { x: 0.4, y: 0.6, scale: 1.2 },
      }),
    );
    const user = userEvent.setup();
    renderWithRouter(<GreenScreenBuilder account={testAccount} />);
    await user.click(await screen.findByRole("radio", { name: /Lofi Sunrise/ }));
    await user.click(button("Generate Video · 6 credits"));
    expect((await screen.findAllByText(messages.videos.creationStartedTitle)).length).toBeGreaterThan(0);
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      type: "green-screen",
      input: {
        text_hook: "me at 3am",
        selected_meme: "meme-2",
        background_file_id: picture.id,
        song: "lofi",
        meme_transform: { x: 0.4, y: 0.6, scale: 1.2 },
        language: "english",
      },
    });
  });

  it("cuts own footage where the creator moves the 9:16 window, and sends that crop", async () => {
    const footage: UserFile = {
      ...clip,
      id: "2d8dae0a-5f71-4ca0-9c73-4a3a5e2e1c33",
      original_filename: "skate.mov",
      type: "background-video",
      mime_type: "video/quicktime",
      url: "/media/skate.mov",
    };
    const created = { id: "v10", type: "green-screen", status: "processing", progress: 0, stage: null };
    const fetchMock = mockBuilderApi({
      overrides: {
        "/api/files?type=background-video": () => jsonResponse(200, { items: [footage] }),
        "POST /api/videos": () => jsonResponse(201, createdVideo(created)),
        "/api/videos/v10": () => jsonResponse(200, { ...created, stage: "Rendering" }),
      },
    });
    sessionStorage.setItem(key, JSON.stringify({ text_hook: "me at 3am", selected_meme: "meme-2" }));
    const user = userEvent.setup();
    renderWithRouter(<GreenScreenBuilder account={testAccount} />);
    await user.click(await screen.findByRole("button", { name: "Your footage" }));
    // No window to move before a clip is chosen.
    expect(screen.queryByRole("slider", { name: "Part of your footage in the frame" })).toBeNull();
    await user.click(await screen.findByRole("radio", { name: /skate\.mov/ }));
    expect(saved().background_crop).toEqual({ x: 0.5 });
    const slider = await screen.findByRole("slider", { name: "Part of your footage in the frame" });
    const video = slider.parentElement?.querySelector("video") as HTMLVideoElement;
    expect(video.getAttribute("src")).toBe("/media/skate.mov");
    Object.defineProperty(video, "videoWidth", { value: 1920 });
    Object.defineProperty(video, "videoHeight", { value: 1080 });
    fireEvent.loadedMetadata(video);
    fireEvent.keyDown(slider, { key: "ArrowLeft", shiftKey: true });
    fireEvent.keyDown(slider, { key: "ArrowLeft", shiftKey: true });
    expect(saved().background_crop).toEqual({ x: 0.3 });
    expect(slider.getAttribute("aria-valuenow")).toBe("30");

    await user.click(button("Generate Video · 6 credits"));
    expect((await screen.findAllByText(messages.videos.creationStartedTitle)).length).toBeGreaterThan(0);
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      type: "green-screen",
      input: {
        text_hook: "me at 3am",
        selected_meme: "meme-2",
        background_file_id: footage.id,
        background_crop: { x: 0.3 },
        song: NO_MUSIC,
        language: "english",
      },
    });
  });

  it("drops the crop when a picture is chosen instead", async () => {
    mockBuilderApi({});
    sessionStorage.setItem(
      key,
      JSON.stringify({ text_hook: "me at 3am", selected_meme: "meme-2", background_crop: { x: 0.3 } }),
    );
    const user = userEvent.setup();
    renderWithRouter(<GreenScreenBuilder account={testAccount} />);
    await user.click(await screen.findByRole("radio", { name: /beach\.png/ }));
    expect(saved()).toMatchObject({ background_file_id: picture.id, background_crop: null });
  });

  it("switches the meme between the library and the creator's own clip, clearing the other", async () => {
    mockBuilderApi({});
    const user = userEvent.setup();
    renderWithRouter(<GreenScreenBuilder account={testAccount} />);
    const library = await screen.findByRole("button", { name: "Library" });
    const own = button("Your clip");
    expect(library.getAttribute("aria-pressed")).toBe("true");
    expect(within(screen.getByRole("group", { name: "Meme source" })).getAllByRole("button")).toHaveLength(2);
    await user.click(await screen.findByRole("radio", { name: "Meme 2" }));
    expect(saved()).toMatchObject({ selected_meme: "meme-2", meme_file_id: null });

    await user.click(own);
    expect(own.getAttribute("aria-pressed")).toBe("true");
    expect(screen.queryByRole("radiogroup", { name: "Meme" })).toBeNull();
    expect(screen.getByText("Upload your own green-screen clip")).toBeTruthy();
    expect(screen.getByText("MP4, MOV or WebM on a green or blue screen · 1 s to 1 min · up to 100 MB")).toBeTruthy();
    const row = await screen.findByRole("radio", { name: /dance\.mp4/ });
    expect(row.querySelector("video")?.getAttribute("src")).toBe("/media/dance.mp4#t=0.1");
    await user.click(row);
    expect(saved()).toMatchObject({ selected_meme: null, meme_file_id: ownClip.id });

    await user.click(library);
    await user.click(await screen.findByRole("radio", { name: "Meme 3" }));
    expect(saved()).toMatchObject({ selected_meme: "meme-3", meme_file_id: null });
  });

  it("opens on the creator's clip when the draft has one, and removing it leaves no meme", async () => {
    const fetchMock = mockBuilderApi({
      overrides: {
        "/api/files?type=meme-clip": [
          () => jsonResponse(200, { items: [ownClip] }),
          () => jsonResponse(200, { items: [] }),
        ],
        [`DELETE /api/files/${ownClip.id}`]: () => new Response(null, { status: 204 }),
      },
    });
    saveOwnClipDraft();
    const user = userEvent.setup();
    renderWithRouter(<GreenScreenBuilder account={testAccount} />);
    expect((await screen.findByRole("button", { name: "Your clip" })).getAttribute("aria-pressed")).toBe("true");
    const generate = button("Generate Video · 6 credits");
    expect(generate).toHaveProperty("disabled", false);
    await user.click(await screen.findByRole("button", { name: "Delete dance.mp4" }));
    await waitFor(() => expect(saved().meme_file_id).toBeNull());
    expect(saved().selected_meme).toBeNull();
    expect(generate).toHaveProperty("disabled", true);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(true);
  });

  it("uploads the creator's clip and sends it as meme_file_id, without a library meme", async () => {
    const created = { id: "v11", type: "green-screen", status: "processing", progress: 0, stage: null };
    const fetchMock = mockBuilderApi({
      overrides: {
        "/api/files?type=meme-clip": [
          () => jsonResponse(200, { items: [] }),
          () => jsonResponse(200, { items: [ownClip] }),
        ],
        "POST /api/videos": () => jsonResponse(201, createdVideo(created)),
        "/api/videos/v11": () => jsonResponse(200, { ...created, stage: "Rendering" }),
      },
    });
    vi.stubGlobal("XMLHttpRequest", FakeUpload);
    sessionStorage.setItem(
      key,
      JSON.stringify({ text_hook: "me at 3am", selected_meme: "meme-2", background_file_id: picture.id }),
    );
    const user = userEvent.setup();
    const view = renderWithRouter(<GreenScreenBuilder account={testAccount} />);
    await user.click(await screen.findByRole("button", { name: "Your clip" }));
    const input = view.container.querySelector<HTMLInputElement>('input[type="file"][accept*=".webm"]');
    expect(input?.accept).toBe(FILE_ACCEPT["meme-clip"]);
    await user.upload(input as HTMLInputElement, new File(["clip"], "dance.mp4", { type: "video/mp4" }));
    expect(FakeUpload.last?.url).toBe("/api/files?type=meme-clip");
    FakeUpload.last?.finish(201, ownClip);
    await waitFor(() => expect(saved()).toMatchObject({ selected_meme: null, meme_file_id: ownClip.id }));

    await user.click(button("Generate Video · 6 credits"));
    expect((await screen.findAllByText(messages.videos.creationStartedTitle)).length).toBeGreaterThan(0);
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    const body = JSON.parse(String(post?.[1]?.body));
    expect(body).toEqual({
      type: "green-screen",
      input: {
        text_hook: "me at 3am",
        selected_meme: null,
        meme_file_id: ownClip.id,
        background_file_id: picture.id,
        song: NO_MUSIC,
        language: "english",
      },
    });
    expect(greenScreenInputSchema.safeParse(body.input).success).toBe(true);
  });

  it("shows the server's refusal of the creator's clip under the Meme part", async () => {
    mockBuilderApi({
      overrides: {
        "POST /api/videos": () =>
          jsonResponse(422, {
            code: "VALIDATION_ERROR",
            message: messages.files.memeClipNoScreen,
            requestId: "r1",
            field: "input.meme_file_id",
          }),
      },
    });
    saveOwnClipDraft();
    const user = userEvent.setup();
    renderWithRouter(<GreenScreenBuilder account={testAccount} />);
    await user.click(await screen.findByRole("button", { name: "Generate Video · 6 credits" }));
    const part = screen.getByRole("heading", { name: "Meme", level: 3 }).closest("section") as HTMLElement;
    expect(await within(part).findByText(messages.files.memeClipNoScreen)).toBeTruthy();
  });
});
