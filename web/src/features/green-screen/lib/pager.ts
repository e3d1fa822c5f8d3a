/** The meme picker shows the library a page at a time (spec section 9: 8 per page, the carousel wraps). */
export const MEMES_PER_PAGE = 8;

/** How many pages `total` items fill (at least one, so an empty library still has a page). */
export function pageCount(total: number, perPage: number = MEMES_PER_PAGE): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** The items on page `page` (0-based). */
export function pageItems<T>(items: readonly T[], page: number, perPage: number = MEMES_PER_PAGE): T[] {
  return items.slice(page * perPage, (page + 1) * perPage);
}

/** Next from the last page goes to the first. */
export function nextPage(page: number, count: number): number {
  return (page + 1) % count;
}

/** Previous from the first page goes to the last. */
export function previousPage(page: number, count: number): number {
  return (page - 1 + count) % count;
}

/** The page an item is on, or 0 when it is not in the list. */
export function pageOfItem<T>(items: readonly T[], match: (item: T) => boolean, perPage: number = MEMES_PER_PAGE) {
  const index = items.findIndex(match);
  return index < 0 ? 0 : Math.floor(index / perPage);
}
