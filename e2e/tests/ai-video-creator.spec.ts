import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ARTIFACTS, signUp, snap } from "./helpers.ts";

test("a visitor is asked to log in, in the spec's words", async ({ page }) => {
  await page.goto("/ai-video-creator");
  await expect(page.getByRole("heading", { level: 1, name: "Please log in to create a video." })).toBeVisible();
  await expect(page.getByText("Authentication Error")).toBeVisible();
  await expect(page).toHaveURL(/\/ai-video-creator$/);
});

test("a new user makes a 15 s AI ASMR video with a title, watches it finish and plays it with sound", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signUp(page);
  await page.goto("/ai-video-creator");
  await expect(page.getByRole("heading", { level: 1, name: "AI Video Creator" })).toBeVisible();
  await expect(page.getByRole("radio", { name: /Fruit Cutting/ })).toHaveAttribute("aria-checked", "true");
  await expect(page.getByRole("tab", { name: /Micro-Doc/ })).toBeDisabled();

  // The tab resets the style: Dreamscapes gives Fashion, back to AI ASMR gives Fruit Cutting.
  await page.getByRole("radio", { name: /Paint Squeezing/ }).click();
  await page.getByRole("tab", { name: "Dreamscapes" }).click();
  await expect(page.getByRole("radio", { name: /Fashion/ })).toHaveAttribute("aria-checked", "true");
  await page.getByRole("tab", { name: "AI ASMR" }).click();
  await expect(page.getByRole("radio", { name: /Fruit Cutting/ })).toHaveAttribute("aria-checked", "true");

  await page.getByRole("radio", { name: /Toast Spreading/ }).click();
  await page.getByLabel("Title (optional)").fill("Crunchiest toast ever");
  await page.getByRole("button", { name: "15 s", exact: true }).click();
  await snap(page, "ai-video-creator");
  await page.getByRole("button", { name: "Generate Video · 14 credits" }).click();
  await expect(page.getByText("Video Creation Started!").first()).toBeVisible();
  await expect(page.getByText("6 credits available").first()).toBeVisible();

  await page.getByRole("link", { name: "Go to Finished Videos" }).click();
  const finishedTab = page.getByRole("tab", { name: "Finished (1)" });
  await expect(finishedTab).toBeVisible({ timeout: 180_000 });
  await finishedTab.click();
  const card = page.getByRole("article", { name: /AI ASMR - Toast Spreading - Crunchiest toast ever/ });
  await expect(card).toBeVisible();
  await card.getByRole("button", { name: "Play", exact: true }).click();
  const player = page.getByTestId("video-player");
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.duration), { timeout: 20_000 })
    .toBeGreaterThan(14);
  await page.keyboard.press("Escape");

  const downloading = page.waitForEvent("download");
  await card.getByRole("button", { name: /^Download / }).click();
  const file = path.join(ARTIFACTS, "downloaded-asmr.mp4");
  await (await downloading).saveAs(file);
  // It has sound: the clip's own foley, mixed to about -14 LUFS.
  const { stderr } = spawnSync("ffmpeg", ["-hide_banner", "-i", file, "-af", "ebur128", "-f", "null", "-"], {
    encoding: "utf8",
  });
  const summary = stderr.slice(stderr.lastIndexOf("Summary:"));
  const integrated = Number(/I:\s+(-?[\d.]+) LUFS/.exec(summary)?.[1]);
  expect(integrated).toBeGreaterThan(-16);
  expect(integrated).toBeLessThan(-12);
});
