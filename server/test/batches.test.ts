import { batchMessages, messages } from "@reelsmith/core";
import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterEach, describe, expect, it } from "vitest";
import { batches, credits, generatedVideos } from "../src/db/schema/index.ts";
import { DRIVERS } from "./databases.ts";
import { TestRenderer } from "./fakes/test-renderer.ts";
import { createHarness, creatorWithCredits, type Harness, json } from "./harness.ts";
import { testMedia } from "./media.ts";

/** Every Reddit story of a batch shares these; each row brings its title and script. */
const DEFAULTS = {
  username: "quietneighbor",
  caption_style: "fire",
  background_video: "minecraft",
  background_music: "lofi-rainy-window",
  voice: "nova",
};

/** A CSV of Reddit stories, one per title; `cells` replaces a row's cells by its index (0 = first story). */
function storiesCsv(count: number, cells: Record<number, string> = {}): string {
  const lines = ["post_title,script,caption_style"];
  for (let i = 0; i < count; i += 1) {
    lines.push(cells[i] ?? `Story ${i + 1},"My neighbour, story ${i + 1}, kept ""borrowing"" my ladder.",`);
  }
  return `${lines.join("\r\n")}\r\n`;
}

describe.each(DRIVERS)("batches on %s", (driver) => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  async function start(work = false) {
    h = await createHarness(driver, {}, { media: await testMedia(new TestRenderer()), queue: { work } });
  }

  const creator = (email: string, balance: number) => creatorWithCredits(h, email, balance);
  const post = (path: string, body: unknown, cookie: string) =>
    h.request(path, { method: "POST", body: JSON.stringify(body), cookie });

  it("makes a 20-row CSV into 20 videos, created and charged together, listed in row order", async () => {
    await start();
    const { cookie, userId } = await creator(`batch.${driver}@example.com`, 120);
    const request = { type: "reddit", rows: storiesCsv(20), defaults: DEFAULTS, name: "ladder-week.csv" };

    // The check costs nothing and stores nothing.
    const checked = await post("/api/batches/check", request, cookie);
    expect(checked.status).toBe(200);
    expect(await json(checked)).toEqual({ rows: 20, cost: 120, errors: [] });
    expect(await h.db.db.select().from(batches)).toEqual([]);

    const created = await post("/api/batches", request, cookie);
    expect(created.status).toBe(201);
    const batch = await json(created);
    expect(batch).toMatchObject({
      type: "reddit",
      name: "ladder-week.csv",
      row_count: 20,
      cost: 120,
      counts: { processing: 20, finished: 0, failed: 0 },
    });
    expect(batch.rows.map((r: { row: number }) => r.row)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(batch.rows[2].video).toMatchObject({ status: "processing", stage: "Queued", cost: 6 });
    expect(batch.rows[2].video.title).toContain("Story 3");

    // 20 videos naming the batch and their row, 20 spends, a balance of 0.
    const videos = await h.db.db.select().from(generatedVideos).where(eq(generatedVideos.batchId, batch.id));
    expect(videos.map((v) => v.batchRow).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      batch.rows.map((r: { row: number }) => r.row),
    );
    const spends = await h.db.db.select().from(credits).where(eq(credits.source, "spend"));
    expect(spends.map((s) => s.amount)).toEqual(Array(20).fill(-6));
    expect((await json(h.request("/api/account", { cookie }))).credits).toBe(0);
    // The CSV's quoting came through whole.
    expect(videos.find((v) => v.batchRow === 1)?.input).toMatchObject({
      script: 'My neighbour, story 1, kept "borrowing" my ladder.',
      caption_style: "fire",
      voice: "nova",
    });

    // Listed, readable, and only by its owner.
    const list = await json(h.request("/api/batches", { cookie }));
    expect(list.items).toEqual([{ ...batch, rows: undefined }].map(({ rows: _, ...summary }) => summary));
    const again = await json(h.request(`/api/batches/${batch.id}`, { cookie }));
    expect(again.rows.map((r: { video: { id: string } }) => r.video.id)).toEqual(
      batch.rows.map((r: { video: { id: string } }) => r.video.id),
    );
    const other = await creator(`other.${driver}@example.com`, 20);
    expect((await h.request(`/api/batches/${batch.id}`, { cookie: other.cookie })).status).toBe(404);
    // Nothing is finished yet, so there is nothing to download.
    const zip = await h.request(`/api/batches/${batch.id}/zip`, { cookie });
    expect(zip.status).toBe(409);
    expect((await json(zip)).message).toBe(batchMessages.nothingToDownload);
    expect(userId).toBeTruthy();
  }, 120_000);

  it("refuses a file with one bad row whole: every row and column named, nothing charged or stored", async () => {
    await start();
    const { cookie } = await creator(`bad.${driver}@example.com`, 120);
    const rows = storiesCsv(5, {
      1: 'Story 2,"Fine story, bad style.",sparkly',
      3: 'Story 4,"Own footage that is not mine.",',
    });
    const request = { type: "reddit", rows, defaults: DEFAULTS };
    // Row 4 trades the default library background (null) for an upload that is not the user's (nobody's file id).
    const withForeignFootage = {
      ...request,
      rows: rows
        .replace(
          "post_title,script,caption_style",
          "post_title,script,caption_style,background_video,background_file_id",
        )
        .replace(
          'Story 4,"Own footage that is not mine.",',
          'Story 4,"Own footage that is not mine.",,null,7d0f7f2e-6a53-4f8b-9b55-2a1d1d3c2b10',
        ),
    };
    const checked = await json(post("/api/batches/check", withForeignFootage, cookie));
    expect(checked.rows).toBe(5);
    expect(checked.errors.map((e: { row: number; line: number; column: string }) => [e.row, e.line, e.column])).toEqual(
      [
        [2, 3, "caption_style"],
        [4, 5, "background_file_id"],
      ],
    );
    expect(checked.errors[1].message).toBe(messages.files.notFound);

    const refused = await post("/api/batches", withForeignFootage, cookie);
    expect(refused.status).toBe(400);
    const body = await json(refused);
    expect(body).toMatchObject({ code: "VALIDATION_FAILED", message: batchMessages.invalid(2) });
    expect(body.errors).toEqual(checked.errors);

    // A column the type does not have is named before any row is read.
    const unknown = await json(
      post("/api/batches", { ...request, rows: "post_title,script,mood\nA,B,happy\n" }, cookie),
    );
    expect(unknown.errors).toEqual([{ row: 0, line: 1, column: "mood", message: batchMessages.unknownColumn }]);

    expect(await h.db.db.select().from(batches)).toEqual([]);
    expect(await h.db.db.select().from(generatedVideos)).toEqual([]);
    expect((await h.db.db.select().from(credits).where(eq(credits.source, "spend"))).length).toBe(0);
    expect((await json(h.request("/api/account", { cookie }))).credits).toBe(120);
  }, 60_000);

  it("refuses a batch the balance cannot pay for in whole, in the insufficient-credits words, making nothing", async () => {
    await start();
    const { cookie } = await creator(`short.${driver}@example.com`, 20);
    const response = await post("/api/batches", { type: "reddit", rows: storiesCsv(4), defaults: DEFAULTS }, cookie);
    expect(response.status).toBe(402);
    expect(await json(response)).toMatchObject({
      code: "INSUFFICIENT_CREDITS",
      message: messages.credits.insufficientDialog,
      required: 24,
      current: 20,
    });
    expect(await h.db.db.select().from(batches)).toEqual([]);
    expect(await h.db.db.select().from(generatedVideos)).toEqual([]);
    expect((await json(h.request("/api/account", { cookie }))).credits).toBe(20);
  }, 60_000);
});

