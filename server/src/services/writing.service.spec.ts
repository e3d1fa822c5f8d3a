import { describe, expect, it } from "vitest";
import { clampToSentences, plainText } from "./writing.service.ts";

describe("plainText", () => {
  it("drops markdown a narrator cannot read", () => {
    expect(plainText("# Title\n**Bold** and *soft* text\n- item one\n```\ncode\n```")).toBe(
      "Title\nBold and soft text\nitem one\ncode",
    );
  });
});

describe("clampToSentences", () => {
  it("keeps short text and cuts long text after the last whole sentence", () => {
    expect(clampToSentences("One. Two.", 100)).toBe("One. Two.");
    expect(clampToSentences("First sentence here. Second sentence is long.", 30)).toBe("First sentence here.");
    expect(clampToSentences("no sentence ends anywhere in this text at all", 20)).toBe("no sentence ends");
  });
});
