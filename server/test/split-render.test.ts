import { type ChildProcess, execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { credits, generatedVideos } from "../src/db/schema/index.ts";
import { spawnWorker } from "./engine-fixtures.ts";
import { createHarness, type Harness, json } from "./harness.ts";
import { testMedia } from "./media.ts";

/**
 * Split renders on PostgreSQL with two `work` processes: a video over the threshold is encoded in segments that
 * both workers take from the queue, and one worker killed mid-segment costs only that segment.
 */

/** Keyframe times of a file's picture, from its packets' flags. */
function keyframesOf(file: string): number[] {
  return execFileSync(
    "ffprobe",
    ["-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts_time,flags", "-of", "csv=p=0", file],
    { encoding: "utf8" },
  )
    .trim()
    .split("\n")
    .filter((line) => line.includes(",K"))
    .map((line) => Number(line.split(",")[0]));
}

function framesOf(file: string): number {
  const out = execFileSync(
    "ffprobe",
    ["-v", "error", "-select_streams", "v:0", "-count_packets", "-show_entries", "stream=nb_read_packets"].concat([
      "-of",
      "csv=p=0",
      file,
    ]),
    { encoding: "utf8" },
  );
  return Number(out.trim());
}

function loudnessOf(file: string): number {
  // ebur128 writes its summary to stderr.
  const { stderr } = spawnSync(
    "ffmpeg",
    ["-hide_banner", "-nostats", "-i", file, "-af", "ebur128", "-f", "null", "-"],
    {
      encoding: "utf8",
    },
  );
  // The summary at the end, after the per-block lines that also name I.
  return Number([...stderr.matchAll(/I:\s+(-?[\d.]+) LUFS/g)].at(-1)?.[1] ?? Number.NaN);
}

/** The PSNR of every frame of `a` against the same frame of `b` (luma and chroma together). */
function framePsnr(a: string, b: string): number[] {
  const stats = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "reelsmith-psnr-")), "psnr.log");
  execFileSync("ffmpeg", ["-v", "error", "-i", a, "-i", b, "-lavfi", `psnr=stats_file=${stats}`, "-f", "null", "-"]);
  return fs
    .readFileSync(stats, "utf8")
    .trim()
    .split("\n")
    .map((line) => Number(/psnr_avg:(\S+)/.exec(line)?.[1]))
    .map((v) => (Number.isFinite(v) ? v : 99));
}

async function jobs(h: Harness, name: string): Promise<{ state: string; retry_count: number }[]> {
  const result = await h.db.db.execute(sql`select state, retry_count from pgboss.job where name = ${name}`);
  return (result as unknown as { rows: { state: string; retry_count: number }[] }).rows;
}

describe("split renders", () => {
  let h: Harness;
  const children: ChildProcess[] = [];
  afterEach(async () => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
    await h?.close();
  });

  it("two workers share a video's segments, and a worker killed mid-segment costs only that segment", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "reelsmith-split-"));
    const storageRoot = path.join(dataDir, "storage");
    h = await createHarness(
      "postgres",
      { storage: { driver: "local", root: storageRoot } },
      { media: await testMedia(), queue: { work: false } },
    );
    const worker = () => {
      const child = spawnWorker(h, dataDir, { RENDER_SPLIT_OVER_S: "4", RENDER_SEGMENT_S: "4" });
      children.push(child);
      return child;
    };
    const { cookie } = await h.signUp("split.kill@example.com");
    const body = JSON.stringify({
      type: "reddit",
      input: {
        username: "quietneighbor",
        post_title: "AITA for this?",
        script: "We had a deal about the dishes, and every night the deal was broken again. ".repeat(2),
        caption_style: "fire",
        background_video: "minecraft",
        background_music: "lofi-rainy-window",
      },
    });
    const created = await json(h.request("/api/videos", { method: "POST", body, cookie }));

    // The first worker takes the render; once its segments are queued the second joins, and when both are
    // encoding one (two segments active at once) the second is killed without warning.
    worker();
    await expect
      .poll(async () => (await jobs(h, "render-segment")).length, { timeout: 120_000, interval: 250 })
      .toBeGreaterThan(1);
    const second = worker();
    await expect
      .poll(async () => (await jobs(h, "render-segment")).filter((j) => j.state === "active").length, {
        timeout: 120_000,
        interval: 100,
      })
      .toBe(2);
    second.kill("SIGKILL");
    await new Promise((resolve) => second.once("exit", resolve));

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
    expect(row?.status).toBe("finished");
    // Only the lost segment was made again: the render itself ran once, one segment had a second attempt.
    const segments = await jobs(h, "render-segment");
    expect(segments.every((j) => j.state === "completed")).toBe(true);
    expect(segments.filter((j) => j.retry_count > 0)).toHaveLength(1);
    expect((await jobs(h, "render-video")).map((j) => j.retry_count)).toEqual([0]);
    const ledger = await h.db.db.select().from(credits).where(eq(credits.videoId, created.id));
    expect(ledger.map((r) => r.source)).toEqual(["spend"]);

    // One playable file, keyframes on the 2 s grid the segments were cut on, the whole length, its sound normalised.
    const file = path.join(storageRoot, row?.outputPath ?? "missing");
    const keyframes = keyframesOf(file);
    for (let t = 0; t < (row?.durationS ?? 0) - 0.1; t += 4) {
      expect(keyframes.some((k) => Math.abs(k - t) < 0.02)).toBe(true);
    }
    const duration = Number(
      execFileSync("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", file], {
        encoding: "utf8",
      }),
    );
    expect(Math.abs(duration - (row?.durationS ?? 0))).toBeLessThan(0.1);
    // The segments' stored copies and the plan are gone once joined.
    const left = fs
      .readdirSync(storageRoot, { recursive: true })
      .map(String)
      .filter((f) => f.includes("renders") && fs.statSync(path.join(storageRoot, f)).isFile());
    expect(left).toEqual([]);

    // The same video rendered whole by one worker: the split one has its format, frames, keyframes and loudness,
    // and no seam where the segments meet.
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
    children.push(spawnWorker(h, dataDir, { RENDER_SPLIT_OVER_S: "0" }));
    const again = await json(h.request("/api/videos", { method: "POST", body, cookie }));
    await expect
      .poll(
        async () => {
          const [r] = await h.db.db.select().from(generatedVideos).where(eq(generatedVideos.id, again.id));
          return r?.status;
        },
        { timeout: 240_000, interval: 1000 },
      )
      .toBe("finished");
    const [wholeRow] = await h.db.db.select().from(generatedVideos).where(eq(generatedVideos.id, again.id));
    const whole = path.join(storageRoot, wholeRow?.outputPath ?? "missing");
    expect(keyframesOf(whole)).toEqual(keyframes);
    expect(framesOf(whole)).toBe(framesOf(file));
    expect(Math.abs(loudnessOf(whole) - loudnessOf(file))).toBeLessThanOrEqual(0.2);
    const psnr = framePsnr(file, whole);
    const atJoins = [4, 8].map((t) => Math.min(...psnr.slice(t * 30 - 2, t * 30 + 2)));
    const elsewhere = Math.min(...psnr.filter((_, i) => i % 120 > 10 && i % 120 < 110));
    for (const value of atJoins) expect(value).toBeGreaterThan(Math.min(35, elsewhere - 3));
  }, 600_000);
});
