import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { messages } from "@reelsmith/core";
import { makeScreenClip } from "@reelsmith/media/testing";
import { ARTIFACTS, lavfiFile, openFromStudio, signUp, snap } from "./helpers.ts";

/** A 1080 x 1920 picture of plain blue, made by ffmpeg: where the meme's green is keyed out, this shows. */
function makeBluePicture(file: string): void {
  lavfiFile(file, "color=c=blue:s=1080x1920", ["-frames:v", "1"]);
}

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
const preview = (page: Page) => page.getByTestId("green-screen-preview");
const generate = (page: Page) => page.getByRole("button", { name: "Generate Video · 6 credits" });

/** The last meme of the catalogue: the one on page 5. */
async function lastMeme(page: Page): Promise<{ id: string; title: string }> {
  const catalog = (await (await page.request.get("/api/catalog")).json()) as { memes: { id: string; title: string }[] };
  expect(catalog.memes).toHaveLength(33);
  const meme = catalog.memes.at(-1);
  if (!meme) throw new Error("the catalogue has no memes");
  return meme;
}

/** The builder's saved draft (sessionStorage), as it will be sent. */
async function draft(page: Page): Promise<Record<string, unknown>> {
  return page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((k) => k.includes("green-screen-draft"));
    return key ? (JSON.parse(sessionStorage.getItem(key) ?? "{}") as Record<string, unknown>) : {};
  });
}

/**
 * Pixels of the preview read back from its canvas, at points given in frame pixels (1080 x 1920),
 * and how many pixels of a frame rectangle are the meme's yellow.
 */
async function readPreview(page: Page, points: [number, number][], yellowIn: [number, number, number, number]) {
  return preview(page).evaluate(
    (canvas: HTMLCanvasElement, { points, yellowIn }) => {
      const copy = document.createElement("canvas");
      copy.width = canvas.width;
      copy.height = canvas.height;
      const ctx = copy.getContext("2d");
      if (!ctx) throw new Error("no 2D canvas");
      ctx.drawImage(canvas, 0, 0);
      const s = canvas.width / 1080;
      const at = ([x, y]: [number, number]) =>
        Array.from(ctx.getImageData(Math.round(x * s), Math.round(y * s), 1, 1).data);
      const [x, y, w, h] = yellowIn.map((v) => Math.round(v * s)) as [number, number, number, number];
      const data = ctx.getImageData(x, y, w, h).data;
      let yellow = 0;
      for (let i = 0; i < data.length; i += 4) {
        if ((data[i] as number) > 180 && (data[i + 1] as number) > 140 && (data[i + 2] as number) < 110) yellow++;
      }
      return { pixels: points.map(at), yellow, renderer: canvas.dataset.renderer };
    },
    { points, yellowIn },
  );
}

