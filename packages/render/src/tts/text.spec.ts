import { describe, expect, it } from "vitest";
import { chunkTokens, durationWeight, packChunks, speechTokens, syllableCount, toSpoken } from "./text.ts";

describe("speechTokens", () => {
  it("keeps every whitespace token with something speakable, exactly as written", () => {
    const { tokens, warnings } = speechTokens('I paid $4.50 — "twice"... (really)!\nNext line');
    expect(tokens.map((t) => t.text)).toEqual(["I", "paid", "$4.50", '"twice"...', "(really)!", "Next", "line"]);
    expect(tokens.map((t) => t.index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(tokens[5]?.lineBreakBefore).toBe(true);
    expect(tokens[1]?.lineBreakBefore).toBe(false);
    expect(warnings).toEqual([]);
  });

  it("turns a lone dash or ellipsis into a pause after the previous word instead of a word", () => {
    const { tokens } = speechTokens("Wait — what … no");
    expect(tokens.map((t) => t.text)).toEqual(["Wait", "what", "no"]);
    expect(tokens.map((t) => t.spoken)).toEqual(["Wait,", "what,", "no"]);
  });

  it("drops emoji-only and non-Latin-only tokens with a warning but keeps emoji inside a word's caption", () => {
    const { tokens, warnings } = speechTokens("This is fire🔥 🔥🔥 世界 ok 👍🏽");
    expect(tokens.map((t) => t.text)).toEqual(["This", "is", "fire🔥", "ok"]);
    expect(tokens.map((t) => t.spoken)).toEqual(["This", "is", "fire", "ok"]);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain("🔥🔥 世界 👍🏽");
    expect(warnings[1]).toContain("🔥");
  });

  it("speaks accents, Cyrillic and Greek as ASCII and typographic punctuation as plain", () => {
    expect(toSpoken("Café").spoken).toBe("Cafe");
    expect(toSpoken("naïve").spoken).toBe("naive");
    expect(toSpoken("Привет").spoken).toBe("Privet");
    expect(toSpoken("Ελλάδα").spoken).toBe("Ellada");
    expect(toSpoken("don’t").spoken).toBe("don't");
    expect(toSpoken("“Hi”").spoken).toBe('"Hi"');
    expect(toSpoken("€20").spoken).toBe("20 euros");
    expect(toSpoken("£5.50").spoken).toBe("5.50 pounds");
    expect(toSpoken("日本").dropped).toBe("日本");
  });

  it("says lone symbols as words and never returns an empty token", () => {
    const { tokens } = speechTokens("salt & pepper + 5 % @ home * # ");
    expect(tokens.map((t) => t.spoken)).toEqual(["salt", "and", "pepper", "plus", "5", "percent", "at", "home"]);
    expect(speechTokens("   ").tokens).toEqual([]);
    expect(speechTokens("🙂 😂").tokens).toEqual([]);
  });
});

describe("chunkTokens", () => {
  it("splits at sentence ends and line breaks but not after abbreviations or initials", () => {
    const { tokens } = speechTokens("Mr. Smith met J. R. Doe at 5 p.m. in the U.S. today. Then he left!\nBye");
    const chunks = chunkTokens(tokens);
    expect(chunks.map((c) => c.text)).toEqual([
      "Mr. Smith met J. R. Doe at 5 p.m. in the U.S. today.",
      "Then he left!",
      "Bye",
    ]);
  });

  it("splits long sentences at a clause boundary, keeping every token once and in order", () => {
    const sentence = `${"word ".repeat(10)}then a comma, ${"more ".repeat(30)}end.`;
    const { tokens } = speechTokens(sentence);
    const chunks = chunkTokens(tokens, 120);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(chunk.text.length).toBeLessThanOrEqual(120);
    expect(chunks.flatMap((c) => c.tokens.map((t) => t.index))).toEqual(tokens.map((t) => t.index));
    expect(chunks.some((c) => c.text.endsWith("comma,"))).toBe(true);
  });

  it("packs sentences back together up to a size", () => {
    const { tokens } = speechTokens("One. Two. Three. Four.");
    const packed = packChunks(chunkTokens(tokens), 12);
    expect(packed.map((c) => c.text)).toEqual(["One. Two.", "Three. Four."]);
  });
});

describe("syllableCount and durationWeight", () => {
  it("counts words, numbers as read, abbreviations by letter and currency as a word", () => {
    expect(syllableCount("cat")).toBe(1);
    expect(syllableCount("banana")).toBe(3);
    expect(syllableCount("syllable")).toBe(3);
    expect(syllableCount("reading")).toBe(2);
    expect(syllableCount("3")).toBe(1);
    expect(syllableCount("1,000")).toBe(3);
    expect(syllableCount("FBI")).toBe(3);
    expect(syllableCount("$5")).toBe(3);
  });

  it("weighs longer words and phrase ends more", () => {
    expect(durationWeight("strengths")).toBeGreaterThan(durationWeight("a"));
    expect(durationWeight("end.")).toBeGreaterThan(durationWeight("end"));
  });
});

describe("speechTokens in other languages", () => {
  it("keeps a word's own letters for the engine, leaving emoji out of the speech only", () => {
    const { tokens, warnings } = speechTokens("¡Hola, señor! Привет 🔥 мир🙂", "spanish");
    expect(tokens.map((t) => [t.text, t.spoken])).toEqual([
      ["¡Hola,", "¡Hola,"],
      ["señor!", "señor!"],
      ["Привет", "Привет"],
      ["мир🙂", "мир"],
    ]);
    expect(warnings).toEqual([
      "Not spoken and not captioned (no speakable characters): 🔥",
      "Characters left out of the speech (kept in the caption): 🙂",
    ]);
  });

  it("splits Japanese into words, a line break kept on the first word after it", () => {
    const { tokens } = speechTokens("東京に行きます。\n明日です。", "japanese");
    expect(tokens.map((t) => t.text).join("")).toBe("東京に行きます。明日です。");
    const tomorrow = tokens.find((t) => t.text.startsWith("明日"));
    expect(tomorrow?.lineBreakBefore).toBe(true);
    expect(tokens.filter((t) => t.lineBreakBefore)).toHaveLength(1);
  });

  it("ends sentences at the full stops of Chinese, Japanese and Hindi, and splits clauses at their commas", () => {
    const chunks = chunkTokens(speechTokens("你好。世界很好！再见", "chinese").tokens);
    expect(chunks.map((c) => c.tokens.map((t) => t.text).join(""))).toEqual(["你好。", "世界很好！", "再见"]);
    const hindi = chunkTokens(speechTokens("नमस्ते दोस्तों। यह मेरी कहानी है।", "hindi").tokens);
    expect(hindi).toHaveLength(2);
  });
});
