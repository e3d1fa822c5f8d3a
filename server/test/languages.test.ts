import { languageMessages, messages } from "@reelsmith/core";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { batches, credits, generatedVideos } from "../src/db/schema/index.ts";
import { DRIVERS } from "./databases.ts";
import { type RecordedRequest, startFakeLlm } from "./fakes/fake-llm.ts";
import { TestRenderer } from "./fakes/test-renderer.ts";
import { createHarness, creatorWithCredits, type Harness, json } from "./harness.ts";
import { testMedia } from "./media.ts";

/** One Reddit story in English, as a creator writes it. */
const STORY = {
  username: "quietneighbor",
  post_title: "AITA for hiding my ladder?",
  script: "My neighbour kept borrowing my ladder. So I hid it. Now he asks me where it went.",
  caption_style: "fire",
  background_video: "minecraft",
  background_music: "lofi-rainy-window",
  voice: "nova",
  language: "english",
};

let llm: Awaited<ReturnType<typeof startFakeLlm>>;
beforeAll(async () => {
  llm = await startFakeLlm();
});
afterAll(async () => {
  await llm.close();
});

/** The language a translation request asks for, read from its instructions ("... into Spanish."). */
function targetOf(body: RecordedRequest["body"]): string {
  return /into (\w+)\./.exec(body.messages[0]?.content ?? "")?.[1] ?? "?";
}

/** The fake model's translation: each field of the words it was sent, marked with the language asked for. */
function markedTranslation(body: RecordedRequest["body"]): string {
  const words = JSON.parse(body.messages.at(-1)?.content ?? "{}") as Record<string, string>;
  const target = targetOf(body);
  return JSON.stringify(
    Object.fromEntries(Object.entries(words).map(([field, text]) => [field, `(${target}) ${text}`])),
  );
}

