import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { messages } from "@reelsmith/core";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { credits, files, generatedVideos } from "../src/db/schema/index.ts";
import type { LocalStorage } from "../src/repositories/storage/local-storage.ts";
import { DRIVERS } from "./databases.ts";
import { TestRenderer } from "./fakes/test-renderer.ts";
import { createHarness, type Harness, json } from "./harness.ts";
import { testMedia } from "./media.ts";

/** Recordings made by ffmpeg once: each accepted format, and ones that must be refused. */
let clips: Record<"webm" | "ogg" | "mp3" | "wav" | "m4a" | "short" | "long" | "pictureOnly" | "broken" | "png", string>;
beforeAll(() => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "reelsmith-voice-"));
  const ff = (...args: string[]) => execFileSync("ffmpeg", ["-v", "error", "-y", ...args], { stdio: "pipe" });
  const out = (name: string) => path.join(dir, name);
  const tone = (seconds: number) => ["-f", "lavfi", "-i", `sine=frequency=220:duration=${seconds}`];
  // What Chromium's MediaRecorder writes: Opus in WebM, without a duration in the header (streamed).
  ff(...tone(3), "-c:a", "libopus", "-f", "webm", "-live", "1", out("take.webm"));
  ff(...tone(3), "-c:a", "libopus", out("take.ogg"));
  ff(...tone(3), "-c:a", "libmp3lame", out("take.mp3"));
  ff(...tone(3), out("take.wav"));
  ff(...tone(3), "-c:a", "aac", out("take.m4a"));
  ff(...tone(0.4), out("short.wav"));
  ff(...tone(301), "-c:a", "libopus", "-b:a", "8k", out("long.ogg"));
  ff("-f", "lavfi", "-i", "testsrc2=size=160x90:rate=5:duration=3", "-c:v", "libvpx", out("picture.webm"));
  ff("-f", "lavfi", "-i", "color=red:size=32x32", "-frames:v", "1", out("still.png"));
  const head = fs.readFileSync(out("take.ogg")).subarray(0, 32);
  fs.writeFileSync(out("broken.ogg"), Buffer.concat([head, Buffer.alloc(4096, 7)]));
  clips = {
    webm: out("take.webm"),
    ogg: out("take.ogg"),
    mp3: out("take.mp3"),
    wav: out("take.wav"),
    m4a: out("take.m4a"),
    short: out("short.wav"),
    long: out("long.ogg"),
    pictureOnly: out("picture.webm"),
    broken: out("broken.ogg"),
    png: out("still.png"),
  };
});

function form(file: string, name = path.basename(file)): FormData {
  const body = new FormData();
  body.set("file", new Blob([new Uint8Array(fs.readFileSync(file))]), name);
  return body;
}

function storedObjects(h: Harness): string[] {
  const root = (h.ctx.storage as LocalStorage).pathOf("x").replace(/\/x$/, "");
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter(
    (f) => fs.statSync(path.join(root, f)).isFile() && !f.endsWith(".type"),
  );
}

const tempCopies = (h: Harness) => fs.readdirSync(h.scratchDir).filter((name) => name.startsWith("reelsmith-upload-"));

const story = (voiceOver: string | null) => ({
  type: "reddit",
  input: {
    post_title: "AITA for reading my own story?",
    script: "I recorded myself reading it instead of using a voice.",
    caption_style: "modern-bold",
    background_video: "minecraft",
    voiceover_file_id: voiceOver,
  },
});

describe.each(DRIVERS)("own voice-over on %s", (driver) => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  const upload = (body: FormData, cookie: string) =>
    h.request("/api/files?type=voice-over", { method: "POST", body, cookie });

  it("keeps a browser recording (Opus WebM), OGG, MP3, WAV or M4A with sound, as audio", async () => {
    h = await createHarness(driver);
    const { cookie } = await h.signUp(`voice.${driver}@example.com`);
    const made: { id: string; mime_type: string; type: string }[] = [];
    for (const clip of [clips.webm, clips.ogg, clips.mp3, clips.wav, clips.m4a]) {
      const response = await upload(form(clip), cookie);
      expect(response.status, clip).toBe(201);
      made.push(await json(response));
    }
    expect(made.map((f) => f.mime_type)).toEqual(["audio/webm", "audio/ogg", "audio/mpeg", "audio/wav", "audio/mp4"]);
    expect(made.every((f) => f.type === "voice-over")).toBe(true);
    const listed = await json(h.request("/api/files?type=voice-over", { cookie }));
    expect(listed.items.map((f: { id: string }) => f.id).sort()).toEqual(made.map((f) => f.id).sort());
    expect(storedObjects(h).filter((f) => f.includes("/voice-over/"))).toHaveLength(5);
    expect(tempCopies(h)).toEqual([]);
  });

  it("refuses by the bytes and by ffprobe (no sound, under 1 s, over 5 min, unreadable) and keeps nothing", async () => {
    h = await createHarness(driver);
    const { cookie } = await h.signUp(`refused.${driver}@example.com`);
    const refusals: [string, string][] = [
      [clips.png, messages.files.unsupportedVoiceOver],
      [clips.pictureOnly, messages.files.voiceOverUnreadable],
      [clips.short, messages.files.voiceOverLength],
      [clips.long, messages.files.voiceOverLength],
      [clips.broken, messages.files.voiceOverUnreadable],
    ];
    for (const [clip, message] of refusals) {
      const response = await upload(form(clip), cookie);
      expect(response.status, clip).toBe(415);
      expect((await json(response)).message, clip).toBe(message);
    }
    expect(storedObjects(h)).toEqual([]);
    expect(await h.db.db.select().from(files)).toHaveLength(0);
    expect(tempCopies(h)).toEqual([]);
  });

  it("makes a Reddit story read by the recording; another user's or another kind's file is refused before charging", async () => {
    h = await createHarness(
      driver,
      { createRateLimit: { max: 1000, windowSeconds: 60 } },
      { media: await testMedia(new TestRenderer()), queue: { work: false } },
    );
    const alice = (await h.signUp(`alice.${driver}@example.com`)).cookie;
    const bob = (await h.signUp(`bob.${driver}@example.com`)).cookie;
    const own = (await json(upload(form(clips.webm), alice))).id as string;
    const song = (
      await json(h.request("/api/files?type=audio-file", { method: "POST", body: form(clips.mp3), cookie: alice }))
    ).id as string;
    const create = (body: unknown, cookie: string) =>
      h.request("/api/videos", { method: "POST", body: JSON.stringify(body), cookie });
    const refusals: [unknown, string, string][] = [
      [story(own), bob, messages.files.notFound],
      [story(song), alice, messages.files.wrongUse],
      [story("not-an-id"), alice, messages.reddit.voiceOverInvalid],
    ];
    for (const [body, cookie, message] of refusals) {
      const response = await create(body, cookie);
      expect(response.status).toBe(400);
      expect((await json(response)).message).toMatch(new RegExp(`(^|: )${message.replace(/[.?]/g, "\\$&")}$`));
    }
    expect(await h.db.db.select().from(generatedVideos)).toHaveLength(0);
    expect(await h.db.db.select().from(credits).where(eq(credits.source, "spend"))).toHaveLength(0);

    const response = await create(story(own), alice);
    expect(response.status).toBe(201);
    const video = await json(response);
    const [row] = await h.db.db.select().from(generatedVideos).where(eq(generatedVideos.id, video.id));
    expect(row?.input).toMatchObject({ voiceover_file_id: own });
    expect((await h.request(`/api/files/${own}`, { method: "DELETE", cookie: alice })).status).toBe(409);
  });
});
