import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { messages } from "@reelsmith/core";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "../src/db/client.ts";
import { credits, generatedVideos } from "../src/db/schema/index.ts";
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

async function jobsFor(h: Harness, videoId: string): Promise<number> {
  const result = await h.db.db.execute(sql`select count(*)::int as n from pgboss.job where singleton_key = ${videoId}`);
  const rows = (result as unknown as { rows: { n: number }[] }).rows;
  return Number(rows[0]?.n ?? 0);
}

describe.each(DRIVERS)("retrying, removing and deleting videos on %s", (driver) => {
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

  const create = async (body: unknown, cookie: string) => {
    const response = await h.request("/api/videos", { method: "POST", body: JSON.stringify(body), cookie });
    expect(response.status).toBe(201);
    return json(response);
  };
  const balance = async (cookie: string) => (await json(h.request("/api/account", { cookie }))).credits as number;
  const retry = (id: string, cookie: string) => h.request(`/api/videos/${id}/retry`, { method: "POST", cookie });
  const remove = (id: string, cookie: string) => h.request(`/api/videos/${id}`, { method: "DELETE", cookie });
  const list = (group: string, cookie: string) => json(h.request(`/api/videos?group=${group}`, { cookie }));
  const ledger = () =>
    h.db.db
      .select({ key: credits.idempotencyKey, amount: credits.amount, videoId: credits.videoId })
      .from(credits)
      .orderBy(credits.createdAt, credits.idempotencyKey);
  /** The ledger's rows about videos (sign-up bonuses of other accounts come and go with their requests). */
  const videoLedger = async () => (await ledger()).filter((r) => r.videoId !== null);
  /** The worker's failure path, as the last attempt or the dead-letter handler runs it. */
  const fail = async (id: string, message: string, retryable: boolean) => {
    expect(await h.ctx.services.render?.fail(id, message, { retryable })).toBe(true);
  };

  async function uploadSong(cookie: string): Promise<string> {
    const form = new FormData();
    form.set("type", "audio-file");
    form.set("file", new Blob([new Uint8Array(fs.readFileSync(fixtures.mp3))]), "Summer Anthem.mp3");
    const response = await h.request("/api/files", { method: "POST", body: form, cookie });
    expect(response.status).toBe(201);
    return (await json(response)).id;
  }

  it("lists failed videos apart: the Processing count holds only videos being made", async () => {
    await start();
    const { cookie } = await h.signUp(`apart.${driver}@example.com`);
    const kept = await create(reddit({ post_title: "Still going" }), cookie);
    const broken = await create(reddit({ post_title: "Broke" }), cookie);
    await fail(broken.id, "The render stopped and could not be completed.", true);

    const processing = await list("processing", cookie);
    expect(processing.counts).toEqual({ processing: 1, finished: 0, failed: 1 });
    expect(processing.items.map((v: { id: string }) => v.id)).toEqual([kept.id]);
    const failed = await list("failed", cookie);
    expect(failed.items).toHaveLength(1);
    expect(failed.items[0]).toMatchObject({
      id: broken.id,
      status: "error",
      error_message: "The render stopped and could not be completed.",
      refunded: 6,
      retryable: true,
      retry_blocked_reason: null,
    });
  });

  it("retries a server failure as a new video with the same input, charged once more", async () => {
    await start();
    const { cookie } = await h.signUp(`retry.${driver}@example.com`);
    const png = `data:image/png;base64,${fs.readFileSync(fixtures.png).toString("base64")}`;
    const original = await create(reddit({ avatar_url: png }), cookie);
    await fail(original.id, "The video could not be rendered.", true);
    expect(await balance(cookie)).toBe(20);

    const response = await retry(original.id, cookie);
    expect(response.status).toBe(201);
    const again = await json(response);
    expect(again.id).not.toBe(original.id);
    expect(again).toMatchObject({ status: "processing", title: original.title, cost: 6, type: "reddit" });
    expect(await balance(cookie)).toBe(14);
    expect(await jobsFor(h, again.id)).toBe(1);

    const [before] = await h.db.db.select().from(generatedVideos).where(eq(generatedVideos.id, original.id));
    const [after] = await h.db.db.select().from(generatedVideos).where(eq(generatedVideos.id, again.id));
    if (!before || !after) throw new Error("a video row is missing");
    const { stored_objects: oldObjects, ...oldInput } = before.input as Record<string, unknown>;
    const { stored_objects: newObjects, ...newInput } = after.input as Record<string, unknown>;
    expect(newInput).toEqual(oldInput);
    // The new video has its own copy of the avatar.
    const newAvatar = (newObjects as { avatar: string }).avatar;
    expect(newAvatar).not.toBe((oldObjects as { avatar: string }).avatar);
    expect(newAvatar).toBe(`${after.userId}/videos/${again.id}-avatar.png`);
    expect(await h.ctx.storage.stat(newAvatar)).toMatchObject({ contentType: "image/png" });

    // The failed one has left the lists; a second retry of it (another tab) finds nothing to retry.
    expect((await list("failed", cookie)).items).toEqual([]);
    expect((await list("processing", cookie)).items.map((v: { id: string }) => v.id)).toEqual([again.id]);
    expect((await retry(original.id, cookie)).status).toBe(404);
    expect(await balance(cookie)).toBe(14);
    expect((await ledger()).map((r) => [r.key, r.amount])).toEqual([
      [expect.stringMatching(/^signup:/), 20],
      [`spend:${original.id}`, -6],
      [`refund:${original.id}`, 6],
      [`spend:${again.id}`, -6],
    ]);
  });

  it("reads a video stored before avatars were stored objects once migration 0009 has moved its key", async () => {
    await start();
    const { cookie } = await h.signUp(`legacy.${driver}@example.com`);
    const png = `data:image/png;base64,${fs.readFileSync(fixtures.png).toString("base64")}`;
    const video = await create(reddit({ avatar_url: png }), cookie);
    const [row] = await h.db.db.select().from(generatedVideos).where(eq(generatedVideos.id, video.id));
    if (!row) throw new Error("the video row is missing");
    const { stored_objects: objects, ...rest } = row.input as Record<string, unknown>;
    const key = (objects as { avatar: string }).avatar;
    // The row as it was stored before: the avatar's key in input.avatar_key.
    const legacy = { ...rest, avatar_key: key };
    await h.db.db.update(generatedVideos).set({ input: legacy }).where(eq(generatedVideos.id, video.id));
    const migration = fs.readFileSync(path.join(migrationsFolder(), "0009_video_stored_objects.sql"), "utf8");
    await h.db.db.execute(sql.raw(migration));
    const [moved] = await h.db.db.select().from(generatedVideos).where(eq(generatedVideos.id, video.id));
    expect(moved?.input).toEqual({ ...rest, stored_objects: { avatar: key } });

    // A retry of it copies the avatar like any stored object; removing the new one removes its copy only.
    await fail(video.id, "The video could not be rendered.", true);
    const again = await json(retry(video.id, cookie));
    const [copy] = await h.db.db.select().from(generatedVideos).where(eq(generatedVideos.id, again.id));
    if (!copy) throw new Error("the new video row is missing");
    const copied = (copy.input as { stored_objects: { avatar: string } }).stored_objects.avatar;
    expect(copied).not.toBe(key);
    expect(await h.ctx.storage.stat(copied)).toMatchObject({ contentType: "image/png" });
    expect(await h.ctx.storage.stat(key)).not.toBeNull();
  });

  it("refuses to retry a failure of the input, a video whose upload is gone, and one that did not fail", async () => {
    await start();
    const { cookie } = await h.signUp(`input.${driver}@example.com`);
    const text = await create(reddit({ post_title: "Undrawable" }), cookie);
    await fail(text.id, "The text has letters no caption font on this server can draw.", false);
    const [failedText] = (await list("failed", cookie)).items;
    expect(failedText).toMatchObject({ retryable: false, retry_blocked_reason: messages.videos.retryInputFailure });
    const refused = await retry(text.id, cookie);
    expect(refused.status).toBe(409);
    expect(await json(refused)).toMatchObject({ code: "CONFLICT", message: messages.videos.retryInputFailure });

    const song = await uploadSong(cookie);
    const music = await create(
      { type: "text-hook", input: { audio_file_id: song, video_style: "boiler-room" } },
      cookie,
    );
    await fail(music.id, "The render stopped and could not be completed.", true);
    expect((await h.request(`/api/files/${song}`, { method: "DELETE", cookie })).status).toBe(204);
    const gone = await retry(music.id, cookie);
    expect(gone.status).toBe(409);
    expect((await json(gone)).message).toBe(messages.videos.retryUploadGone);
    const listed = (await list("failed", cookie)).items.find((v: { id: string }) => v.id === music.id);
    expect(listed).toMatchObject({ retryable: false, retry_blocked_reason: messages.videos.retryUploadGone });

    const busy = await create(reddit(), cookie);
    const processing = await retry(busy.id, cookie);
    expect(processing.status).toBe(409);
    expect((await json(processing)).message).toBe(messages.videos.stillProcessing);

    // Nothing of the refusals was charged or written.
    expect(await balance(cookie)).toBe(14);
    expect(await h.db.db.select().from(generatedVideos)).toHaveLength(3);
  });

  it("checks every failed video of a list page for a retry at once, each against its own uploads", async () => {
    await start();
    const { cookie } = await h.signUp(`page.${driver}@example.com`);
    const kept = await uploadSong(cookie);
    const deleted = await uploadSong(cookie);
    const make = (song: string) =>
      create({ type: "text-hook", input: { audio_file_id: song, video_style: "boiler-room" } }, cookie);
    const ok = await make(kept);
    const orphan = await make(deleted);
    await fail(ok.id, "The render stopped and could not be completed.", true);
    await fail(orphan.id, "The render stopped and could not be completed.", true);
    expect((await h.request(`/api/files/${deleted}`, { method: "DELETE", cookie })).status).toBe(204);

    const page = await list("failed", cookie);
    const byId = new Map(page.items.map((v: { id: string }) => [v.id, v]));
    expect(byId.get(ok.id)).toMatchObject({ retryable: true, retry_blocked_reason: null });
    expect(byId.get(orphan.id)).toMatchObject({
      retryable: false,
      retry_blocked_reason: messages.videos.retryUploadGone,
    });
    // The list says what the video's own view says, and the totals follow the group (and a search).
    for (const id of [ok.id, orphan.id]) {
      const one = await json(h.request(`/api/videos/${id}`, { cookie }));
      expect(byId.get(id)).toEqual(one);
    }
    expect(page).toMatchObject({ total: 2, counts: { processing: 0, finished: 0, failed: 2 } });
    const searched = await json(h.request("/api/videos?group=all&search=no-such-title", { cookie }));
    expect(searched).toMatchObject({ total: 0, items: [], counts: { failed: 2 } });
  });

  it("fails an input failure at the first attempt, refunds it, and offers no retry", async () => {
    await start(true);
    renderer.failures = "always";
    renderer.failureRetryable = false;
    const { cookie } = await h.signUp(`once.${driver}@example.com`);
    const created = await create(reddit(), cookie);
    await expect
      .poll(async () => (await json(h.request(`/api/videos/${created.id}`, { cookie }))).status, { timeout: 20_000 })
      .toBe("error");
    expect(renderer.calls.filter((id) => id === created.id)).toHaveLength(1);
    expect(await json(h.request(`/api/videos/${created.id}`, { cookie }))).toMatchObject({
      refunded: 6,
      retryable: false,
      retry_blocked_reason: messages.videos.retryInputFailure,
    });
    expect(await balance(cookie)).toBe(20);
  }, 30_000);

  it("refuses a retry the balance cannot pay, and writes nothing", async () => {
    await start();
    const { cookie } = await h.signUp(`broke.${driver}@example.com`);
    const first = await create(reddit(), cookie);
    await create(reddit(), cookie);
    await create(reddit(), cookie);
    await fail(first.id, "The video could not be rendered.", true);
    await create(reddit(), cookie);
    expect(await balance(cookie)).toBe(2);

    const refused = await retry(first.id, cookie);
    expect(refused.status).toBe(402);
    expect(await json(refused)).toMatchObject({ code: "INSUFFICIENT_CREDITS", required: 6, current: 2 });
    expect(await balance(cookie)).toBe(2);
    expect(await h.db.db.select().from(generatedVideos)).toHaveLength(4);
    // Still failed and listed, so it can be retried once there are credits.
    expect((await list("failed", cookie)).items.map((v: { id: string }) => v.id)).toEqual([first.id]);
  });

  it("removes a failed video from the lists and keeps its ledger rows", async () => {
    await start();
    const { cookie } = await h.signUp(`remove.${driver}@example.com`);
    const png = `data:image/png;base64,${fs.readFileSync(fixtures.png).toString("base64")}`;
    const video = await create(reddit({ avatar_url: png }), cookie);
    const [row] = await h.db.db.select().from(generatedVideos).where(eq(generatedVideos.id, video.id));
    if (!row) throw new Error("the video row is missing");
    const avatar = (row.input as { stored_objects: { avatar: string } }).stored_objects.avatar;
    await fail(video.id, "The video could not be rendered.", true);
    const other = (await h.signUp(`nosy.${driver}@example.com`)).cookie;
    const before = await videoLedger();

    expect((await remove(video.id, other)).status).toBe(404);
    expect((await list("failed", cookie)).items).toHaveLength(1);

    expect((await remove(video.id, cookie)).status).toBe(204);
    expect((await list("failed", cookie)).counts).toEqual({ processing: 0, finished: 0, failed: 0 });
    expect((await h.request(`/api/videos/${video.id}`, { cookie })).status).toBe(404);
    expect((await remove(video.id, cookie)).status).toBe(404);
    expect(await h.ctx.storage.stat(avatar)).toBeNull();
    expect(await videoLedger()).toEqual(before);
    expect(before.filter((r) => r.videoId === video.id).map((r) => r.amount)).toEqual([-6, 6]);
    expect(await balance(cookie)).toBe(20);
  });

  it("deletes a finished video's files and takes it out of the lists; the ledger is untouched", async () => {
    await start(true);
    const { cookie } = await h.signUp(`delete.${driver}@example.com`);
    const created = await create(reddit(), cookie);
    await expect
      .poll(async () => (await json(h.request(`/api/videos/${created.id}`, { cookie }))).status, { timeout: 20_000 })
      .toBe("finished");
    const [row] = await h.db.db.select().from(generatedVideos).where(eq(generatedVideos.id, created.id));
    const stored = [row?.outputPath, row?.thumbnailPath] as string[];
    for (const key of stored) expect(await h.ctx.storage.stat(key)).not.toBeNull();
    const other = (await h.signUp(`stranger.${driver}@example.com`)).cookie;
    const before = await videoLedger();

    expect((await remove(created.id, other)).status).toBe(404);
    expect((await remove(crypto.randomUUID(), cookie)).status).toBe(404);
    for (const key of stored) expect(await h.ctx.storage.stat(key)).not.toBeNull();

    expect((await remove(created.id, cookie)).status).toBe(204);
    for (const key of stored) expect(await h.ctx.storage.stat(key)).toBeNull();
    const finished = await list("finished", cookie);
    expect(finished.items).toEqual([]);
    expect(finished.counts).toEqual({ processing: 0, finished: 0, failed: 0 });
    expect((await h.request(`/api/videos/${created.id}`, { cookie })).status).toBe(404);
    expect(await videoLedger()).toEqual(before);
    expect(await balance(cookie)).toBe(14);
    const [deleted] = await h.db.db.select().from(generatedVideos).where(eq(generatedVideos.id, created.id));
    expect(deleted?.deletedAt).not.toBeNull();
  }, 40_000);

  it("refuses to delete a video that is still processing", async () => {
    await start();
    const { cookie } = await h.signUp(`busy.${driver}@example.com`);
    const video = await create(reddit(), cookie);
    const response = await remove(video.id, cookie);
    expect(response.status).toBe(409);
    expect(await json(response)).toMatchObject({ code: "CONFLICT", message: messages.videos.stillProcessing });
    expect((await list("processing", cookie)).total).toBe(1);
  });
});
