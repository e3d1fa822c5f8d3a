import fs from "node:fs";
import path from "node:path";
import { messages, UPLOAD_MAX_BYTES } from "@reelsmith/core";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { LocalStorage } from "../src/repositories/storage/local-storage.ts";
import { DRIVERS } from "./databases.ts";
import { createHarness, type Harness, json } from "./harness.ts";
import { makeMediaFixtures } from "./media-fixtures.ts";

let fixtures: ReturnType<typeof makeMediaFixtures>;
beforeAll(() => {
  fixtures = makeMediaFixtures();
});

function form(file: Buffer, name: string, type?: string): FormData {
  const body = new FormData();
  if (type) body.set("type", type);
  body.set("file", new Blob([new Uint8Array(file)]), name);
  return body;
}

/** Every stored object under the local storage root (type sidecar files excluded). */
function storedObjects(h: Harness): string[] {
  const root = (h.ctx.storage as LocalStorage).pathOf("x").replace(/\/x$/, "");
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((f) => fs.statSync(path.join(root, f)).isFile() && !f.endsWith(".type"))
    .sort();
}

describe.each(DRIVERS)("files on %s", (driver) => {
  let h: Harness;
  let cookie: string;
  beforeEach(async () => {
    h = await createHarness(driver);
    cookie = (await h.signUp(`files.${driver}@example.com`)).cookie;
  });
  afterEach(async () => {
    await h.close();
  });

  const upload = (body: FormData, query = "", as = cookie) =>
    h.request(`/api/files${query}`, { method: "POST", body, cookie: as });

  it("stores an upload under a random name, lists it newest first and serves it with Range", async () => {
    const mp3 = fs.readFileSync(fixtures.mp3);
    const first = await upload(form(mp3, "My Song.mp3", "audio-file"));
    expect(first.status).toBe(201);
    const created = await json(first);
    expect(created).toMatchObject({
      original_filename: "My Song.mp3",
      type: "audio-file",
      mime_type: "audio/mpeg",
      size: mp3.length,
    });
    const second = await json(upload(form(fs.readFileSync(fixtures.wav), "take2.wav"), "?type=audio-file"));
    expect(second.mime_type).toBe("audio/wav");
    await upload(form(fs.readFileSync(fixtures.png), "product.png", "product-image"));

    const list = await json(h.request("/api/files?type=audio-file", { cookie }));
    expect(list.items.map((f: { id: string }) => f.id)).toEqual([second.id, created.id]);
    expect(storedObjects(h)).toHaveLength(3);
    expect(storedObjects(h).every((f) => !f.includes("My Song"))).toBe(true);

    const whole = await h.request(created.url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(Buffer.from(await whole.arrayBuffer()).equals(mp3)).toBe(true);
    const part = await h.request(created.url, { headers: { range: "bytes=10-19" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 10-19/${mp3.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(mp3.subarray(10, 20))).toBe(true);
    const empty = await h.request(created.url, { headers: { range: "bytes=-" } });
    expect(empty.status).toBe(200);
    expect(Number(empty.headers.get("content-length"))).toBe(mp3.length);
    expect((await h.request(created.url, { headers: { range: `bytes=${mp3.length}-` } })).status).toBe(416);
  });

  it("decides the format by the bytes, not the name, and stores nothing it refuses", async () => {
    const renamed = await upload(form(fs.readFileSync(fixtures.png), "song.mp3", "audio-file"));
    expect(renamed.status).toBe(415);
    expect((await json(renamed)).message).toBe(messages.musicVideo.invalidFileType);
    const text = await upload(form(Buffer.from("not an image at all, just text"), "photo.jpg", "product-image"));
    expect(text.status).toBe(415);
    expect((await json(text)).message).toBe(messages.ugc.imageInvalid);
    const mp4 = await upload(form(fs.readFileSync(fixtures.mp4), "bg.mp4", "green-screen"));
    expect(mp4.status).toBe(201);
    const mp4AsProduct = await upload(form(fs.readFileSync(fixtures.mp4), "bg.mp4", "product-image"));
    expect(mp4AsProduct.status).toBe(415);
    expect(storedObjects(h)).toHaveLength(1);
    expect((await json(h.request("/api/files", { cookie }))).items).toHaveLength(1);
  });

  it("accepts exactly 10 MB and refuses one byte more while streaming", async () => {
    const wav = fs.readFileSync(fixtures.wav);
    const exact = Buffer.concat([wav, Buffer.alloc(UPLOAD_MAX_BYTES - wav.length)]);
    expect((await upload(form(exact, "long.wav", "audio-file"))).status).toBe(201);
    const over = Buffer.concat([wav, Buffer.alloc(UPLOAD_MAX_BYTES + 1 - wav.length)]);
    const refused = await upload(form(over, "longer.wav", "audio-file"));
    expect(refused.status).toBe(413);
    expect((await json(refused)).message).toBe(messages.files.tooLarge);
    expect(storedObjects(h)).toHaveLength(1);
  });

  it("needs a session, a type and a file", async () => {
    const mp3 = fs.readFileSync(fixtures.mp3);
    expect((await upload(form(mp3, "a.mp3", "audio-file"), "", "")).status).toBe(401);
    const untyped = await upload(form(mp3, "a.mp3"));
    expect(untyped.status).toBe(400);
    expect((await json(untyped)).message).toBe(messages.files.uploadTypeRequired);
    const empty = new FormData();
    empty.set("type", "audio-file");
    expect((await upload(empty)).status).toBe(400);
    expect(storedObjects(h)).toHaveLength(0);
  });

  it("keeps files private: another user can neither list nor delete them, and links cannot be forged", async () => {
    const created = await json(upload(form(fs.readFileSync(fixtures.jpg), "p.jpg", "product-image")));
    const mallory = (await h.signUp(`mallory.${driver}@example.com`)).cookie;
    expect((await json(h.request("/api/files", { cookie: mallory }))).items).toEqual([]);
    const steal = await h.request(`/api/files/${created.id}`, { method: "DELETE", cookie: mallory });
    expect(steal.status).toBe(404);
    expect((await h.request("/api/files/not-a-uuid", { method: "DELETE", cookie })).status).toBe(404);

    const forged = created.url.replace(/sig=[^&]+/, "sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    expect((await h.request(forged)).status).toBe(403);
    const otherKey = created.url.replace(/\/api\/media\/[^/]+/, "/api/media/someone-else");
    expect((await h.request(otherKey)).status).toBe(403);

    const removed = await h.request(`/api/files/${created.id}`, { method: "DELETE", cookie });
    expect(removed.status).toBe(204);
    expect(storedObjects(h)).toEqual([]);
    expect((await h.request(created.url)).status).toBe(404);
    expect((await h.request(`/api/files/${created.id}`, { method: "DELETE", cookie })).status).toBe(404);
  });
});