test("a new user makes a green-screen meme: caption, meme pages, background, live keyed preview, generate, play", async ({
  page,
}) => {
  test.setTimeout(300_000);
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const picture = path.join(ARTIFACTS, "blue-background.png");
  makeBluePicture(picture);

  await signUp(page);
  await openFromStudio(page, "/create/greenscreen");
  await expect(page.getByRole("heading", { level: 1, name: "Green Screen Memes" })).toBeVisible();
  await expect(page.getByText("6 credits per video")).toBeVisible();
  await expect(generate(page)).toBeDisabled();

  // The caption counter: yellow from 125 characters, red from 140, never past 150.
  const caption = page.getByLabel("Caption", { exact: true });
  const counter = page.getByTestId("caption-counter");
  const colour = () => counter.evaluate((el) => getComputedStyle(el).color);
  await caption.fill("a".repeat(124));
  await expect(counter).toHaveAttribute("data-tone", "normal");
  const normal = await colour();
  await caption.fill("a".repeat(125));
  await expect(counter).toHaveText("125/150");
  await expect(counter).toHaveAttribute("data-tone", "warning");
  await expect(counter).toHaveClass(/text-warning/);
  const warning = await colour();
  await caption.fill("a".repeat(140));
  await expect(counter).toHaveText("140/150");
  await expect(counter).toHaveAttribute("data-tone", "danger");
  await expect(counter).toHaveClass(/text-destructive/);
  const danger = await colour();
  expect(new Set([normal, warning, danger]).size).toBe(3);
  await caption.fill("b".repeat(160));
  await expect(counter).toHaveText("150/150");
  await caption.fill("when the group project is due tomorrow and nobody has started");

  // AI writing is off on this server: the button says why, without naming any setting.
  const write = page.getByRole("button", { name: "Write with AI" });
  await expect(write).toBeDisabled();
  await write.locator("xpath=..").hover();
  await expect(page.getByRole("tooltip")).toHaveText("AI writing is not enabled on this server.");

  // The memes, 8 a page over 5 pages: Previous wraps to the last page, Next from there to the first.
  const meme = await lastMeme(page);
  const memes = page.getByRole("radiogroup", { name: "Meme" });
  const pageLabel = page.getByTestId("meme-page");
  await expect(pageLabel).toHaveText("Page 1 of 5");
  await expect(memes.getByRole("radio")).toHaveCount(8);
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(pageLabel).toHaveText("Page 5 of 5");
  await expect(memes.getByRole("radio")).toHaveCount(1);
  await memes.getByRole("radio", { name: meme.title }).click();
  await expect(memes.getByRole("radio", { name: meme.title })).toHaveAttribute("aria-checked", "true");
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(pageLabel).toHaveText("Page 1 of 5");
  await expect(memes.getByRole("radio")).toHaveCount(8);
  await expect(page.getByText(`Chosen: ${meme.title}`)).toBeVisible();
  await expect(generate(page)).toBeDisabled();

  // The background: the type and size checks first, then a real picture.
  const picker = page.locator('input[type="file"]');
  await picker.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture") });
  await expect(toast(page, "Please upload a JPG, PNG or WebP image or an MP4 video.")).toBeVisible();
  await picker.setInputFiles({
    name: "huge.png",
    mimeType: "image/png",
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 1),
  });
  await expect(toast(page, "Files are at most 10MB.")).toBeVisible();
  await picker.setInputFiles(picture);
  const chosen = page.getByRole("radio", { name: /blue-background\.png/ });
  await expect(chosen).toHaveAttribute("aria-checked", "true");
  await expect(chosen.locator("img")).toBeVisible();
  await expect(generate(page)).toBeEnabled();

  // The live preview keys the meme over the background: where the clip is green, the picture shows.
  const canvas = preview(page);
  await expect(canvas).toHaveAttribute("data-keyed", "true", { timeout: 20_000 });
  // The default place of a square meme: 1080 x 1080 at y 720.
  const corners: [number, number][] = [
    [12, 732],
    [1068, 732],
    [12, 1788],
    [1068, 1788],
  ];
  await expect
    .poll(async () => (await readPreview(page, corners, [0, 720, 1080, 1080])).yellow, { timeout: 10_000 })
    .toBeGreaterThan(500);
  const read = await readPreview(page, [...corners, [540, 60]], [0, 720, 1080, 1080]);
  expect(read.renderer).toBe("webgl");
  for (const [r, g, b] of read.pixels.slice(0, 4) as number[][]) {
    // Blue, not green.
    expect(b).toBeGreaterThan(200);
    expect(g).toBeLessThan(60);
    expect(r).toBeLessThan(60);
  }
  // The caption's white band across the top.
  expect(read.pixels[4]?.slice(0, 3)).toEqual([255, 255, 255]);

  // Moving the meme on the preview sets its place; the slider sets its size.
  const box = await canvas.boundingBox();
  if (!box) throw new Error("the preview has no box");
  const scale = box.width / 1080;
  await page.mouse.move(box.x + 540 * scale, box.y + 1260 * scale);
  await page.mouse.down();
  await page.mouse.move(box.x + 440 * scale, box.y + 1160 * scale, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => (await draft(page)).meme_transform).toMatchObject({ scale: 1 });
  const moved = (await draft(page)).meme_transform as { x: number; y: number; scale: number };
  expect(moved.x).toBeCloseTo(440 / 1080, 1);
  expect(moved.y).toBeCloseTo(1160 / 1920, 1);
  await page.getByLabel("Meme size").fill("0.8");
  await expect.poll(async () => ((await draft(page)).meme_transform as { scale: number }).scale).toBe(0.8);
  await snap(page, "green-screen-builder");
  await canvas.screenshot({ path: path.join(ARTIFACTS, "green-screen-preview.png") });

  await generate(page).click();
  await expect(page.getByText("Video Creation Started!").first()).toBeVisible();
  await expect(page.getByText("14 credits available").first()).toBeVisible();

  await page.getByRole("link", { name: "Go to Finished Videos" }).click();
  const finishedTab = page.getByRole("tab", { name: "Finished (1)" });
  await expect(finishedTab).toBeVisible({ timeout: 180_000 });
  await finishedTab.click();
  const card = page.getByRole("article", { name: /Green Screen Meme - when the group project is due tomorrow/ });
  await expect(card).toBeVisible();
  await card.getByRole("button", { name: "Play", exact: true }).click();
  const player = page.getByTestId("video-player");
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.duration), { timeout: 20_000 })
    .toBeGreaterThan(4.5);
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(0);
});

