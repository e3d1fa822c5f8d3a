import { describe, expect, it } from "vitest";
import { redditInputSchema } from "../video-types/reddit.ts";
import { ugcAdsInputSchema } from "../video-types/ugc-ads.ts";
import { LANGUAGE_CATALOGUE, LANGUAGES, languageOf, wordsOf } from "./languages.ts";
import { voices } from "./media.ts";

describe("the language catalogue", () => {
  it("lists the 17 languages, English first, each with a BCP 47 tag and voices that speak it", () => {
    expect(LANGUAGES).toEqual([
      "english",
      "spanish",
      "portuguese",
      "french",
      "german",
      "italian",
      "dutch",
      "polish",
      "turkish",
      "russian",
      "arabic",
      "hebrew",
      "hindi",
      "indonesian",
      "japanese",
      "korean",
      "chinese",
    ]);
    for (const language of LANGUAGE_CATALOGUE) {
      expect(Intl.getCanonicalLocales(language.tag)).toEqual([language.tag]);
      expect(voices.filter((voice) => voice.languages.includes(language.id)).length).toBeGreaterThan(0);
    }
    expect(languageOf("arabic").rtl).toBe(true);
    expect(languageOf("nonsense").id).toBe("english");
  });
});

describe("wordsOf", () => {
  it("splits spaced languages at spaces", () => {
    expect(wordsOf("Hola,  ¿qué tal?\nBien.", "spanish")).toEqual(["Hola,", "¿qué", "tal?", "Bien."]);
  });

  it("splits Japanese and Chinese into words, punctuation kept with the word before it", () => {
    const japanese = wordsOf("今日はいい天気です。東京に行きます！", "japanese");
    expect(japanese.join("")).toBe("今日はいい天気です。東京に行きます！");
    expect(japanese.length).toBeGreaterThanOrEqual(6);
    expect(japanese).toContain("東京");
    expect(japanese.some((word) => word.endsWith("。"))).toBe(true);
    expect(japanese.every((word) => /[\p{L}\p{N}]/u.test(word))).toBe(true);
    const chinese = wordsOf("「你好」，世界。", "chinese");
    expect(chinese.join("")).toBe("「你好」，世界。");
    expect(chinese[0]?.startsWith("「")).toBe(true);
    expect(chinese).toHaveLength(2);
    // An opening bracket goes with the word after it, a closing one with the word before.
    expect(wordsOf("他说「你好」然后走了", "chinese")).toContain("「你好」");
  });
});

describe("language in the inputs", () => {
  const reddit = {
    username: "thr0waway",
    post_title: "Título",
    script: "Hola a todos.",
    caption_style: "modern-bold",
    background_video: "minecraft",
  };

  it("takes any catalogue language for a Reddit story and refuses another", () => {
    expect(redditInputSchema.parse({ ...reddit, language: "japanese" }).language).toBe("japanese");
    expect(redditInputSchema.safeParse({ ...reddit, language: "klingon" }).success).toBe(false);
  });

  it("asks for a UGC ad's own hook and copy in a language other than English", () => {
    const ad = { product_image_id: "6a0f1b8e-2c3d-4e5f-8a9b-0c1d2e3f4a5b", background_music: "no-music" };
    expect(ugcAdsInputSchema.safeParse(ad).success).toBe(true);
    const spanish = ugcAdsInputSchema.safeParse({ ...ad, language: "spanish" });
    expect(spanish.success).toBe(false);
    expect(spanish.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["hook", "Write the hook in Spanish: the ready-made hook is English."],
      ["ad_copy", "Write the ad copy in Spanish: the ready-made ad copy is English."],
    ]);
    expect(
      ugcAdsInputSchema.safeParse({ ...ad, language: "spanish", hook: "¡Mira!", ad_copy: "Me encanta." }).success,
    ).toBe(true);
  });
});
