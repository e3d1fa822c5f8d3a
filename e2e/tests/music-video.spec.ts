import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ARTIFACTS, lavfiFile, openFromStudio, signUp, snap } from "./helpers.ts";

/** A 40 s song made by ffmpeg: a kick on every beat at 120 BPM, louder from 20 to 32 s. */
function makeSong(file: string): void {
  lavfiFile(
    file,
    "aevalsrc='0.6*sin(2*PI*55*t)*exp(-18*mod(t,0.5))+0.25*sin(2*PI*440*t)*(0.3+0.7*gt(t,20)*lt(t,32))':s=44100:d=40",
    ["-ac", "2", "-b:a", "128k"],
  );
}

test("a new user makes a music video from their own song: upload, pick the part, style, generate, play, download", async ({
  page,
}) => {
  test.setTimeout(240_000);
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const song = path.join(ARTIFACTS, "my-song.mp3");
  makeSong(song);
  const notAudio = path.join(ARTIFACTS, "notes.mp3");
  fs.writeFileSync(notAudio, "these are my lyrics, not a song\n".repeat(20));

  await signUp(page);
  await openFromStudio(page, "/create-video");
  await expect(page.getByRole("heading", { level: 1, name: "Music Video" })).toBeVisible();
  // Back on the first step leaves for Creator Studio; Next waits for a song.
  await expect(page.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/create");
  const next = page.getByRole("button", { name: "Next", exact: true });
  await expect(next).toBeDisabled();

  // A text file renamed .mp3 passes the name check but not the server's: the spec's words.
  const picker = page.locator('input[type="file"]');
  await picker.setInputFiles(notAudio);
  await expect(page.getByText("Invalid file type").first()).toBeVisible();
  await expect(page.getByText("Please upload an MP3, WAV, or AAC audio file.").first()).toBeVisible();

  // The real song: uploaded, chosen, and placed on its loudest part (20-32 s) on the waveform.
  await picker.setInputFiles(song);
  await expect(page.getByRole("radio", { name: /my-song\.mp3/ })).toHaveAttribute("aria-checked", "true");
  const window = page.getByRole("slider", { name: "Part of the song used in the video" });
  await expect(window).toBeVisible({ timeout: 20_000 });
  await expect(window).toHaveAttribute("aria-valuetext", /^0:1[6-9] to 0:3[1-4]$/);
  await expect(page.getByText("120 BPM")).toBeVisible();
  // Moved by the keyboard, the window starts later.
  const before = Number(await window.getAttribute("aria-valuenow"));
  await window.focus();
  await page.keyboard.press("PageUp");
  await expect.poll(async () => Number(await window.getAttribute("aria-valuenow"))).toBeGreaterThan(before);
  await page.getByRole("button", { name: "10 s", exact: true }).click();
  await expect(window).toHaveAttribute("aria-valuetext", /to/);
  await snap(page, "music-video-song");
  await next.click();

  // Step 2: a style and the hook, with its counter.
  await expect(page.getByRole("button", { name: /Generate Video/ })).toBeDisabled();
  await page.getByRole("radio", { name: "Rave / Boiler Room" }).click();
  await page.getByLabel("Text hook").fill("POV: the drop hits on the first loop");
  await expect(page.getByText("36/150")).toBeVisible();
  await snap(page, "music-video-style");
  await page.getByRole("button", { name: "Generate Video · 6 credits" }).click();
  await expect(page.getByText("Video Creation Started!").first()).toBeVisible();
  await expect(page.getByText("14 credits available").first()).toBeVisible();

  await page.getByRole("link", { name: "Go to Finished Videos" }).click();
  const finishedTab = page.getByRole("tab", { name: "Finished (1)" });
  await expect(finishedTab).toBeVisible({ timeout: 180_000 });
  await finishedTab.click();
  const card = page.getByRole("article", { name: /Music Video - Rave \/ Boiler Room - POV: the drop hits/ });
  await expect(card).toBeVisible();
  await card.getByRole("button", { name: "Play", exact: true }).click();
  const player = page.getByTestId("video-player");
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.duration), { timeout: 20_000 }).toBeGreaterThan(9);
  await page.keyboard.press("Escape");

  const downloading = page.waitForEvent("download");
  await card.getByRole("button", { name: /^Download / }).click();
  const file = path.join(ARTIFACTS, "downloaded-music-video.mp4");
  await (await downloading).saveAs(file);
  const probe = JSON.parse(
    execFileSync("ffprobe", ["-v", "error", "-show_streams", "-show_format", "-of", "json", file], {
      encoding: "utf8",
    }),
  ) as { streams: { codec_type: string; width?: number; height?: number }[]; format: { duration: string } };
  expect(probe.streams.find((s) => s.codec_type === "video")).toMatchObject({ width: 1080, height: 1920 });
  expect(probe.streams.some((s) => s.codec_type === "audio")).toBe(true);
  // The 10 s part of the song.
  expect(Number(probe.format.duration)).toBeGreaterThan(9.5);
  expect(Number(probe.format.duration)).toBeLessThan(10.6);
});
