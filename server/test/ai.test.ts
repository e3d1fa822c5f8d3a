import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { messages, REDDIT_SCRIPT_MAX } from "@reelsmith/core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { MODEL_PHOTO_MAX_PX } from "../src/repositories/llm.repository.ts";
import { DRIVERS } from "./databases.ts";
import { startFakeLlm } from "./fakes/fake-llm.ts";
import { createHarness, type Harness, json } from "./harness.ts";

let llm: Awaited<ReturnType<typeof startFakeLlm>>;
/** A 1600x1200 product photo (PNG), larger than what is sent to the model. */
let photo: string;
beforeAll(async () => {
  llm = await startFakeLlm();
  photo = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "reelsmith-ai-")), "bottle.png");
  execFileSync("ffmpeg", [
    "-v",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    "color=c=0xf1ede6:s=1600x1200,drawbox=x=650:y=250:w=300:h=700:color=0x2f6f5e:t=fill",
    "-frames:v",
    "1",
    photo,
  ]);
});

/** A user message's parts as the model received them: a string, or text and image parts. */
type SentContent = string | ({ type: "text"; text: string } | { type: "image_url"; image_url: { url: string } })[];
const lastUserContent = (index: number) =>
  llm.requests[index]?.body.messages.at(-1)?.content as unknown as SentContent | undefined;

/** Width and height of a JPEG data URL, read by ffprobe. */
function jpegSize(dataUrl: string): { width: number; height: number } {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "reelsmith-ai-")), "sent.jpg");
  fs.writeFileSync(file, Buffer.from(dataUrl.replace(/^data:image\/jpeg;base64,/, ""), "base64"));
  const [width, height] = execFileSync(
    "ffprobe",
    ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height", "-of", "csv=p=0", file],
    { encoding: "utf8" },
  )
    .trim()
    .split(",")
    .map(Number);
  return { width: width ?? 0, height: height ?? 0 };
}

function productForm(): FormData {
  const body = new FormData();
  body.set("type", "product-image");
  body.set("file", new Blob([new Uint8Array(fs.readFileSync(photo))]), "bottle.png");
  return body;
}
afterAll(async () => {
  await llm.close();
});

const post = (h: Harness, path: string, body: unknown, cookie: string) =>
  h.request(path, { method: "POST", body: JSON.stringify(body), cookie });

