import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { messages } from "@reelsmith/core";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { credits, files, generatedVideos } from "../src/db/schema/index.ts";
import type { LocalStorage } from "../src/repositories/storage/local-storage.ts";
import { DRIVERS } from "./databases.ts";
import { TestRenderer } from "./fakes/test-renderer.ts";
import { createHarness, declaredUpload, type Harness, json } from "./harness.ts";
import { testMedia } from "./media.ts";

/** Clips made by ffmpeg once: a landscape MP4 with sound, a MOV, a WebM, and ones ffprobe must refuse. */
let clips: Record<"mp4" | "mov" | "webm" | "short" | "wide" | "soundOnly" | "broken", string>;
beforeAll(() => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "reelsmith-footage-"));
  const ff = (...args: string[]) => execFileSync("ffmpeg", ["-v", "error", "-y", ...args], { stdio: "pipe" });
  const out = (name: string) => path.join(dir, name);
  const picture = (size: string, seconds: number) => [
    "-f",
    "lavfi",
    "-i",
    `testsrc2=size=${size}:rate=10:duration=${seconds}`,
  ];
  const h264 = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"];
  ff(...picture("320x180", 3), "-f", "lavfi", "-i", "sine=duration=3", ...h264, "-c:a", "aac", out("clip.mp4"));
  ff(...picture("320x180", 3), ...h264, "-f", "mov", out("clip.mov"));
  ff(...picture("320x180", 3), "-c:v", "libvpx", "-b:v", "200k", out("clip.webm"));
  ff(...picture("320x180", 1), ...h264, out("short.mp4"));
  ff(...picture("4112x64", 2), ...h264, out("wide.mp4"));
  ff("-f", "lavfi", "-i", "sine=duration=3", "-c:a", "aac", "-f", "mp4", out("sound.mp4"));
  // The bytes of an MP4's start (so it passes the sniff), then nothing a demuxer can read.
  const head = fs.readFileSync(out("clip.mp4")).subarray(0, 32);
  fs.writeFileSync(out("broken.mp4"), Buffer.concat([head, Buffer.alloc(4096, 7)]));
  clips = {
    mp4: out("clip.mp4"),
    mov: out("clip.mov"),
    webm: out("clip.webm"),
    short: out("short.mp4"),
    wide: out("wide.mp4"),
    soundOnly: out("sound.mp4"),
    broken: out("broken.mp4"),
  };
});

function form(file: string, name = path.basename(file)): FormData {
  const body = new FormData();
  body.set("file", new Blob([new Uint8Array(fs.readFileSync(file))]), name);
  return body;
}

/** Every stored object under the local storage root (type sidecar files excluded). */
function storedObjects(h: Harness): string[] {
  const root = (h.ctx.storage as LocalStorage).pathOf("x").replace(/\/x$/, "");
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter(
    (f) => fs.statSync(path.join(root, f)).isFile() && !f.endsWith(".type"),
  );
}

/** Temporary upload copies left in the system's temp folder. */
const tempCopies = (h: Harness) => fs.readdirSync(h.scratchDir).filter((name) => name.startsWith("reelsmith-upload-"));

