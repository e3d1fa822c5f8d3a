import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { VOICE_IDS } from "@reelsmith/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { probeDuration } from "./audio.ts";
import { OfflineTtsProvider } from "./offline.ts";
import { previewText, renderVoicePreviews } from "./previews.ts";
import { runProcess } from "./process.ts";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "reelsmith-previews-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("renderVoicePreviews", () => {
  it("renders one MP3 per voice, lists them, and reuses them while nothing changed", async () => {
    const provider = new OfflineTtsProvider({ onWarning: () => {} });
    const first = await renderVoicePreviews({ dir, provider });
    expect(first.map((p) => p.voice)).toEqual([...VOICE_IDS]);
    expect(first.every((p) => !p.cached)).toBe(true);
    for (const preview of first) {
      expect(preview.file).toMatch(new RegExp(`^${preview.voice}-[0-9a-f]{16}\\.mp3$`));
      const path = join(dir, preview.file);
      expect(preview.duration).toBeGreaterThan(2);
      expect(preview.duration).toBeLessThan(6);
      expect(await probeDuration(path)).toBeCloseTo(preview.duration, 3);
      const { stdout } = await runProcess("ffprobe", [
        "-v",
        "error",
        "-show_entries",
        "stream=codec_name,sample_rate,channels",
        "-of",
        "csv=p=0",
        path,
      ]);
      expect(stdout.trim()).toBe("mp3,48000,1");
    }
    expect(first.find((p) => p.voice === "nova")?.name).toBe("Sophie");
    expect(previewText("Sophie")).toBe("Hi, I'm Sophie. This is how your story will sound.");
    const manifest = JSON.parse(await readFile(join(dir, "previews.json"), "utf8"));
    expect(manifest).toEqual(first.map(({ cached: _c, ...rest }) => rest));

    const modified = (await stat(join(dir, first[0]?.file ?? ""))).mtimeMs;
    const second = await renderVoicePreviews({ dir, provider });
    expect(second.every((p) => p.cached)).toBe(true);
    expect(second.map((p) => p.file)).toEqual(first.map((p) => p.file));
    expect((await stat(join(dir, first[0]?.file ?? ""))).mtimeMs).toBe(modified);
  }, 60_000);

  it("renders anew and drops the stale clip when the voice's sound changes", async () => {
    const base = new OfflineTtsProvider({ onWarning: () => {} });
    const before = await renderVoicePreviews({ dir, provider: base, voices: ["fable"] });
    const changed = Object.assign(new OfflineTtsProvider({ onWarning: () => {} }), {
      voiceKey: () => "a different fable",
    });
    const after = await renderVoicePreviews({ dir, provider: changed, voices: ["fable"], format: "m4a" });
    expect(after[0]?.cached).toBe(false);
    expect(after[0]?.file).not.toBe(before[0]?.file);
    const files = (await readdir(dir)).filter((f) => f.startsWith("fable-"));
    expect(files).toEqual([after[0]?.file]);
    expect(files[0]).toMatch(/\.m4a$/);
    expect((await readdir(dir)).filter((f) => f.startsWith(".preview-"))).toEqual([]);
  }, 30_000);
});
