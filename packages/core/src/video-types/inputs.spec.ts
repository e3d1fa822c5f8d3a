/// <reference types="node" />
import { describe, expect, it } from "vitest";
import { defaultFacelessStyle, textHookVideoType, voices } from "../catalogue/media.ts";
import { messages } from "../messages.ts";
import {
  assetReferences,
  base64DecodedBytes,
  createVideoSchema,
  facelessInputSchema,
  redditInputSchema,
  ugcAdsInputSchema,
} from "./index.ts";

const reddit = {
  username: "Throw Away  Acct",
  post_title: "   AITA for eating my roommate's sandwich?",
  script: "So this happened yesterday.",
  caption_style: "modern-bold",
  background_video: "minecraft",
};

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return result.error?.issues[0]?.message;
}

describe("reddit input", () => {
  it("lowercases the username, strips its whitespace and the title's leading whitespace, and fills defaults", () => {
    const parsed = redditInputSchema.parse(reddit);
    expect(parsed.username).toBe("throwawayacct");
    expect(parsed.post_title).toBe("AITA for eating my roommate's sandwich?");
    expect(parsed).toMatchObject({ background_music: "no-music", voice: "alloy", language: "english" });
  });

  it("enforces 15 / 150 / 1800 after normalising", () => {
    expect(redditInputSchema.safeParse({ ...reddit, username: "a b c d e f g h i j k l m n o" }).success).toBe(true);
    expect(firstMessage(redditInputSchema.safeParse({ ...reddit, username: "abcdefghijklmnop" }))).toBe(
      messages.reddit.usernameTooLong,
    );
    expect(redditInputSchema.safeParse({ ...reddit, post_title: `  ${"t".repeat(150)}` }).success).toBe(true);
    expect(redditInputSchema.safeParse({ ...reddit, post_title: "t".repeat(151) }).success).toBe(false);
    expect(redditInputSchema.safeParse({ ...reddit, script: "s".repeat(1800) }).success).toBe(true);
    expect(firstMessage(redditInputSchema.safeParse({ ...reddit, script: "s".repeat(1801) }))).toBe(
      messages.reddit.scriptTooLong,
    );
  });

  it("requires a script, a title, a caption style and a background", () => {
    expect(firstMessage(redditInputSchema.safeParse({ ...reddit, script: "   " }))).toBe(
      messages.reddit.scriptRequired,
    );
    expect(firstMessage(redditInputSchema.safeParse({ ...reddit, post_title: "  " }))).toBe(
      messages.reddit.titleRequired,
    );
    expect(redditInputSchema.safeParse({ ...reddit, caption_style: "comic-sans" }).success).toBe(false);
    expect(redditInputSchema.safeParse({ ...reddit, background_video: undefined }).success).toBe(false);
  });

  it("accepts a JPEG, PNG or WebP data URL up to 10 MB and names the problem otherwise", () => {
    const png = "data:image/png;base64,cG5nIGJ5dGVz"; // "png bytes"
    expect(redditInputSchema.safeParse({ ...reddit, avatar_url: png }).success).toBe(true);
    expect(redditInputSchema.safeParse({ ...reddit, avatar_url: null }).success).toBe(true);
    expect(firstMessage(redditInputSchema.safeParse({ ...reddit, avatar_url: "https://x.test/a.png" }))).toBe(
      messages.reddit.avatarInvalid,
    );
    expect(firstMessage(redditInputSchema.safeParse({ ...reddit, avatar_url: "data:image/gif;base64,R0lG" }))).toBe(
      messages.reddit.avatarInvalid,
    );
    const big = `data:image/jpeg;base64,${"A".repeat(Math.ceil(((10 * 1024 * 1024 + 1) * 4) / 3) + 4)}`;
    expect(firstMessage(redditInputSchema.safeParse({ ...reddit, avatar_url: big }))).toBe(
      messages.reddit.avatarTooLarge,
    );
  });

  it("takes a subreddit by Reddit's rules for names, r/AskReddit's place left empty when none is given", () => {
    const subreddit = (value: unknown) => redditInputSchema.safeParse({ ...reddit, subreddit: value });
    for (const [given, kept] of [
      ["tifu", "tifu"],
      ["r/AmItheAsshole", "AmItheAsshole"],
      ["  /r/Ask_Science_2  ", "Ask_Science_2"],
      ["abc", "abc"],
      ["a".repeat(21), "a".repeat(21)],
    ] as const) {
      expect(subreddit(given).data?.subreddit, given).toBe(kept);
    }
    // None given: the card names r/AskReddit (the engine's default), nothing is stored in its place.
    expect(redditInputSchema.parse(reddit).subreddit).toBeUndefined();
    expect(subreddit(null).data?.subreddit).toBeNull();
    expect(subreddit("   ").data?.subreddit).toBeNull();
    expect(subreddit("r/").data?.subreddit).toBeNull();
    for (const bad of [
      "ab",
      "a".repeat(22),
      "ask reddit",
      "ask-reddit",
      "r/tifu!",
      "café",
      "tifu\u0000",
      "u/someone",
    ]) {
      const result = subreddit(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ message: messages.reddit.subredditInvalid, path: ["subreddit"] });
    }
    expect(subreddit(42).success).toBe(false);
  });

  it("takes optional upvote and comment counts as whole numbers, none by default", () => {
    const parsed = redditInputSchema.parse(reddit);
    expect(parsed.upvotes).toBeUndefined();
    expect(parsed.comments).toBeUndefined();
    expect(redditInputSchema.parse({ ...reddit, upvotes: 0, comments: 99_999_999 })).toMatchObject({
      upvotes: 0,
      comments: 99_999_999,
    });
    expect(redditInputSchema.parse({ ...reddit, upvotes: null, comments: null })).toMatchObject({
      upvotes: null,
      comments: null,
    });
    for (const bad of [-1, 1.5, 100_000_000, "12", Number.NaN]) {
      expect(firstMessage(redditInputSchema.safeParse({ ...reddit, upvotes: bad })), String(bad)).toBe(
        messages.reddit.upvotesInvalid,
      );
      const refused = redditInputSchema.safeParse({ ...reddit, comments: bad });
      expect(refused.error?.issues[0]).toMatchObject({ message: messages.reddit.commentsInvalid, path: ["comments"] });
    }
  });

  it("computes decoded base64 sizes exactly", () => {
    const encoded: Record<string, number> = { "": 0, "YQ==": 1, "YWI=": 2, YWJj: 3, "YWJjZA==": 4, YWJjZGVm: 6 };
    for (const [payload, bytes] of Object.entries(encoded)) expect(base64DecodedBytes(payload)).toBe(bytes);
  });
});

