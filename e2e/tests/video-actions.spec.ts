import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { ARTIFACTS, lavfiFile, signUp, snap } from "./helpers.ts";

/**
 * A "song" the render cannot read. Uploads are checked whole now, so a broken file cannot be uploaded: a real
 * song is, and then its stored bytes are damaged on the server's disk (as a file kept before uploads were
 * checked, or a disk fault, would be). The render fails on it, and the video with it.
 */
async function uploadBrokenSong(page: Page): Promise<string> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const song = path.join(ARTIFACTS, "Broken Song.mp3");
  lavfiFile(song, "sine=frequency=330:duration=4");
  const response = await page.request.post("/api/files", {
    headers: { origin: new URL(page.url()).origin },
    multipart: {
      type: "audio-file",
      file: { name: "Broken Song.mp3", mimeType: "audio/mpeg", buffer: fs.readFileSync(song) },
    },
  });
  expect(response.status()).toBe(201);
  const storage = path.join(process.env.E2E_DATA_DIR ?? "", "storage");
  const stored = (fs.readdirSync(storage, { recursive: true }) as string[])
    .filter((f) => /\/audio-file\/[^/]+\.mp3$/.test(f))
    .map((f) => path.join(storage, f))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
  expect(stored).toBeTruthy();
  fs.writeFileSync(
    stored ?? "",
    Buffer.concat([Buffer.from("ID3\x04\x00\x00\x00\x00\x00\x00", "latin1"), Buffer.alloc(4000, 7)]),
  );
  return ((await response.json()) as { id: string }).id;
}

/** Creates a Reddit story through the API, as the builder does. */
async function createStory(page: Page, title: string, script: string): Promise<string> {
  const response = await page.request.post("/api/videos", {
    // The server refuses state-changing requests that do not say they come from its own pages.
    headers: { origin: new URL(page.url()).origin },
    data: {
      type: "reddit",
      input: {
        username: "maya",
        post_title: title,
        script,
        caption_style: "minimal",
        background_video: "gta5",
      },
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

test("a failed video is shown apart with its reason and can be removed; a finished one can be deleted", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signUp(page);
  const song = await uploadBrokenSong(page);
  const created = await page.request.post("/api/videos", {
    headers: { origin: new URL(page.url()).origin },
    data: { type: "text-hook", input: { audio_file_id: song, video_style: "boiler-room" } },
  });
  expect(created.status()).toBe(201);
  const keptId = await createStory(page, "A story to delete", "My roommate never paid. So I changed the password.");

  await page.goto("/dashboard?tab=processing");
  const failedSection = page.getByTestId("failed-videos");
  await expect(failedSection).toBeVisible({ timeout: 240_000 });
  await expect(failedSection.getByRole("heading", { name: "Failed (1)" })).toBeVisible();
  const failedRow = failedSection.getByRole("listitem", { name: /Broken Song/ });
  await expect(failedRow.getByText("6 credits were returned to your balance.")).toBeVisible();
  await expect(failedRow.getByText(/could not be (read|rendered)/)).toBeVisible();
  // Either a Retry (a failure of the server's) or why a retry cannot help (the input's), never both.
  await expect(
    failedRow.getByRole("button", { name: /^Retry / }).or(failedRow.getByTestId("retry-blocked")),
  ).toHaveCount(1);

  const finishedTab = page.getByRole("tab", { name: "Finished (1)" });
  await expect(finishedTab).toBeVisible({ timeout: 240_000 });
  // Failed videos do not hold the Processing count above 0.
  await expect(page.getByRole("tab", { name: "Processing (0)" })).toBeVisible();
  await page.setViewportSize({ width: 1440, height: 900 });
  await snap(page, "dashboard-failed-1440");
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, "dashboard-failed-390");
  await page.setViewportSize({ width: 1280, height: 720 });

  await failedRow.getByRole("button", { name: /^Remove / }).click();
  const removeDialog = page.getByRole("dialog", { name: "Remove this failed video?" });
  await removeDialog.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(page.getByText("Video removed")).toBeVisible();
  await expect(failedSection).toHaveCount(0);

  await finishedTab.click();
  const card = page.getByRole("article", { name: /A story to delete/ });
  await expect(card).toBeVisible();
  await card.getByRole("button", { name: /^Delete / }).click();
  const deleteDialog = page.getByRole("dialog", { name: "Delete this video?" });
  await expect(deleteDialog.getByText(/deleted for good/)).toBeVisible();
  // Cancel keeps it.
  await deleteDialog.getByRole("button", { name: "Cancel" }).click();
  await expect(card).toBeVisible();
  await card.getByRole("button", { name: /^Delete / }).click();
  await page.getByRole("dialog", { name: "Delete this video?" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Video deleted")).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(page.getByRole("tab", { name: "Finished (0)" })).toBeVisible();
  expect((await page.request.get(`/api/videos/${keptId}`)).status()).toBe(404);
});
