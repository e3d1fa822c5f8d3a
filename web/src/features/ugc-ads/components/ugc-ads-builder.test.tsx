import {
  type Catalog,
  formatSpokenLength,
  messages,
  NO_MUSIC,
  type UserFile,
  ugcAdLength,
  ugcCopyFromTemplate,
} from "@reelsmith/core";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";

import { draftStorageKey } from "@/components/builder/use-builder-draft";
import { jsonResponse, mockApi, renderWithRouter, testAccount } from "@/test/render";
import { UgcAdsBuilder, type UgcAdsDraft, ugcAdsBuilder } from "./ugc-ads-builder";

const style = (id: string, name: string) => ({
  id,
  name,
  fontLabel: "Font",
  previewUrl: `/p/${id}.png`,
  wordPreviewUrl: `/p/${id}-word.png`,
});
const track = (id: string, name: string) => ({
  id,
  name,
  mood: null,
  genre: null,
  bpm: null,
  url: id === NO_MUSIC ? null : `/m/${id}.mp3`,
  durationS: null,
});

const catalog: Catalog = {
  captionStyles: [style("fire", "Fire"), style("minimal", "Minimal")],
  voices: [
    {
      id: "nova",
      name: "Sophie",
      gender: "female",
      age: "Young",
      language: "English",
      languages: ["english"],
      previewUrl: null,
    },
    {
      id: "onyx",
      name: "Daniel",
      gender: "male",
      age: "Adult",
      language: "English",
      languages: ["english"],
      previewUrl: null,
    },
  ],
  backgrounds: [],
  music: [track(NO_MUSIC, "No Music"), track("lofi-sunrise", "Lofi Sunrise"), track("bounce", "Bounce")],
  memes: [],
  asmr: [],
  dreamscape: [],
  textHookStyles: [],
};

const photo: UserFile = {
  id: "0b6b8c8e-3d5f-4a8e-9a51-2f1f3c0c9a11",
  original_filename: "serum.png",
  type: "product-image",
  mime_type: "image/png",
  size: 204_800,
  created_at: "2026-03-02T10:00:00.000Z",
  url: "/media/serum.png",
};

const key = draftStorageKey("ugc-ads", testAccount.user.id);
const saved = () => JSON.parse(sessionStorage.getItem(key) ?? "{}") as Partial<UgcAdsDraft>;
const button = (name: string | RegExp) => screen.getByRole("button", { name });

function mockBuilderApi(overrides: Record<string, () => Response> = {}) {
  return mockApi({
    "/api/catalog": () => jsonResponse(200, catalog),
    "/api/files?type=product-image": () => jsonResponse(200, { items: [photo] }),
    "/api/capabilities": () =>
      jsonResponse(200, { ai: { enabled: false, model: null }, tts: { provider: "offline" }, storage: "local" }),
    ...overrides,
  });
}

