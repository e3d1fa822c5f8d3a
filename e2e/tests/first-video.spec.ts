import { expect, type Locator, type Page, test } from "@playwright/test";
import { CLIP_CAROUSEL_SPEED, messages } from "@reelsmith/core";
import { openHydrated, signUp, snap } from "./helpers.ts";

/** Fills the Reddit builder's four steps with the fewest choices and lands on Generate. */
async function fillRedditStory(page: Page, title: string): Promise<Locator> {
  await page.goto("/create/reddit-story");
  await page.getByLabel("Post title").fill(title);
  await page.getByRole("textbox", { name: "Script" }).fill("My roommate never paid. So I changed it. Now he pays.");
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await page.getByRole("radio", { name: /Minimal/ }).click();
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await page.getByRole("radio", { name: /GTA/ }).click();
  await page.getByRole("button", { name: "Next", exact: true }).click();
  return page.getByRole("button", { name: /^Generate Video/ });
}

/** Makes a Reddit story through the API, as another tab of the same creator would. */
async function createStoryElsewhere(page: Page, title: string): Promise<void> {
  const created = await page.request.post("/api/videos", {
    headers: { origin: new URL(page.url()).origin },
    data: {
      type: "reddit",
      input: { username: "a", post_title: title, script: "Short.", caption_style: "minimal", background_video: "gta5" },
    },
  });
  expect(created.status()).toBe(201);
}

/** The page's header and a toast: the toast must open below the header, never over it. */
async function expectBelowHeader(page: Page, toast: Locator): Promise<void> {
  await expect(toast).toBeVisible();
  const header = await page.locator("header").first().boundingBox();
  if (!header) throw new Error("header not laid out");
  // A toast slides in from above: wait for it to come to rest, then it must sit below the header.
  await expect
    .poll(async () => (await toast.boundingBox())?.y ?? Number.NEGATIVE_INFINITY)
    .toBeGreaterThanOrEqual(header.y + header.height);
}

test("the clip carousel scrolls at the spec's 140 pixels a second", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openHydrated(page, "/");
  await page.mouse.wheel(0, 1600);
  const carousel = page.getByTestId("clip-carousel");
  await carousel.scrollIntoViewIfNeeded();
  const track = carousel.getByRole("list");
  await expect(track).toHaveCSS("animation-name", "marquee");
  // The pointer stays away, so the row is running; then the animation is held at its middle to read
  // how far it has moved: half a loop there, so a whole loop is twice that.
  await page.mouse.move(0, 0);
  const { duration, distance } = await track.evaluate((element) => {
    const seconds = Number.parseFloat(getComputedStyle(element).animationDuration);
    const animation = element.getAnimations()[0];
    if (!animation) throw new Error("the track is not animated");
    animation.pause();
    animation.currentTime = (seconds * 1000) / 2;
    const half = new DOMMatrixReadOnly(getComputedStyle(element).transform).m41;
    return { duration: seconds, distance: Math.abs(half) * 2 };
  });
  expect(distance).toBeGreaterThan(1000);
  expect(distance / duration).toBeCloseTo(CLIP_CAROUSEL_SPEED, 0);
});

