/**
 * Files made to hurt: each is refused by the upload check (or read within bounds) and the process lives on, with
 * little memory kept. Every check here failed, crashed, hung or read another file before the media layer.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { messages } from "@reelsmith/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MediaProcessError } from "../src/errors.ts";
import { fileInputArgs } from "../src/input.ts";
import { decodePcm, measureDuration, probeMedia } from "../src/probe.ts";
import { runMedia } from "../src/run.ts";
import { type HostileFiles, makeHostileFiles } from "../src/testing/hostile-files.ts";
import { checkUploadFile, pictureDecodesWhole } from "../src/uploads.ts";

let dir: string;
let files: HostileFiles;
let rssBefore: number;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "reelsmith-hostile-media-"));
  files = await makeHostileFiles(dir);
  rssBefore = process.memoryUsage().rss;
}, 180_000);
afterAll(async () => {
  const grown = (process.memoryUsage().rss - rssBefore) / 1024 / 1024;
  console.log(`hostile media: RSS grew ${grown.toFixed(1)} MB over the suite`);
  await rm(dir, { recursive: true, force: true });
});

describe("lying lengths", () => {
  it("an MP3 whose header says 5 s but holds 700 s is refused as a voice-over and as a song, by its measured length", async () => {
    expect((await probeMedia(files.lyingMp3)).duration).toBeLessThan(10);
    expect(await checkUploadFile(files.lyingMp3, "voice-over")).toEqual({
      ok: false,
      reason: "length",
      message: messages.files.voiceOverLength,
    });
    // A song may last 10 minutes: 700 s is too long.
    expect(await checkUploadFile(files.lyingMp3, "audio-file")).toMatchObject({ ok: false, reason: "length" });
  });

  it("decodes of a lying file stop at the length asked for, whatever it holds", async () => {
    const samples = await decodePcm(files.lyingMp3, { sampleRate: 8000, maxS: 30 });
    expect(samples.length).toBeLessThanOrEqual(30 * 8000);
    expect(samples.length).toBeGreaterThan(29 * 8000);
    expect(await measureDuration(files.lyingMp3, "audio", { maxS: 60 })).toBeLessThanOrEqual(61.1);
  });

  it("a video whose headers say 3 s but whose stream holds 40 s is refused as background footage and as a green screen", async () => {
    expect((await probeMedia(files.lyingMp4)).duration).toBe(3);
    expect(await measureDuration(files.lyingMp4, "video", { maxS: 600 })).toBeGreaterThan(39);
    expect(await checkUploadFile(files.lyingMp4, "background-video")).toEqual({
      ok: false,
      reason: "unreadable",
      message: messages.files.backgroundVideoUnreadable,
    });
    expect(await checkUploadFile(files.lyingMp4, "green-screen")).toMatchObject({ ok: false, reason: "unreadable" });
  });

  it("a 20-minute song is refused, reading no more than the longest song taken", async () => {
    expect(await checkUploadFile(files.longMp3, "audio-file")).toEqual({
      ok: false,
      reason: "length",
      message: messages.files.songLength,
    });
  });
});

describe("playlists behind an audio header", () => {
  it.each(["id3Hls", "id3Dash"] as const)("%s is not an MP3 and opens nothing", async (name) => {
    for (const type of ["audio-file", "voice-over"] as const) {
      expect(await checkUploadFile(files[name], type)).toMatchObject({ ok: false, reason: "unsupported" });
    }
    // Even where it slips past, reading it as a file never opens the file it names.
    await expect(runMedia("ffprobe", ["-v", "error", "-show_format", ...fileInputArgs(files[name])])).rejects.toThrow(
      MediaProcessError,
    );
  });
});

describe("a compressed movie header that asks for 2 GB", () => {
  it("fails within the memory limit and is refused", async () => {
    const failure = await runMedia("ffprobe", ["-v", "error", "-show_format", ...fileInputArgs(files.cmovBomb)]).catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(MediaProcessError);
    expect((failure as MediaProcessError).code).toBe("MEMORY");
    expect(await checkUploadFile(files.cmovBomb, "background-video")).toMatchObject({
      ok: false,
      reason: "unreadable",
    });
    expect(await checkUploadFile(files.cmovBomb, "audio-file")).toMatchObject({ ok: false, reason: "unreadable" });
  });
});

describe("files that are not what they claim", () => {
  it("a video with no sound is not a song", async () => {
    expect(await checkUploadFile(files.silentMp4, "audio-file")).toEqual({
      ok: false,
      reason: "unreadable",
      message: messages.files.songUnreadable,
    });
  });

  it.each(["truncatedPng", "truncatedJpeg"] as const)("a %s is refused for every picture kind", async (name) => {
    for (const type of ["product-image", "green-screen"] as const) {
      expect(await checkUploadFile(files[name], type)).toMatchObject({ ok: false, reason: "unreadable" });
    }
  });

  it("a picture held in memory (an avatar's data URL) is checked whole too", async () => {
    const { readFile } = await import("node:fs/promises");
    expect(await pictureDecodesWhole(await readFile(files.goodPng))).toBe(true);
    expect(await pictureDecodesWhole(await readFile(files.truncatedPng))).toBe(false);
    expect(await pictureDecodesWhole(await readFile(files.truncatedJpeg))).toBe(false);
    expect(await pictureDecodesWhole(await readFile(files.textAsPng))).toBe(false);
  });

  it("text named .png is refused as unsupported", async () => {
    expect(await checkUploadFile(files.textAsPng, "product-image")).toEqual({
      ok: false,
      reason: "unsupported",
      message: messages.files.unsupportedImage,
    });
  });

  it("honest files pass, with their measured lengths", async () => {
    expect(await checkUploadFile(files.goodMp3, "audio-file")).toMatchObject({ ok: true, format: { id: "mp3" } });
    expect(await checkUploadFile(files.goodMp3, "voice-over")).toMatchObject({
      ok: true,
      stored: { mime: "audio/mpeg" },
    });
    expect(await checkUploadFile(files.goodMp4, "background-video")).toMatchObject({ ok: true });
    expect(await checkUploadFile(files.goodMp4, "audio-file")).toMatchObject({ ok: true });
    expect(await checkUploadFile(files.goodMp4, "voice-over")).toMatchObject({
      ok: true,
      stored: { mime: "audio/mp4" },
    });
    expect(await checkUploadFile(files.silentMp4, "green-screen")).toMatchObject({ ok: true });
    expect(await checkUploadFile(files.goodPng, "product-image")).toMatchObject({ ok: true, duration: 0 });
  });
});

describe("an own green-screen clip (meme-clip) that is not what it claims", () => {
  it("a lying length, a 2 GB movie header and a silent honest clip are judged as for any footage", async () => {
    expect(await checkUploadFile(files.lyingMp4, "meme-clip")).toEqual({
      ok: false,
      reason: "unreadable",
      message: messages.files.memeClipUnreadable,
    });
    expect(await checkUploadFile(files.cmovBomb, "meme-clip")).toMatchObject({ ok: false, reason: "unreadable" });
    // An honest clip with no screen gets as far as the screen check, and no further.
    expect(await checkUploadFile(files.goodMp4, "meme-clip")).toEqual({
      ok: false,
      reason: "screen",
      message: messages.files.memeClipNoScreen,
    });
  });

  it("a playlist saved as a clip (.mp4) is refused by its bytes and opens nothing", async () => {
    const playlist = join(dir, "clip.mp4");
    await writeFile(
      playlist,
      `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nfile://${files.secret}\n#EXT-X-ENDLIST\n`,
    );
    expect(await checkUploadFile(playlist, "meme-clip")).toEqual({
      ok: false,
      reason: "unsupported",
      message: messages.files.unsupportedMemeClip,
    });
    for (const id3 of [files.id3Hls, files.id3Dash]) {
      expect(await checkUploadFile(id3, "meme-clip")).toMatchObject({ ok: false, reason: "unsupported" });
    }
  });
});
