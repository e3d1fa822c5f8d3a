import fs from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type FileType, messages } from "@reelsmith/core";
import { type HostileFiles, makeHostileFiles } from "@reelsmith/media/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LocalStorage } from "../../src/repositories/storage/local-storage.ts";
import { createHarness, type Harness, json } from "../harness.ts";

/**
 * Uploads made to hurt: lying lengths, playlists behind an MP3 header, a compressed movie header that asks for
 * 2 GB, truncated pictures, a silent "song". Each is refused at upload with the kind's own reason, nothing is
 * stored, no temporary copy is left, and the server goes on answering. Before the media layer these crashed the
 * process, hung a render, or read another user's file.
 */

let dir: string;
let files: HostileFiles;
let h: Harness;
let cookie: string;
const tmpUploads = () => fs.readdirSync(h.scratchDir).filter((f) => f.startsWith("reelsmith-upload-"));

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "reelsmith-hostile-uploads-"));
  files = await makeHostileFiles(dir);
  h = await createHarness("pglite");
  cookie = (await h.signUp("hostile-media@example.com")).cookie;
}, 180_000);
afterAll(async () => {
  await h?.close();
  await rm(dir, { recursive: true, force: true });
});

const upload = (file: string, name: string, type: FileType) => {
  const body = new FormData();
  body.set("type", type);
  body.set("file", new Blob([new Uint8Array(fs.readFileSync(file))]), name);
  return h.request(`/api/files?type=${type}`, { method: "POST", body, cookie });
};

/** Every stored object under the local storage root (type sidecar files excluded). */
const storedObjects = () => {
  const root = (h.ctx.storage as LocalStorage).pathOf("x").replace(/\/x$/, "");
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter(
    (f) => fs.statSync(path.join(root, f)).isFile() && !f.endsWith(".type"),
  );
};

describe("hostile media uploads", () => {
  it.each([
    ["lyingMp3", "story.mp3", "voice-over", messages.files.voiceOverLength],
    ["lyingMp3", "song.mp3", "audio-file", messages.files.songLength],
    ["longMp3", "mix.mp3", "audio-file", messages.files.songLength],
    ["lyingMp4", "clip.mp4", "background-video", messages.files.backgroundVideoUnreadable],
    ["lyingMp4", "clip.mp4", "green-screen", messages.files.backgroundUnreadable],
    ["id3Hls", "song.mp3", "audio-file", messages.files.unsupportedAudio],
    ["id3Hls", "voice.mp3", "voice-over", messages.files.unsupportedVoiceOver],
    ["id3Dash", "song.mp3", "audio-file", messages.files.unsupportedAudio],
    ["cmovBomb", "clip.mp4", "background-video", messages.files.backgroundVideoUnreadable],
    ["cmovBomb", "song.mp4", "audio-file", messages.files.songUnreadable],
    ["silentMp4", "song.mp4", "audio-file", messages.files.songUnreadable],
    ["truncatedPng", "photo.png", "product-image", messages.files.imageUnreadable],
    ["truncatedJpeg", "meme-bg.jpg", "green-screen", messages.files.backgroundUnreadable],
    ["textAsPng", "photo.png", "product-image", messages.files.unsupportedImage],
  ] as const)("%s as %s (%s) is refused: %s", async (name, filename, type, message) => {
    const refused = await upload(files[name], filename, type);
    expect(refused.status).toBe(415);
    expect(await json(refused)).toMatchObject({ code: "UNSUPPORTED_MEDIA", message });
  });

  it("stored nothing and left no temporary copy", async () => {
    expect(storedObjects()).toEqual([]);
    expect((await json(h.request(`/api/files`, { cookie }))).items).toEqual([]);
    expect(tmpUploads()).toEqual([]);
  });

  it("honest files of each kind are kept, under the format their bytes are", async () => {
    for (const [file, filename, type, mime] of [
      [files.goodMp3, "song.mp3", "audio-file", "audio/mpeg"],
      [files.goodMp4, "song.mp4", "audio-file", "video/mp4"],
      [files.goodMp3, "take.mp3", "voice-over", "audio/mpeg"],
      [files.goodMp4, "footage.mp4", "background-video", "video/mp4"],
      [files.silentMp4, "bg.mp4", "green-screen", "video/mp4"],
      [files.goodPng, "photo.png", "product-image", "image/png"],
    ] as const) {
      const kept = await upload(file, filename, type);
      expect(kept.status, `${filename} as ${type}`).toBe(201);
      expect(await json(kept)).toMatchObject({ type, mime_type: mime });
    }
  });
});
