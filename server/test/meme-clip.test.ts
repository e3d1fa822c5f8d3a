import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { messages } from "@reelsmith/core";
import { makeScreenClip } from "@reelsmith/media/testing";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { credits, files, generatedVideos } from "../src/db/schema/index.ts";
import { DRIVERS } from "./databases.ts";
import { TestRenderer } from "./fakes/test-renderer.ts";
import { createHarness, declaredUpload, type Harness, json } from "./harness.ts";
import { testMedia } from "./media.ts";

/**
 * A creator's own meme clip for a green-screen video: kept only when it was filmed on a green or blue screen
 * (refused in words before anything is kept otherwise), and used in place of a library meme, checked like
 * every upload before a credit moves.
 */

let clips: Record<"green" | "blue" | "noScreen" | "picture", string>;
beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "reelsmith-meme-clips-"));
  const [green, blue, noScreen] = await Promise.all([
    makeScreenClip(path.join(dir, "green.mp4"), { backdrop: "green", seconds: 2, width: 180, height: 320 }),
    makeScreenClip(path.join(dir, "blue.mp4"), { backdrop: "blue", seconds: 2, width: 180, height: 320 }),
    makeScreenClip(path.join(dir, "none.mp4"), { backdrop: "none", seconds: 2, width: 180, height: 320 }),
  ]);
  const picture = path.join(dir, "backdrop.png");
  execFileSync("ffmpeg", [
    "-v",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    "color=blue:size=90x160",
    "-frames:v",
    "1",
    picture,
  ]);
  clips = { green, blue, noScreen, picture };
}, 60_000);

function form(file: string, name = path.basename(file)): FormData {
  const body = new FormData();
  body.set("file", new Blob([new Uint8Array(fs.readFileSync(file))]), name);
  return body;
}

describe.each(DRIVERS)("own green-screen meme clips on %s", (driver) => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  const upload = (file: string, cookie: string, type = "meme-clip") =>
    h.request(`/api/files?type=${type}`, { method: "POST", body: form(file), cookie });

  it("keeps a clip filmed on a green or blue screen, and refuses one without, keeping nothing", async () => {
    h = await createHarness(driver);
    const { cookie } = await h.signUp(`clips.${driver}@example.com`);
    for (const clip of [clips.green, clips.blue]) {
      const response = await upload(clip, cookie);
      expect(response.status, clip).toBe(201);
      expect(await json(response)).toMatchObject({ type: "meme-clip", mime_type: "video/mp4" });
    }
    const refused = await upload(clips.noScreen, cookie);
    expect(refused.status).toBe(415);
    expect((await json(refused)).message).toBe(messages.files.memeClipNoScreen);
    const picture = await upload(clips.picture, cookie);
    expect(picture.status).toBe(415);
    expect((await json(picture)).message).toBe(messages.files.unsupportedMemeClip);
    expect(await h.db.db.select().from(files)).toHaveLength(2);
    expect(fs.readdirSync(h.scratchDir).filter((name) => name.startsWith("reelsmith-upload-"))).toEqual([]);
    // Its own 100 MB bound, named in the query as the builder sends it.
    const large = await declaredUpload(h, "meme-clip", 101, cookie);
    expect(large.status).toBe(413);
    expect((await json(large)).message).toBe(messages.files.memeClipTooLarge);
  });

  it("makes a green-screen video with the clip; a wrong, foreign or doubled meme is refused before charging", async () => {
    h = await createHarness(
      driver,
      { createRateLimit: { max: 1000, windowSeconds: 60 } },
      { media: await testMedia(new TestRenderer()), queue: { work: false } },
    );
    const alice = (await h.signUp(`alice.${driver}@example.com`)).cookie;
    const bob = (await h.signUp(`bob.${driver}@example.com`)).cookie;
    const own = (await json(upload(clips.green, alice))).id as string;
    const background = (await json(upload(clips.picture, alice, "green-screen"))).id as string;
    const meme = (input: Record<string, unknown>) => ({
      type: "green-screen",
      input: { text_hook: "me when the build passes", background_file_id: background, ...input },
    });
    const create = (body: unknown, cookie: string) =>
      h.request("/api/videos", { method: "POST", body: JSON.stringify(body), cookie });

    const refusals: [unknown, string, string][] = [
      [meme({ meme_file_id: own }), bob, messages.files.notFound],
      [meme({ meme_file_id: background }), alice, messages.files.wrongUse],
      [meme({ meme_file_id: own, selected_meme: "dancing-guy" }), alice, messages.greenScreen.memeTwice],
      [meme({}), alice, messages.greenScreen.incomplete],
    ];
    for (const [body, cookie, message] of refusals) {
      const response = await create(body, cookie);
      expect(response.status).toBe(400);
      expect((await json(response)).message).toMatch(new RegExp(`(^|: )${message.replace(/[.?]/g, "\\$&")}$`));
    }
    expect(await h.db.db.select().from(generatedVideos)).toHaveLength(0);
    expect(await h.db.db.select().from(credits).where(eq(credits.source, "spend"))).toHaveLength(0);

    const response = await create(meme({ meme_file_id: own }), alice);
    expect(response.status).toBe(201);
    const video = await json(response);
    expect(video).toMatchObject({ type: "green-screen", status: "processing" });
    expect((await json(h.request("/api/account", { cookie: alice }))).credits).toBe(20 - video.cost);
    const [row] = await h.db.db.select().from(generatedVideos).where(eq(generatedVideos.id, video.id));
    expect(row?.input).toMatchObject({ meme_file_id: own });
    // The clip is in use while the video is made: it cannot be deleted from under it.
    const deleted = await h.request(`/api/files/${own}`, { method: "DELETE", cookie: alice });
    expect(deleted.status).toBe(409);
  });
});