describe.each(DRIVERS)("AI writing on %s", (driver) => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  it("with no model configured, says AI writing is not enabled and never returns text", async () => {
    h = await createHarness(driver);
    const { cookie } = await h.signUp(`ai.off.${driver}@example.com`);
    expect((await json(h.request("/api/capabilities"))).ai).toEqual({ enabled: false, model: null, vision: false });
    const response = await post(h, "/api/ai/script", { script_title: "AITA for leaving?" }, cookie);
    expect(response.status).toBe(503);
    expect((await json(response)).message).toBe(messages.ai.notEnabled);
  });

  it("writes a story within 1800 characters from the title, free of charge", async () => {
    h = await createHarness(driver, {
      llm: { baseUrl: llm.baseUrl, apiKey: "sk-test", model: "story-model" },
    });
    const { cookie } = await h.signUp(`ai.on.${driver}@example.com`);
    expect((await json(h.request("/api/capabilities"))).ai).toEqual({
      enabled: true,
      model: "story-model",
      vision: false,
    });

    const longStory = `**So this happened.** ${"My roommate ate my lunch again. ".repeat(80)}`;
    llm.answer(JSON.stringify({ title: "Model title", story: longStory }));
    const before = llm.requests.length;
    const response = await post(
      h,
      "/api/ai/script",
      { script_title: "AITA for labelling my food?", script_main: "my draft" },
      cookie,
    );
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body.script_title).toBe("AITA for labelling my food?");
    expect(body.script_main.length).toBeLessThanOrEqual(REDDIT_SCRIPT_MAX);
    expect(body.script_main.startsWith("So this happened.")).toBe(true);
    expect(body.script_main).not.toContain("**");
    expect(body.script_main.endsWith(".")).toBe(true);

    const sent = llm.requests[before];
    expect(sent?.path).toBe("/v1/chat/completions");
    expect(sent?.authorization).toBe("Bearer sk-test");
    expect(sent?.body.model).toBe("story-model");
    expect(sent?.body.messages.at(-1)?.content).toContain("AITA for labelling my food?");
    expect(sent?.body.messages.at(-1)?.content).toContain("my draft");
    expect((await json(h.request("/api/account", { cookie }))).credits).toBe(20);
  });

  it("reports a failing model in the spec's words and refuses bursts", async () => {
    h = await createHarness(driver, {
      llm: { baseUrl: llm.baseUrl, model: "story-model" },
      aiRateLimit: { max: 3, windowSeconds: 60 },
    });
    const { cookie } = await h.signUp(`ai.fail.${driver}@example.com`);
    llm.fail(500);
    const failed = await post(h, "/api/ai/script", { script_title: "TIFU" }, cookie);
    expect(failed.status).toBe(502);
    expect((await json(failed)).message).toBe(messages.script.failed);

    llm.answer('"When the group chat goes silent after your joke 💀"');
    const caption = await json(post(h, "/api/ai/caption", { prompt: "awkward silence" }, cookie));
    expect(caption).toEqual({ text_hook: "When the group chat goes silent after your joke 💀" });

    llm.answer(JSON.stringify({ hook: "I stopped buying serums", ad_copy: "This one did it. Try it today." }));
    const copy = await json(post(h, "/api/ai/ad-copy", { product_name: "Glow serum" }, cookie));
    expect(copy).toEqual({ hook: "I stopped buying serums", ad_copy: "This one did it. Try it today." });

    const limited = await post(h, "/api/ai/caption", { prompt: "again" }, cookie);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("writes a music video's hook from the song, the style and the idea, one line within 150 characters", async () => {
    h = await createHarness(driver, { llm: { baseUrl: llm.baseUrl, model: "hook-model" } });
    const { cookie } = await h.signUp(`ai.hook.${driver}@example.com`);
    llm.answer(
      '"POV: the drop hits and the whole room forgets to breathe 🎧"\nA second line the model should not add.',
    );
    const before = llm.requests.length;
    const response = await post(
      h,
      "/api/ai/hook",
      { song_name: "midnight-drive.mp3", style: "Rave / Boiler Room", idea: "first night out" },
      cookie,
    );
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ text_hook: "POV: the drop hits and the whole room forgets to breathe 🎧" });
    const asked = llm.requests[before]?.body.messages.at(-1)?.content ?? "";
    expect(asked).toContain("midnight-drive.mp3");
    expect(asked).toContain("Rave / Boiler Room");
    expect(asked).toContain("first night out");
    expect((await json(h.request("/api/account", { cookie }))).credits).toBe(20);
    expect((await post(h, "/api/ai/hook", { song_name: "x" }, "")).status).toBe(401);
  });

  it("needs a session and a title or draft", async () => {
    h = await createHarness(driver, { llm: { baseUrl: llm.baseUrl, model: "m" } });
    expect((await post(h, "/api/ai/script", { script_title: "x" }, "")).status).toBe(401);
    const { cookie } = await h.signUp(`ai.bad.${driver}@example.com`);
    const empty = await post(h, "/api/ai/script", { script_title: "", script_main: "  " }, cookie);
    expect(empty.status).toBe(400);
    const noPrompt = await post(h, "/api/ai/caption", { prompt: " " }, cookie);
    expect((await json(noPrompt)).message).toContain(messages.greenScreen.promptRequired);
  });

  const adAnswer = JSON.stringify({
    hook: "This bottle goes everywhere",
    ad_copy: "Green, matte, leak-proof. Grab one.",
  });

  it("sends a model that does not see images the product name alone, even with a photo id", async () => {
    h = await createHarness(driver, { llm: { baseUrl: llm.baseUrl, model: "text-model" } });
    const { cookie } = await h.signUp(`ai.photo.off.${driver}@example.com`);
    const image = await json(h.request("/api/files", { method: "POST", body: productForm(), cookie }));
    llm.answer(adAnswer);
    const before = llm.requests.length;
    const response = await post(
      h,
      "/api/ai/ad-copy",
      { product_name: "Trail bottle", product_image_id: image.id },
      cookie,
    );
    expect(response.status).toBe(200);
    expect(lastUserContent(before)).toBe("Product: Trail bottle");
  });

  it("writes ad copy from the user's own product photo, downscaled, when the model sees images", async () => {
    h = await createHarness(driver, { llm: { baseUrl: llm.baseUrl, model: "vision-model", vision: true } });
    expect((await json(h.request("/api/capabilities"))).ai).toEqual({
      enabled: true,
      model: "vision-model",
      vision: true,
    });
    const owner = await h.signUp(`ai.photo.owner.${driver}@example.com`);
    const other = await h.signUp(`ai.photo.other.${driver}@example.com`);
    const image = await json(h.request("/api/files", { method: "POST", body: productForm(), cookie: owner.cookie }));
    llm.answer(adAnswer);
    let before = llm.requests.length;
    const seen = await post(
      h,
      "/api/ai/ad-copy",
      { product_name: "Trail bottle", product_image_id: image.id },
      owner.cookie,
    );
    expect(seen.status).toBe(200);
    expect(await json(seen)).toEqual({
      hook: "This bottle goes everywhere",
      ad_copy: "Green, matte, leak-proof. Grab one.",
    });
    const parts = lastUserContent(before);
    expect(Array.isArray(parts)).toBe(true);
    const text = Array.isArray(parts) ? parts.find((p) => p.type === "text") : undefined;
    const picture = Array.isArray(parts) ? parts.find((p) => p.type === "image_url") : undefined;
    expect(text?.type === "text" && text.text).toContain("Product: Trail bottle");
    const url = picture?.type === "image_url" ? picture.image_url.url : "";
    expect(url).toMatch(/^data:image\/jpeg;base64,/);
    const size = jpegSize(url);
    expect(Math.max(size.width, size.height)).toBe(MODEL_PHOTO_MAX_PX);
    expect(size.width / size.height).toBeCloseTo(4 / 3, 1);

    // The name alone still works with a model that sees images.
    llm.answer(adAnswer);
    before = llm.requests.length;
    expect((await post(h, "/api/ai/ad-copy", { product_name: "Trail bottle" }, owner.cookie)).status).toBe(200);
    expect(lastUserContent(before)).toBe("Product: Trail bottle");

    // Someone else's photo is not found, and nothing reaches the model.
    before = llm.requests.length;
    const stolen = await post(
      h,
      "/api/ai/ad-copy",
      { product_name: "Trail bottle", product_image_id: image.id },
      other.cookie,
    );
    expect(stolen.status).toBe(404);
    expect((await json(stolen)).message).toBe(messages.files.notFound);
    expect(llm.requests.length).toBe(before);
    const badId = await post(h, "/api/ai/ad-copy", { product_name: "x", product_image_id: "nope" }, owner.cookie);
    expect(badId.status).toBe(400);
  });
});