describe("a finished batch", () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  it("shows each row's progress and downloads its finished videos as one ZIP named by row and title", async () => {
    h = await createHarness("pglite", {}, { media: await testMedia(new TestRenderer()), queue: { work: true } });
    const { cookie } = await h.signUp("zip@example.com");
    const rows = '{"post_title":"First post","script":"One."}\n{"post_title":"Second post","script":"Two."}\n';
    const batch = await json(
      h.request("/api/batches", {
        method: "POST",
        body: JSON.stringify({ type: "reddit", format: "jsonl", rows, defaults: DEFAULTS, name: "two.jsonl" }),
        cookie,
      }),
    );
    expect(batch.row_count).toBe(2);
    await expect
      .poll(async () => (await json(h.request(`/api/batches/${batch.id}`, { cookie }))).counts.finished, {
        timeout: 60_000,
        interval: 250,
      })
      .toBe(2);
    const done = await json(h.request(`/api/batches/${batch.id}`, { cookie }));
    expect(done.rows.every((r: { video: { download_url: string | null } }) => r.video.download_url)).toBe(true);

    const response = await h.request(`/api/batches/${batch.id}/zip`, { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toContain('filename="two.zip"');
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const names = Object.keys(files);
    expect(names).toHaveLength(2);
    expect(names[0]).toMatch(/^1 .*First post.*\.mp4$/);
    expect(names[1]).toMatch(/^2 .*Second post.*\.mp4$/);
    // Each entry is the stored MP4, byte for byte.
    const [row] = await h.db.db.select().from(generatedVideos).where(eq(generatedVideos.batchRow, 1));
    const chunks: Buffer[] = [];
    for await (const chunk of await h.ctx.storage.read(row?.outputPath as string)) chunks.push(chunk as Buffer);
    const stored = Buffer.concat(chunks);
    expect(Buffer.from(files[names[0] as string] as Uint8Array).equals(stored)).toBe(true);
  }, 120_000);
});