describe("reddit background: a library clip or the creator's own footage", () => {
  const own = "0b6f2a64-3c8e-4b51-9a57-1f0d2c3e4a5b";
  const { background_video: _, ...withoutBackground } = reddit;

  it("takes exactly one: a library key, or an upload with its crop", () => {
    expect(redditInputSchema.safeParse(reddit).success).toBe(true);
    // A form sends the unused choice as null.
    expect(redditInputSchema.safeParse({ ...reddit, background_file_id: null, background_crop: null }).success).toBe(
      true,
    );
    expect(firstMessage(redditInputSchema.safeParse({ ...reddit, background_video: null }))).toBe(
      messages.reddit.backgroundRequired,
    );
    const parsed = redditInputSchema.parse({
      ...withoutBackground,
      background_file_id: own,
      background_crop: { x: 0.3 },
    });
    expect(parsed).toMatchObject({ background_file_id: own, background_crop: { x: 0.3 } });
    expect(parsed.background_video).toBeUndefined();
    expect(firstMessage(redditInputSchema.safeParse(withoutBackground))).toBe(messages.reddit.backgroundRequired);
    expect(firstMessage(redditInputSchema.safeParse({ ...reddit, background_file_id: own }))).toBe(
      messages.reddit.backgroundRequired,
    );
  });

  it("keeps the crop inside the clip and the upload id a uuid", () => {
    for (const x of [-0.1, 1.5, Number.NaN]) {
      expect(
        redditInputSchema.safeParse({ ...withoutBackground, background_file_id: own, background_crop: { x } }).success,
      ).toBe(false);
    }
    expect(redditInputSchema.safeParse({ ...withoutBackground, background_file_id: "../etc/passwd" }).success).toBe(
      false,
    );
  });

  it("refers to the upload (checked and downloaded) instead of a library item", () => {
    const input = redditInputSchema.parse({ ...withoutBackground, background_file_id: own });
    const refs = assetReferences("reddit", input);
    expect(refs).toContainEqual({
      asset: "ownBackground",
      from: "upload",
      field: "background_file_id",
      kind: "background-video",
      id: own,
    });
    expect(refs).toContainEqual({
      asset: "background",
      from: "library",
      field: "background_video",
      kind: "background",
      key: null,
    });
    const library = assetReferences("reddit", redditInputSchema.parse(reddit));
    expect(library.some((ref) => ref.from === "upload")).toBe(false);
    expect(library).toContainEqual({
      asset: "background",
      from: "library",
      field: "background_video",
      kind: "background",
      key: "minecraft",
    });
  });
});

