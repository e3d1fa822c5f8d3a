import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { BLOG_ARTICLES, messages } from "@reelsmith/core";
import { ARTIFACTS, lavfiFile, openHydrated, signUp, snap } from "./helpers.ts";

/**
 * What a new creator trips over first: their own voice chosen with nothing recorded, a refused upload,
 * finding Download on the ready screen, the free trial's way in, and the demo's videos.
 */

/** Fills the Reddit builder's first three steps and lands on the audio step, where Generate is. */
async function toAudioStep(page: Page, title: string) {
  await page.goto("/create/reddit-story");
  await page.getByLabel("Post title").fill(title);
  await page.getByRole("textbox", { name: "Script" }).fill("My roommate never paid. So I changed it. Now he pays.");
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await page.getByRole("radio", { name: /Minimal/ }).click();
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await page.getByRole("radio", { name: /GTA/ }).click();
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Audio" })).toBeVisible();
  return page.getByRole("button", { name: /^Generate Video/ });
}

async function balance(page: Page): Promise<number> {
  const account = await page.request.get("/api/account");
  expect(account.ok()).toBe(true);
  return (await account.json()).credits as number;
}

async function videoCount(page: Page): Promise<number> {
  const list = await page.request.get("/api/videos");
  expect(list.ok()).toBe(true);
  return ((await list.json()).items as unknown[]).length;
}

test("'Your own voice' with no recording keeps Generate waiting, says why, and the server refuses it too", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUp(page);
  const generate = await toAudioStep(page, "AITA for reading it myself?");
  await expect(generate).toBeEnabled();

  await page.getByRole("button", { name: "Your own voice" }).click();
  await expect(generate).toBeDisabled();
  const reason = page.getByRole("status").filter({ hasText: messages.reddit.voiceOverRequired });
  await expect(reason).toBeVisible();
  // The reason sits with the recorder, where the creator makes the recording.
  await expect(page.getByRole("button", { name: "Start recording" })).toBeVisible();
  await snap(page, "own-voice-missing-1440");

  // A request that skips the page meets the same rule, before any credit moves.
  const refused = await page.request.post("/api/videos", {
    headers: { origin: new URL(page.url()).origin },
    data: {
      type: "reddit",
      input: {
        post_title: "AITA?",
        script: "Read by me.",
        caption_style: "minimal",
        background_video: "gta5",
        narrator: "own",
      },
    },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toMatchObject({
    message: messages.reddit.voiceOverRequired,
    field: "input.voiceover_file_id",
  });
  expect(await balance(page)).toBe(20);
  expect(await videoCount(page)).toBe(0);

  // Back to an AI voice: Generate is open again.
  await page.getByRole("button", { name: "AI voice" }).click();
  await expect(generate).toBeEnabled();
  await expect(reason).toHaveCount(0);
});

test("a text file named .png as the avatar: the builder shows the server's reason at the avatar, and nothing is charged", async ({
  page,
}) => {
  await signUp(page);
  await page.goto("/create/reddit-story");
  await page.locator('input[type="file"][accept="image/jpeg,image/png,image/webp"]').setInputFiles({
    name: "avatar.png",
    mimeType: "image/png",
    buffer: Buffer.from("This is a text file, not a picture.\n"),
  });
  await expect(page.getByRole("button", { name: "Change the post's avatar" })).toBeVisible();
  const generate = await toAudioStep(page, "AITA for my avatar?");
  await generate.click();

  // The toast tells the server's reason, not the generic failure.
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: messages.reddit.avatarInvalid });
  await expect(toast).toBeVisible();
  await expect(page.getByText(messages.reddit.generateFailed)).toHaveCount(0);
  // The step with the avatar opens, and the reason sits at the avatar.
  await expect(page.getByRole("heading", { level: 2, name: "Script" })).toBeVisible();
  const atField = page.getByRole("alert").filter({ hasText: messages.reddit.avatarInvalid });
  await expect(atField).toBeVisible();
  await expect(page.getByRole("button", { name: "Change the post's avatar" })).toHaveAttribute("aria-invalid", "true");
  await page.setViewportSize({ width: 390, height: 844 });
  // On a phone it sits under the avatar, before the fields that follow it.
  const reasonBox = await atField.boundingBox();
  const usernameBox = await page.getByLabel("Username").boundingBox();
  expect(reasonBox && usernameBox && reasonBox.y + reasonBox.height <= usernameBox.y).toBe(true);
  await snap(page, "avatar-refused-390");
  await page.setViewportSize({ width: 1440, height: 900 });
  await snap(page, "avatar-refused-1440");
  expect(await balance(page)).toBe(20);
  expect(await videoCount(page)).toBe(0);

  // Removing the avatar clears the reason; the story can go on without one.
  await page.getByRole("button", { name: "Remove" }).click();
  await expect(atField).toHaveCount(0);
});

