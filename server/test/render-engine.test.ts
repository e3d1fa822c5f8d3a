import { type ChildProcess, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { credits, files, generatedVideos, user } from "../src/db/schema/index.ts";
import { spawnWorker, story } from "./engine-fixtures.ts";
import { createHarness, type Harness, json } from "./harness.ts";
import { testMedia } from "./media.ts";

/**
 * The product path with the real render engine: the quick-built starter library, offline voices and
 * ffmpeg. Videos are kept short so the suite stays quick.
 */

function probe(file: string) {
  const out = execFileSync("ffprobe", ["-v", "error", "-show_streams", "-show_format", "-of", "json", file], {
    encoding: "utf8",
  });
  return JSON.parse(out) as {
    streams: { codec_type: string; codec_name: string; width?: number; height?: number; profile?: string }[];
    format: { duration: string };
  };
}

async function download(h: Harness, url: string): Promise<string> {
  const response = await h.request(url);
  expect(response.status).toBe(200);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "reelsmith-dl-")), "video.mp4");
  fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  return file;
}

describe("videos made by the render engine", () => {
  let h: Harness;
  const children: ChildProcess[] = [];
  afterEach(async () => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
    await h?.close();
  });

  it("renders a Reddit story end to end into a playable 1080x1920 MP4", async () => {
    h = await createHarness("pglite", {}, { media: await testMedia(), queue: { work: true } });
    const { cookie } = await h.signUp("engine.ok@example.com");
    const created = await json(
      h.request("/api/videos", { method: "POST", body: JSON.stringify(story("I said no. She said yes.")), cookie }),
    );
    await expect
      .poll(async () => (await json(h.request(`/api/videos/${created.id}`, { cookie }))).status, {
        timeout: 120_000,
        interval: 500,
      })
      .toBe("finished");
    const video = await json(h.request(`/api/videos/${created.id}`, { cookie }));
    const info = probe(await download(h, video.video_url));
    const picture = info.streams.find((s) => s.codec_type === "video");
    expect(picture).toMatchObject({ codec_name: "h264", width: 1080, height: 1920, profile: "High" });
    expect(info.streams.some((s) => s.codec_type === "audio" && s.codec_name === "aac")).toBe(true);
    expect(Math.abs(Number(info.format.duration) - video.duration_s)).toBeLessThan(0.2);
    expect(video.duration_s).toBeGreaterThan(2);
    expect((await h.request(video.thumbnail_url)).status).toBe(200);
  }, 180_000);

  it("fails a video whose upload cannot be decoded, with a readable reason and one refund", async () => {
    h = await createHarness("pglite", {}, { media: await testMedia(), queue: { work: true } });
    const { cookie } = await h.signUp("engine.broken@example.com");
    // An MP3 tag followed by noise: no decoder can read it, and the upload check now refuses it at once...
    const fake = Buffer.concat([Buffer.from("ID3\u0003\u0000\u0000\u0000\u0000\u0000\u0000"), Buffer.alloc(4096, 7)]);
    const form = new FormData();
    form.set("type", "audio-file");
    form.set("file", new Blob([new Uint8Array(fake)]), "broken.mp3");
    expect((await h.request("/api/files", { method: "POST", body: form, cookie })).status).toBe(415);
    // ...but one stored before uploads were checked whole still reaches a render, which must fail it cleanly.
    const [owner] = await h.db.db.select().from(user).where(eq(user.email, "engine.broken@example.com"));
    const key = `${owner?.id}/audio-file/broken-before-checks.mp3`;
    await h.ctx.storage.put(key, Readable.from([fake]), "audio/mpeg");
    const [audio] = await h.db.db
      .insert(files)
      .values({
        userId: owner?.id ?? "",
        originalFilename: "broken.mp3",
        path: key,
        type: "audio-file",
        mimeType: "audio/mpeg",
        size: fake.length,
      })
      .returning();
    const created = await json(
      h.request("/api/videos", {
        method: "POST",
        body: JSON.stringify({ type: "text-hook", input: { audio_file_id: audio?.id, video_style: "boiler-room" } }),
        cookie,
      }),
    );
    expect((await json(h.request("/api/account", { cookie }))).credits).toBe(14);
    await expect
      .poll(async () => (await json(h.request(`/api/videos/${created.id}`, { cookie }))).status, {
        timeout: 90_000,
        interval: 500,
      })
      .toBe("error");
    const video = await json(h.request(`/api/videos/${created.id}`, { cookie }));
    expect(video.error_message).toBe(
      "One of the files for this video could not be read. Upload it again in another format.",
    );
    expect(video.refunded).toBe(6);
    expect((await json(h.request("/api/account", { cookie }))).credits).toBe(20);
    const refunds = await h.db.db.select().from(credits).where(eq(credits.videoId, created.id));
    expect(refunds.map((r) => r.source).sort()).toEqual(["refund", "spend"]);
  }, 120_000);

  it("a worker killed with SIGKILL mid-render ends in a finished or refunded video, charged once", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "reelsmith-kill-"));
    const storageRoot = path.join(dataDir, "storage");
    h = await createHarness(
      "postgres",
      { storage: { driver: "local", root: storageRoot } },
      {
        media: await testMedia(),
        queue: { work: false },
      },
    );
    const worker = () => {
      const child = spawnWorker(h, dataDir);
      children.push(child);
      return child;
    };
    const { cookie } = await h.signUp("engine.kill@example.com");
    const longer = "We had a deal about the dishes. ".repeat(8);
    const created = await json(
      h.request("/api/videos", { method: "POST", body: JSON.stringify(story(longer)), cookie }),
    );

    const first = worker();
    // Wait until the first worker is rendering, then kill it without warning.
    await expect
      .poll(
        async () => {
          const [row] = await h.db.db.select().from(generatedVideos).where(eq(generatedVideos.id, created.id));
          return row?.stage ?? "";
        },
        { timeout: 90_000, interval: 250 },
      )
      .toMatch(/Writing voice-over|Rendering/);
    first.kill("SIGKILL");
    await new Promise((resolve) => first.once("exit", resolve));

    worker();
    await expect
      .poll(
        async () => {
          const [row] = await h.db.db.select().from(generatedVideos).where(eq(generatedVideos.id, created.id));
          return row?.status;
        },
        { timeout: 240_000, interval: 1000 },
      )
      .toMatch(/^(finished|error)$/);
    const [row] = await h.db.db.select().from(generatedVideos).where(eq(generatedVideos.id, created.id));
    const ledger = await h.db.db.select().from(credits).where(eq(credits.videoId, created.id));
    expect(ledger.filter((r) => r.source === "spend")).toHaveLength(1);
    if (row?.status === "finished") {
      expect(ledger.filter((r) => r.source === "refund")).toHaveLength(0);
      expect(fs.existsSync(path.join(storageRoot, row.outputPath ?? "missing"))).toBe(true);
    } else {
      expect(ledger.filter((r) => r.source === "refund")).toHaveLength(1);
    }
  }, 360_000);
});
