import crypto from "node:crypto";
import fs from "node:fs";
import { messages, VIDEO_TYPES } from "@reelsmith/core";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { credits, generatedVideos } from "../src/db/schema/index.ts";
import type { LocalStorage } from "../src/repositories/storage/local-storage.ts";
import { subscribe } from "./billing-helpers.ts";
import { DRIVERS } from "./databases.ts";
import { TestRenderer } from "./fakes/test-renderer.ts";
import { createHarness, type Harness, json } from "./harness.ts";
import { testMedia } from "./media.ts";
import { makeMediaFixtures } from "./media-fixtures.ts";

let fixtures: ReturnType<typeof makeMediaFixtures>;
beforeAll(() => {
  fixtures = makeMediaFixtures();
});

const reddit = (overrides: Record<string, unknown> = {}) => ({
  type: "reddit",
  input: {
    username: "Throw Away",
    post_title: "AITA for labelling my food?",
    script: "My roommate kept eating my lunch, so I did something about it.",
    caption_style: "modern-bold",
    background_video: "minecraft",
    ...overrides,
  },
});

async function jobPriority(h: Harness, videoId: string): Promise<number | undefined> {
  const result = await h.db.db.execute(sql`select priority from pgboss.job where singleton_key = ${videoId}`);
  const rows = (result as unknown as { rows: { priority: number }[] }).rows;
  return rows[0]?.priority;
}

async function jobsFor(h: Harness, videoId: string): Promise<number> {
  const result = await h.db.db.execute(sql`select count(*)::int as n from pgboss.job where singleton_key = ${videoId}`);
  const rows = (result as unknown as { rows: { n: number }[] }).rows;
  return Number(rows[0]?.n ?? 0);
}