describe("reddit narrator: an AI voice or the creator's own recording", () => {
  const recording = "7c1d9e20-5b3a-4f6e-8d2c-0a9b8c7d6e5f";

  it("refuses 'your own voice' without a recording, at the recording's field", () => {
    const refused = redditInputSchema.safeParse({ ...reddit, narrator: "own" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues).toEqual([
      expect.objectContaining({ path: ["voiceover_file_id"], message: messages.reddit.voiceOverRequired }),
    ]);
    expect(redditInputSchema.safeParse({ ...reddit, narrator: "own", voiceover_file_id: null }).success).toBe(false);
    // The body of a video: the same refusal, under its input.
    const body = createVideoSchema.safeParse({ type: "reddit", input: { ...reddit, narrator: "own" } });
    expect(body.error?.issues[0]).toMatchObject({
      path: ["input", "voiceover_file_id"],
      message: messages.reddit.voiceOverRequired,
    });
  });

  it("says so even while another step is unfinished", () => {
    const issues = redditInputSchema.safeParse({ ...reddit, script: "", narrator: "own" }).error?.issues ?? [];
    expect(issues.map((issue) => issue.path[0])).toEqual(["script", "voiceover_file_id"]);
  });

  it("takes the own voice with its recording, and the AI voice with or without a narrator named", () => {
    expect(redditInputSchema.parse({ ...reddit, narrator: "own", voiceover_file_id: recording })).toMatchObject({
      narrator: "own",
      voiceover_file_id: recording,
    });
    expect(redditInputSchema.safeParse({ ...reddit, narrator: "ai" }).success).toBe(true);
    expect(redditInputSchema.safeParse(reddit).success).toBe(true);
    expect(redditInputSchema.safeParse({ ...reddit, narrator: "robot" }).success).toBe(false);
  });
});

describe("ugc input", () => {
  const ugc = { product_image_id: "0b9f6a3e-2f4c-4d3b-9a8e-7c6d5e4f3a2b", background_music: "sunny-pop" };

  it("defaults to female, captions off and no style", () => {
    expect(ugcAdsInputSchema.parse(ugc)).toMatchObject({ gender: "female", captions: false, caption_style: null });
  });

  it("needs a style when captions are on and clears it when they are off", () => {
    expect(firstMessage(ugcAdsInputSchema.safeParse({ ...ugc, captions: true }))).toBe(
      messages.ugc.captionStyleRequired,
    );
    expect(ugcAdsInputSchema.parse({ ...ugc, captions: false, caption_style: "fire" }).caption_style).toBeNull();
    expect(ugcAdsInputSchema.parse({ ...ugc, captions: true, caption_style: "fire" }).caption_style).toBe("fire");
  });

  it("needs a product image", () => {
    expect(firstMessage(ugcAdsInputSchema.safeParse({ ...ugc, product_image_id: "" }))).toBe(
      messages.ugc.imageRequired,
    );
  });
});

describe("faceless input", () => {
  it("defaults to the fruit ASMR style and refuses a style from the other tab", () => {
    expect(facelessInputSchema.parse({})).toMatchObject({ tab: "asmr", video_type: "fruit" });
    expect(facelessInputSchema.safeParse({ tab: "dreamscape", video_type: "fruit" }).success).toBe(false);
    expect(facelessInputSchema.safeParse({ tab: "dreamscape", video_type: "luxury" }).success).toBe(true);
    expect(defaultFacelessStyle("asmr")).toBe("fruit");
    expect(defaultFacelessStyle("dreamscape")).toBe("fashion");
  });
});

describe("catalogue", () => {
  it("maps text-hook styles to their footage and has the spec's six voices", () => {
    expect(textHookVideoType("boiler-room")).toBe("rave");
    expect(textHookVideoType("roller-coaster")).toBe("rollercoaster");
    expect(textHookVideoType("stunning-nature")).toBe("nature");
    expect(voices.filter((v) => v.gender === "male").map((v) => v.name)).toEqual([
      "Blake",
      "Cayleb",
      "Daniel",
      "Jordan",
    ]);
    expect(voices.filter((v) => v.gender === "female").map((v) => v.name)).toEqual(["Sophie", "Jessie"]);
  });

  it("discriminates the create body by type", () => {
    const ok = createVideoSchema.safeParse({ type: "reddit", input: reddit });
    expect(ok.success).toBe(true);
    expect(createVideoSchema.safeParse({ type: "reddit", input: { username: "x" } }).success).toBe(false);
    expect(createVideoSchema.safeParse({ type: "music", input: {} }).success).toBe(false);
  });
});
