import { describe, expect, it } from "vitest";
import { languageMessages } from "../catalogue/languages.ts";
import { VIDEO_TYPES } from "./catalogue.ts";
import { fanOutLanguagesSchema, planFanOut, translatableFields, wordsToTranslate } from "./fan-out.ts";
import { videoTypeDefinitions } from "./index.ts";

describe("fan-out", () => {
  it("every type with words to translate says which language they are in (its schema has a language field)", () => {
    for (const type of VIDEO_TYPES) {
      const definition = videoTypeDefinitions[type];
      const fields = translatableFields(definition);
      expect(fields.length, type).toBeGreaterThan(0);
      // Every translatable field is also drawn, so a translation is checked against the fonts like the original.
      for (const { field, max } of fields) {
        expect(definition.drawnText as readonly string[], `${type}.${field}`).toContain(field);
        expect(max).toBeGreaterThan(0);
      }
      const shape = (definition.schema as unknown as { def: { in?: { shape?: object }; shape?: object } }).def;
      const keys = Object.keys(shape.shape ?? shape.in?.shape ?? {});
      expect(keys, type).toContain("language");
    }
  });

  it("keeps the input's own language as written and lays each translation over the input", () => {
    const reddit = videoTypeDefinitions.reddit;
    const input = { post_title: "AITA?", script: "Long story.", voice: "nova", language: "english" };
    expect(wordsToTranslate(reddit, { ...input, script: "  " })).toEqual({ post_title: "AITA?" });
    const plans = planFanOut(reddit, input, ["english", "spanish", "german"], {
      german: { post_title: "Bin ich das Problem?", script: "" },
    });
    expect(plans).toEqual([
      { language: "english", input, missing: {} },
      {
        language: "spanish",
        input: { ...input, language: "spanish" },
        missing: { post_title: "AITA?", script: "Long story." },
      },
      // An empty translation still needs one.
      {
        language: "german",
        input: { ...input, post_title: "Bin ich das Problem?", script: "", language: "german" },
        missing: { script: "Long story." },
      },
    ]);
    expect(planFanOut(reddit, input, ["french"], { french: { voice: "onyx" } })).toEqual({
      error: languageMessages.notTranslated("voice"),
      path: "translations.french.voice",
    });
  });

  it("takes each language once, and at most six", () => {
    expect(fanOutLanguagesSchema.safeParse(["spanish", "spanish"]).error?.issues[0]?.message).toBe(
      languageMessages.languagesTwice,
    );
    const seven = ["english", "spanish", "german", "french", "italian", "dutch", "polish"];
    expect(fanOutLanguagesSchema.safeParse(seven).error?.issues[0]?.message).toBe(languageMessages.tooManyLanguages);
    expect(fanOutLanguagesSchema.safeParse(seven.slice(0, 6)).success).toBe(true);
  });
});
