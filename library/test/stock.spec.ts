/**
 * Stock footage: the Pexels client against a local server speaking the Pexels API (request shape,
 * filtering, file choice, errors), and the fetch-and-import flow with a real small clip.
 */
import { readFileSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { importAsset } from "../src/import/import.ts";
import { ffprobe, frameRate } from "../src/kit/ffmpeg.ts";
import { parseManifest } from "../src/manifest.ts";
import { bestFile, PEXELS_LICENCE, PexelsProvider } from "../src/stock/pexels.ts";
import { PixabayProvider } from "../src/stock/pixabay.ts";
import { StockError } from "../src/stock/provider.ts";
import { fetchStock, providerFromEnv, selectStyles } from "../src/stock/stock.ts";
import { ffmpegOut } from "./helpers.ts";

const KEY = "test-pexels-key";

interface Recorded {
  url: URL;
  headers: IncomingMessage["headers"];
}

let work: string;
let clipFile: string;
let server: Server;
let base: string;
let requests: Recorded[] = [];
/** Status codes the next search requests answer with, in order; then 200. */
let searchFailures: number[] = [];
/** Videos the search answers with, built per test from the server's address. */
let videos: (base: string) => unknown[] = () => [];
/** Pixabay hits, likewise. */
let hits: (base: string) => unknown[] = () => [];

const file = (id: number, width: number, height: number, name: string, type = "video/mp4") => ({
  id,
  quality: height >= 1920 ? "hd" : "sd",
  file_type: type,
  width,
  height,
  link: `${base}/files/${name}`,
});

const video = (id: number, width: number, height: number, duration: number, files: unknown[]) => ({
  id,
  width,
  height,
  duration,
  url: `https://www.pexels.com/video/clip-${id}/`,
  user: { name: `Author ${id}`, url: `https://www.pexels.com/@author-${id}` },
  video_files: files,
});

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), "library-stock-"));
  clipFile = path.join(work, "portrait.mp4");
  await ffmpegOut([
    "-v",
    "error",
    "-f",
    "lavfi",
    "-i",
    "testsrc2=size=360x640:rate=25:duration=2",
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-pix_fmt",
    "yuv420p",
    clipFile,
  ]);
  const clip = readFileSync(clipFile);
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push({ url, headers: req.headers });
    if (url.pathname === "/videos/search") {
      if (req.headers.authorization !== KEY) {
        res.writeHead(401, { "content-type": "application/json" }).end('{"error":"unauthorized"}');
        return;
      }
      const failure = searchFailures.shift();
      if (failure) {
        res.writeHead(failure, { "retry-after": "0" }).end("slow down");
        return;
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ page: 1, per_page: 15, total_results: 3, videos: videos(base) }));
      return;
    }
    if (url.pathname === "/api/videos/") {
      if (url.searchParams.get("key") !== KEY) {
        res.writeHead(400, { "content-type": "text/plain" }).end("[ERROR 400] Invalid or missing API key");
        return;
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ total: 2, totalHits: 2, hits: hits(base) }));
      return;
    }
    if (url.pathname.startsWith("/files/")) {
      res.writeHead(200, { "content-type": "video/mp4", "content-length": clip.length }).end(clip);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(work, { recursive: true, force: true });
});

beforeEach(() => {
  requests = [];
  searchFailures = [];
  videos = () => [];
  hits = () => [];
});

const provider = (apiKey = KEY) => new PexelsProvider({ apiKey, baseUrl: base, backoffMs: () => 0 });
const downloads = () => requests.filter((r) => r.url.pathname.startsWith("/files/")).length;

