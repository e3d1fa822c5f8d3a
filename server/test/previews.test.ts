import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { messages, PREVIEW } from "@reelsmith/core";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { credits, videoPreviews } from "../src/db/schema/index.ts";
import type { PreviewContext, PreviewRenderer, PreviewRequest } from "../src/services/preview.service.ts";
import { RenderFailure } from "../src/services/render.service.ts";
import { story } from "./engine-fixtures.ts";
import { createHarness, type Harness, json } from "./harness.ts";
import { testMedia } from "./media.ts";

/** A preview engine that answers at once, or fails as the server's failure, and counts its calls. */
class QuickPreviews implements PreviewRenderer {
  calls: PreviewRequest[] = [];
  fail = false;
  async preview(request: PreviewRequest, context: PreviewContext) {
    this.calls.push(request);
    fs.mkdirSync(context.previewDir, { recursive: true });
    fs.writeFileSync(path.join(context.previewDir, "init.mp4"), "init");
    fs.writeFileSync(path.join(context.previewDir, "seg000.m4s"), "piece");
    fs.writeFileSync(
      path.join(context.previewDir, "index.m3u8"),
      `#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:1.000000,\nseg000.m4s\n${this.fail ? "" : "#EXT-X-ENDLIST\n"}`,
    );
    // Long enough for the folder to be read while "rendering".
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (this.fail) throw new RenderFailure("The video could not be rendered.");
    return { durationS: 1, timings: { prepare: 0, total: 0 } };
  }
}

