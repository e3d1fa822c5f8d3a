import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { ARTIFACTS, lavfiFile, openFromStudio, signUp, snap } from "./helpers.ts";

/** A square 1080 x 1080 product photo made by ffmpeg: a green bottle with a dark cap on a plain light backdrop. */
function makeProductPhoto(file: string): void {
  lavfiFile(
    file,
    [
      "color=c=0xf1ede6:s=1080x1080",
      "drawbox=x=400:y=260:w=280:h=640:color=0x2f6f5e:t=fill",
      "drawbox=x=470:y=170:w=140:h=90:color=0x23262d:t=fill",
      "drawbox=x=430:y=480:w=220:h=220:color=0xf3eee4:t=fill",
    ].join(","),
    ["-frames:v", "1"],
  );
}

/** The first real track of the catalogue (its first entry is 'no music'): the form's default. */
async function firstTrackName(page: Page): Promise<string> {
  const catalog = (await (await page.request.get("/api/catalog")).json()) as { music: { id: string; name: string }[] };
  const track = catalog.music.find((m) => m.id !== "no-music");
  if (!track) throw new Error("the catalogue has no music");
  return track.name;
}

const next = (page: Page) => page.getByRole("button", { name: "Next", exact: true });
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

test("a visitor on the UGC builder is asked to sign in, in the spec's words", async ({ page }) => {
  await page.goto("/ai-ugc-ads");
  await expect(page.getByRole("heading", { level: 1, name: "Authentication Required" })).toBeVisible();
  await expect(page.getByText("Please sign in to create videos.")).toBeVisible();
  await expect(page).toHaveURL(/\/ai-ugc-ads$/);
});

test("a new user makes a UGC ad from a product photo: checks, guidelines, script, captions, generate, play", async ({
  page,
}) => {
  test.setTimeout(300_000);
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const photo = path.join(ARTIFACTS, "trail-bottle.png");
  makeProductPhoto(photo);

  await signUp(page);
  await openFromStudio(page, "/ai-ugc-ads");
  await expect(page.getByRole("heading", { level: 1, name: "AI UGC Ads" })).toBeVisible();
  await expect(page.getByText("14 credits per video")).toBeVisible();

  // Next names what is missing in the spec's words.
  await next(page).click();
  await expect(toast(page, "Please upload or select a product image.")).toBeVisible();

  // The type and size checks, before and after the bytes are read.
  const picker = page.locator('input[type="file"]');
  await picker.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a photo") });
  await expect(toast(page, "Please select a valid image file (JPG, PNG, WebP).")).toBeVisible();
  await picker.setInputFiles({
    name: "huge.png",
    mimeType: "image/png",
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 1),
  });
  await expect(toast(page, "Please select an image smaller than 10MB.")).toBeVisible();
  // A text file named .png passes the name check; the server reads its bytes and refuses it.
  const refused = page.waitForResponse((r) => r.url().includes("/api/files?") && r.request().method() === "POST");
  await picker.setInputFiles({ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("still not a photo") });
  expect((await refused).ok()).toBe(false);
  await expect(toast(page, "Please select a valid image file (JPG, PNG, WebP).")).toBeVisible();
  await expect(picker).toBeEnabled();

  // The real photo: uploaded, chosen, shown with its thumbnail in Your Library.
  await picker.setInputFiles(photo);
  const libraryItem = page.getByRole("radio", { name: /trail-bottle\.png/ });
  await expect(libraryItem).toHaveAttribute("aria-checked", "true");
  await expect(libraryItem.locator("img")).toBeVisible();
  await expect(page.getByRole("img", { name: "Your product: trail-bottle.png" })).toBeVisible();
  await page.getByLabel("Product name").fill("Trail Bottle");

  // The photo guidelines, drawn on the page; the draft waits.
  await page.getByRole("link", { name: "Photo guidelines" }).click();
  await expect(page).toHaveURL(/\/ai-ugc-ads\/guidelines$/);
  await expect(page.getByRole("heading", { level: 1, name: "Product photo guidelines" })).toBeVisible();
  await expect(page.getByText("At least 1080 × 1080")).toBeVisible();
  await expect(page.getByText("No text overlays")).toBeVisible();
  const examples = page.locator("canvas[role=img]");
  await expect(examples).toHaveCount(4);
  // Drawn: the good example's centre is the bottle, not the blank canvas.
  await expect
    .poll(() =>
      examples.first().evaluate((canvas: HTMLCanvasElement) => {
        const context = canvas.getContext("2d");
        if (!context || canvas.width === 0) return 0;
        return context.getImageData(canvas.width / 2, canvas.height / 2, 1, 1).data[3] ?? 0;
      }),
    )
    .toBe(255);
  await snap(page, "ugc-guidelines");
  await page.getByRole("link", { name: "Back to AI UGC Ads" }).click();
  await expect(page.getByRole("radio", { name: /trail-bottle\.png/ })).toHaveAttribute("aria-checked", "true");
  await expect(page.getByLabel("Product name")).toHaveValue("Trail Bottle");
  await snap(page, "ugc-product");
  await next(page).click();

  // Voice & music: female by default (and who reads it), the first real track, a preview to play.
  const female = page.getByRole("radio", { name: /Female/ });
  await expect(female).toHaveAttribute("aria-checked", "true");
  await expect(female).toContainText("Read by Sophie");
  const track = await firstTrackName(page);
  await expect(page.getByRole("radio", { name: new RegExp(track) })).toHaveAttribute("aria-checked", "true");
  await page.getByRole("radio", { name: /Male/ }).click();
  await expect(page.getByRole("radio", { name: /Male/ })).toContainText("Read by Daniel");
  const play = page.getByRole("button", { name: `Play ${track}` });
  await play.click();
  const pause = page.getByRole("button", { name: `Pause ${track}` });
  await expect(pause).toHaveAttribute("aria-pressed", "true");
  await pause.click();
  await expect(play).toHaveAttribute("aria-pressed", "false");
  await snap(page, "ugc-voice-music");
  await next(page).click();

  // The script, written from the product name, editable; AI writing is off on this server.
  const hook = page.getByLabel("Hook");
  await expect(hook).toHaveValue(/Trail Bottle/);
  await expect(page.getByLabel("Ad copy")).toHaveValue(/Trail Bottle/);
  await expect(page.getByRole("button", { name: "Write with AI" })).toBeDisabled();
  await hook.fill("Meet the bottle that goes everywhere.");
  // How long the ad will run, estimated as the script is typed.
  await expect(page.getByText(/^Read aloud, about \d+ s: a good length for an ad \(15-30 s\)\.$/)).toBeVisible();

  // Captions: on needs a style; off clears it.
  const captions = page.getByRole("switch", { name: "Captions" });
  await expect(captions).toHaveAttribute("aria-checked", "false");
  await captions.click();
  const generate = page.getByRole("button", { name: "Generate Video · 14 credits" });
  await generate.click();
  await expect(toast(page, "Please select a caption style.")).toBeVisible();
  const bubble = page.getByRole("radio", { name: /Bubble/ });
  await expect(bubble.locator("img")).toHaveAttribute("src", /bubble-word/);
  await bubble.click();
  await expect(bubble).toHaveAttribute("aria-checked", "true");
  await snap(page, "ugc-script-captions");
  await captions.click();
  await expect(page.getByRole("radiogroup", { name: "Caption style" })).toHaveCount(0);
  await captions.click();
  await expect(page.getByRole("radio", { name: /Bubble/ })).toHaveAttribute("aria-checked", "false");
  await captions.click();

  await generate.click();
  await expect(toast(page, "Video Creation Started!")).toBeVisible();
  await expect(page.getByText("6 credits available").first()).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Video progress" })).toBeVisible();

  // The form was reset: a new ad starts from nothing.
  await page.getByRole("button", { name: "Make another" }).click();
  await expect(page.getByLabel("Product name")).toHaveValue("");
  await expect(page.getByRole("radio", { name: /trail-bottle\.png/ })).toHaveAttribute("aria-checked", "false");

  await page.goto("/dashboard");
  const finishedTab = page.getByRole("tab", { name: "Finished (1)" });
  await expect(finishedTab).toBeVisible({ timeout: 180_000 });
  await finishedTab.click();
  const card = page.getByRole("article", { name: /UGC Ad - Trail Bottle - Meet the bottle that goes everywhere/ });
  await expect(card).toBeVisible();
  await card.getByRole("button", { name: "Play", exact: true }).click();
  const player = page.getByTestId("video-player");
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.duration), { timeout: 20_000 }).toBeGreaterThan(5);
  await player.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0.2);
});