describe.each(DRIVERS)("making videos on %s", (driver) => {
  let h: Harness;
  let renderer: TestRenderer;
  afterEach(async () => {
    await h.close();
  });

  async function start(work = false) {
    renderer = new TestRenderer();
    h = await createHarness(
      driver,
      { createRateLimit: { max: 1000, windowSeconds: 60 } },
      { media: await testMedia(renderer), queue: { work } },
    );
  }

  const create = (body: unknown, cookie: string) =>
    h.request("/api/videos", { method: "POST", body: JSON.stringify(body), cookie });

  it("charges, stores and queues a video in one step, with the spec's title", async () => {
    await start();
    const { cookie } = await h.signUp(`maker.${driver}@example.com`);
    const response = await create(reddit(), cookie);
    expect(response.status).toBe(201);
    const video = await json(response);
    expect(video).toMatchObject({
      title: "Reddit Story - throwaway - AITA for labelling my food?",
      type: "reddit",
      status: "processing",
      cost: 6,
      video_url: null,
    });
    expect((await json(h.request("/api/account", { cookie }))).credits).toBe(14);
    const ledger = await h.db.db.select().from(credits).where(eq(credits.videoId, video.id));
    expect(ledger.map((r) => [r.source, r.amount, r.idempotencyKey])).toEqual([["spend", -6, `spend:${video.id}`]]);
    expect(await jobsFor(h, video.id)).toBe(1);

    const anonymous = await json(create(reddit({ username: "" }), cookie));
    expect(anonymous.title).toBe("Reddit Story - Anonymous - AITA for labelling my food?");
  });

  it("queues the renders of paid plans ahead: Agency before Pro before Starter and free", async () => {
    await start();
    const priorities: Record<string, number | undefined> = {};
    for (const plan of ["free", "STARTER", "PRO", "AGENCY"]) {
      const { cookie } = await h.signUp(`${plan.toLowerCase()}.${driver}@example.com`);
      if (plan !== "free") await subscribe(h, cookie, plan);
      const video = await json(create(reddit(), cookie));
      priorities[plan] = await jobPriority(h, video.id);
    }
    expect(priorities.free).toBe(0);
    expect(priorities.STARTER).toBe(0);
    expect(priorities.PRO).toBeGreaterThan(0);
    expect(priorities.AGENCY).toBeGreaterThan(priorities.PRO ?? 0);
  });

  it("refuses what the balance cannot pay, and writes nothing", async () => {
    await start();
    const { cookie } = await h.signUp(`poor.${driver}@example.com`);
    for (let i = 0; i < 3; i += 1) expect((await create(reddit(), cookie)).status).toBe(201);
    const refused = await create(reddit(), cookie);
    expect(refused.status).toBe(402);
    expect(await json(refused)).toMatchObject({
      code: "INSUFFICIENT_CREDITS",
      message: messages.credits.insufficientDialog,
    });
    expect((await json(h.request("/api/account", { cookie }))).credits).toBe(2);
    const rows = await h.db.db.select().from(generatedVideos);
    expect(rows).toHaveLength(3);
  });

  it("50 concurrent creations against 20 credits make exactly 3 videos and never a negative balance", async () => {
    await start();
    const { cookie } = await h.signUp(`rush.${driver}@example.com`);
    const responses = await Promise.all(Array.from({ length: 50 }, () => create(reddit(), cookie)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 402)).toHaveLength(47);
    expect((await json(h.request("/api/account", { cookie }))).credits).toBe(2);
    expect(await h.db.db.select().from(generatedVideos)).toHaveLength(3);
    const spends = await h.db.db.select().from(credits).where(eq(credits.source, "spend"));
    expect(spends).toHaveLength(3);
  });

  it("only uses the user's own uploads and known library items", async () => {
    await start();
    const alice = (await h.signUp(`alice.v.${driver}@example.com`)).cookie;
    const bob = (await h.signUp(`bob.v.${driver}@example.com`)).cookie;
    const form = new FormData();
    form.set("type", "audio-file");
    form.set("file", new Blob([new Uint8Array(fs.readFileSync(fixtures.mp3))]), "Summer Anthem.mp3");
    const audio = await json(h.request("/api/files", { method: "POST", body: form, cookie: alice }));

    const textHook = { type: "text-hook", input: { audio_file_id: audio.id, video_style: "boiler-room" } };
    const stolen = await create(textHook, bob);
    expect(stolen.status).toBe(400);
    expect((await json(stolen)).message).toBe(messages.files.notFound);
    expect((await json(h.request("/api/account", { cookie: bob }))).credits).toBe(20);
    const own = await json(create(textHook, alice));
    expect(own.title).toBe("Music Video - Rave / Boiler Room - Summer Anthem");

    // The upload cannot be deleted while the video that reads it is being made.
    const busy = await h.request(`/api/files/${audio.id}`, { method: "DELETE", cookie: alice });
    expect(busy.status).toBe(409);

    const unknownMusic = await create(reddit({ background_music: "no-such-track" }), alice);
    expect(unknownMusic.status).toBe(400);
    expect((await json(unknownMusic)).message).toBe(messages.videos.unknownMusic);
    expect((await create(reddit({ background_music: "lofi-rainy-window" }), alice)).status).toBe(201);
  });

  it("lets the database hold every video type and no other", async () => {
    await start();
    const result = await h.db.db.execute(
      sql`select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'generated_videos_type_check'`,
    );
    const [row] = (result as unknown as { rows: { def: string }[] }).rows;
    const allowed = [...(row?.def ?? "").matchAll(/'([^']+)'/g)].map((m) => m[1]);
    expect(allowed.sort()).toEqual([...VIDEO_TYPES].sort());
  });

  it("refuses, before charging, an input whose upload is another user's, missing or of the wrong kind", async () => {
    await start();
    const alice = (await h.signUp(`alice.k.${driver}@example.com`)).cookie;
    const bob = (await h.signUp(`bob.k.${driver}@example.com`)).cookie;
    const upload = async (kind: string, file: string, name: string) => {
      const form = new FormData();
      form.set("type", kind);
      form.set("file", new Blob([new Uint8Array(fs.readFileSync(file))]), name);
      const response = await h.request("/api/files", { method: "POST", body: form, cookie: alice });
      expect(response.status).toBe(201);
      return (await json(response)).id as string;
    };
    const product = await upload("product-image", fixtures.png, "serum.png");
    const backdrop = await upload("green-screen", fixtures.jpg, "beach.jpg");
    const song = await upload("audio-file", fixtures.mp3, "song.mp3");
    const ugc = (productImageId: string) => ({
      type: "ugc-ads",
      input: { product_image_id: productImageId, background_music: "no-music", product_name: "Serum" },
    });
    const greenScreen = (backgroundId: string, meme = "dancing-cat") => ({
      type: "green-screen",
      input: { text_hook: "me at 3am", selected_meme: meme, background_file_id: backgroundId },
    });

    const refusals: [unknown, string, string][] = [
      [ugc(product), bob, messages.files.notFound],
      [greenScreen(backdrop), bob, messages.files.notFound],
      [ugc(crypto.randomUUID()), alice, messages.files.notFound],
      [ugc(backdrop), alice, messages.files.wrongUse],
      [greenScreen(song), alice, messages.files.wrongUse],
      [
        { type: "text-hook", input: { audio_file_id: product, video_style: "boiler-room" } },
        alice,
        messages.files.wrongUse,
      ],
      [greenScreen(backdrop, "no-such-meme"), alice, messages.videos.unknownMeme],
    ];
    for (const [body, cookie, message] of refusals) {
      const response = await create(body, cookie);
      expect(response.status).toBe(400);
      expect(await json(response)).toMatchObject({ code: "VALIDATION_FAILED", message });
    }
    for (const cookie of [alice, bob]) expect((await json(h.request("/api/account", { cookie }))).credits).toBe(20);
    expect(await h.db.db.select().from(generatedVideos)).toHaveLength(0);
    expect(await h.db.db.select().from(credits).where(eq(credits.source, "spend"))).toHaveLength(0);

    const made = await json(create(ugc(product), alice));
    expect(made).toMatchObject({ type: "ugc-ads", cost: 14, title: "UGC Ad - Serum" });
    expect(await jobsFor(h, made.id)).toBe(1);
    expect((await json(create(greenScreen(backdrop), alice))).cost).toBe(6);
    // Both uploads are read by videos being made now.
    for (const id of [product, backdrop]) {
      expect((await h.request(`/api/files/${id}`, { method: "DELETE", cookie: alice })).status).toBe(409);
    }
    expect((await json(h.request("/api/account", { cookie: alice }))).credits).toBe(0);
  });

  it("stores a Reddit avatar with the video and leaves none behind when creation is refused", async () => {
    await start();
    const { cookie } = await h.signUp(`avatar.${driver}@example.com`);
    const png = `data:image/png;base64,${fs.readFileSync(fixtures.png).toString("base64")}`;
    const fake = `data:image/png;base64,${Buffer.from("definitely not a png file").toString("base64")}`;
    const bad = await create(reddit({ avatar_url: fake }), cookie);
    expect(bad.status).toBe(400);
    expect((await json(bad)).message).toBe(messages.reddit.avatarInvalid);
    // A PNG cut off after its headers (it would render half black) is refused the same way, before any charge.
    const whole = fs.readFileSync(fixtures.png);
    const cut = `data:image/png;base64,${whole.subarray(0, Math.floor(whole.length * 0.6)).toString("base64")}`;
    const truncated = await create(reddit({ avatar_url: cut }), cookie);
    expect(truncated.status).toBe(400);
    expect(await json(truncated)).toMatchObject({ message: messages.reddit.avatarInvalid, field: "input.avatar_url" });
    expect((await json(h.request("/api/account", { cookie }))).credits).toBe(20);

    const video = await json(create(reddit({ avatar_url: png }), cookie));
    const [row] = await h.db.db.select().from(generatedVideos).where(eq(generatedVideos.id, video.id));
    // The data URL is kept as an object of the video; the stored input names it instead of carrying it.
    const input = row?.input as { avatar_url: unknown; stored_objects: { avatar: string } };
    expect(input.avatar_url).toBeNull();
    expect(input.stored_objects.avatar).toBe(`${row?.userId}/videos/${video.id}-avatar.png`);
    expect(await h.ctx.storage.stat(input.stored_objects.avatar)).toMatchObject({ contentType: "image/png" });

    await create(reddit(), cookie);
    await create(reddit(), cookie);
    const root = (h.ctx.storage as LocalStorage).pathOf("x").replace(/\/x$/, "");
    const before = fs.readdirSync(root, { recursive: true }).length;
    expect((await create(reddit({ avatar_url: png }), cookie)).status).toBe(402);
    expect(fs.readdirSync(root, { recursive: true }).length).toBe(before);
  });

  it("lists by tab with search, sort and pages, and keeps other users' videos out of sight", async () => {
    await start();
    const { cookie } = await h.signUp(`lister.${driver}@example.com`);
    const titles = ["Zebra crossing drama", "apple pie disaster", "Mango 50% off"];
    const made = [];
    for (const post_title of titles) made.push(await json(create(reddit({ post_title }), cookie)));
    const list = (query: string) => json(h.request(`/api/videos?${query}`, { cookie }));

    const newest = await list("group=processing");
    expect(newest.items.map((v: { id: string }) => v.id)).toEqual(made.map((v) => v.id).reverse());
    expect(newest.counts).toEqual({ processing: 3, finished: 0, failed: 0 });
    expect((await list("group=finished")).items).toEqual([]);
    expect((await list("group=processing&sort=oldest")).items[0].id).toBe(made[0].id);
    expect((await list("group=processing&sort=title")).items.map((v: { title: string }) => v.title)).toEqual([
      "Reddit Story - throwaway - apple pie disaster",
      "Reddit Story - throwaway - Mango 50% off",
      "Reddit Story - throwaway - Zebra crossing drama",
    ]);
    const searched = await list("group=processing&search=APPLE");
    expect(searched.total).toBe(1);
    expect((await list("group=processing&search=50%25")).items.map((v: { id: string }) => v.id)).toEqual([made[2].id]);
    expect((await list("group=processing&search=%25")).total).toBe(1);
    const page = await list("group=processing&size=2&page=1");
    expect(page).toMatchObject({ total: 3 });
    expect(page.items).toHaveLength(1);
    // A page past the end has no row to carry the counts: they and the total still come back.
    expect(await list("group=processing&size=2&page=5")).toEqual({
      items: [],
      total: 3,
      counts: { processing: 3, finished: 0, failed: 0 },
    });
    expect(await list("group=processing&search=apple&page=3")).toMatchObject({ items: [], total: 1 });

    const other = (await h.signUp(`other.${driver}@example.com`)).cookie;
    expect((await json(h.request("/api/videos?group=processing", { cookie: other }))).total).toBe(0);
    expect((await h.request(`/api/videos/${made[0].id}`, { cookie: other })).status).toBe(404);
    expect((await h.request(`/api/videos/${made[0].id}`, { cookie })).status).toBe(200);
    expect((await h.request("/api/videos/not-an-id", { cookie })).status).toBe(404);
  });

  it("renders in the worker: progress, then a finished, playable, downloadable video", async () => {
    await start(true);
    const { cookie } = await h.signUp(`worker.${driver}@example.com`);
    const created = await json(create(reddit({ post_title: "My: weird/title?" }), cookie));
    await expect
      .poll(async () => (await json(h.request(`/api/videos/${created.id}`, { cookie }))).status, { timeout: 20_000 })
      .toBe("finished");
    const video = await json(h.request(`/api/videos/${created.id}`, { cookie }));
    expect(video).toMatchObject({ progress: 100, stage: null, duration_s: 1, refunded: 0 });
    const file = await h.request(video.video_url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("video/mp4");
    const download = await h.request(video.download_url);
    expect(download.headers.get("content-disposition")).toContain(
      'filename="Reddit Story - throwaway - My weird title.mp4"',
    );
    expect((await h.request(video.thumbnail_url)).headers.get("content-type")).toBe("image/jpeg");
    const listed = await json(h.request("/api/videos?group=finished", { cookie }));
    expect(listed.counts).toEqual({ processing: 0, finished: 1, failed: 0 });
  });

  it("retries a failing render, then fails it with its reason and refunds exactly once", async () => {
    await start(true);
    renderer.failures = "always";
    const { cookie } = await h.signUp(`broken.${driver}@example.com`);
    const created = await json(create(reddit(), cookie));
    await expect
      .poll(async () => (await json(h.request(`/api/videos/${created.id}`, { cookie }))).status, { timeout: 40_000 })
      .toBe("error");
    expect(renderer.calls.filter((id) => id === created.id)).toHaveLength(3);
    const video = await json(h.request(`/api/videos/${created.id}`, { cookie }));
    expect(video).toMatchObject({
      error_message: "The background video could not be read.",
      refunded: 6,
      retryable: true,
      retry_blocked_reason: null,
    });
    expect((await json(h.request("/api/account", { cookie }))).credits).toBe(20);

    // The failure path again (the dead-letter handler, another process): nothing changes.
    expect(await h.ctx.services.render?.fail(created.id, "again")).toBe(false);
    const refunds = await h.db.db.select().from(credits).where(eq(credits.source, "refund"));
    expect(refunds).toHaveLength(1);
    expect((await json(h.request("/api/account", { cookie }))).credits).toBe(20);
    await expect.poll(() => json(h.request("/api/videos?group=failed", { cookie }))).toMatchObject({ total: 1 });
    expect((await json(h.request("/api/videos?group=processing", { cookie }))).total).toBe(0);
  }, 60_000);
});
