/**
 * Word timings for audio whose engine does not report them.
 *
 * - `alignPhrase`: one synthesised phrase (a sentence) with a measured length and detected pauses. Words share the
 *   speaking time by syllables and letters; detected pauses are matched to word boundaries (preferring those after
 *   punctuation, where speech engines pause) and the words between two pauses are spread over the sound between them.
 * - `mapTranscript`: word timestamps from a speech-to-text service, matched to our tokens by their letters and digits
 *   (the transcript may spell numbers differently, split or merge words, or miss some).
 */
import type { Silence } from "./analysis.ts";
import type { Span } from "./engine-timing.ts";
import { durationWeight, type SpeechToken } from "./text.ts";

/**
 * Internal pauses shorter than this are often stop closures inside words: they are used only where they fit a word
 * boundary well (a lower cost for skipping them).
 */
const SHORT_PAUSE = 0.1;
const MIN_PAUSE = 0.05;
/** Sound shorter than this before the first or after the last pause is a click, not a word. */
const EDGE = 0.15;

export function alignPhrase(tokens: readonly SpeechToken[], duration: number, pauses: readonly Silence[]): Span[] {
  if (tokens.length === 0) return [];
  const lead = pauses.find((pause) => pause.start <= EDGE && pause.end < duration)?.end ?? 0;
  const tail =
    [...pauses].reverse().find((pause) => pause.end >= duration - EDGE && pause.start > lead)?.start ?? duration;
  const speechStart = Math.min(lead, duration);
  const speechEnd = Math.max(tail, speechStart);
  const inner = pauses.filter(
    (pause) => pause.start > speechStart && pause.end < speechEnd && pause.end - pause.start >= MIN_PAUSE,
  );
  const weights = tokens.map((token) => durationWeight(token.spoken));
  // Boundary b sits before token b (1..n-1): its time if speech were spread evenly by syllables.
  const speaking = speechEnd - speechStart - inner.reduce((sum, pause) => sum + pause.end - pause.start, 0);
  const total = weights.reduce((a, b) => a + b, 0);
  const predicted: number[] = [];
  let acc = 0;
  for (let b = 1; b < tokens.length; b += 1) {
    acc += weights[b - 1] ?? 1;
    predicted[b] = (acc / total) * speaking;
  }
  const chosen = matchPausesToBoundaries(inner, predicted, tokens, speechStart);
  // Cut the phrase at the chosen pauses and spread each piece's words over its sound.
  const spans: Span[] = [];
  let first = 0;
  let from = speechStart;
  const cuts = [...chosen, { boundary: tokens.length, pause: { start: speechEnd, end: speechEnd } }];
  for (const cut of cuts) {
    const group = weights.slice(first, cut.boundary);
    const groupTotal = group.reduce((a, b) => a + b, 0) || 1;
    let t = from;
    for (const weight of group) {
      const length = ((cut.pause.start - from) * weight) / groupTotal;
      spans.push({ start: t, end: t + length });
      t += length;
    }
    first = cut.boundary;
    from = cut.pause.end;
  }
  return spans;
}

/**
 * Picks, for pauses in time order, strictly increasing word boundaries (or none) minimising the distance between a
 * pause and the boundary's predicted time, with a bonus for boundaries after punctuation (where speakers pause).
 */
function matchPausesToBoundaries(
  pauses: readonly Silence[],
  predicted: readonly number[],
  tokens: readonly SpeechToken[],
  speechStart: number,
): { boundary: number; pause: Silence }[] {
  const n = tokens.length;
  if (pauses.length === 0 || n < 2) return [];
  // Predicted times are in speaking time (pauses removed): a pause's position in speaking time is its start minus
  // the pauses before it.
  let removed = 0;
  const positions = pauses.map((pause) => {
    const at = pause.start - speechStart - removed;
    removed += pause.end - pause.start;
    return at;
  });
  const skip = (p: number) => ((pauses[p]?.end ?? 0) - (pauses[p]?.start ?? 0) >= SHORT_PAUSE ? 0.35 : 0.12);
  const cost = (p: number, b: number) => {
    const punctuated = /[,;:.!?)"'-]$/.test(tokens[b - 1]?.spoken ?? "");
    return Math.abs((predicted[b] ?? 0) - (positions[p] ?? 0)) - (punctuated ? 0.4 : 0);
  };
  // cost[p][b]: least cost having decided pauses 0..p-1 with every used boundary < b. Moves: skip pause p,
  // give pause p boundary b, or pass over boundary b.
  const P = pauses.length;
  const INF = Number.POSITIVE_INFINITY;
  const table = Array.from({ length: P + 1 }, () => new Array<number>(n + 1).fill(INF));
  const parent = Array.from({ length: P + 1 }, () => new Array<[number, number, number] | undefined>(n + 1));
  const relax = (p: number, b: number, value: number, from: [number, number, number]) => {
    const row = table[p] as number[];
    if (value < (row[b] ?? INF)) {
      row[b] = value;
      (parent[p] as ([number, number, number] | undefined)[])[b] = from;
    }
  };
  (table[0] as number[])[1] = 0;
  for (let p = 0; p <= P; p += 1) {
    for (let b = 1; b <= n; b += 1) {
      const here = table[p]?.[b] ?? INF;
      if (here === INF) continue;
      if (b < n) relax(p, b + 1, here, [p, b, -1]);
      if (p < P) {
        relax(p + 1, b, here + skip(p), [p, b, -1]);
        if (b < n) relax(p + 1, b + 1, here + cost(p, b), [p, b, b]);
      }
    }
  }
  let end = 1;
  for (let b = 1; b <= n; b += 1) if ((table[P]?.[b] ?? INF) < (table[P]?.[end] ?? INF)) end = b;
  const chosen: { boundary: number; pause: Silence }[] = [];
  let state: [number, number] = [P, end];
  for (;;) {
    const step = parent[state[0]]?.[state[1]];
    if (!step) break;
    const [p, b, used] = step;
    const pause = pauses[p];
    if (used >= 0 && pause) chosen.push({ boundary: used, pause });
    state = [p, b];
  }
  return chosen.reverse();
}