describe("free previews", () => {
  let h: Harness;
  afterEach(async () => {
    await h?.close();
  });

  const ask = (body: unknown, cookie: string) =>
    h.request("/api/video-previews", { method: "POST", body: JSON.stringify(body), cookie });
  const waitFor = (id: string, cookie: string, status: string) =>
    expect
      .poll(async () => (await json(h.request(`/api/video-previews/${id}`, { cookie }))).status, {
        timeout: 90_000,
        interval: 250,
      })
      .toBe(status);

  it("streams the first seconds of the real video as HLS, charges nothing, and replays an unchanged input", async () => {
    h = await createHarness("pglite", {}, { media: await testMedia(), queue: { work: true } });
    const { cookie } = await h.signUp("preview.ok@example.com");
    const body = story("I lent my neighbour a ladder. Three months later he sold it at his yard sale.");
    const created = await ask(body, cookie);
    expect(created.status).toBe(201);
    const preview = await json(created);
    expect(preview).toMatchObject({ type: "reddit", cached: false, errorMessage: null });
    await waitFor(preview.id, cookie, "ready");
    const ready = await json(h.request(`/api/video-previews/${preview.id}`, { cookie }));
    expect(ready.playlistUrl).toBe(`/api/video-previews/${preview.id}/playlist`);

    const playlistResponse = await h.request(ready.playlistUrl, { cookie });
    expect(playlistResponse.headers.get("content-type")).toBe("application/vnd.apple.mpegurl");
    const playlist = await playlistResponse.text();
    expect(playlist).toContain("#EXT-X-ENDLIST");
    // Every piece is a signed URL the browser fetches without the API; put together they are one playable stream.
    const urls = [
      /URI="([^"]+)"/.exec(playlist)?.[1] as string,
      ...playlist.split("\n").filter((l) => l && !l.startsWith("#")),
    ];
    expect(urls.length).toBeGreaterThan(2);
    const parts: Buffer[] = [];
    for (const url of urls) {
      const piece = await h.request(url);
      expect(piece.status).toBe(200);
      parts.push(Buffer.from(await piece.arrayBuffer()));
    }
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "reelsmith-preview-")), "preview.mp4");
    fs.writeFileSync(file, Buffer.concat(parts));
    const info = JSON.parse(
      execFileSync("ffprobe", ["-v", "error", "-show_streams", "-show_format", "-of", "json", file], {
        encoding: "utf8",
      }),
    ) as { streams: { codec_type: string; codec_name: string; width?: number }[]; format: { duration: string } };
    expect(info.streams.find((s) => s.codec_type === "video")).toMatchObject({ codec_name: "h264", width: 540 });
    expect(info.streams.some((s) => s.codec_type === "audio" && s.codec_name === "aac")).toBe(true);
    expect(Math.abs(Number(info.format.duration) - ready.durationS)).toBeLessThan(0.2);
    expect(ready.durationS).toBeLessThanOrEqual(PREVIEW.seconds);

    // Nothing was charged: the sign-up credits are the only ledger rows, and the balance is whole.
    expect((await json(h.request("/api/account", { cookie }))).credits).toBe(20);
    const account = await json(h.request("/api/account", { cookie }));
    const ledger = await h.db.db.select().from(credits).where(eq(credits.userId, account.user.id));
    expect(ledger.every((row) => row.amount > 0)).toBe(true);

    // The same input again (its fields in another order) is the same preview, at once.
    const again = await ask({ input: { ...body.input }, type: "reddit" }, cookie);
    expect(again.status).toBe(200);
    expect(await json(again)).toMatchObject({ id: preview.id, status: "ready", cached: true });
    // Anything changed is a new preview.
    const changed = await ask(story("I lent my neighbour a ladder. He returned it painted pink."), cookie);
    expect(changed.status).toBe(201);
  }, 180_000);

  it("one at a time, a limit an hour, the same refusals as a creation, and nothing written by a refusal", async () => {
    const quick = new QuickPreviews();
    h = await createHarness(
      "pglite",
      { previewsPerHour: 2 },
      { media: { ...(await testMedia()), previewRenderer: quick }, queue: { work: false } },
    );
    const { cookie } = await h.signUp("preview.limits@example.com");
    const first = await json(ask(story("One."), cookie));
    expect(first.status).toBe("queued");
    const busy = await ask(story("Two."), cookie);
    expect(busy.status).toBe(409);
    expect(await json(busy)).toMatchObject({ code: "CONFLICT", message: messages.videos.previewBusy });

    // The first is worked; the second may start, the third is past the hour's limit.
    await h.ctx.services.previews?.run(first.id, { signal: new AbortController().signal });
    expect((await json(h.request(`/api/video-previews/${first.id}`, { cookie }))).status).toBe("ready");
    const second = await json(ask(story("Two."), cookie));
    await h.ctx.services.previews?.run(second.id, { signal: new AbortController().signal });
    const third = await ask(story("Three."), cookie);
    expect(third.status).toBe(429);
    expect((await json(third)).message).toBe(messages.videos.previewHourly(2));
    // An unchanged input is still answered: a replay is not a new preview.
    expect((await ask(story("One."), cookie)).status).toBe(200);

    const before = await h.db.db.select().from(videoPreviews);
    const unknown = await ask(story("Four.", { background_video: "no-such-footage" }), cookie);
    expect(unknown.status).toBe(400);
    const created = await h.request("/api/videos", {
      method: "POST",
      body: JSON.stringify(story("Four.", { background_video: "no-such-footage" })),
      cookie,
    });
    expect((await json(unknown)).message).toBe((await json(created)).message);
    expect(await h.db.db.select().from(videoPreviews)).toHaveLength(before.length);

    // Another user's preview is not there.
    const other = await h.signUp("preview.other@example.com");
    expect((await h.request(`/api/video-previews/${first.id}`, { cookie: other.cookie })).status).toBe(404);
    expect((await h.request(`/api/video-previews/${first.id}/playlist`, { cookie: other.cookie })).status).toBe(404);
  }, 60_000);

  it("a failed preview says so in the builder's words and leaves no piece stored", async () => {
    const quick = new QuickPreviews();
    quick.fail = true;
    const storageRoot = fs.mkdtempSync(path.join(os.tmpdir(), "reelsmith-preview-store-"));
    h = await createHarness(
      "pglite",
      { storage: { driver: "local", root: storageRoot } },
      { media: { ...(await testMedia()), previewRenderer: quick }, queue: { work: true } },
    );
    const { cookie } = await h.signUp("preview.fails@example.com");
    const preview = await json(ask(story("It breaks."), cookie));
    await waitFor(preview.id, cookie, "error");
    expect((await json(h.request(`/api/video-previews/${preview.id}`, { cookie }))).errorMessage).toBe(
      messages.videos.previewFailed,
    );
    const stored = fs.readdirSync(storageRoot, { recursive: true }).map(String);
    expect(stored.filter((f) => f.endsWith(".m4s") || f.endsWith("init.mp4"))).toEqual([]);
    // A failed preview is not replayed: asking again renders again.
    quick.fail = false;
    const again = await ask(story("It breaks."), cookie);
    expect(again.status).toBe(201);
  }, 60_000);
});
