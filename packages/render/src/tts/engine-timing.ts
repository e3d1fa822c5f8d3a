import { type SpeechToken, syllableCount } from "./text.ts";
import type { WordTiming } from "./types.ts";

/** A token as a synthesis engine reports it: its name and when its first word starts and last word ends. */
export interface EngineToken {
  name: string;
  /** Seconds from the start of the engine's audio; negative when the token produced no sound. */
  start: number;
  end: number;
}

export interface Span {
  start: number;
  end: number;
}

const normal = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, "");

/**
 * Matches the engine's tokens to ours. Both engines split the text they are given on whitespace, so each of our
 * tokens is as many engine tokens as its spoken form has space-separated parts; when the counts disagree (an engine
 * split something unexpectedly) tokens are matched by their letters and digits instead, and the rest left unknown.
 */
export function assignEngineTimes(
  tokens: readonly SpeechToken[],
  engine: readonly EngineToken[],
): (Span | undefined)[] {
  const parts = tokens.map((token) => token.spoken.split(" ").filter(Boolean));
  const expected = parts.reduce((sum, p) => sum + p.length, 0);
  const spanOf = (items: readonly EngineToken[]): Span | undefined => {
    const sounding = items.filter((item) => item.start >= 0 && item.end > item.start);
    const first = sounding[0];
    const last = sounding.at(-1);
    return first && last ? { start: first.start, end: last.end } : undefined;
  };
  if (expected === engine.length) {
    let at = 0;
    return parts.map((p) => {
      const span = spanOf(engine.slice(at, at + p.length));
      at += p.length;
      return span;
    });
  }
  let at = 0;
  return parts.map((p) => {
    const matched: EngineToken[] = [];
    for (const part of p) {
      const want = normal(part);
      for (let look = at; look < Math.min(engine.length, at + 4); look += 1) {
        const item = engine[look];
        if (item && want && normal(item.name) === want) {
          matched.push(item);
          at = look + 1;
          break;
        }
      }
    }
    return spanOf(matched);
  });
}

/**
 * Turns per-token spans (some unknown) into the final word list: unknown words share the gap between their known
 * neighbours by syllables, then every word is clamped into [0, duration], in order, without overlap.
 */
export function finalizeWords(
  tokens: readonly SpeechToken[],
  spans: readonly (Span | undefined)[],
  duration: number,
): WordTiming[] {
  const result: Span[] = spans.map((span) => (span ? { ...span } : { start: Number.NaN, end: Number.NaN }));
  let i = 0;
  while (i < result.length) {
    if (!Number.isNaN(result[i]?.start)) {
      i += 1;
      continue;
    }
    let j = i;
    while (j < result.length && Number.isNaN(result[j]?.start)) j += 1;
    const from = i > 0 ? (result[i - 1]?.end ?? 0) : 0;
    const to = j < result.length ? (result[j]?.start ?? duration) : duration;
    const weights = tokens.slice(i, j).map((token) => syllableCount(token.spoken));
    const total = weights.reduce((a, b) => a + b, 0);
    let t = from;
    for (let k = i; k < j; k += 1) {
      const share = ((to - from) * (weights[k - i] ?? 1)) / total;
      result[k] = { start: t, end: t + share };
      t += share;
    }
    i = j;
  }
  const words: WordTiming[] = [];
  let previousEnd = 0;
  for (const [index, span] of result.entries()) {
    const start = Math.min(Math.max(span.start, previousEnd), duration);
    const end = Math.min(Math.max(span.end, start), duration);
    words.push({ text: tokens[index]?.text ?? "", start: round(start), end: round(end) });
    previousEnd = end;
  }
  return words;
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** Parses the "W samples rate / T start end name / E" lines both engine runners print, one block per chunk. */
export function parseEngineOutput(stdout: string): { samples: number; sampleRate: number; tokens: EngineToken[] }[] {
  const blocks: { samples: number; sampleRate: number; tokens: EngineToken[] }[] = [];
  let current: { samples: number; sampleRate: number; tokens: EngineToken[] } | undefined;
  for (const line of stdout.split("\n")) {
    const [kind, a = "", b = "", ...rest] = line.trim().split(" ");
    if (kind === "W") {
      current = { samples: Number(a), sampleRate: Number(b), tokens: [] };
    } else if (kind === "T" && current) {
      current.tokens.push({ start: Number(a), end: Number(b), name: rest.join(" ") });
    } else if (kind === "E" && current) {
      blocks.push(current);
      current = undefined;
    }
  }
  return blocks;
}