test("a user with fewer than 14 credits is offered credits instead of a UGC ad", async ({ page }) => {
  test.setTimeout(120_000);
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const photo = path.join(ARTIFACTS, "trail-bottle-2.png");
  makeProductPhoto(photo);
  await signUp(page);

  // One UGC ad through the API spends 14 of the 20 free credits.
  const uploaded = await page.request.post("/api/files", {
    // The server refuses state-changing requests that do not say they come from its own pages.
    headers: { origin: new URL(page.url()).origin },
    multipart: {
      type: "product-image",
      file: { name: "bottle.png", mimeType: "image/png", buffer: fs.readFileSync(photo) },
    },
  });
  expect(uploaded.status()).toBe(201);
  const image = (await uploaded.json()) as { id: string };
  const spent = await page.request.post("/api/videos", {
    // The server refuses state-changing requests that do not say they come from its own pages.
    headers: { origin: new URL(page.url()).origin },
    data: { type: "ugc-ads", input: { product_image_id: image.id, gender: "female", background_music: "no-music" } },
  });
  expect(spent.status()).toBe(201);

  await page.goto("/ai-ugc-ads");
  await page.getByRole("radio", { name: /bottle\.png/ }).click();
  await next(page).click();
  await next(page).click();
  await page.getByRole("button", { name: "Generate Video · 14 credits" }).click();
  const dialog = page.getByRole("dialog", { name: "Top Up Credits" });
  await expect(dialog).toBeVisible();
  await expect(toast(page, "You don't have enough credits to create this video.")).toBeVisible();
  await expect(dialog.getByText(/Packs of 10 credits/)).toBeVisible();
  await snap(page, "ugc-buy-credits");
  // Nothing more was created or charged.
  await page.keyboard.press("Escape");
  await expect(page.getByText("6 credits available").first()).toBeVisible();
});
