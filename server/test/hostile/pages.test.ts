import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../harness.ts";

/** A built app's shell: an inline theme script and the entry module, like web/index.html after a build. */
const INDEX = `<!doctype html><html><head><title>Reelsmith</title><meta name="description" content="x" />
<script>document.documentElement.classList.add("dark")</script>
<script type="module" crossorigin src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>`;

let h: Harness;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), "reelsmith-dist-"));
  fs.writeFileSync(path.join(dist, "index.html"), INDEX);
  fs.mkdirSync(path.join(dist, "assets"));
  fs.writeFileSync(path.join(dist, "assets", "index-abc.js"), "console.log(1)");
  h = await createHarness("pglite", {
    publicUrl: "https://studio.example.com",
    webDist: dist,
    analytics: {
      pixel: { id: "px-1", scriptUrl: "https://pixel.example.com/p.js" },
      web: { scriptUrl: "https://stats.example.org/js/script.js", domain: "studio.example.com" },
    },
  });
});
afterAll(async () => {
  await h.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

function directives(header: string | null): Map<string, string[]> {
  return new Map(
    (header ?? "")
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

describe("pages' Content-Security-Policy", () => {
  it("allows only this origin's scripts, the configured analytics and the page's own nonce", async () => {
    const res = await h.request("/pricing");
    const csp = directives(res.headers.get("content-security-policy"));
    const html = await res.text();
    const nonces = [...html.matchAll(/<script nonce="([^"]+)"/g)].map((m) => m[1]);
    // The theme script, the entry, the config and the analytics script all carry it.
    expect(nonces.length).toBe((html.match(/<script/g) ?? []).length);
    expect(new Set(nonces).size).toBe(1);
    expect(csp.get("script-src")).toEqual([
      "'self'",
      `'nonce-${nonces[0]}'`,
      "https://stats.example.org",
      "https://pixel.example.com",
    ]);
    expect(csp.get("script-src")).not.toContain("'unsafe-inline'");
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("media-src")).toEqual(["'self'", "data:", "blob:"]);
  });

  it("uses a new nonce for every response", async () => {
    const first = directives((await h.request("/")).headers.get("content-security-policy")).get("script-src");
    const second = directives((await h.request("/")).headers.get("content-security-policy")).get("script-src");
    expect(first?.[1]).toMatch(/^'nonce-[A-Za-z0-9+/=]{20,}'$/);
    expect(first?.[1]).not.toBe(second?.[1]);
  });

  it("gives API answers and files a policy that loads and frames nothing", async () => {
    for (const target of ["/api/config", "/api/no-such-endpoint", "/assets/index-abc.js"]) {
      const res = await h.request(target);
      expect(res.headers.get("content-security-policy"), target).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });
});

describe("pages' Content-Security-Policy with S3 storage", () => {
  it("allows media from the bucket's origin", async () => {
    const s3 = await createHarness("pglite", {
      webDist: dist,
      storage: {
        driver: "s3",
        endpoint: "https://s3.eu-central-1.example.net",
        region: "eu-central-1",
        bucket: "reelsmith-media",
        accessKeyId: "key",
        secretAccessKey: "secret",
        forcePathStyle: false,
      },
    });
    try {
      const csp = directives((await s3.request("/create")).headers.get("content-security-policy"));
      for (const directive of ["media-src", "img-src", "connect-src"]) {
        expect(csp.get(directive), directive).toContain("https://reelsmith-media.s3.eu-central-1.example.net");
      }
    } finally {
      await s3.close();
    }
  });
});

describe("the not-found page's status", () => {
  it.each([
    "/",
    "/pricing",
    "/auth",
    "/dashboard",
    "/create/reddit-story",
    "/ai-ugc-ads/guidelines",
    "/checkout/test/5d0b4a9e-2f0c-4b8e-9d6f-1a2b3c4d5e6f",
    "/blog/why-traditional-video-editing-is-dead",
  ])("answers 200 for the app's page %s", async (page) => {
    const res = await h.request(page);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
  });

  it.each(["/no-such-page", "/pricing/extra", "/blog/no-such-article", "/checkout/test", "/assets/missing.js"])(
    "answers 404 with the app's HTML for %s",
    async (page) => {
      const res = await h.request(page);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('<div id="root"></div>');
      expect((await h.request(page, { method: "HEAD" })).status).toBe(404);
    },
  );
});
