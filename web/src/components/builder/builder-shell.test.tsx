import type { Account, Catalog } from "@reelsmith/core";
import { messages, undrawableTextMessage } from "@reelsmith/core";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, mockApi, renderWithRouter, testAccount } from "@/test/render";
import { testVideo } from "@/test/video";
import { type BuilderStepProps, defineBuilder } from "./builder-config";
import { BuilderShell } from "./builder-shell";
import { draftStorageKey } from "./use-builder-draft";

const catalog: Catalog = {
  captionStyles: [],
  voices: [],
  backgrounds: [],
  music: [],
  memes: [],
  asmr: [],
  dreamscape: [],
  textHookStyles: [],
};

interface Draft extends Record<string, unknown> {
  post_title: string;
  script: string;
  caption_style: string | null;
  background_video: string | null;
}

type Props = BuilderStepProps<Draft>;

/** A small builder of the reddit type: the schema decides when each step is complete. */
const config = defineBuilder<Draft>({
  type: "reddit",
  title: "Test Story",
  description: "A builder made of the kit.",
  defaults: { post_title: "", script: "", caption_style: null, background_video: null },
  messages: { incomplete: messages.reddit.incomplete, failedTitle: "Error", failed: messages.reddit.generateFailed },
  steps: [
    {
      label: "Words",
      hint: "Title and story.",
      fields: ["post_title", "script"],
      Component: ({ draft, patch, errors }: Props) => (
        <>
          <label>
            Title
            <input value={draft.post_title} onChange={(e) => patch({ post_title: e.target.value })} />
          </label>
          {errors.post_title ? <p role="alert">{errors.post_title}</p> : null}
          <label>
            Story
            <input value={draft.script} onChange={(e) => patch({ script: e.target.value })} />
          </label>
        </>
      ),
    },
    {
      label: "Look",
      hint: "Captions and footage.",
      fields: ["caption_style", "background_video"],
      Component: ({ patch }: Props) => (
        <button type="button" onClick={() => patch({ caption_style: "fire", background_video: "gta5" })}>
          Fire over GTA
        </button>
      ),
    },
    { label: "Sound", hint: "Music and voice.", fields: [], Component: () => <p>Defaults are fine.</p> },
  ],
});

const complete: Draft = {
  post_title: "AITA?",
  script: "It happened.",
  caption_style: "fire",
  background_video: "gta5",
};

const video = testVideo();

function renderShell(account: Account = testAccount) {
  return renderWithRouter(<BuilderShell config={config} account={account} />);
}

const button = (name: string | RegExp) => screen.getByRole("button", { name });

async function walkToLastStep(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByLabelText("Title");
  await user.click(button("Next"));
  await user.click(button("Next"));
}

