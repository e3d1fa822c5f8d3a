import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ARTIFACTS, openFromStudio, signUp, snap } from "./helpers.ts";

test("a new user makes a Reddit story, watches it finish in Finished Videos, plays and downloads it", async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  await signUp(page);
  await openFromStudio(page, "/create/reddit-story");
  await expect(page.getByRole("heading", { level: 1, name: "Reddit Story" })).toBeVisible();

  // Step 1: Back is off, Next waits for a title and a script; the username is normalised with a counter.
  await expect(page.getByRole("button", { name: "Back", exact: true })).toBeDisabled();
  const next = page.getByRole("button", { name: "Next", exact: true });
  await expect(next).toBeDisabled();
  await page.getByLabel("Username").fill("Quiet Neighbor Here");
  await expect(page.getByLabel("Username")).toHaveValue("quietneighborhe");
  await expect(page.getByText("15/15")).toBeVisible();
  await page.getByLabel("Post title").fill("  AITA for changing the Wi-Fi password?");
  await expect(page.getByLabel("Post title")).toHaveValue("AITA for changing the Wi-Fi password?");
  await expect(next).toBeDisabled();
  await page.getByRole("textbox", { name: "Script" }).fill("My roommate never paid. So I changed it. Now he pays.");
  await next.click();

  // Step 2: a caption style; steps not reached yet cannot be opened.
  await expect(page.getByRole("button", { name: /Step 4/ })).toBeDisabled();
  await expect(next).toBeDisabled();
  await expect(page.getByRole("radio", { name: /Modern Bold/ }).locator("img")).toHaveAttribute("src", /captions/);
  await page.getByRole("radio", { name: /Fire/ }).click();
  await next.click();

  // Step 3: a background, shown with its duration and size.
  await expect(next).toBeDisabled();
  await page.getByRole("radio", { name: /Minecraft/ }).click();
  await next.click();

  // Step 4: music and a voice, then Generate with its cost.
  await page.getByRole("radio", { name: /Rainy Window/ }).click();
  await page.getByRole("radio", { name: /Sophie/ }).click();
  // Going back keeps every choice.
  await page.getByRole("button", { name: /Step 2/ }).click();
  await expect(page.getByRole("radio", { name: /Fire/ })).toHaveAttribute("aria-checked", "true");
  await page.getByRole("button", { name: /Step 4/ }).click();
  await page.getByRole("button", { name: "Generate Video · 6 credits" }).click();
  await expect(page.getByText("Video Creation Started!").first()).toBeVisible();
  await expect(page.getByText("14 credits available").first()).toBeVisible();

  // The video shows up in the Processing tab with its progress, then moves to Finished.
  await page.getByRole("link", { name: "Go to Finished Videos" }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=processing$/);
  const finishedTab = page.getByRole("tab", { name: "Finished (1)" });
  await expect(finishedTab).toBeVisible({ timeout: 180_000 });
  await finishedTab.click();
  const card = page.getByRole("article", { name: /Reddit Story - quietneighborhe - AITA for changing/ });
  await expect(card).toBeVisible();

  await card.getByRole("button", { name: "Play", exact: true }).click();
  const player = page.getByTestId("video-player");
  await expect(player).toBeVisible();
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.duration), { timeout: 20_000 }).toBeGreaterThan(2);
  await snap(page, `video-player-${testInfo.project.name}`);
  await page.keyboard.press("Escape");

  const downloading = page.waitForEvent("download");
  await card.getByRole("button", { name: /^Download / }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(
    "Reddit Story - quietneighborhe - AITA for changing the Wi-Fi password.mp4",
  );
  const file = path.join(ARTIFACTS, "downloaded-story.mp4");
  await download.saveAs(file);
  await expect(page.getByText("Downloaded")).toBeVisible();
  const probe = JSON.parse(
    execFileSync("ffprobe", ["-v", "error", "-show_streams", "-of", "json", file], { encoding: "utf8" }),
  ) as { streams: { codec_type: string; codec_name: string; width?: number; height?: number }[] };
  expect(probe.streams.find((s) => s.codec_type === "video")).toMatchObject({
    codec_name: "h264",
    width: 1080,
    height: 1920,
  });
  expect(probe.streams.some((s) => s.codec_type === "audio")).toBe(true);
  await snap(page, "dashboard-finished-1440");
});

test("the builder refuses what the balance cannot pay with the insufficient-credits dialog", async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page);
  // Spend the free credits: three stories cost 18 of the 20.
  for (let i = 0; i < 3; i += 1) {
    const created = await page.request.post("/api/videos", {
      // The server refuses state-changing requests that do not say they come from its own pages.
      headers: { origin: new URL(page.url()).origin },
      data: {
        type: "reddit",
        input: {
          username: "a",
          post_title: `Story ${i}`,
          script: "Short.",
          caption_style: "minimal",
          background_video: "gta5",
        },
      },
    });
    expect(created.status()).toBe(201);
  }
  await page.goto("/create/reddit-story");
  await page.getByLabel("Post title").fill("One more?");
  await page.getByRole("textbox", { name: "Script" }).fill("Not enough credits for this one.");
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await page.getByRole("radio", { name: /Minimal/ }).click();
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await page.getByRole("radio", { name: /GTA/ }).click();
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await page.getByRole("button", { name: /Generate Video/ }).click();
  const dialog = page.getByRole("dialog", { name: "Insufficient Credits" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("You don't have enough credits to generate this video.")).toBeVisible();
  await expect(dialog.getByTestId("credits-required")).toHaveText("6");
  await expect(dialog.getByTestId("credits-current")).toHaveText("2");
  await dialog.getByRole("button", { name: "Upgrade Plan" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});
