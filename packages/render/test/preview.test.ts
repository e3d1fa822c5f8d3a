import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { PREVIEW, redditInputSchema } from "@reelsmith/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { measureLoudness } from "../src/ffmpeg/probe.ts";
import { producePreview, produceVideo } from "../src/pipeline/produce.ts";
import { followPreview, type PreviewUpdate, playlistPieces } from "../src/preview.ts";
import { type Fixtures, makeFixtures, streamFacts, ToneTts } from "./fixtures.ts";

const exec = promisify(execFile);
let root: string;
let fx: Fixtures;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "reelsmith-preview-"));
  fx = await makeFixtures(join(root, "fixtures"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const W = PREVIEW.width;
const H = PREVIEW.height;

/**
 * One frame at `t` as RGB, both videos brought to a quarter of the preview's size: what is compared is the layout
 * (where the card, the caption and the footage are), not the fine detail the preview's fast encode drops.
 */
async function frame(video: string, t: number): Promise<Buffer> {
  const [w, h] = [W / 4, H / 4];
  const { stdout } = await exec(
    "ffmpeg",
    ["-v", "error", "-i", video, "-ss", String(t), "-frames:v", "1", "-vf", `scale=${w}:${h}:flags=area`].concat([
      "-f",
      "rawvideo",
      "-pix_fmt",
      "rgb24",
      "-",
    ]),
    { encoding: "buffer", maxBuffer: w * h * 3 + 1024 },
  );
  return stdout;
}

function psnr(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += ((a[i] ?? 0) - (b[i] ?? 0)) ** 2;
  const mse = sum / a.length;
  return mse === 0 ? 99 : 10 * Math.log10((255 * 255) / mse);
}

describe("the free preview", () => {
  it("lists the pieces of a playlist in play order, init segment first", () => {
    const playlist =
      '#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:1.0,\nseg000.m4s\n#EXTINF:1.0,\nseg001.m4s\n';
    expect(playlistPieces(playlist)).toEqual(["init.mp4", "seg000.m4s", "seg001.m4s"]);
  });

  it("reports each piece once, as soon as the playlist lists it, and the end", async () => {
    const dir = join(root, "follow");
    await mkdir(dir, { recursive: true });
    const updates: PreviewUpdate[] = [];
    const follow = followPreview(dir, async (u) => void updates.push(u), { intervalMs: 20 });
    const head = '#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:1.0,\nseg000.m4s\n';
    await writeFile(join(dir, "index.m3u8"), head);
    await expect.poll(() => updates.length).toBe(1);
    await writeFile(join(dir, "index.m3u8"), `${head}#EXTINF:1.0,\nseg001.m4s\n#EXT-X-ENDLIST\n`);
    await follow.stop();
    expect(updates.map((u) => [u.pieces, u.complete])).toEqual([
      [["init.mp4", "seg000.m4s"], false],
      [["seg001.m4s"], true],
    ]);
  });

  it("is the first seconds of exactly the video Generate makes: same layout at the same moments, same loudness", async () => {
    const words = "one two three four five six seven eight nine ten eleven twelve".split(" ");
    const input = redditInputSchema.parse({
      username: "Night Owl",
      post_title: "Was I wrong to keep the parcel?",
      script: `${Array.from({ length: 5 }, () => words.join(" ")).join(". ")}.`,
      caption_style: "shadow",
      background_video: "minecraft",
      background_music: "lofi",
    });
    const request = {
      type: "reddit" as const,
      input,
      assets: { background: fx.busyBackground, music: fx.music },
      tts: new ToneTts(0.25),
    };
    const previewDir = join(root, "preview-stream");
    const [preview, final] = [
      await producePreview({ ...request, workDir: join(root, "preview"), previewDir }),
      await produceVideo({ ...request, workDir: join(root, "final") }),
    ];
    expect(final.durationS).toBeGreaterThan(PREVIEW.seconds);
    expect(preview.durationS).toBe(PREVIEW.seconds);
    const facts = await streamFacts(preview.playlist);
    expect(facts).toMatchObject({ width: W, height: H, codec: "h264", audioCodec: "aac", sampleRate: 48000 });
    expect(Math.abs(facts.duration - PREVIEW.seconds)).toBeLessThanOrEqual(0.1);

    // The card while the title is read, then captions over the moving gameplay: each preview frame is the final
    // frame of the same moment, scaled...
    const moments = [0.6, 4.2, 8.5, 13.1];
    const matched: number[] = [];
    for (const t of moments) matched.push(psnr(await frame(preview.playlist, t), await frame(final.videoPath, t)));
    for (const value of matched) expect(value).toBeGreaterThan(27);
    // ...and clearly closer to it than to the final frame of another moment.
    const shifted = psnr(await frame(preview.playlist, 4.2), await frame(final.videoPath, 8.5));
    expect(Math.min(...matched) - shifted).toBeGreaterThan(10);

    // The gain is measured over the whole mix, as the final's is: the first seconds sound alike in both.
    const head = join(root, "final-head.mp4");
    await exec("ffmpeg", ["-v", "error", "-i", final.videoPath, "-t", String(PREVIEW.seconds), "-c", "copy", head]);
    const [a, b] = [await measureLoudness(preview.playlist), await measureLoudness(head)];
    expect(Math.abs(a.integrated - b.integrated)).toBeLessThan(0.5);
  });
});
