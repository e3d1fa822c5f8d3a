/**
 * How fast the voices read, in words a second: the offline voices read ad copies and a written ad at
 * 2.86 (Jessie) and 2.96 (Daniel) words a second; natural voices read a little slower, so estimates
 * err long and warn a little early rather than late.
 */
export const SPOKEN_WORDS_PER_S = 2.7;

/** The words a voice reads in a text: runs of characters with a letter or a digit (not dashes, dots or emoji). */
export function spokenWordCount(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** A spoken length as the builders show it: "40 s", "1 min", "1 min 25 s". */
export function formatSpokenLength(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const rest = s % 60;
  return rest === 0 ? `${Math.floor(s / 60)} min` : `${Math.floor(s / 60)} min ${rest} s`;
}
