import { expect, test } from "@playwright/test";
import { signUp, snap } from "./helpers.ts";

const DEFAULTS = JSON.stringify({
  username: "quietneighbor",
  background_video: "minecraft",
  background_music: "lofi-rainy-window",
  voice: "nova",
});
const csv = (style: string) =>
  [
    "post_title,script,caption_style",
    'AITA for the ladder?,"My neighbour borrowed my ladder. Then he sold it.",fire',
    `AITA for the parking spot?,"He parks in my spot. So I parked behind him.",${style}`,
  ].join("\n");
const file = (name: string, text: string) => ({ name, mimeType: "text/csv", buffer: Buffer.from(text) });

test("a creator makes a batch from a CSV: a bad row is named, the fixed file is made at once and downloads as a ZIP", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signUp(page);
  await page.goto("/create");
  await page.getByRole("tab", { name: "Batch" }).click();
  await expect(page).toHaveURL(/\/create\?tab=batch$/);
  await page.getByRole("combobox", { name: "Video type" }).click();
  await page.getByRole("option", { name: /^Reddit Stories/ }).click();
  await expect(page.getByText(/post_title, script/)).toBeVisible();
  await page.getByRole("textbox", { name: /Default values/ }).fill(DEFAULTS);

  // One bad row: the server names its row, line and column, and nothing can be made.
  await page.getByLabel("CSV or JSON lines file").setInputFiles(file("stories.csv", csv("sparkly")));
  await page.getByRole("button", { name: "Check the file" }).click();
  const problems = page.getByRole("alert");
  await expect(problems).toContainText("1 row cannot be made");
  await expect(problems.getByRole("row").nth(1)).toContainText(/2\s*3\s*caption_style/);
  await expect(page.getByRole("button", { name: /^Make \d+ videos/ })).toHaveCount(0);
  await snap(page, "batch-refused");

  // Fixed: the whole cost, then made at once.
  await page.getByLabel("CSV or JSON lines file").setInputFiles(file("stories.csv", csv("fire")));
  await page.getByRole("button", { name: "Check the file" }).click();
  await expect(page.getByText("2 rows are ready: 12 credits in all.")).toBeVisible();
  await page.getByRole("button", { name: "Make 2 videos for 12 credits" }).click();
  await expect(page).toHaveURL(/\/create\/batches\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: "stories.csv" })).toBeVisible();
  await expect(page.getByRole("row")).toHaveCount(3);
  await expect(page.getByRole("row").nth(1)).toContainText("AITA for the ladder?");

  await expect(page.getByText("2 of 2 finished")).toBeVisible({ timeout: 240_000 });
  await snap(page, "batch-finished");
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download all" }).click();
  expect((await download).suggestedFilename()).toBe("stories.zip");

  // The Batch tab lists it.
  await page.goto("/create?tab=batch");
  await expect(page.getByRole("link", { name: /stories\.csv/ })).toContainText("2 finished");
});
