import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { showcaseManifestSchema } from "@reelsmith/core";
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
