import { describe, expect, it } from "vitest";

import { MEMES_PER_PAGE, nextPage, pageCount, pageItems, pageOfItem, previousPage } from "./pager";

const memes = Array.from({ length: 33 }, (_, i) => `meme-${i + 1}`);

describe("meme pager (spec section 9: 33 clips, 8 per page, 5 pages, wraps)", () => {
  it("shows 8 a page over 5 pages, the last holding the one left over", () => {
    expect(MEMES_PER_PAGE).toBe(8);
    expect(pageCount(memes.length)).toBe(5);
    for (let page = 0; page < 4; page++) expect(pageItems(memes, page)).toHaveLength(8);
    expect(pageItems(memes, 4)).toEqual(["meme-33"]);
    expect(pageItems(memes, 0)[0]).toBe("meme-1");
    expect(pageItems(memes, 1)[0]).toBe("meme-9");
  });

  it("wraps: Next from the last page goes to the first, Previous from the first to the last", () => {
    expect(nextPage(0, 5)).toBe(1);
    expect(nextPage(3, 5)).toBe(4);
    expect(nextPage(4, 5)).toBe(0);
    expect(previousPage(0, 5)).toBe(4);
    expect(previousPage(4, 5)).toBe(3);
    // Round the carousel both ways.
    let page = 0;
    for (let i = 0; i < 5; i++) page = nextPage(page, 5);
    expect(page).toBe(0);
    for (let i = 0; i < 5; i++) page = previousPage(page, 5);
    expect(page).toBe(0);
  });

  it("opens on the chosen meme's page, and has one page for an empty library", () => {
    expect(pageOfItem(memes, (m) => m === "meme-33")).toBe(4);
    expect(pageOfItem(memes, (m) => m === "meme-8")).toBe(0);
    expect(pageOfItem(memes, (m) => m === "meme-9")).toBe(1);
    expect(pageOfItem(memes, () => false)).toBe(0);
    expect(pageCount(0)).toBe(1);
    expect(nextPage(0, 1)).toBe(0);
    expect(previousPage(0, 1)).toBe(0);
  });
});