test("another builder (music video): a song removed in another tab is refused at the song field, with the server's words", async ({
  page,
}) => {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const song = path.join(ARTIFACTS, "refused-song.mp3");
  lavfiFile(song, "sine=frequency=220:duration=12", ["-b:a", "64k"]);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUp(page);
  await page.goto("/create-video");
  await page.locator('input[type="file"]').setInputFiles(song);
  const chosen = page.getByRole("radio", { name: /refused-song\.mp3/ });
  await expect(chosen).toHaveAttribute("aria-checked", "true");
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await page.getByRole("radio", { name: "Rave / Boiler Room" }).click();

  // Another tab deletes the song while this one is about to generate.
  const files = await (await page.request.get("/api/files?type=audio-file")).json();
  const id = (files.items as { id: string; original_filename: string }[]).find(
    (f) => f.original_filename === "refused-song.mp3",
  )?.id;
  const origin = new URL(page.url()).origin;
  expect((await page.request.delete(`/api/files/${id}`, { headers: { origin } })).status()).toBe(204);
  await page.getByRole("button", { name: /^Generate Video/ }).click();

  await expect(page.locator("[data-sonner-toast]").filter({ hasText: messages.files.notFound })).toBeVisible();
  await expect(page.getByText(messages.musicVideo.createFailed)).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 2, name: "Song" })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: messages.files.notFound }).first()).toBeVisible();
  await snap(page, "song-refused-1440");
  expect(await balance(page)).toBe(20);
  expect(await videoCount(page)).toBe(0);
});

test("Download is on the first screen of the ready video, on a phone and on a desktop", async ({ page }) => {
  test.setTimeout(240_000);
  await signUp(page);
  await page.setViewportSize({ width: 390, height: 844 });
  const generate = await toAudioStep(page, "AITA for the ready screen?");
  await generate.click();
  await expect(page.getByRole("heading", { name: "Your video is ready" })).toBeVisible({ timeout: 180_000 });
  const download = page.getByRole("button", { name: "Download", exact: true });
  await expect(page.getByTestId("ready-video")).toHaveAttribute("src", /.+/);

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    // Nothing is scrolled: the page is where the ready screen opened it.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(download).toBeInViewport({ ratio: 1 });
    await snap(page, `ready-download-${viewport.width}`);
  }
  const saved = page.waitForEvent("download");
  await download.click();
  expect((await saved).suggestedFilename()).toMatch(/AITA for the ready screen\.mp4$/);
});

