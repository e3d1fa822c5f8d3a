import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { messages } from "@reelsmith/core";
import { lavfiFile, signUp } from "./helpers.ts";

/** Where the screenshots of this flow go, for a person to look at. */
const SHOTS = process.env.SHOTS_DIR ?? path.join(os.tmpdir(), "shots");

test("a Reddit story over the creator's own footage: upload, place the 9:16 window, generate", async ({ page }) => {
  test.setTimeout(240_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "own-footage-"));
  const clip = path.join(dir, "my-run.mp4");
  lavfiFile(clip, "testsrc2=s=1920x1080:r=30:d=6", ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"]);
  const short = path.join(dir, "blink.mp4");
  lavfiFile(short, "testsrc2=s=640x360:r=30:d=1", ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"]);
  fs.mkdirSync(SHOTS, { recursive: true });

  await page.setViewportSize({ width: 1440, height: 900 });
  await signUp(page);
  await page.goto("/create/reddit-story");
  await page.getByLabel("Post title").fill("AITA for using my own gameplay?");
  await page.getByRole("textbox", { name: "Script" }).fill("I filmed my own run. It loops behind the story.");
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await page.getByRole("radio", { name: /Minimal/ }).click();
  await page.getByRole("button", { name: "Next", exact: true }).click();

  // The gameplay library is offered first; Your footage sits beside it.
  await expect(page.getByRole("radio", { name: /GTA/ })).toBeVisible();
  await page.getByRole("button", { name: "Your footage" }).click();
  const picker = page.locator('input[type="file"]');
  await picker.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a video") });
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: messages.files.unsupportedBackgroundVideo }),
  ).toBeVisible();
  // The server reads the clip with ffprobe and says why it refuses one: here, its length.
  await picker.setInputFiles(short);
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: messages.files.backgroundVideoLength }),
  ).toBeVisible();
  await expect(page.getByRole("radio", { name: /blink\.mp4/ })).toHaveCount(0);
  await picker.setInputFiles(clip);
  await expect(page.getByRole("radio", { name: /my-run\.mp4/ })).toHaveAttribute("aria-checked", "true");

  // The crop window: centred at first, moved right with the keyboard.
  const window = page.getByRole("slider", { name: "Part of your footage in the frame" });
  await expect(window).toHaveAttribute("aria-valuenow", "50");
  await window.focus();
  for (let i = 0; i < 5; i += 1) await window.press("ArrowRight");
  await expect(window).toHaveAttribute("aria-valuenow", "60");
  await page.screenshot({ path: path.join(SHOTS, "h13-footage-1440.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await window.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, "h13-footage-390.png"), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  // The choice survives going back and forth between steps.
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await page.getByRole("button", { name: "Back", exact: true }).click();
  await expect(page.getByRole("slider", { name: "Part of your footage in the frame" })).toHaveAttribute(
    "aria-valuenow",
    "60",
  );
  await page.getByRole("button", { name: "Next", exact: true }).click();

  const created = page.waitForResponse((r) => r.url().endsWith("/api/videos") && r.request().method() === "POST");
  await page.getByRole("button", { name: /^Generate Video/ }).click();
  const body = (await created).request().postDataJSON() as { input: Record<string, unknown> };
  expect(body.input).toMatchObject({ background_video: null, background_crop: { x: 0.6 } });
  expect(typeof body.input.background_file_id).toBe("string");
  expect((await created).status()).toBe(201);
  await expect(page.getByRole("heading", { name: "Your video is ready" })).toBeVisible({ timeout: 180_000 });
});

test("a green-screen meme offers the same footage as its background", async ({ page }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "own-footage-gs-"));
  const clip = path.join(dir, "street.mov");
  lavfiFile(clip, "testsrc2=s=1280x720:r=30:d=3", [
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-pix_fmt",
    "yuv420p",
    "-f",
    "mov",
  ]);
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUp(page);
  await page.goto("/create/greenscreen");
  await page.getByRole("button", { name: "Your footage" }).click();
  await page.locator('input[type="file"]').setInputFiles(clip);
  await expect(page.getByRole("radio", { name: /street\.mov/ })).toHaveAttribute("aria-checked", "true");
  await page.screenshot({ path: path.join(SHOTS, "h13-green-1440.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SHOTS, "h13-green-390.png"), fullPage: true });
  // The other source keeps its own uploads: none here yet.
  await page.getByRole("button", { name: "Picture or MP4" }).click();
  await expect(page.getByRole("radio", { name: /street\.mov/ })).toHaveCount(0);
});
