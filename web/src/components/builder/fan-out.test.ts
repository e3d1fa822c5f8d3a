import { languageMessages } from "@reelsmith/core";
import { describe, expect, it } from "vitest";

import { fanOutProblem, fanOutRequest, isStale, NO_FAN_OUT, sourceWords } from "./fan-out";

const draft = { post_title: "AITA?", script: "Long story.", voice: "nova", language: "english" };

describe("Also make it in...", () => {
  it("sends nothing extra without other languages, and the draft's language first with them", () => {
    const source = sourceWords("reddit", draft);
    expect(source).toEqual({ post_title: "AITA?", script: "Long story." });
    expect(fanOutRequest(NO_FAN_OUT, "english", source)).toBeNull();
    const fanOut = {
      languages: ["spanish" as const, "japanese" as const],
      words: { spanish: { post_title: "¿Soy el malo?", script: "Larga historia." }, japanese: { post_title: "私？" } },
      translatedFrom: source,
    };
    expect(fanOutRequest(fanOut, "english", source)).toEqual({
      languages: ["english", "spanish", "japanese"],
      translations: {
        spanish: { post_title: "¿Soy el malo?", script: "Larga historia." },
        japanese: { post_title: "私？", script: "" },
      },
    });
    // Japanese still lacks its script: Generate waits and says which language.
    expect(fanOutProblem(fanOut, source)).toBe(languageMessages.fanOutIncomplete("japanese"));
    expect(fanOutProblem({ ...fanOut, languages: ["spanish"] }, source)).toBeNull();
  });

  it("tells when the draft's words changed after they were translated", () => {
    const source = sourceWords("reddit", draft);
    const fanOut = { languages: ["spanish" as const], words: {}, translatedFrom: source };
    expect(isStale(fanOut, source)).toBe(false);
    expect(isStale(fanOut, { ...source, script: "Longer story." })).toBe(true);
    expect(isStale(NO_FAN_OUT, source)).toBe(false);
  });
});