export interface TranscriptWord {
  word: string;
  start: number;
  end: number;
}

// Letters and digits of any script, without accents: "Café!" and "cafe" are the same word.
const key = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^\p{L}\p{N}]/gu, "");

function similarity(a: string, b: string): number {
  if (!a || !b) return 0;
  if (a === b) return 1;
  if (a.startsWith(b) || b.startsWith(a)) return 0.6;
  // One edit apart (typo, plural, apostrophe) still counts as the same word.
  if (Math.abs(a.length - b.length) <= 1 && Math.min(a.length, b.length) >= 3) {
    let i = 0;
    while (i < a.length && a[i] === b[i]) i += 1;
    if (a.slice(i + 1) === b.slice(i + 1) || a.slice(i + 1) === b.slice(i) || a.slice(i) === b.slice(i + 1)) return 0.6;
  }
  return 0;
}

/**
 * Aligns transcript words to tokens (edit distance over words, by letters and digits) and returns each token's
 * span. Tokens without a counterpart are left undefined for `finalizeWords` to place between their neighbours.
 */
export function mapTranscript(tokens: readonly SpeechToken[], words: readonly TranscriptWord[]): (Span | undefined)[] {
  const a = tokens.map((token) => key(token.spoken));
  const b = words.map((word) => key(word.word));
  const n = a.length;
  const m = b.length;
  // Edit distance over words: a substitution costs by dissimilarity, a missing token 1, an extra word 0.8.
  const width = m + 1;
  const d = new Float64Array((n + 1) * width);
  const at = (i: number, j: number) => d[i * width + j] ?? 0;
  const sub = (i: number, j: number) => (1 - similarity(a[i - 1] ?? "", b[j - 1] ?? "")) * 1.5;
  for (let i = 0; i <= n; i += 1) d[i * width] = i;
  for (let j = 0; j <= m; j += 1) d[j] = j * 0.8;
  for (let i = 1; i <= n; i += 1) {
    for (let j = 1; j <= m; j += 1) {
      d[i * width + j] = Math.min(at(i - 1, j - 1) + sub(i, j), at(i - 1, j) + 1, at(i, j - 1) + 0.8);
    }
  }
  const pairs: [number, number][] = [];
  let i = n;
  let j = m;
  while (i > 0 && j > 0) {
    if (at(i, j) === at(i - 1, j - 1) + sub(i, j)) {
      pairs.push([i - 1, j - 1]);
      i -= 1;
      j -= 1;
    } else if (at(i, j) === at(i - 1, j) + 1) {
      i -= 1;
    } else {
      j -= 1;
    }
  }
  pairs.reverse();
  // Transcript words between two matched neighbours belong to the weaker match of the two (a token the transcript
  // spelled differently, "$4.50" -> "four dollars fifty"); words left before the first or after the last match go
  // to that match when it is the first or last token.
  const strength = pairs.map(([t, w]) => similarity(a[t] ?? "", b[w] ?? ""));
  const range = pairs.map(([, w]) => ({ first: w, last: w }));
  for (let k = 0; k <= pairs.length; k += 1) {
    const before = pairs[k - 1];
    const after = pairs[k];
    const gapStart = before ? before[1] + 1 : 0;
    const gapEnd = after ? after[1] - 1 : m - 1;
    if (gapEnd < gapStart) continue;
    if (before && after && after[0] === before[0] + 1) {
      const target = (strength[k] ?? 1) < (strength[k - 1] ?? 1) ? k : k - 1;
      const r = range[target];
      if (r) {
        if (target === k) r.first = gapStart;
        else r.last = gapEnd;
      }
    } else if (!before && after && after[0] === 0) {
      const r = range[k];
      if (r) r.first = gapStart;
    } else if (before && !after && before[0] === n - 1) {
      const r = range[k - 1];
      if (r) r.last = gapEnd;
    }
  }
  const spans: (Span | undefined)[] = new Array(n).fill(undefined);
  for (const [k, [token]] of pairs.entries()) {
    const r = range[k];
    const first = r && words[r.first];
    const last = r && words[r.last];
    if (first && last) spans[token] = { start: first.start, end: Math.max(first.end, last.end) };
  }
  return spans;
}