test("a new creator is welcomed, downloads the ready video, finds it in Finished and makes another", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signUp(page);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Maya" })).toBeVisible();

  // AI writing is off on this server: the button says so in a creator's words, naming no setting.
  await page.goto("/create/reddit-story");
  const write = page.getByRole("button", { name: "Write with AI" });
  await page.getByLabel("Post title").fill("AITA for changing the Wi-Fi password?");
  await expect(write).toBeDisabled();
  await write.locator("xpath=..").hover();
  await expect(page.getByRole("tooltip")).toHaveText(messages.ai.notEnabled);
  await expect(page.getByText(messages.ai.notEnabled).first()).toBeVisible();
  await expect(page.locator("body")).not.toContainText("LLM_");

  const generate = await fillRedditStory(page, "AITA for changing the Wi-Fi password?");
  await generate.click();
  await expectBelowHeader(page, page.locator("[data-sonner-toast]").filter({ hasText: "Video Creation Started!" }));

  // While it renders, the way to Finished Videos opens the tab the video is in.
  await expect(page.getByRole("link", { name: "Go to Finished Videos" })).toHaveAttribute(
    "href",
    "/dashboard?tab=processing",
  );
  await expect(page.getByRole("heading", { name: "Your video is ready" })).toBeVisible({ timeout: 180_000 });
  await expect(page.getByRole("link", { name: "Go to Finished Videos" })).toHaveAttribute(
    "href",
    "/dashboard?tab=finished",
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, "ready-390");
  await page.setViewportSize({ width: 1440, height: 900 });
  await snap(page, "ready-1440");

  // Download right where the video is ready, with the spec's toast.
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download", exact: true }).click();
  expect((await downloading).suggestedFilename()).toBe(
    "Reddit Story - Anonymous - AITA for changing the Wi-Fi password.mp4",
  );
  await expectBelowHeader(
    page,
    page.locator("[data-sonner-toast]").filter({ hasText: new RegExp(`^${messages.videos.downloaded}$`) }),
  );

  // Finished Videos opens on Finished: nothing is processing any more.
  await page.getByRole("link", { name: "Go to Finished Videos" }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=finished$/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard\?tab=finished$/);
  await expect(page.getByRole("tab", { name: "Finished (1)" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText("Nothing is processing")).toHaveCount(0);
  const card = page.getByRole("article", { name: /AITA for changing the Wi-Fi password/ });
  await expect(card).toBeVisible();
  await page.getByRole("tab", { name: /^Processing/ }).click();
  await expect(page).toHaveURL(/\/dashboard\?tab=processing$/);
  await expect(page.getByText("Nothing is processing")).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard\?tab=finished$/);
  await expect(card).toBeVisible();

  // The player has its own Download.
  await card.getByRole("button", { name: "Play", exact: true }).click();
  const player = page.getByRole("dialog");
  await expect(player.getByTestId("video-player")).toBeVisible();
  await snap(page, "player-1440");
  const again = page.waitForEvent("download");
  await player.getByRole("button", { name: "Download", exact: true }).click();
  expect((await again).suggestedFilename()).toMatch(/AITA for changing the Wi-Fi password\.mp4$/);
  await page.keyboard.press("Escape");

  // Make another: a fresh builder of the same type.
  await (await fillRedditStory(page, "A second story")).click();
  await page.getByRole("button", { name: "Make another" }).click();
  await expect(page.getByLabel("Post title")).toHaveValue("");
  await expect(page.getByRole("button", { name: "Back", exact: true })).toBeDisabled();
  // A second video was made: now the creator is welcomed back.
  await page.goto("/home");
  await expect(page.getByRole("heading", { level: 1, name: "Welcome back, Maya" })).toBeVisible();
});

test("a free creator's usage reads sensibly, Help stays in the app, and no free trial is offered", async ({ page }) => {
  await signUp(page);
  await createStoryElsewhere(page, "Spent");

  await page.goto("/settings");
  await expect(page.getByTestId("usage-balance")).toHaveText("14 credits available");
  await expect(page.getByText(/Used \d+ of \d+/)).toHaveCount(0);
  await expect(page.getByText("No plan or purchased credits this month.", { exact: false })).toBeVisible();
  await expect(page.getByText("Credits spent per day")).toBeVisible();

  // Help & Support opens inside the app: the sidebar is still there.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole("link", { name: "Help & Support" }).click();
  await expect(page).toHaveURL(/\/help$/);
  await expect(page.getByRole("heading", { level: 1, name: "Help & Support" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: messages.shell.dashboard })).toBeVisible();
  await snap(page, "help-1440");

  // The public pages lead a signed-in creator into the app, not to a free trial.
  for (const path of ["/", "/features", "/pricing"]) {
    await openHydrated(page, path);
    await expect(page.getByRole("link", { name: "Home", exact: true }).first()).toBeVisible();
    await page.mouse.wheel(0, 4000);
    await expect(page.getByText(messages.auth.startFreeTrial)).toHaveCount(0);
  }
});

test("a spend the server refuses after the balance changed elsewhere says 'Insufficient Credits'", async ({ page }) => {
  await signUp(page);
  // This tab does not hear about the other tab's spends (its live updates are held back).
  await page.route("**/api/events", (route) => route.abort());
  const generate = await fillRedditStory(page, "One more?");
  // Another tab spends 18 of the 20 free credits while this one still shows 20.
  for (let i = 0; i < 3; i += 1) await createStoryElsewhere(page, `Story ${i}`);
  await expect(page.getByText("20 credits available").first()).toBeVisible();
  await generate.click();
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: messages.credits.insufficientTitle });
  await expect(toast).toContainText(messages.credits.insufficientToast);
  await expect(page.getByRole("dialog", { name: messages.credits.insufficientTitle })).toHaveCount(0);
  await expectBelowHeader(page, toast);
  // The balance refreshes after the refusal, so a second try meets the dialog instead.
  await expect(page.getByText("2 credits available").first()).toBeVisible();
  await generate.click();
  await expect(page.getByRole("dialog", { name: messages.credits.insufficientTitle })).toBeVisible();
});