describe("AI UGC Ads builder", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it("has the three steps and covers every field of the UGC input schema", () => {
    expect(ugcAdsBuilder.steps.map((s) => s.label)).toEqual(["Product", "Voice & music", "Script & captions"]);
    expect(ugcAdsBuilder.steps.flatMap((s) => s.fields).sort()).toEqual([
      "ad_copy",
      "background_music",
      "caption_style",
      "captions",
      "gender",
      "hook",
      "language",
      "product_image_id",
      "product_name",
    ]);
    expect(ugcAdsBuilder.defaults).toMatchObject({ gender: "female", captions: false, caption_style: null });
  });

  it("says what is missing in the schema's own words instead of 'Missing information'", async () => {
    mockBuilderApi({ "/api/catalog": () => jsonResponse(200, { ...catalog, music: [track(NO_MUSIC, "No Music")] }) });
    const user = userEvent.setup();
    renderWithRouter(<UgcAdsBuilder account={testAccount} />);
    await screen.findByLabelText("Product name");

    // Next stays enabled and names the first thing to fix.
    expect(button("Next")).toHaveProperty("disabled", false);
    await user.click(button("Next"));
    expect(await screen.findByText(messages.ugc.imageRequired)).toBeTruthy();
    expect(screen.queryByText(messages.videos.missingInformation)).toBeNull();
    expect(screen.getByRole("heading", { level: 2, name: "Product" })).toBeTruthy();

    await user.click(await screen.findByRole("radio", { name: /serum\.png/ }));
    await user.click(button("Next"));
    // A catalogue with no real track leaves the music to choose.
    await user.click(button("Next"));
    expect(await screen.findByText(messages.ugc.genderAndMusicRequired)).toBeTruthy();
    await user.click(screen.getByRole("radio", { name: /No Music/ }));
    await user.click(button("Next"));

    await user.click(screen.getByRole("switch", { name: "Captions" }));
    await user.click(button("Generate Video · 14 credits"));
    expect(await screen.findByText(messages.ugc.captionStyleRequired)).toBeTruthy();
  });

  it("defaults to the first real track and the female voice, showing who reads the ad", async () => {
    mockBuilderApi();
    sessionStorage.setItem(key, JSON.stringify({ product_image_id: photo.id }));
    const user = userEvent.setup();
    renderWithRouter(<UgcAdsBuilder account={testAccount} />);
    await screen.findByRole("radio", { name: /serum\.png/ });
    await waitFor(() => expect(saved().background_music).toBe("lofi-sunrise"));
    await user.click(button("Next"));
    expect(screen.getByRole("radio", { name: /Lofi Sunrise/ }).getAttribute("aria-checked")).toBe("true");
    const female = screen.getByRole("radio", { name: /Female/ });
    expect(female.getAttribute("aria-checked")).toBe("true");
    expect(female.textContent).toContain("Read by Sophie");
    await user.click(screen.getByRole("radio", { name: /Male/ }));
    expect(saved().gender).toBe("male");
  });

  it("turns captions on with a style to choose, and off again clearing the style", async () => {
    mockBuilderApi();
    sessionStorage.setItem(key, JSON.stringify({ product_image_id: photo.id, background_music: "bounce" }));
    const user = userEvent.setup();
    renderWithRouter(<UgcAdsBuilder account={testAccount} />);
    await screen.findByRole("radio", { name: /serum\.png/ });
    await user.click(button("Next"));
    await user.click(button("Next"));

    const captions = screen.getByRole("switch", { name: "Captions" });
    expect(captions.getAttribute("aria-checked")).toBe("false");
    expect(screen.queryByRole("radiogroup", { name: "Caption style" })).toBeNull();
    await user.click(captions);
    // Each style is shown by its single-word picture.
    const fire = screen.getByRole("radio", { name: /Fire/ });
    expect(fire.querySelector("img")?.getAttribute("src")).toBe("/p/fire-word.png");
    await user.click(fire);
    expect(saved()).toMatchObject({ captions: true, caption_style: "fire" });

    await user.click(captions);
    expect(saved()).toMatchObject({ captions: false, caption_style: null });
    await user.click(captions);
    expect(screen.getByRole("radio", { name: /Fire/ }).getAttribute("aria-checked")).toBe("false");
  });

  it("fills the script from the product name until it is edited, and sends what the user sees", async () => {
    const created = { id: "v1", type: "ugc-ads", status: "processing", progress: 0, stage: null };
    const fetchMock = mockBuilderApi({
      "POST /api/videos": () =>
        jsonResponse(201, {
          ...created,
          title: "UGC Ad - Glow Serum",
          error_message: null,
          cost: 14,
          refunded: 0,
          retryable: false,
          retry_blocked_reason: null,
          duration_s: null,
          video_url: null,
          thumbnail_url: null,
          download_url: null,
          video_caption: null,
          created_at: "2026-03-02T10:00:00.000Z",
          finished_at: null,
        }),
      "/api/videos/v1": () => jsonResponse(200, { ...created, stage: "Rendering" }),
    });
    const user = userEvent.setup();
    renderWithRouter(<UgcAdsBuilder account={testAccount} />);
    await user.click(await screen.findByRole("radio", { name: /serum\.png/ }));
    await user.type(screen.getByLabelText("Product name"), "Glow Serum");
    await user.click(button("Next"));
    await user.click(button("Next"));

    const template = ugcCopyFromTemplate("Glow Serum");
    const hook = screen.getByLabelText("Hook") as HTMLTextAreaElement;
    expect(hook.value).toBe(template.hook);
    expect((screen.getByLabelText("Ad copy") as HTMLTextAreaElement).value).toBe(template.copy);
    // Without a model on the server, Write with AI is off and says so without naming any setting.
    expect(button("Write with AI")).toHaveProperty("disabled", true);

    await user.clear(hook);
    await user.type(hook, "My serum, my rules");
    await user.click(button(/Step 1/));
    await user.clear(screen.getByLabelText("Product name"));
    await user.type(screen.getByLabelText("Product name"), "Glow Serum Plus");
    await user.click(button(/Step 3/));
    expect((screen.getByLabelText("Hook") as HTMLTextAreaElement).value).toBe("My serum, my rules");
    expect((screen.getByLabelText("Ad copy") as HTMLTextAreaElement).value).toBe(
      ugcCopyFromTemplate("Glow Serum Plus").copy,
    );

    await user.click(button("Generate Video · 14 credits"));
    expect((await screen.findAllByText(messages.videos.creationStartedTitle)).length).toBeGreaterThan(0);
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      type: "ugc-ads",
      input: {
        product_image_id: photo.id,
        gender: "female",
        background_music: "lofi-sunrise",
        captions: false,
        caption_style: null,
        product_name: "Glow Serum Plus",
        hook: "My serum, my rules",
        ad_copy: ugcCopyFromTemplate("Glow Serum Plus").copy,
        language: "english",
      },
    });
    // The form resets: the saved draft is the defaults again (with the catalogue's track).
    await waitFor(() =>
      expect(saved()).toMatchObject({ product_image_id: null, product_name: "", hook: "", hook_edited: false }),
    );
  });

  it("tells how long the ad will run as the script is typed, and how many words to cut when it runs long", async () => {
    mockBuilderApi();
    const user = userEvent.setup();
    renderWithRouter(<UgcAdsBuilder account={testAccount} />);
    await user.click(await screen.findByRole("radio", { name: /serum\.png/ }));
    await user.type(screen.getByLabelText("Product name"), "Glow Serum");
    await user.click(button("Next"));
    await user.click(button("Next"));

    const copy = screen.getByLabelText("Ad copy") as HTMLTextAreaElement;
    const template = ugcCopyFromTemplate("Glow Serum");
    const seconds = formatSpokenLength(ugcAdLength(template.hook, template.copy).naturalS);
    expect(screen.getByText(messages.ugc.adLengthGood(seconds))).toBeTruthy();
    // The estimate is part of the field's description, read with it.
    expect(copy.getAttribute("aria-describedby")).toContain(copy.id.replace(/$/, "-length"));

    // A copy of 130 words runs past 30 s even read faster: the creator is told how many words to cut.
    const long = Array.from({ length: 130 }, () => "ok").join(" ");
    await user.clear(copy);
    await user.click(copy);
    await user.paste(long);
    const estimate = ugcAdLength(template.hook, long);
    expect(estimate.fit).toBe("long");
    expect(
      screen.getByText(messages.ugc.adLengthLong(formatSpokenLength(estimate.naturalS), estimate.cutWords)),
    ).toBeTruthy();

    // With no words at all there is nothing to time.
    await user.clear(copy);
    await user.clear(screen.getByLabelText("Hook"));
    expect(document.querySelector("[data-fit]")).toBeNull();
  });

  it("writes the script with AI from the name, and the photo when the model sees images", async () => {
    const fetchMock = mockBuilderApi({
      "/api/capabilities": () =>
        jsonResponse(200, {
          ai: { enabled: true, model: "m", vision: true },
          tts: { provider: "openai-compatible" },
          storage: "local",
        }),
      "POST /api/ai/ad-copy": () => jsonResponse(200, { hook: "AI hook", ad_copy: "AI copy." }),
    });
    sessionStorage.setItem(
      key,
      JSON.stringify({ product_image_id: photo.id, background_music: "bounce", product_name: "Glow" }),
    );
    const user = userEvent.setup();
    renderWithRouter(<UgcAdsBuilder account={testAccount} />);
    await screen.findByRole("radio", { name: /serum\.png/ });
    await user.click(button("Next"));
    await user.click(button("Next"));
    await waitFor(() => expect(button("Write with AI")).toHaveProperty("disabled", false));
    await user.click(button("Write with AI"));
    await waitFor(() => expect((screen.getByLabelText("Hook") as HTMLTextAreaElement).value).toBe("AI hook"));
    const sent = fetchMock.mock.calls.find(([input]) => String(input).includes("/api/ai/ad-copy"));
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ product_name: "Glow", product_image_id: photo.id });
    expect(saved()).toMatchObject({ hook_edited: true, ad_copy_edited: true, ad_copy: "AI copy." });
  });
});
