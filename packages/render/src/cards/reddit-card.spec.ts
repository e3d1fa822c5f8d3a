import { describe, expect, it } from "vitest";
import { drawRedditCard, formatCount } from "./reddit-card.ts";

const post = { username: "quietneighbor", title: "My neighbor drags furniture at 3am", avatar: null };

describe("formatCount", () => {
  it("writes counts as Reddit does, rounded down so they never say more than was given", () => {
    const cases: [number, string][] = [
      [0, "0"],
      [7, "7"],
      [999, "999"],
      [1000, "1K"],
      [1234, "1.2K"],
      [1299, "1.2K"],
      [9999, "9.9K"],
      [56_789, "56K"],
      [999_999, "999K"],
      [1_250_000, "1.2M"],
      [99_999_999, "99M"],
    ];
    for (const [n, shown] of cases) expect(formatCount(n), String(n)).toBe(shown);
  });

  it("has no number for a count that was not given", () => {
    expect(formatCount(undefined)).toBeNull();
    expect(formatCount(null)).toBeNull();
  });
});

describe("the Reddit post card", () => {
  it("names the given subreddit and shows the given counts, formatted", async () => {
    const { png, texts } = await drawRedditCard({ ...post, subreddit: "tifu", upvotes: 12_345, comments: 678 });
    expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect(texts).toContain("r/tifu");
    expect(texts).toContain("u/quietneighbor");
    expect(texts).toContain("12K");
    expect(texts).toContain("678");
    expect(texts).not.toContain("r/AskReddit");
  });

  it("draws no number at all when no counts are given, and names r/AskReddit when no subreddit is", async () => {
    const { texts } = await drawRedditCard({ ...post, title: "What is the best advice you ever got?" });
    expect(texts).toContain("r/AskReddit");
    // The only words are the header, the title and Share: no count, made up or otherwise.
    expect(texts.filter((t) => /\d/.test(t))).toEqual([]);
    expect(texts).not.toContain("99+");
    expect(texts.at(-1)).toBe("Share");
    expect((await drawRedditCard({ ...post, subreddit: null, upvotes: null, comments: null })).texts).toContain(
      "r/AskReddit",
    );
  });

  it("shows one count without the other", async () => {
    const { texts } = await drawRedditCard({ ...post, title: "No digits here", upvotes: 4200 });
    expect(texts.filter((t) => /\d/.test(t))).toEqual(["4.2K"]);
  });
});
