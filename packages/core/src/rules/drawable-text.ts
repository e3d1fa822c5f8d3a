/**
 * Which letters of a text no font can draw, given what the fonts cover. Shared by the server's check before charging
 * and the builders' live hint, so both name the same characters.
 */

/** Emoji with their joiners, modifiers and keycaps: captions leave them out, cards draw them in colour. */
export const EMOJI =
  /\p{Extended_Pictographic}|\p{Regional_Indicator}|[\u{1F3FB}-\u{1F3FF}]|\u200D|\uFE0E|\uFE0F|\u20E3/gu;

/** Letters and digits of any script: what text may never lose. */
const WORDLIKE = /[\p{L}\p{N}]/u;

/** Whether a character is a letter or a digit of any script. */
export function isLetterOrDigit(ch: string): boolean {
  return WORDLIKE.test(ch);
}

/** The letters and digits of `text` (emoji aside) that `has` says no font covers, each once, in order. */
export function undrawableLetters(text: string, has: (codePoint: number) => boolean): string[] {
  const missing = new Set<string>();
  for (const ch of text.replace(EMOJI, "")) {
    if (isLetterOrDigit(ch) && !has(ch.codePointAt(0) ?? 0)) missing.add(ch);
  }
  return [...missing];
}

/** Whether sorted, disjoint `[first, last]` code point spans hold `codePoint` (binary search). */
export function spansHave(spans: readonly (readonly [number, number])[], codePoint: number): boolean {
  let lo = 0;
  let hi = spans.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const span = spans[mid];
    if (!span) return false;
    if (codePoint < span[0]) hi = mid - 1;
    else if (codePoint > span[1]) lo = mid + 1;
    else return true;
  }
  return false;
}