describe("Pexels client", () => {
  it("searches portrait, medium videos with the key in the Authorization header", async () => {
    await provider().search({ query: "concert crowd lights", minDurationS: 8, perPage: 7 });
    expect(requests).toHaveLength(1);
    const [r] = requests;
    expect(r?.url.pathname).toBe("/videos/search");
    expect(r?.headers.authorization).toBe(KEY);
    expect(Object.fromEntries(r?.url.searchParams ?? [])).toEqual({
      query: "concert crowd lights",
      orientation: "portrait",
      size: "medium",
      per_page: "7",
    });
  });

  it("keeps portrait videos long enough and picks the file closest to 1080x1920", async () => {
    videos = () => [
      video(1, 1920, 1080, 30, [file(10, 1920, 1080, "landscape.mp4")]),
      video(2, 1080, 1920, 5, [file(20, 1080, 1920, "short.mp4")]),
      video(3, 2160, 3840, 20, [
        file(30, 720, 1280, "a.mp4"),
        file(31, 2160, 3840, "b.mp4"),
        file(32, 1080, 1920, "c.mp4"),
        file(33, 1440, 2560, "d.mp4"),
        file(34, 1080, 1920, "e.m3u8", "application/x-mpegURL"),
      ]),
      video(4, 720, 1280, 12, [file(40, 540, 960, "f.mp4"), file(41, 720, 1280, "g.mp4")]),
      video(5, 1080, 1920, 40, [file(50, 1920, 1080, "h.mp4")]),
    ];
    const clips = await provider().search({ query: "roller coaster pov", minDurationS: 8 });
    expect(clips.map((c) => c.id)).toEqual(["3", "4"]);
    expect(clips[0]).toMatchObject({
      provider: "pexels",
      fileUrl: `${base}/files/c.mp4`,
      width: 1080,
      height: 1920,
      durationS: 20,
      author: "Author 3",
      authorUrl: "https://www.pexels.com/@author-3",
      pageUrl: "https://www.pexels.com/video/clip-3/",
    });
    // Nothing covers 1080x1920: the largest there is.
    expect(clips[1]?.fileUrl).toBe(`${base}/files/g.mp4`);
  });

  it("prefers the smallest covering file over a larger one", () => {
    const chosen = bestFile([
      { id: 1, quality: "uhd", file_type: "video/mp4", width: 2160, height: 3840, link: "https://x/uhd.mp4" },
      { id: 2, quality: "hd", file_type: "video/mp4", width: 1440, height: 2560, link: "https://x/qhd.mp4" },
    ]);
    expect(chosen?.id).toBe(2);
  });

  it("names PEXELS_API_KEY when the key is refused", async () => {
    await expect(provider("wrong-key").search({ query: "x", minDurationS: 8 })).rejects.toThrow(/PEXELS_API_KEY/);
  });

  it("retries a rate-limited search, and says so clearly when the limit persists", async () => {
    searchFailures = [429];
    videos = () => [video(7, 1080, 1920, 15, [file(70, 1080, 1920, "ok.mp4")])];
    const clips = await provider().search({ query: "x", minDurationS: 8 });
    expect(clips.map((c) => c.id)).toEqual(["7"]);
    expect(requests).toHaveLength(2);

    requests = [];
    searchFailures = [429, 429, 429];
    const error = await provider()
      .search({ query: "x", minDurationS: 8 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StockError);
    expect((error as Error).message).toMatch(/rate limit/);
    expect(requests).toHaveLength(3);
  });
});

describe("fetching stock footage into the library", () => {
  it("rejects an unknown style name, listing the known ones", () => {
    expect(() => selectStyles(["dreamscape:nope"])).toThrow(/dreamscape:luxury/);
    expect(selectStyles(["hook-footage:rave"]).map((s) => s.query)).toEqual(["concert crowd lights"]);
  });

  it("imports a 1080x1920 30 fps clip with source and credit, then a second run downloads nothing", async () => {
    const lib = path.join(work, "lib");
    await mkdir(lib, { recursive: true });
    await writeFile(
      path.join(lib, "manifest.json"),
      JSON.stringify({ version: 2, mode: "quick", buildHash: "test", assets: [] }),
    );
    videos = () => [
      video(1, 1920, 1080, 30, [file(10, 1920, 1080, "landscape.mp4")]),
      video(9, 1080, 1920, 14, [file(90, 2160, 3840, "uhd.mp4"), file(91, 1080, 1920, "luxury.mp4")]),
    ];
    const first = await fetchStock({ dir: lib, provider: provider(), only: ["dreamscape:luxury"] });
    expect(first.map((o) => o.status)).toEqual(["imported"]);
    expect(requests.filter((r) => r.url.pathname.startsWith("/files/")).map((r) => r.url.pathname)).toEqual([
      "/files/luxury.mp4",
    ]);

    const manifest = parseManifest(JSON.parse(await readFile(path.join(lib, "manifest.json"), "utf8")));
    const asset = manifest.assets.find((a) => a.id === "dreamscape-luxury");
    expect(asset).toMatchObject({
      kind: "dreamscape",
      key: "luxury",
      title: "Luxury",
      source: "pexels",
      licence: PEXELS_LICENCE,
      credit: {
        provider: "Pexels",
        author: "Author 9",
        authorUrl: "https://www.pexels.com/@author-9",
        pageUrl: "https://www.pexels.com/video/clip-9/",
      },
      width: 1080,
      height: 1920,
    });
    const probe = await ffprobe(path.join(lib, asset?.file ?? ""));
    const v = probe.streams.find((s) => s.codec_type === "video");
    expect(v?.width).toBe(1080);
    expect(v?.height).toBe(1920);
    expect(frameRate(v!)).toBeCloseTo(30, 3);
    // No leftover download.
    expect((await readdir(path.join(lib, "imported"))).filter((n) => n.startsWith("."))).toEqual([]);

    requests = [];
    const second = await fetchStock({ dir: lib, provider: provider(), only: ["dreamscape:luxury"] });
    expect(second).toMatchObject([{ status: "kept" }]);
    expect(requests).toEqual([]);
  });

  it("leaves an operator's own import alone", async () => {
    const lib = path.join(work, "lib-own");
    await importAsset({ dir: lib, kind: "hook-footage", key: "rave", title: "My Rave", file: clipFile });
    videos = () => [video(9, 1080, 1920, 14, [file(91, 1080, 1920, "rave.mp4")])];
    const outcomes = await fetchStock({ dir: lib, provider: provider(), only: ["hook-footage:rave"], force: true });
    expect(outcomes).toMatchObject([{ status: "kept", reason: "the operator's own import" }]);
    expect(requests).toEqual([]);
  });

  it("refuses a file over the size limit and keeps nothing of it", async () => {
    const lib = path.join(work, "lib-big");
    videos = () => [video(9, 1080, 1920, 14, [file(91, 1080, 1920, "big.mp4")])];
    const outcomes = await fetchStock({
      dir: lib,
      provider: provider(),
      only: ["hook-footage:nature"],
      maxBytes: 1000,
    });
    expect(outcomes).toMatchObject([{ status: "failed", error: expect.stringMatching(/limit/) }]);
    expect(downloads()).toBe(1);
    const left = await readdir(path.join(lib, "imported")).catch(() => []);
    expect(left).toEqual([]);
  });

  it("reports a style no clip fits and fetches nothing for it", async () => {
    const lib = path.join(work, "lib-none");
    videos = () => [video(1, 1080, 1920, 3, [file(10, 1080, 1920, "short.mp4")])];
    const outcomes = await fetchStock({ dir: lib, provider: provider(), only: ["background:minecraft"] });
    expect(outcomes).toMatchObject([{ status: "none-found" }]);
    expect(downloads()).toBe(0);
  });
});

describe("a refused key stops the whole run", () => {
  it("throws naming PEXELS_API_KEY instead of trying every style", async () => {
    const lib = path.join(work, "lib-refused");
    await expect(fetchStock({ dir: lib, provider: provider("wrong-key") })).rejects.toThrow(/PEXELS_API_KEY/);
    expect(requests).toHaveLength(1);
  });
});

describe("Pixabay client", () => {
  const pixabay = (apiKey = KEY) => new PixabayProvider({ apiKey, baseUrl: base, backoffMs: () => 0 });
  const rendition = (width: number, height: number, name: string) => ({
    url: `${base}/files/${name}`,
    width,
    height,
    size: 1000,
  });

  it("searches with the key and words, keeps portrait clips long enough, picks the rendition for 1080x1920", async () => {
    hits = () => [
      {
        id: 1,
        pageURL: "https://pixabay.com/videos/landscape-1/",
        duration: 30,
        user: "wide",
        user_id: 5,
        videos: { large: rendition(3840, 2160, "l.mp4"), medium: rendition(1920, 1080, "m.mp4") },
      },
      {
        id: 2,
        pageURL: "https://pixabay.com/videos/short-2/",
        duration: 4,
        user: "brief",
        user_id: 6,
        videos: { medium: rendition(1080, 1920, "s.mp4") },
      },
      {
        id: 3,
        pageURL: "https://pixabay.com/videos/tall-3/",
        duration: 20,
        user: "tall",
        user_id: 7,
        videos: {
          large: rendition(2160, 3840, "tl.mp4"),
          medium: rendition(1080, 1920, "tm.mp4"),
          small: rendition(720, 1280, "ts.mp4"),
          tiny: { url: "", width: 0, height: 0, size: 0 },
        },
      },
    ];
    const clips = await pixabay().search({ query: "roller coaster pov", minDurationS: 8, perPage: 5 });
    const [r] = requests;
    expect(r?.url.pathname).toBe("/api/videos/");
    expect(r?.url.searchParams.get("key")).toBe(KEY);
    expect(r?.url.searchParams.get("q")).toBe("roller coaster pov");
    expect(clips).toEqual([
      {
        provider: "pixabay",
        id: "3",
        pageUrl: "https://pixabay.com/videos/tall-3/",
        durationS: 20,
        author: "tall",
        authorUrl: "https://pixabay.com/users/tall-7/",
        fileUrl: `${base}/files/tm.mp4`,
        width: 1080,
        height: 1920,
      },
    ]);
  });

  it("names PIXABAY_API_KEY when the key is refused, without repeating the key", async () => {
    const error = await pixabay("wrong-key")
      .search({ query: "x", minDurationS: 8 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StockError);
    expect((error as StockError).fatal).toBe(true);
    expect((error as Error).message).toMatch(/PIXABAY_API_KEY/);
    expect((error as Error).message).not.toContain("wrong-key");
  });

  it("is used when only a Pixabay key is set; Pexels wins when both are", () => {
    expect(providerFromEnv({})).toBeUndefined();
    expect(providerFromEnv({ PIXABAY_API_KEY: "p" })?.name).toBe("pixabay");
    expect(providerFromEnv({ PIXABAY_API_KEY: "p", PEXELS_API_KEY: "x" })?.name).toBe("pexels");
  });
});
