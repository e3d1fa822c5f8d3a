import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { showcaseManifestSchema } from "@reelsmith/core";
import { runMedia } from "@reelsmith/media";
import { measureLoudness } from "@reelsmith/render";
import { afterAll, describe, expect, it } from "vitest";
import { buildShowcase } from "../src/showcase/build.ts";
import { SHOWCASE_PLAN } from "../src/showcase/plan.ts";

// A real render with the engine and the (quick) starter library: the same path `npm run showcase` takes.
describe("showcase build", () => {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "reelsmith-showcase-test-"));
  afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));
  const plan = SHOWCASE_PLAN.filter((e) => e.id === "faceless-fruit");

  it("renders a web-ready clip and poster, writes the manifest, and keeps them on the next run", async () => {
    const manifest = await buildShowcase({ outDir, plan, engineVersion: "test" });
    expect(showcaseManifestSchema.parse(manifest).clips).toHaveLength(1);
    const clip = manifest.clips[0];
    expect(clip).toMatchObject({ id: "faceless-fruit", type: "faceless-ai", width: 540, height: 960 });
    expect(clip?.durationS).toBeGreaterThanOrEqual(5);
    expect(clip?.durationS).toBeLessThanOrEqual(8);
    const video = path.join(outDir, path.basename(clip?.src ?? ""));
    const probe = JSON.parse(
      execFileSync("ffprobe", ["-v", "error", "-print_format", "json", "-show_streams", video], { encoding: "utf8" }),
    ) as { streams: { codec_name: string; width?: number; height?: number }[] };
    expect(probe.streams.find((s) => s.codec_name === "h264")).toMatchObject({ width: 540, height: 960 });
    // faststart: the index (moov) comes before the media data (mdat), so playback starts at once.
    const head = fs
      .readFileSync(video)
      .subarray(0, 64 * 1024)
      .toString("latin1");
    expect(head.indexOf("moov")).toBeGreaterThan(-1);
    expect(head.indexOf("moov")).toBeLessThan(head.indexOf("mdat") === -1 ? Infinity : head.indexOf("mdat"));
    const poster = path.join(outDir, path.basename(clip?.poster ?? ""));
    expect(fs.readFileSync(poster).subarray(0, 2).toString("hex")).toBe("ffd8");
    expect(JSON.parse(fs.readFileSync(path.join(outDir, "showcase.json"), "utf8"))).toEqual(manifest);

    const mtime = fs.statSync(video).mtimeMs;
    const lines: string[] = [];
    const again = await buildShowcase({ outDir, plan, engineVersion: "test", log: (l) => lines.push(l) });
    expect(again.clips[0]?.src).toBe(clip?.src);
    expect(fs.statSync(video).mtimeMs).toBe(mtime);
    expect(lines.join("\n")).toContain("up to date");

    fs.writeFileSync(path.join(outDir, "stale-0000.mp4"), "old");
    await buildShowcase({ outDir, plan, engineVersion: "test" });
    expect(fs.existsSync(path.join(outDir, "stale-0000.mp4"))).toBe(false);
  }, 300_000);
});

/** Stretches of at least 0.3 s quieter than -70 dBFS (ffmpeg's silencedetect), an open one ending with the file. */
async function silences(file: string, duration: number): Promise<{ start: number; end: number }[]> {
  const { stderr } = await runMedia(
    "ffmpeg",
    ["-hide_banner", "-nostats", "-i", file, "-vn", "-af", "silencedetect=n=-70dB:d=0.3", "-f", "null", "-"],
    { profile: "decode", stderrTailBytes: 1024 * 1024 },
  );
  const out: { start: number; end: number }[] = [];
  let open: number | null = null;
  for (const line of stderr.split("\n")) {
    const start = /silence_start: (-?[\d.]+)/.exec(line)?.[1];
    const end = /silence_end: (-?[\d.]+)/.exec(line)?.[1];
    if (start !== undefined) open = Math.max(0, Number(start));
    if (end !== undefined && open !== null) {
      out.push({ start: open, end: Number(end) });
      open = null;
    }
  }
  if (open !== null) out.push({ start: open, end: duration });
  return out;
}

// The landing page's clips as a visitor hears them: the web copies themselves, measured.
describe("showcase sound", () => {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), "reelsmith-showcase-sound-"));
  afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));
  // A voice over a song, a song alone, a meme's sounds over a song, and an ASMR clip's own sharp cuts.
  const ids = ["reddit-neighbor", "text-hook-rave", "green-screen-money", "faceless-cube"];
  const plan = SHOWCASE_PLAN.filter((e) => ids.includes(e.id));

  it("sounds from the first frame to the last, at -14 LUFS, with true peaks at -1 dBTP or under", async () => {
    expect(plan.map((e) => e.id)).toEqual(ids);
    const manifest = await buildShowcase({ outDir, plan, engineVersion: "test" });
    for (const clip of manifest.clips) {
      const video = path.join(outDir, path.basename(clip.src));
      const loudness = await measureLoudness(video);
      expect(await silences(video, clip.durationS), `${clip.id}: silent stretches`).toEqual([]);
      expect(loudness.truePeak, `${clip.id}: true peak`).not.toBeNull();
      expect(loudness.truePeak as number, `${clip.id}: true peak (dBTP)`).toBeLessThanOrEqual(-1);
      expect(loudness.integrated, `${clip.id}: loudness (LUFS)`).toBeGreaterThanOrEqual(-15);
      expect(loudness.integrated, `${clip.id}: loudness (LUFS)`).toBeLessThanOrEqual(-13);
    }
  }, 600_000);
});