describe.each(DRIVERS)("one video in several languages on %s", (driver) => {
  let h: Harness;
  afterEach(async () => {
    llm.replyWith(undefined);
    llm.clear();
    await h.close();
  });

  async function start(withModel: boolean) {
    h = await createHarness(
      driver,
      withModel ? { llm: { baseUrl: llm.baseUrl, apiKey: "sk-test", model: "translator" } } : {},
      { media: await testMedia(new TestRenderer()), queue: { work: false } },
    );
  }
  const creator = (email: string, balance: number) => creatorWithCredits(h, email, balance);
  const post = (path: string, body: unknown, cookie: string) =>
    h.request(path, { method: "POST", body: JSON.stringify(body), cookie });
  /** Everything a creation could have left behind: videos, spends and batches. */
  async function leftovers() {
    return {
      videos: (await h.db.db.select().from(generatedVideos)).length,
      spends: (await h.db.db.select().from(credits).where(eq(credits.source, "spend"))).length,
      batches: (await h.db.db.select().from(batches)).length,
    };
  }

  it("makes one story in three languages as one batch, charged three times: the creator's words where given, the model's elsewhere", async () => {
    await start(true);
    llm.replyWith(markedTranslation);
    const { cookie } = await creator(`fan.${driver}@example.com`, 20);
    const german = {
      post_title: "WIBTA, weil ich meine Leiter versteckt habe?",
      script: "Mein Nachbar lieh sich ständig meine Leiter.",
    };
    const before = llm.requests.length;
    const response = await post(
      "/api/videos",
      { type: "reddit", input: STORY, languages: ["english", "spanish", "german"], translations: { german } },
      cookie,
    );
    expect(response.status).toBe(201);
    const batch = await json(response);
    expect(batch).toMatchObject({
      type: "reddit",
      row_count: 3,
      cost: 18,
      counts: { processing: 3, finished: 0, failed: 0 },
    });
    expect(batch.name).toContain("English, Spanish, German");
    // Only Spanish needed the model; German came checked by the creator and English is the story itself.
    const asked = llm.requests.slice(before);
    expect(asked.map((r) => targetOf(r.body))).toEqual(["Spanish"]);
    expect(JSON.parse(asked[0]?.body.messages.at(-1)?.content ?? "{}")).toEqual({
      post_title: STORY.post_title,
      script: STORY.script,
    });

    const rows = await h.db.db.select().from(generatedVideos).where(eq(generatedVideos.batchId, batch.id));
    const byRow = new Map(rows.map((row) => [row.batchRow, row.input as Record<string, unknown>]));
    expect(byRow.get(1)).toMatchObject({ language: "english", post_title: STORY.post_title, script: STORY.script });
    expect(byRow.get(2)).toMatchObject({
      language: "spanish",
      post_title: `(Spanish) ${STORY.post_title}`,
      script: `(Spanish) ${STORY.script}`,
      voice: "nova",
      background_video: "minecraft",
    });
    expect(byRow.get(3)).toMatchObject({ language: "german", ...german });
    // Each video is titled in its own words and charged once.
    expect(batch.rows.map((r: { video: { title: string } }) => r.video.title)).toEqual([
      `Reddit Story - quietneighbor - ${STORY.post_title}`,
      `Reddit Story - quietneighbor - (Spanish) ${STORY.post_title}`,
      `Reddit Story - quietneighbor - ${german.post_title}`,
    ]);
    const spends = await h.db.db.select().from(credits).where(eq(credits.source, "spend"));
    expect(spends.map((s) => s.amount)).toEqual([-6, -6, -6]);
    expect((await json(h.request("/api/account", { cookie }))).credits).toBe(2);
    expect((await json(h.request(`/api/batches/${batch.id}`, { cookie }))).rows).toHaveLength(3);
  });

  it("charges all of them or nothing: a balance short of four videos makes none", async () => {
    await start(true);
    llm.replyWith(markedTranslation);
    const { cookie } = await creator(`short.${driver}@example.com`, 20);
    const response = await post(
      "/api/videos",
      { type: "reddit", input: STORY, languages: ["english", "spanish", "german", "french"] },
      cookie,
    );
    expect(response.status).toBe(402);
    expect(await json(response)).toMatchObject({ required: 24, current: 20 });
    expect(await leftovers()).toEqual({ videos: 0, spends: 0, batches: 0 });
    expect((await json(h.request("/api/account", { cookie }))).credits).toBe(20);
  });

  it("without a language model: words brought for each language are made, a language without them is refused first", async () => {
    await start(false);
    const { cookie } = await creator(`nomodel.${driver}@example.com`, 20);
    const refused = await post(
      "/api/videos",
      { type: "reddit", input: STORY, languages: ["english", "spanish"] },
      cookie,
    );
    expect(refused.status).toBe(503);
    expect((await json(refused)).message).toBe(languageMessages.fanOutNeedsModel);
    expect(await leftovers()).toEqual({ videos: 0, spends: 0, batches: 0 });

    const spanish = {
      post_title: "¿Soy el malo por esconder mi escalera?",
      script: "Mi vecino siempre me pedía la escalera.",
    };
    const made = await post(
      "/api/videos",
      { type: "reddit", input: STORY, languages: ["spanish"], translations: { spanish } },
      cookie,
    );
    expect(made.status).toBe(201);
    expect((await json(made)).rows).toHaveLength(1);
    expect((await json(h.request("/api/account", { cookie }))).credits).toBe(14);
  });

  it("refuses a language's words the video cannot take, naming the language and the field, before any credit moves", async () => {
    await start(false);
    const { cookie } = await creator(`badwords.${driver}@example.com`, 20);
    const tooLong = await post(
      "/api/videos",
      {
        type: "reddit",
        input: STORY,
        languages: ["english", "french"],
        translations: { french: { post_title: "Mon échelle", script: "Trop long. ".repeat(200) } },
      },
      cookie,
    );
    expect(tooLong.status).toBe(400);
    const body = await json(tooLong);
    expect(body.message).toBe(`French: ${messages.reddit.scriptTooLong}`);
    expect(body.field).toBe("translations.french.script");

    // A field that is not the video's words (the voice, say) is not a translation.
    const stray = await post(
      "/api/videos",
      { type: "reddit", input: STORY, languages: ["french"], translations: { french: { voice: "onyx" } } },
      cookie,
    );
    expect(stray.status).toBe(400);
    expect((await json(stray)).message).toBe(languageMessages.notTranslated("voice"));

    // A language listed twice, and translations without languages.
    const twice = await post("/api/videos", { type: "reddit", input: STORY, languages: ["french", "french"] }, cookie);
    expect(twice.status).toBe(400);
    const orphan = await post("/api/videos", { type: "reddit", input: STORY, translations: { french: {} } }, cookie);
    expect(orphan.status).toBe(400);
    expect((await json(orphan)).message).toBe(languageMessages.translationsWithoutLanguages);
    expect(await leftovers()).toEqual({ videos: 0, spends: 0, batches: 0 });
    expect((await json(h.request("/api/account", { cookie }))).credits).toBe(20);
  });

  it("translates a video's words for the creator to check, free of charge, and refuses a field that is not its words", async () => {
    await start(true);
    llm.replyWith(markedTranslation);
    const { cookie } = await creator(`check.${driver}@example.com`, 20);
    const response = await post(
      "/api/ai/translate",
      {
        type: "ugc-ads",
        words: { hook: "Stop scrolling", ad_copy: "This bottle keeps ice for a day." },
        from: "english",
        to: ["japanese", "arabic"],
      },
      cookie,
    );
    expect(response.status).toBe(200);
    expect((await json(response)).translations).toEqual({
      japanese: { hook: "(Japanese) Stop scrolling", ad_copy: "(Japanese) This bottle keeps ice for a day." },
      arabic: { hook: "(Arabic) Stop scrolling", ad_copy: "(Arabic) This bottle keeps ice for a day." },
    });
    // The limits go with the request, so the model keeps each field within what the video takes.
    expect(llm.requests.at(-1)?.body.messages[0]?.content).toContain('"hook" at most 150 characters');
    const stray = await post(
      "/api/ai/translate",
      { type: "ugc-ads", words: { product_name: "Bottle" }, from: "english", to: ["japanese"] },
      cookie,
    );
    expect(stray.status).toBe(400);
    expect((await json(h.request("/api/account", { cookie }))).credits).toBe(20);
  });
});
