import crypto from "node:crypto";
import { languageMessages, messages, spansHave, undrawableTextMessage } from "@reelsmith/core";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { credits, generatedVideos } from "../src/db/schema/index.ts";
import { DRIVERS } from "./databases.ts";
import { TestRenderer } from "./fakes/test-renderer.ts";
import { createHarness, type Harness, json } from "./harness.ts";
import { testMedia } from "./media.ts";

const KAWI = String.fromCodePoint(0x11f04);
const NAG_MUNDARI = String.fromCodePoint(0x1e4d0);

const reddit = (overrides: Record<string, unknown> = {}) => ({
  type: "reddit",
  input: {
    username: "a",
    post_title: "AITA for reading it myself?",
    script: "I wanted my own voice on it.",
    caption_style: "modern-bold",
    background_video: "minecraft",
    ...overrides,
  },
});

/**
 * What a builder needs from a refused video: the reason in the creator's words, and the input field it is
 * about, so the form can show it there. Nothing is charged or stored.
 */
describe.each(DRIVERS)("refused videos name their field on %s", (driver) => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  it("refuses 'your own voice' without a recording, a fake avatar and a stranger's upload, each at its field", async () => {
    h = await createHarness(
      driver,
      { createRateLimit: { max: 1000, windowSeconds: 60 } },
      { media: await testMedia(new TestRenderer()), queue: { work: false } },
    );
    const { cookie } = await h.signUp(`refusals.${driver}@example.com`);
    const create = (body: unknown) => h.request("/api/videos", { method: "POST", body: JSON.stringify(body), cookie });
    const textAsPng = `data:image/png;base64,${Buffer.from("this is a text file, not a picture").toString("base64")}`;
    const refusals: [body: unknown, field: string, message: string][] = [
      [reddit({ narrator: "own" }), "input.voiceover_file_id", messages.reddit.voiceOverRequired],
      [
        reddit({ narrator: "own", voiceover_file_id: null }),
        "input.voiceover_file_id",
        messages.reddit.voiceOverRequired,
      ],
      // The schema's own words, without a developer's path in front of them.
      [reddit({ post_title: " " }), "input.post_title", messages.reddit.titleRequired],
      [reddit({ avatar_url: textAsPng }), "input.avatar_url", messages.reddit.avatarInvalid],
      [reddit({ voiceover_file_id: crypto.randomUUID() }), "input.voiceover_file_id", messages.files.notFound],
      [reddit({ background_music: "no-such-track" }), "input.background_music", messages.videos.unknownMusic],
      // The post card's subreddit by Reddit's rule for names, and its counts as whole numbers.
      [reddit({ subreddit: "r/a" }), "input.subreddit", messages.reddit.subredditInvalid],
      [reddit({ subreddit: "ask-reddit" }), "input.subreddit", messages.reddit.subredditInvalid],
      [reddit({ upvotes: -5 }), "input.upvotes", messages.reddit.upvotesInvalid],
      [reddit({ comments: 2.5 }), "input.comments", messages.reddit.commentsInvalid],
      // Letters of a script no installed font has (Kawi, Nag Mundari) would be empty boxes: named before charging.
      [
        reddit({ script: `It said ${KAWI}${KAWI}${NAG_MUNDARI} and left.` }),
        "input.script",
        undrawableTextMessage([KAWI, NAG_MUNDARI]),
      ],
      // A UGC ad in Spanish cannot fall back on the English ready-made hook and copy.
      [
        {
          type: "ugc-ads",
          input: { product_image_id: crypto.randomUUID(), background_music: "no-music", language: "spanish" },
        },
        "input.hook",
        languageMessages.ownWordsNeeded("hook", "spanish"),
      ],
    ];
    for (const [body, field, message] of refusals) {
      const response = await create(body);
      expect(response.status, field).toBe(400);
      expect(await json(response)).toMatchObject({ code: "VALIDATION_FAILED", message, field });
    }
    expect(await h.db.db.select().from(generatedVideos)).toHaveLength(0);
    expect(await h.db.db.select().from(credits).where(eq(credits.source, "spend"))).toHaveLength(0);

    // The builders' hint reads the same coverage: sorted, disjoint spans with Devanagari and Hangul, without Kawi.
    const coverage = await h.request("/api/catalog/text-coverage");
    expect(coverage.headers.get("cache-control")).toContain("max-age");
    const { spans } = (await json(coverage)) as { spans: [number, number][] };
    expect(spans.every(([a, b], i) => a <= b && (i === 0 || a > (spans[i - 1]?.[1] ?? 0) + 1))).toBe(true);
    expect([0x915, 0xd55c, 0x41].map((cp) => spansHave(spans, cp))).toEqual([true, true, true]);
    expect(spansHave(spans, KAWI.codePointAt(0) ?? 0)).toBe(false);
    expect((await json(h.request("/api/account", { cookie }))).credits).toBe(20);

    // The AI voice still reads a story whose creator did not ask for their own; the card's fields are kept.
    // ...and a card and captions in Hindi and Japanese, which the installed fonts draw.
    const made = await create(
      reddit({
        narrator: "ai",
        subreddit: "r/tifu",
        upvotes: 48_213,
        comments: null,
        post_title: "क्या मैं गलत हूँ?",
        script: "隣人が私のはしごを売ってしまった。",
        language: "japanese",
      }),
    );
    expect(made.status).toBe(201);
    const [row] = await h.db.db.select().from(generatedVideos);
    expect(row?.input).toMatchObject({ subreddit: "tifu", upvotes: 48_213, comments: null, language: "japanese" });
    expect((await json(h.request("/api/account", { cookie }))).credits).toBe(14);
  });
});