test("every Start Free Trial opens the Sign Up tab", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openHydrated(page, "/");
  // The landing page's main call to action, in its hero.
  await page.getByRole("main").getByRole("link", { name: messages.auth.startFreeTrial }).first().click();
  await expect(page).toHaveURL(/\/auth\?tab=signup$/);
  await expect(page.getByRole("tab", { name: messages.auth.signUp })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByLabel("Name")).toBeVisible();
  await snap(page, "free-trial-sign-up-1440");

  // Everywhere else it appears: the header, the landing page's closing band, features, pricing, articles.
  const article = BLOG_ARTICLES[0];
  if (!article) throw new Error("no article");
  for (const path of ["/", "/features", "/pricing", `/blog/${article.slug}`]) {
    await openHydrated(page, path);
    // The lower half of the landing page loads as it comes near.
    await page.mouse.wheel(0, 20_000);
    const links = page.getByRole("link", { name: messages.auth.startFreeTrial });
    await expect(links.first()).toBeVisible();
    const count = await links.count();
    expect(count, path).toBeGreaterThan(1);
    for (let i = 0; i < count; i += 1) await expect(links.nth(i), path).toHaveAttribute("href", "/auth?tab=signup");
  }
  // On a phone, the header's drawer offers it too.
  await page.setViewportSize({ width: 390, height: 844 });
  await openHydrated(page, "/pricing");
  await page.getByRole("button", { name: messages.shell.openMenu }).click();
  await page.getByRole("dialog").getByRole("link", { name: messages.auth.startFreeTrial }).click();
  await expect(page).toHaveURL(/\/auth\?tab=signup$/);
  await expect(page.getByRole("tab", { name: messages.auth.signUp })).toHaveAttribute("aria-selected", "true");
});

test("/demo plays videos the app made", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openHydrated(page, "/demo");
  const player = page.getByTestId("demo-player");
  await expect(player).toHaveAttribute("src", /^\/showcase\/.+\.mp4$/);
  const src = (await player.getAttribute("src")) ?? "";
  const served = await page.request.get(src);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("video/mp4");
  // It is playing: not paused, and its clock has moved.
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0 && v.readyState >= 2))
    .toBe(true);
  // Each chapter with a video of its kind shows one of them.
  await expect(page.getByTestId("chapter-clip").first()).toHaveAttribute("src", /^\/showcase\/.+\.mp4$/);
  await snap(page, "demo-1440");
  await page.setViewportSize({ width: 390, height: 844 });
  await openHydrated(page, "/demo");
  await expect(page.getByTestId("demo-player")).toHaveAttribute("src", /^\/showcase\/.+\.mp4$/);
  // The reel's strip scrolls inside the page; the page itself does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await snap(page, "demo-390");
});

test("a video with no sound as a song, and a photo cut off halfway, are refused at upload with the reason, before any charge", async ({
  page,
}) => {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const silent = path.join(ARTIFACTS, "silent-clip.mp4");
  lavfiFile(silent, "testsrc2=size=320x568:rate=25:duration=4", ["-pix_fmt", "yuv420p"]);
  const whole = path.join(ARTIFACTS, "whole-photo.png");
  lavfiFile(whole, "testsrc2=size=800x800", ["-frames:v", "1"]);
  const cut = fs.readFileSync(whole);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUp(page);

  // The music video's song: a clip without a sound track is turned away by the server, in its words.
  await page.goto("/create-video");
  const songRefused = page.waitForResponse((r) => r.url().includes("/api/files?") && r.request().method() === "POST");
  await page.locator('input[type="file"]').setInputFiles(silent);
  expect((await songRefused).status()).toBe(415);
  await expect(page.getByText(messages.files.songUnreadable).first()).toBeVisible();
  await snap(page, "silent-song-refused-1440");

  // A product photo whose second half is missing would render half black: refused, not kept.
  await page.goto("/ai-ugc-ads");
  const photoRefused = page.waitForResponse((r) => r.url().includes("/api/files?") && r.request().method() === "POST");
  await page.locator('input[type="file"]').setInputFiles({
    name: "product.png",
    mimeType: "image/png",
    buffer: cut.subarray(0, Math.floor(cut.length / 2)),
  });
  expect((await photoRefused).status()).toBe(415);
  await expect(page.getByText(messages.files.imageUnreadable).first()).toBeVisible();
  await snap(page, "cut-photo-refused-1440");

  const files = await (await page.request.get("/api/files")).json();
  expect(files.items).toEqual([]);
  expect(await balance(page)).toBe(20);
});