async function jobsFor(h: Harness, videoId: string): Promise<number> {
  const result = await h.db.db.execute(sql`select count(*)::int as n from pgboss.job where singleton_key = ${videoId}`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

const story = (own: string, crop = 0.3) => ({
  type: "reddit",
  input: {
    post_title: "AITA for filming my own gameplay?",
    script: "I recorded my own run and used it as the background.",
    caption_style: "modern-bold",
    background_file_id: own,
    background_crop: { x: crop },
  },
});

describe.each(DRIVERS)("own background footage on %s", (driver) => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  const upload = (body: FormData, cookie: string) =>
    h.request("/api/files?type=background-video", { method: "POST", body, cookie });

  it("keeps an MP4, MOV or WebM clip ffprobe can read, listed under its kind", async () => {
    h = await createHarness(driver);
    const { cookie } = await h.signUp(`footage.${driver}@example.com`);
    const made: { id: string; mime_type: string; type: string }[] = [];
    for (const clip of [clips.mp4, clips.mov, clips.webm]) {
      const response = await upload(form(clip), cookie);
      expect(response.status, clip).toBe(201);
      made.push(await json(response));
    }
    expect(made.map((f) => f.mime_type)).toEqual(["video/mp4", "video/quicktime", "video/webm"]);
    expect(made.every((f) => f.type === "background-video")).toBe(true);
    const listed = await json(h.request("/api/files?type=background-video", { cookie }));
    expect(listed.items.map((f: { id: string }) => f.id).sort()).toEqual(made.map((f) => f.id).sort());
    expect((await json(h.request("/api/files?type=green-screen", { cookie }))).items).toEqual([]);
    expect(storedObjects(h)).toHaveLength(3);
    expect(tempCopies(h)).toEqual([]);
  });

  it("refuses by the bytes and by ffprobe, with the reason, and keeps nothing", async () => {
    h = await createHarness(driver);
    const { cookie } = await h.signUp(`refused.${driver}@example.com`);
    const png = path.join(os.tmpdir(), `reelsmith-not-a-video-${driver}.png`);
    execFileSync("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "color=red:size=32x32", "-frames:v", "1", png]);
    const refusals: [string, string, number][] = [
      [png, messages.files.unsupportedBackgroundVideo, 415],
      [clips.short, messages.files.backgroundVideoLength, 415],
      [clips.wide, messages.files.backgroundVideoSize, 415],
      [clips.soundOnly, messages.files.backgroundVideoUnreadable, 415],
      [clips.broken, messages.files.backgroundVideoUnreadable, 415],
    ];
    for (const [clip, message, status] of refusals) {
      const response = await upload(form(clip, "footage.mp4"), cookie);
      expect(response.status, clip).toBe(status);
      expect((await json(response)).message, clip).toBe(message);
    }
    expect(storedObjects(h)).toEqual([]);
    expect(await h.db.db.select().from(files)).toHaveLength(0);
    expect(tempCopies(h)).toEqual([]);
    fs.rmSync(png, { force: true });
  });

  it("bounds its own size at 100 MB: a larger declared body is refused before it is read", async () => {
    h = await createHarness(driver);
    const { cookie } = await h.signUp(`large.${driver}@example.com`);
    const response = await declaredUpload(h, "background-video", 101, cookie);
    expect(response.status).toBe(413);
    expect((await json(response)).message).toBe(messages.files.backgroundVideoTooLarge);
    // Other kinds keep their 10 MB bound.
    const other = await declaredUpload(h, "green-screen", 11, cookie);
    expect(other.status).toBe(413);
    expect((await json(other)).message).toBe(messages.files.tooLarge);
  });

  it("makes a Reddit story over the footage: charged and queued; another user's clip is refused before charging", async () => {
    h = await createHarness(
      driver,
      { createRateLimit: { max: 1000, windowSeconds: 60 } },
      {
        media: await testMedia(new TestRenderer()),
        queue: { work: false },
      },
    );
    const alice = (await h.signUp(`alice.${driver}@example.com`)).cookie;
    const bob = (await h.signUp(`bob.${driver}@example.com`)).cookie;
    const own = (await json(upload(form(clips.mp4), alice))).id as string;
    const greenScreen = new FormData();
    greenScreen.set("file", new Blob([new Uint8Array(fs.readFileSync(clips.mp4))]), "clip.mp4");
    const otherKind = (
      await json(h.request("/api/files?type=green-screen", { method: "POST", body: greenScreen, cookie: alice }))
    ).id as string;

    const create = (body: unknown, cookie: string) =>
      h.request("/api/videos", { method: "POST", body: JSON.stringify(body), cookie });
    const refusals: [unknown, string, string][] = [
      [story(own), bob, messages.files.notFound],
      [story(otherKind), alice, messages.files.wrongUse],
      [
        { ...story(own), input: { ...story(own).input, background_video: "minecraft" } },
        alice,
        messages.reddit.backgroundRequired,
      ],
    ];
    for (const [body, cookie, message] of refusals) {
      const response = await create(body, cookie);
      expect(response.status).toBe(400);
      // Schema refusals name the field first ("input.background_video: ...").
      expect((await json(response)).message).toMatch(new RegExp(`(^|: )${message.replace(/[.?]/g, "\\$&")}$`));
    }
    expect(await h.db.db.select().from(generatedVideos)).toHaveLength(0);
    expect(await h.db.db.select().from(credits).where(eq(credits.source, "spend"))).toHaveLength(0);

    const response = await create(story(own), alice);
    expect(response.status).toBe(201);
    const video = await json(response);
    expect(video).toMatchObject({ type: "reddit", status: "processing" });
    expect((await json(h.request("/api/account", { cookie: alice }))).credits).toBe(20 - video.cost);
    expect(await jobsFor(h, video.id)).toBe(1);
    const [row] = await h.db.db.select().from(generatedVideos).where(eq(generatedVideos.id, video.id));
    expect(row?.input).toMatchObject({ background_file_id: own, background_crop: { x: 0.3 } });
    // A green-screen meme takes the same footage as its background (beside its own picture-or-MP4 kind).
    const meme = await create(
      {
        type: "green-screen",
        input: { text_hook: "me at 3am", selected_meme: "dancing-cat", background_file_id: own },
      },
      alice,
    );
    expect(meme.status).toBe(201);
    // The footage is read by a video being made: it cannot be deleted meanwhile.
    expect((await h.request(`/api/files/${own}`, { method: "DELETE", cookie: alice })).status).toBe(409);
  });
});
