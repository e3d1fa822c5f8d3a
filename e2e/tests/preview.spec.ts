import { expect, test } from "@playwright/test";
import { PREVIEW } from "@reelsmith/core";
import { signUp, snap } from "./helpers.ts";

test("a creator previews a story for free while it renders, sees what changed, and previews again", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUp(page);
  await page.goto("/create/reddit-story");
  await page.getByLabel("Post title").fill("AITA for keeping the parcel my neighbour never collected?");
  await page
    .getByRole("textbox", { name: "Script" })
    .fill(
      "A parcel sat on my porch for three weeks. I knocked twice, left a note, and then I opened it. " +
        "It was a waffle iron, so now I make waffles every Sunday.",
    );
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await page.getByRole("radio", { name: /Minimal/ }).click();
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await page.getByRole("radio", { name: /GTA/ }).click();
  await page.getByRole("button", { name: "Next", exact: true }).click();

  const previewButton = page.getByRole("button", { name: /^Preview · free/ });
  await previewButton.click();
  const panel = page.getByTestId("preview-panel");
  await expect(panel).toBeVisible();
  // One at a time: the button waits while the preview is made.
  await expect(previewButton).toBeDisabled();

  // It plays as it streams in, from its first second.
  const player = panel.getByTestId("preview-player");
  await expect(player).toBeVisible({ timeout: 60_000 });
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 60_000 })
    .toBeGreaterThan(1);
  const size = await player.evaluate((v: HTMLVideoElement) => [v.videoWidth, v.videoHeight]);
  expect(size).toEqual([PREVIEW.width, PREVIEW.height]);
  await snap(page, "preview-playing");

  // Free: the balance is the sign-up's 20 credits still.
  const account = await (await page.request.get("/api/account")).json();
  expect(account.credits).toBe(20);

  // A change shows against the preview, by step, until it is previewed again.
  await page.getByRole("button", { name: /Step 2 Captions/ }).click();
  await page.getByRole("radio", { name: /Fire/ }).click();
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page.getByTestId("preview-changes")).toContainText("Changed since this preview: Captions");
  await snap(page, "preview-changed");
  await expect(previewButton).toBeEnabled({ timeout: 60_000 });
  await previewButton.click();
  await expect(page.getByTestId("preview-changes")).toHaveCount(0);
  await expect(panel.getByTestId("preview-player")).toBeVisible({ timeout: 60_000 });
});
