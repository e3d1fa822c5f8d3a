/** The operator import: good files are transcoded to the library format; bad ones get a clear message. */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildLibrary } from "../src/build/build.ts";
import { ImportError, importAsset } from "../src/import/import.ts";
import { loadLibrary } from "../src/index.ts";
import { ffprobe, frameRate } from "../src/kit/ffmpeg.ts";
import { ebur128, ffmpegOut } from "./helpers.ts";

let work: string;
let lib: string;
const input = (name: string) => path.join(work, name);

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), "library-import-"));
  lib = path.join(work, "lib");
  // A landscape gameplay-like clip with sound, a quiet song, a picture, a short clip, silence-free noise.
  await ffmpegOut([
    "-v",
    "error",
    "-f",
    "lavfi",
    "-i",
    "testsrc2=size=1280x720:rate=25:duration=6",
    "-f",
    "lavfi",
    "-i",
    "sine=frequency=330:duration=6",
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-c:a",
    "aac",
    "-shortest",
    input("landscape.mp4"),
  ]);
  await ffmpegOut([
    "-v",
    "error",
    "-f",
    "lavfi",
    "-i",
    "sine=frequency=220:duration=8,volume=0.05",
    "-ac",
    "2",
    input("quiet-song.wav"),
  ]);
  await ffmpegOut([
    "-v",
    "error",
    "-f",
    "lavfi",
    "-i",
    "testsrc2=size=320x240:rate=1:duration=1",
    "-frames:v",
    "1",
    input("picture.png"),
  ]);
  await ffmpegOut([
    "-v",
    "error",
    "-f",
    "lavfi",
    "-i",
    "testsrc2=size=320x240:rate=30:duration=2",
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    input("short.mp4"),
  ]);
  await ffmpegOut([
    "-v",
    "error",
    "-f",
    "lavfi",
    "-i",
    "testsrc2=size=640x640:rate=30:duration=3",
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    input("meme.mp4"),
  ]);
  await writeFile(input("notes.txt"), "not a video");
}, 60_000);

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe("library import", () => {
  it("crops and scales footage to a 1080x1920 30 fps H.264 background and lists it in the manifest", async () => {
    await buildLibrary({ dir: lib, mode: "quick", only: ["meme-bruh"], jobs: 1, log: () => {} });
    const asset = await importAsset({
      dir: lib,
      kind: "background",
      key: "my-parkour",
      title: "My Parkour",
      file: input("landscape.mp4"),
    });
    expect(asset).toMatchObject({
      id: "background-my-parkour",
      width: 1080,
      height: 1920,
      licence: "provided by the operator",
    });
    expect(asset.meta).toMatchObject({ imported: true, durationLabel: "0:06" });
    const probe = await ffprobe(path.join(lib, asset.file));
    const v = probe.streams.find((s) => s.codec_type === "video")!;
    expect([v.codec_name, v.width, v.height, v.pix_fmt, frameRate(v)]).toEqual(["h264", 1080, 1920, "yuv420p", 30]);
    expect(probe.streams.some((s) => s.codec_type === "audio")).toBe(false);
    expect((await readFile(path.join(lib, asset.thumbnail))).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const library = await loadLibrary(lib);
    expect(library.require("background", "my-parkour").title).toBe("My Parkour");
    expect(library.get("meme", "bruh")).toBeDefined();
  }, 120_000);

  it("keeps an imported ASMR clip's own sound, brought to -14 LUFS", async () => {
    const asset = await importAsset({
      dir: lib,
      kind: "asmr",
      key: "our-soap-cutting",
      title: "Soap Cutting",
      file: input("landscape.mp4"),
    });
    const probe = await ffprobe(path.join(lib, asset.file));
    const a = probe.streams.find((s) => s.codec_type === "audio");
    expect([a?.codec_name, a?.sample_rate, a?.channels]).toEqual(["aac", "48000", 2]);
    const { lufs } = await ebur128(path.join(lib, asset.file));
    expect(Math.abs(lufs - -14)).toBeLessThanOrEqual(1);
  }, 120_000);

  it("survives a rebuild, and replaces a generated asset with the same key", async () => {
    await importAsset({
      dir: lib,
      kind: "meme",
      key: "bruh",
      title: "Our Bruh",
      file: input("meme.mp4"),
      licence: "CC0-1.0",
    });
    let library = await loadLibrary(lib);
    expect(library.require("meme", "bruh")).toMatchObject({
      title: "Our Bruh",
      licence: "CC0-1.0",
      width: 640,
      height: 640,
    });
    await buildLibrary({ dir: lib, mode: "quick", only: ["meme-bruh"], force: true, jobs: 1, log: () => {} });
    library = await loadLibrary(lib);
    expect(library.require("meme", "bruh").title).toBe("Our Bruh");
    expect(library.require("background", "my-parkour").file).toBe("imported/background/my-parkour.mp4");
  }, 120_000);

  it("normalises imported music to -14 LUFS stereo AAC 48 kHz with a cover", async () => {
    const asset = await importAsset({
      dir: lib,
      kind: "music",
      key: "our-song",
      title: "Our Song",
      file: input("quiet-song.wav"),
      mood: "calm",
      bpm: 90,
    });
    const probe = await ffprobe(path.join(lib, asset.file));
    const a = probe.streams.find((s) => s.codec_type === "audio")!;
    expect([a.codec_name, a.sample_rate, a.channels]).toEqual(["aac", "48000", 2]);
    const { lufs } = await ebur128(path.join(lib, asset.file));
    expect(Math.abs(lufs - -14)).toBeLessThanOrEqual(1);
    expect(asset.meta).toMatchObject({ mood: "calm", bpm: 90 });
  }, 60_000);

  it.each([
    [{ kind: "voice" }, /Unknown kind "voice". Use one of: background, music/],
    [{ key: "My Key" }, /Key "My Key" must be lowercase words joined by hyphens/],
    [{ title: " " }, /A title is needed/],
    [{ file: "missing.mp4" }, /File not found: .*missing\.mp4/],
    [{ file: "notes.txt" }, /notes\.txt is not a video or audio file ffmpeg can read/],
    [{ file: "picture.png" }, /A background needs a video; picture\.png has no video stream/],
    [{ file: "quiet-song.wav" }, /A background needs a video; quiet-song\.wav has no video stream/],
    [{ file: "short.mp4" }, /A background must last between 5 s and 1800 s; short\.mp4 lasts 2 s/],
    [{ kind: "music", file: "short.mp4" }, /Music needs audio; short\.mp4 has no audio stream/],
  ] as [Partial<Record<"kind" | "key" | "title" | "file", string>>, RegExp][])(
    "rejects %j",
    async (override, message) => {
      const options = {
        dir: lib,
        kind: "background",
        key: "bad-one",
        title: "Bad",
        ...override,
        file: input(override.file ?? "landscape.mp4"),
      };
      await expect(importAsset(options)).rejects.toThrow(ImportError);
      await expect(importAsset(options)).rejects.toThrow(message);
      const library = await loadLibrary(lib);
      expect(library.get("background", "bad-one")).toBeUndefined();
    },
  );

  it("refuses a playlist dressed as an MP3 (a download that names other files) without reading what it names", async () => {
    const playlist = path.join(work, "playlist.mp3");
    const named = input("quiet-song.wav");
    const id3 = Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0]);
    await writeFile(
      playlist,
      Buffer.concat([id3, Buffer.from(`#EXTM3U\n#EXTINF:3,\nfile:${named}\n#EXT-X-ENDLIST\n`)]),
    );
    const options = { dir: lib, kind: "music", key: "playlist-song", title: "Playlist", file: playlist };
    await expect(importAsset(options)).rejects.toThrow(/playlist\.mp3 is not a video or audio file ffmpeg can read/);
    expect((await loadLibrary(lib)).get("music", "playlist-song")).toBeUndefined();
  });
});
