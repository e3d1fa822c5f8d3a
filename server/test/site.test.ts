import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { BLOG_ARTICLES, SITE_PAGES } from "@reelsmith/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createHarness, type Harness, json } from "./harness.ts";

describe("public site endpoints", () => {
  let h: Harness;
  let dist: string;
  let showcaseDir: string;
  beforeEach(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), "reelsmith-dist-"));
    showcaseDir = fs.mkdtempSync(path.join(os.tmpdir(), "reelsmith-showcase-"));
    fs.writeFileSync(
      path.join(dist, "index.html"),
      '<!doctype html><html><head><title>Reelsmith</title><meta name="description" content="x" /></head><body></body></html>',
    );
    h = await createHarness("pglite", {
      publicUrl: "https://studio.example.com",
      webDist: dist,
      showcaseDir,
      analytics: { pixel: { id: "px-1", scriptUrl: "https://pixel.example.com/p.js" }, web: null },
    });
  });
  afterEach(async () => {
    await h.close();
    fs.rmSync(dist, { recursive: true, force: true });
    fs.rmSync(showcaseDir, { recursive: true, force: true });
  });

  it("lists every public page and article in sitemap.xml with absolute URLs from PUBLIC_URL", async () => {
    const res = await h.request("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/xml");
    const xml = await res.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toHaveLength(SITE_PAGES.length + BLOG_ARTICLES.length);
    expect(locs).toContain("https://studio.example.com/");
    expect(locs).toContain("https://studio.example.com/faq");
    expect(locs).toContain("https://studio.example.com/blog/why-traditional-video-editing-is-dead");
    expect(locs.some((l) => l?.includes("/home"))).toBe(false);
  });

  it("serves robots.txt that points at the sitemap and keeps crawlers out of the app and API", async () => {
    const text = await (await h.request("/robots.txt")).text();
    expect(text).toContain("User-agent: *");
    expect(text).toContain("Disallow: /api/");
    expect(text).toContain("Disallow: /dashboard");
    expect(text).toContain("Sitemap: https://studio.example.com/sitemap.xml");
  });

  it("exposes the public config and writes it, with the page's tags, into the served HTML", async () => {
    expect(await json(h.request("/api/config"))).toEqual({
      publicUrl: "https://studio.example.com",
      payments: { mode: "test" },
      analytics: { pixel: { id: "px-1", scriptUrl: "https://pixel.example.com/p.js" }, web: null },
    });
    const res = await h.request("/blog/reddit-story-videos-playbook");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<title>The Reddit story video playbook: scripts, voices and gameplay | Reelsmith</title>");
    expect(html).toContain(
      '<link rel="canonical" href="https://studio.example.com/blog/reddit-story-videos-playbook" />',
    );
    expect(html).toContain('"pixel":{"id":"px-1"');
    expect(html).toContain('"payments":{"mode":"test"}');
  });

  it("answers an empty showcase before any clip is rendered, then the manifest and its files with ranges", async () => {
    expect(await json(h.request("/api/showcase"))).toEqual({ version: 1, generatedAt: null, clips: [] });
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
    fs.writeFileSync(path.join(showcaseDir, "clip-0a1b2c.mp4"), bytes);
    const clip = {
      id: "reddit-aita",
      title: "AITA for quitting over a sandwich?",
      type: "reddit",
      views: 1200,
      src: "/showcase/clip-0a1b2c.mp4",
      poster: "/showcase/clip-0a1b2c.webp",
      durationS: 6,
      width: 540,
      height: 960,
    };
    fs.writeFileSync(
      path.join(showcaseDir, "showcase.json"),
      JSON.stringify({ version: 1, generatedAt: "2025-09-01T00:00:00.000Z", clips: [clip] }),
    );
    expect((await json(h.request("/api/showcase"))).clips).toEqual([clip]);

    const full = await h.request("/showcase/clip-0a1b2c.mp4");
    expect(full.status).toBe(200);
    expect(full.headers.get("content-type")).toBe("video/mp4");
    expect(full.headers.get("cache-control")).toContain("immutable");
    expect(Buffer.from(await full.arrayBuffer()).equals(bytes)).toBe(true);

    const part = await h.request("/showcase/clip-0a1b2c.mp4", { headers: { range: "bytes=100-199" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe("bytes 100-199/1000");
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);
    const tail = await h.request("/showcase/clip-0a1b2c.mp4", { headers: { range: "bytes=-10" } });
    expect(tail.headers.get("content-range")).toBe("bytes 990-999/1000");
    const beyond = await h.request("/showcase/clip-0a1b2c.mp4", { headers: { range: "bytes=5000-" } });
    expect(beyond.status).toBe(416);
    // The same reading of a range as every other file the server sends: "bytes=-" is no range, so the whole clip.
    const empty = await h.request("/showcase/clip-0a1b2c.mp4", { headers: { range: "bytes=-" } });
    expect(empty.status).toBe(200);
    expect(Buffer.from(await empty.arrayBuffer()).equals(bytes)).toBe(true);

    expect((await h.request("/showcase/missing.mp4")).status).toBe(404);
    expect((await h.request("/showcase/..%2Fshowcase.json")).status).toBe(404);
    expect((await h.request("/showcase/showcase.json")).status).toBe(404);
  });
});