describe("BuilderShell", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it("lets Next go on only from a complete step and opens steps only up to the furthest reached", async () => {
    mockApi({ "/api/catalog": () => jsonResponse(200, catalog) });
    const user = userEvent.setup();
    renderShell();
    await screen.findByLabelText("Title");
    expect(screen.getByText("6 credits per video")).toBeTruthy();
    expect(button("Back")).toHaveProperty("disabled", true);
    expect(button("Next")).toHaveProperty("disabled", true);
    expect(button(/Step 2/)).toHaveProperty("disabled", true);

    await user.type(screen.getByLabelText("Title"), "AITA?");
    expect(button("Next")).toHaveProperty("disabled", true);
    await user.type(screen.getByLabelText("Story"), "It happened.");
    await user.click(button("Next"));
    expect(screen.getByRole("heading", { level: 2, name: "Look" })).toBeTruthy();
    expect(button("Next")).toHaveProperty("disabled", true);
    expect(button(/Step 3/)).toHaveProperty("disabled", true);

    // Back to step 1: step 2 stays reachable (it was reached), step 3 does not (it never was).
    await user.click(button(/Step 1/));
    expect(screen.getByLabelText("Title")).toHaveProperty("value", "AITA?");
    expect(button(/Step 2/)).toHaveProperty("disabled", false);
    expect(button(/Step 3/)).toHaveProperty("disabled", true);
    await user.click(button(/Step 2/));
    await user.click(button("Fire over GTA"));
    await user.click(button("Next"));
    expect(screen.getByText("Defaults are fine.")).toBeTruthy();
    expect(button("Generate Video · 6 credits")).toHaveProperty("disabled", false);
    // The draft is kept per type and user for this tab.
    expect(JSON.parse(sessionStorage.getItem(draftStorageKey("reddit", testAccount.user.id)) ?? "{}")).toMatchObject(
      complete,
    );
  });

  it("opens the insufficient-credits dialog instead of calling the server when the balance is short", async () => {
    const fetchMock = mockApi({ "/api/catalog": () => jsonResponse(200, catalog) });
    sessionStorage.setItem(draftStorageKey("reddit", testAccount.user.id), JSON.stringify(complete));
    const user = userEvent.setup();
    renderShell({ ...testAccount, credits: 2 });
    await walkToLastStep(user);
    await user.click(button("Generate Video · 6 credits"));

    const dialog = await screen.findByRole("dialog", { name: messages.credits.insufficientTitle });
    expect(within(dialog).getByText(messages.credits.insufficientDialog)).toBeTruthy();
    expect(within(dialog).getByTestId("credits-required").textContent).toBe("6");
    expect(within(dialog).getByTestId("credits-current").textContent).toBe("2");
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
  });

  it("says 'Insufficient Credits' in a toast when the server refuses a spend the page thought affordable", async () => {
    mockApi({
      "/api/catalog": () => jsonResponse(200, catalog),
      "POST /api/videos": () =>
        jsonResponse(402, {
          code: "INSUFFICIENT_CREDITS",
          message: messages.credits.insufficientToast,
          requestId: "r1",
          required: 6,
          current: 4,
        }),
    });
    sessionStorage.setItem(draftStorageKey("reddit", testAccount.user.id), JSON.stringify(complete));
    const user = userEvent.setup();
    renderShell();
    await walkToLastStep(user);
    await user.click(button("Generate Video · 6 credits"));
    expect(await screen.findByText(messages.credits.insufficientToast)).toBeTruthy();
    expect(screen.getByText(messages.credits.insufficientTitle)).toBeTruthy();
    expect(screen.queryByRole("dialog", { name: messages.credits.insufficientTitle })).toBeNull();
    // The builder stays as it was, ready to try again once the balance allows.
    expect(button("Generate Video · 6 credits")).toHaveProperty("disabled", false);
  });

  it("creates the video, says so, clears the draft and shows the waiting screen", async () => {
    const fetchMock = mockApi({
      "/api/catalog": () => jsonResponse(200, catalog),
      "POST /api/videos": () => jsonResponse(201, video),
      "/api/videos/v1": () => jsonResponse(200, { ...video, progress: 40, stage: "Rendering" }),
    });
    sessionStorage.setItem(draftStorageKey("reddit", testAccount.user.id), JSON.stringify(complete));
    const user = userEvent.setup();
    renderShell();
    await walkToLastStep(user);
    await user.click(button("Generate Video · 6 credits"));

    expect((await screen.findAllByText(messages.videos.creationStartedTitle)).length).toBeGreaterThan(0);
    expect(await screen.findByText("Rendering")).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ type: "reddit", input: complete });
    await waitFor(() =>
      expect(JSON.parse(sessionStorage.getItem(draftStorageKey("reddit", testAccount.user.id)) ?? "{}")).toEqual(
        config.defaults,
      ),
    );
  });

  it("shows the builder's failure message when creation fails", async () => {
    mockApi({
      "/api/catalog": () => jsonResponse(200, catalog),
      "POST /api/videos": () => jsonResponse(500, { code: "INTERNAL", message: "boom", requestId: "r" }),
    });
    sessionStorage.setItem(draftStorageKey("reddit", testAccount.user.id), JSON.stringify(complete));
    const user = userEvent.setup();
    renderShell();
    await walkToLastStep(user);
    await user.click(button("Generate Video · 6 credits"));
    expect(await screen.findByText(messages.reddit.generateFailed)).toBeTruthy();
    // The user stays on the builder with the draft kept, to try again.
    expect(screen.getByText("Defaults are fine.")).toBeTruthy();
    expect(sessionStorage.getItem(draftStorageKey("reddit", testAccount.user.id))).toContain("AITA?");
  });

  it("shows the server's reason for a refused input, at the field it names, until that field changes", async () => {
    mockApi({
      "/api/catalog": () => jsonResponse(200, catalog),
      "POST /api/videos": () =>
        jsonResponse(400, {
          code: "VALIDATION_FAILED",
          message: messages.common.nulCharacter,
          requestId: "r",
          field: "input.post_title",
        }),
    });
    sessionStorage.setItem(draftStorageKey("reddit", testAccount.user.id), JSON.stringify(complete));
    const user = userEvent.setup();
    renderShell();
    await walkToLastStep(user);
    await user.click(button("Generate Video · 6 credits"));
    // The toast says the server's words, not the builder's generic failure.
    const toast = await screen.findByText(messages.common.nulCharacter, { selector: "[data-description]" });
    expect(toast).toBeTruthy();
    expect(screen.queryByText(messages.reddit.generateFailed)).toBeNull();
    // The step with the field opens, and the reason sits at the field.
    expect(await screen.findByRole("heading", { level: 2, name: "Words" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe(messages.common.nulCharacter);
    await user.type(screen.getByLabelText("Title"), " again");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("names letters the server's fonts cannot draw at their field as the creator types", async () => {
    // Latin, and Devanagari without its last letters: what this server's fonts would draw.
    mockApi({
      "/api/catalog": () => jsonResponse(200, catalog),
      "/api/catalog/text-coverage": () =>
        jsonResponse(200, {
          spans: [
            [0x20, 0x7e],
            [0x900, 0x930],
          ],
        }),
    });
    const user = userEvent.setup();
    renderShell();
    await user.type(await screen.findByLabelText("Title"), "AITA क");
    expect(screen.queryByRole("alert")).toBeNull();
    await user.type(screen.getByLabelText("Title"), "ह");
    expect((await screen.findByRole("alert")).textContent).toBe(undrawableTextMessage(["ह"]));
    await user.type(screen.getByLabelText("Title"), "{Backspace}");
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
  });

  it("shows the server's reason as the toast when it names no field, and stays on the step", async () => {
    mockApi({
      "/api/catalog": () => jsonResponse(200, catalog),
      "POST /api/videos": () =>
        jsonResponse(400, { code: "VALIDATION_FAILED", message: messages.files.notFound, requestId: "r" }),
    });
    sessionStorage.setItem(draftStorageKey("reddit", testAccount.user.id), JSON.stringify(complete));
    const user = userEvent.setup();
    renderShell();
    await walkToLastStep(user);
    await user.click(button("Generate Video · 6 credits"));
    expect(await screen.findByText(messages.files.notFound)).toBeTruthy();
    expect(screen.queryByText(messages.reddit.generateFailed)).toBeNull();
    expect(screen.getByText("Defaults are fine.")).toBeTruthy();
  });

  it("lets a builder keep Next and Generate enabled and say the schema's first message for what is missing", async () => {
    mockApi({ "/api/catalog": () => jsonResponse(200, catalog) });
    const user = userEvent.setup();
    renderWithRouter(
      <BuilderShell config={{ ...config, whenIncomplete: "toast-first-issue" }} account={testAccount} />,
    );
    await screen.findByLabelText("Title");
    expect(button("Next")).toHaveProperty("disabled", false);
    await user.click(button("Next"));
    // The reddit schema's own words for the first field of the step, not 'Missing information'.
    expect(await screen.findByText(messages.reddit.titleRequired)).toBeTruthy();
    expect(screen.queryByText(messages.videos.missingInformation)).toBeNull();
    expect(screen.getByRole("heading", { level: 2, name: "Words" })).toBeTruthy();
  });

  it("fills catalogue defaults into fields still at their plain default, and lets a route bring its own shortfall dialog", async () => {
    mockApi({
      "/api/catalog": () =>
        jsonResponse(200, {
          ...catalog,
          backgrounds: [
            {
              id: "gta5",
              title: "GTA",
              thumbnailUrl: "/t.jpg",
              videoUrl: "/v.mp4",
              durationS: 60,
              duration: "1:00",
              sizeMB: 9,
            },
          ],
        }),
    });
    sessionStorage.setItem(
      draftStorageKey("reddit", testAccount.user.id),
      JSON.stringify({ ...complete, background_video: null }),
    );
    const user = userEvent.setup();
    renderWithRouter(
      <BuilderShell
        config={{
          ...config,
          catalogDefaults: (c) => ({ background_video: c.backgrounds[0]?.id ?? null, caption_style: "bubble" }),
        }}
        account={{ ...testAccount, credits: 1 }}
        shortfallDialog={({ open, required, current }) =>
          open ? (
            <p role="alert">
              Top up: {required} needed, {current} left
            </p>
          ) : null
        }
      />,
    );
    await screen.findByLabelText("Title");
    await waitFor(() =>
      expect(JSON.parse(sessionStorage.getItem(draftStorageKey("reddit", testAccount.user.id)) ?? "{}")).toMatchObject({
        background_video: "gta5",
        // A field the user already chose keeps its value.
        caption_style: "fire",
      }),
    );
    await walkToLastStep(user);
    await user.click(button("Generate Video · 6 credits"));
    expect((await screen.findByRole("alert")).textContent).toBe("Top up: 6 needed, 1 left");
    expect(screen.queryByRole("dialog", { name: messages.credits.insufficientTitle })).toBeNull();
  });

  it("previews for free: asks the server with the draft, shows the preview's failure, and a refusal in its words", async () => {
    const preview = {
      id: "p1",
      type: "reddit",
      status: "queued",
      playlistUrl: null,
      durationS: null,
      cached: false,
      errorMessage: null,
      createdAt: "2026-01-01T00:00:00.000Z",
    };
    const fetchMock = mockApi({
      "/api/catalog": () => jsonResponse(200, catalog),
      "POST /api/video-previews": [
        () => jsonResponse(201, preview),
        () => jsonResponse(409, { code: "CONFLICT", message: messages.videos.previewBusy, requestId: "r2" }),
      ],
      "/api/video-previews/p1": () =>
        jsonResponse(200, { ...preview, status: "error", errorMessage: messages.videos.previewFailed }),
    });
    sessionStorage.setItem(draftStorageKey("reddit", testAccount.user.id), JSON.stringify(complete));
    const user = userEvent.setup();
    renderShell();
    await walkToLastStep(user);
    await user.click(button(/^Preview · free/));
    const panel = await screen.findByTestId("preview-panel");
    expect(await within(panel).findByText(messages.videos.previewFailed)).toBeTruthy();
    const asked = fetchMock.mock.calls.find(
      ([url, init]) => String(url).endsWith("/api/video-previews") && init?.method === "POST",
    );
    expect(JSON.parse(String(asked?.[1]?.body))).toEqual({ type: "reddit", input: expect.objectContaining(complete) });
    // Nothing is charged by a preview: no creation was asked for.
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith("/api/videos"))).toBe(false);

    await user.click(button(/^Preview · free/));
    expect(await screen.findByText(messages.videos.previewBusy)).toBeTruthy();
  });
});