test("without WebGL the preview keys on a 2D canvas; a balance under 6 credits opens the upgrade prompt", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // A browser without WebGL.
  await page.addInitScript(() => {
    const getContext = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, ...rest: unknown[]) {
      return type.startsWith("webgl") ? null : getContext.call(this, type as "2d", ...(rest as []));
    } as typeof getContext;
  });
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const picture = path.join(ARTIFACTS, "blue-background.png");
  makeBluePicture(picture);
  await signUp(page);
  await page.goto("/create/greenscreen");
  await page.locator('input[type="file"]').setInputFiles(picture);
  await expect(page.getByRole("radio", { name: /blue-background\.png/ })).toHaveAttribute("aria-checked", "true");
  const { background_file_id } = await draft(page);

  // Spend the free credits: three memes cost 18 of the 20.
  for (let i = 0; i < 3; i += 1) {
    const created = await page.request.post("/api/videos", {
      // The server refuses state-changing requests that do not say they come from its own pages.
      headers: { origin: new URL(page.url()).origin },
      data: {
        type: "green-screen",
        input: { text_hook: `Meme ${i}`, selected_meme: "bruh", background_file_id },
      },
    });
    expect(created.status()).toBe(201);
  }
  await page.reload();
  await page.getByLabel("Caption", { exact: true }).fill("one more meme");
  await page.getByRole("radiogroup", { name: "Meme" }).getByRole("radio").first().click();
  await expect(preview(page)).toHaveAttribute("data-keyed", "true", { timeout: 20_000 });
  const read = await readPreview(
    page,
    [
      [12, 732],
      [1068, 1788],
    ],
    [0, 720, 1080, 1080],
  );
  expect(read.renderer).toBe("canvas");
  for (const [r, g, b] of read.pixels as number[][]) {
    expect(b).toBeGreaterThan(200);
    expect(g).toBeLessThan(60);
    expect(r).toBeLessThan(60);
  }

  await generate(page).click();
  const dialog = page.getByRole("dialog", { name: "Insufficient Credits" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("You don't have enough credits to generate this video.")).toBeVisible();
  await expect(dialog.getByTestId("credits-required")).toHaveText("6");
  await expect(dialog.getByTestId("credits-current")).toHaveText("2");
  await dialog.getByRole("button", { name: "Upgrade Plan" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});

test("a creator's own green-screen clip: one without a screen is refused in words; a filmed one is keyed in the preview and the video", async ({
  page,
}) => {
  test.setTimeout(240_000);
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const picture = path.join(ARTIFACTS, "blue-background.png");
  makeBluePicture(picture);
  const size = { seconds: 3, width: 540, height: 960 };
  const [own, plain] = await Promise.all([
    makeScreenClip(path.join(ARTIFACTS, "my-dance.mp4"), { backdrop: "green", ...size }),
    makeScreenClip(path.join(ARTIFACTS, "no-screen.mp4"), { backdrop: "none", ...size }),
  ]);
  await signUp(page);
  await page.goto("/create/greenscreen");
  await page.getByLabel("Caption", { exact: true }).fill("me when the beat drops");

  // The meme from the creator's own clip: the clip field takes MOV (the background field does not).
  await page.getByRole("button", { name: "Your clip" }).click();
  await expect(page.getByRole("button", { name: "Your clip" })).toHaveAttribute("aria-pressed", "true");
  const clipInput = page.locator('input[type="file"][accept*=".mov"]');
  await clipInput.setInputFiles(plain);
  await expect(page.getByText(messages.files.memeClipNoScreen).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("radio", { name: /no-screen\.mp4/ })).toHaveCount(0);
  await clipInput.setInputFiles(own);
  await expect(page.getByRole("radio", { name: /my-dance\.mp4/ })).toHaveAttribute("aria-checked", "true", {
    timeout: 20_000,
  });
  await page.locator('input[type="file"][accept*="image/png"]').setInputFiles(picture);
  await expect(page.getByRole("radio", { name: /blue-background\.png/ })).toHaveAttribute("aria-checked", "true");
  const sent = await draft(page);
  expect(sent).toMatchObject({ selected_meme: null });
  expect(typeof sent.meme_file_id).toBe("string");

  // The preview finds the clip's own screen and keys it: the blue picture shows where the screen was
  // (the clip, 540 x 960, fills 742 x 1320 from y 600), the red shirt stays.
  const canvas = preview(page);
  await expect(canvas).toHaveAttribute("data-keyed", "true", { timeout: 20_000 });
  await expect(canvas).toHaveAttribute("data-screen-key", "found", { timeout: 20_000 });
  // Where the screen was, and the shirt; polled together, as the clip's frames arrive after the picture's.
  const points: [number, number][] = [
    [200, 640],
    [880, 640],
    [540, 700],
    [540, 1800],
  ];
  const isBlue = ([r, g, b]: number[]) => (b ?? 0) > 180 && (g ?? 255) < 90 && (r ?? 255) < 90;
  const isRed = ([r, g, b]: number[]) => (r ?? 0) > 150 && (g ?? 255) < 90 && (b ?? 255) < 90;
  await expect
    .poll(
      async () => {
        const { pixels } = await readPreview(page, points, [0, 0, 20, 20]);
        return pixels.slice(0, 3).every(isBlue) && isRed(pixels[3] ?? []);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  await canvas.screenshot({ path: path.join(ARTIFACTS, "green-screen-own-clip-preview.png") });
  await snap(page, "green-screen-own-clip");

  // Generate: the video keys the clip at its own screen too.
  const created = page.waitForResponse((r) => r.url().endsWith("/api/videos") && r.request().method() === "POST");
  await generate(page).click();
  const video = (await (await created).json()) as { id: string };
  await expect(page.getByText("Video Creation Started!").first()).toBeVisible();
  let url: string | null = null;
  await expect
    .poll(
      async () => {
        const body = (await (await page.request.get(`/api/videos/${video.id}`)).json()) as {
          status: string;
          video_url: string | null;
        };
        url = body.video_url;
        return body.status;
      },
      { timeout: 180_000, intervals: [2_000] },
    )
    .toBe("finished");
  const file = path.join(ARTIFACTS, "green-screen-own-clip.mp4");
  fs.writeFileSync(file, await (await page.request.get(url ?? "")).body());
  const frame = execFileSync("ffmpeg", [
    "-v",
    "error",
    "-ss",
    "1",
    "-i",
    file,
    "-frames:v",
    "1",
    "-vf",
    "scale=108:192",
    "-f",
    "rawvideo",
    "-pix_fmt",
    "rgb24",
    "-",
  ]);
  // The screen's place (frame y 640-760, x 200-880, at a tenth): blue, no green.
  let blue = 0;
  let green = 0;
  for (let y = 64; y < 76; y++) {
    for (let x = 20; x < 88; x++) {
      const i = (y * 108 + x) * 3;
      const [r, g, b] = [frame[i] ?? 0, frame[i + 1] ?? 0, frame[i + 2] ?? 0];
      if (b > 150 && r < 90 && g < 110) blue++;
      if (g > r + 30 && g > b + 30) green++;
    }
  }
  expect(green).toBe(0);
  expect(blue).toBeGreaterThan(12 * 68 * 0.95);
});
