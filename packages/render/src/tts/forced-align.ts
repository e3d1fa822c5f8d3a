/**
 * Forced alignment: word timings for speech whose words are known (a script), found by a speech recogniser that may
 * only hear that script. Works offline with Debian's pocketsphinx (US English acoustic model and cmudict from
 * pocketsphinx-en-us).
 *
 * - Every script token (`speechTokens`) becomes one or more grammar words: numbers, currency, percentages, ordinals
 *   and years read out ("$20" -> "twenty dollars", "1999" -> "nineteen ninety nine" or "one thousand ..."),
 *   all-caps abbreviations spelled or read, symbols as words. A token gets the span of its words.
 * - Pronunciations come from cmudict; words it lacks (names, slang) from flite's lexicon and letter-to-sound rules,
 *   through a small helper linked to libflite that is compiled on first use (like the flite timing helper).
 * - Each stretch of audio is decoded against a strict left-to-right grammar of its words (optional silence between
 *   words). Recordings over a minute are cut at long pauses into pieces decoded one after another, each free to end
 *   after any word (see alignPieces); sentences of known place (synthesised one by one) go through one process.
 * - Words the decoder does not reach are placed between their neighbours; a piece that fails entirely falls back to
 *   phrase alignment (syllables and pauses). Alignment never fails a render once the audio is readable.
 */
import { randomBytes } from "node:crypto";
import { access, constants, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { alignPhrase } from "./align.ts";
import { findPauses, type Silence } from "./analysis.ts";
import { decodePcm, encodeWav } from "./audio.ts";
import { defaultCacheDir, ensureCHelper } from "./c-helper.ts";
import { finalizeWords, type Span } from "./engine-timing.ts";
import { TtsError, throwIfAborted } from "./errors.ts";
import { runProcess } from "./process.ts";
import { ONES, type SpeechToken, speechTokens, TENS } from "./text.ts";
import type { WordTiming } from "./types.ts";

/** Where Debian's pocketsphinx-en-us puts the US English model (acoustic model and dictionary). */
export const POCKETSPHINX_MODEL_DIR = "/usr/share/pocketsphinx/model/en-us";
const RATE = 16000;
/** Pieces are cut at pauses at least this long, and only when the piece would otherwise exceed MAX_PIECE seconds. */
const CUT_PAUSE = 0.25;
const MAX_PIECE = 60;
/** Words past a piece's expected end that it may still hold. */
const PIECE_MARGIN = 12;

export interface ForcedAlignOptions {
  /** Folder for scratch files (removed afterwards). */
  workDir: string;
  /** Model folder with `en-us/` (acoustic model) and `cmudict-en-us.dict` (default: POCKETSPHINX_MODEL_DIR). */
  modelDir?: string;
  /** Where the flite lexicon helper is kept (default: see defaultCacheDir). */
  cacheDir?: string;
  /** Recordings longer than this (seconds, default 60) are aligned in pieces cut at long pauses. */
  pieceSeconds?: number;
  signal?: AbortSignal;
}

export interface ForcedAlignment {
  /** One timing per script word (`speechTokens(text)`), in order. */
  words: WordTiming[];
  /** Length of the audio in seconds. */
  duration: number;
  /** How many words the recogniser placed itself (the others were placed between their neighbours). */
  recognised: number;
}

/** A stretch of audio known to hold exactly these tokens (e.g. one synthesised sentence). */
export interface AlignSegment {
  tokens: readonly SpeechToken[];
  /** Seconds in the audio. */
  start: number;
  end: number;
  /** The stretch holds the first of the tokens, up to any of them (a piece of a longer recording). */
  open?: boolean;
}

/** True when pocketsphinx_batch and the US English model are installed. */
export async function forcedAlignmentAvailable(modelDir = POCKETSPHINX_MODEL_DIR): Promise<boolean> {
  try {
    await access(join(modelDir, "cmudict-en-us.dict"), constants.R_OK);
    await access(join(modelDir, "en-us", "mdef"), constants.R_OK);
    await runProcess("pocketsphinx_batch", [], {}).catch((error: unknown) => {
      // It exits non-zero without arguments; only a missing binary matters.
      if (error instanceof TtsError && error.code === "ENGINE_MISSING") throw error;
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * Aligns a recording (any format ffmpeg reads) to its script: one timing per script word. Throws only when the audio
 * cannot be read or pocketsphinx is not installed; recognition trouble degrades to estimated times.
 */
export async function alignToScript(
  audioPath: string,
  script: string,
  options: ForcedAlignOptions,
): Promise<ForcedAlignment> {
  const { tokens } = speechTokens(script);
  const samples = await decodePcm(audioPath, RATE, options.signal);
  const duration = samples.length / RATE;
  if (tokens.length === 0) return { words: [], duration, recognised: 0 };
  const { spans, recognised } = await alignPieces(tokens, samples, options);
  return { words: finalizeWords(tokens, spans, duration), duration, recognised };
}

/**
 * Where a long recording may be cut: in the middle of long pauses, so that no piece is longer than MAX_PIECE
 * seconds (where there are such pauses). Returns the pieces as [start, end] seconds.
 */
export function pieceTimes(samples: Float32Array, maxPiece = MAX_PIECE): [number, number][] {
  const duration = samples.length / RATE;
  if (duration <= maxPiece) return [[0, duration]];
  const cuts = findPauses(samples, RATE, { minDuration: CUT_PAUSE }).map((p: Silence) => (p.start + p.end) / 2);
  const pieces: [number, number][] = [];
  let from = 0;
  for (const [k, cut] of cuts.entries()) {
    // Cut here when going on to the next pause (or the end) would make the piece too long.
    const next = cuts[k + 1] ?? duration;
    if (next - from > maxPiece && cut - from > 1) {
      pieces.push([from, cut]);
      from = cut;
    }
  }
  pieces.push([from, duration]);
  return pieces;
}

/**
 * Long audio, piece by piece: each piece is decoded against the words from the first one not yet placed up to a
 * margin past where a syllable-based estimate expects the piece to end, and may stop after any of them; the next
 * piece starts after the last word found. So a wrong estimate costs nothing as long as it is within the margin.
 */
async function alignPieces(
  tokens: readonly SpeechToken[],
  samples: Float32Array,
  options: ForcedAlignOptions,
): Promise<{ spans: (Span | undefined)[]; recognised: number }> {
  const duration = samples.length / RATE;
  const pieces = pieceTimes(samples, options.pieceSeconds);
  if (pieces.length === 1) return alignSegments(samples, [{ tokens, start: 0, end: duration }], options);
  const estimate = alignPhrase(tokens, duration, findPauses(samples, RATE, { minDuration: CUT_PAUSE }));
  const spans: (Span | undefined)[] = tokens.map(() => undefined);
  let recognised = 0;
  let next = 0;
  for (const [k, [start, end]] of pieces.entries()) {
    if (next >= tokens.length) break;
    const last = k === pieces.length - 1;
    let expectedEnd = next;
    while (expectedEnd < tokens.length && (estimate[expectedEnd]?.start ?? 0) < end) expectedEnd += 1;
    const margin = Math.max(PIECE_MARGIN, Math.ceil((expectedEnd - next) * 0.3));
    const slice = last ? tokens.slice(next) : tokens.slice(next, Math.min(tokens.length, expectedEnd + margin));
    const result = await alignSegments(samples, [{ tokens: slice, start, end, open: !last }], options);
    recognised += result.recognised;
    let found = -1;
    for (const [i, span] of result.spans.entries()) {
      if (!span) continue;
      spans[next + i] = span;
      found = i;
    }
    // Nothing recognised: go on from where the estimate expects the piece to end.
    next = found >= 0 ? next + found + 1 : Math.max(next, expectedEnd);
  }
  return { spans, recognised };
}

/**
 * Aligns each segment's tokens within its stretch of the 16 kHz samples. Returns one span per token of all segments
 * (in order; undefined where the recogniser did not place the word) in seconds of the whole audio.
 */
export async function alignSegments(
  samples: Float32Array,
  segments: readonly AlignSegment[],
  options: ForcedAlignOptions,
): Promise<{ spans: (Span | undefined)[]; recognised: number }> {
  const modelDir = options.modelDir ?? POCKETSPHINX_MODEL_DIR;
  const { signal } = options;
  throwIfAborted(signal);
  const grammars = segments.map((segment) => segment.tokens.map((token) => readings(token.spoken)));
  const words = new Set(grammars.flat(3));
  const lexicon = await pronunciations([...words], modelDir, options.cacheDir, signal);
  const scratch = join(options.workDir, `.align-${randomBytes(6).toString("hex")}`);
  await mkdir(scratch, { recursive: true });
  const spans: (Span | undefined)[][] = segments.map((segment) => segment.tokens.map(() => undefined));
  try {
    const dict: string[] = [];
    const ctl: string[] = [];
    const fsgctl: string[] = [];
    for (const [s, segment] of segments.entries()) {
      const grammar = grammars[s] ?? [];
      const fsg = buildGrammar(`s${s}`, grammar, lexicon, dict, segment.open === true);
      if (!fsg) continue;
      const from = Math.max(0, Math.floor(segment.start * RATE));
      const to = Math.min(samples.length, Math.ceil(segment.end * RATE));
      if (to - from < RATE * 0.1) continue;
      await writeFile(join(scratch, `s${s}.raw`), toPcm16(samples.subarray(from, to)));
      await writeFile(join(scratch, `s${s}.fsg`), fsg);
      ctl.push(`s${s}`);
      fsgctl.push(`s${s}`);
    }
    if (ctl.length === 0) return fallback(samples, segments, spans);
    await writeFile(join(scratch, "job.dict"), `${dict.join("\n")}\n`);
    await writeFile(join(scratch, "job.ctl"), `${ctl.join("\n")}\n`);
    await writeFile(join(scratch, "job.fsgctl"), `${fsgctl.join("\n")}\n`);
    let ctm = "";
    // A linear grammar decodes in a fraction of real time; far longer means the search went wrong.
    const timeout = AbortSignal.timeout(Math.round(10_000 + 1000 * (samples.length / RATE)));
    try {
      // biome-ignore format: one option and its value per line
      await runProcess("pocketsphinx_batch", [
        "-hmm", join(modelDir, "en-us"),
        "-dict", join(scratch, "job.dict"),
        "-ctl", join(scratch, "job.ctl"),
        "-cepdir", scratch,
        "-cepext", ".raw",
        "-adcin", "yes",
        "-adchdr", "0",
        "-samprate", String(RATE),
        "-fsgctl", join(scratch, "job.fsgctl"),
        "-fsgdir", scratch,
        "-fsgext", ".fsg",
        "-ctm", join(scratch, "job.ctm"),
        "-logfn", join(scratch, "job.log"),
        // Keep every frame: dropping silent ones would shift the times of the words after a pause.
        "-remove_silence", "no",
        // Wider beams than for open recognition: with a few readings per number the narrow default can prune the
        // right path early and squeeze the rest of the sentence into the wrong stretch.
        "-beam", "1e-80",
        "-wbeam", "1e-60",
        "-pbeam", "1e-80",
      ], { signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
      ctm = await readFile(join(scratch, "job.ctm"), "utf8");
    } catch {
      throwIfAborted(signal);
      // Recognition trouble is not a reason to fail: the pieces are estimated instead.
      return fallback(samples, segments, spans);
    }
    let recognised = 0;
    for (const line of ctm.split("\n")) {
      const [utt = "", , start = "", length = "", word = ""] = line.trim().split(/\s+/);
      const match = /^s(\d+)t(\d+)a\d+w\d+(?:\(\d+\))?$/.exec(word);
      const s = Number(match?.[1]);
      const segment = segments[s];
      if (!match || !segment || utt !== `s${s}` || !Number.isFinite(Number(start))) continue;
      const t = Number(match[2]);
      const local = spans[s];
      if (!local || t >= local.length) continue;
      const wordStart = segment.start + Number(start);
      const wordEnd = wordStart + Number(length);
      const known = local[t];
      if (!known) recognised += 1;
      local[t] = known ? { start: known.start, end: wordEnd } : { start: wordStart, end: wordEnd };
    }
    // Segments the decoder gave nothing for are estimated from their pauses.
    for (const [s, local] of spans.entries()) {
      const segment = segments[s];
      if (!segment?.open && local.every((span) => span === undefined)) spans[s] = estimate(samples, segment);
    }
    const from = Math.min(...segments.map((segment) => segment.start));
    const to = Math.max(...segments.map((segment) => segment.end));
    return { spans: trimEnds(samples, spans.flat(), from, to), recognised };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

function fallback(samples: Float32Array, segments: readonly AlignSegment[], spans: (Span | undefined)[][]) {
  for (const [s, segment] of segments.entries()) if (!segment.open) spans[s] = estimate(samples, segment);
  return { spans: spans.flat(), recognised: 0 };
}

function estimate(samples: Float32Array, segment: AlignSegment | undefined): (Span | undefined)[] {
  if (!segment) return [];
  const from = Math.max(0, Math.floor(segment.start * RATE));
  const to = Math.min(samples.length, Math.ceil(segment.end * RATE));
  const piece = samples.subarray(from, to);
  return alignPhrase(segment.tokens, piece.length / RATE, findPauses(piece, RATE)).map((span) => ({
    start: span.start + segment.start,
    end: span.end + segment.start,
  }));
}

/** A decoded word's span may swallow the pause after it: end it where a pause inside it begins. */
function trimEnds(samples: Float32Array, spans: (Span | undefined)[], from: number, to: number): (Span | undefined)[] {
  const first = Math.max(0, Math.floor(from * RATE));
  const pauses = findPauses(samples.subarray(first, Math.ceil(to * RATE)), RATE).map((p) => ({
    start: p.start + first / RATE,
    end: p.end + first / RATE,
  }));
  return spans.map((span) => {
    if (!span) return span;
    const inside = pauses.find((p) => p.start > span.start + 0.05 && p.start < span.end && p.end >= span.end - 0.03);
    return inside ? { start: span.start, end: inside.start } : span;
  });
}

function toPcm16(samples: Float32Array): Buffer {
  const out = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i += 1) {
    const v = Math.max(-1, Math.min(1, samples[i] ?? 0));
    out.writeInt16LE(Math.round(v * 32767), i * 2);
  }
  return out;
}

/**
 * A Sphinx finite-state grammar: token boundaries are states, each reading of a token a path of its words. Grammar
 * words are named after their place (<grammar>t<token>a<reading>w<word>) so the result maps back to tokens; their
 * pronunciations are added to `dict`. Undefined when no token can be pronounced.
 */
function buildGrammar(
  name: string,
  grammar: readonly string[][][],
  lexicon: ReadonlyMap<string, string[]>,
  dict: string[],
  open: boolean,
): string | undefined {
  const transitions: string[] = [];
  let states = grammar.length + 1;
  let pronounceable = false;
  for (const [t, readingsOfToken] of grammar.entries()) {
    const usable = readingsOfToken.filter((words) => words.length > 0 && words.every((w) => lexicon.has(w)));
    if (usable.length === 0) {
      // Nothing to listen for: skip the token (it is placed between its neighbours).
      transitions.push(`TRANSITION ${t} ${t + 1} 1.0`);
      continue;
    }
    pronounceable = true;
    const p = (1 / usable.length).toFixed(4);
    for (const [a, words] of usable.entries()) {
      let from = t;
      for (const [w, word] of words.entries()) {
        const id = `${name}t${t}a${a}w${w}`;
        const variants = lexicon.get(word) ?? [];
        for (const [v, phones] of variants.entries()) dict.push(`${v === 0 ? id : `${id}(${v + 1})`} ${phones}`);
        const to = w === words.length - 1 ? t + 1 : states++;
        transitions.push(`TRANSITION ${from} ${to} ${w === 0 ? p : "1.0"} ${id}`);
        from = to;
      }
    }
  }
  if (!pronounceable) return undefined;
  // An open grammar may stop after any token.
  if (open) for (let t = 1; t < grammar.length; t += 1) transitions.push(`TRANSITION ${t} ${grammar.length} 0.5`);
  return [
    `FSG_BEGIN ${name}`,
    `NUM_STATES ${states}`,
    "START_STATE 0",
    `FINAL_STATE ${grammar.length}`,
    ...transitions,
    "FSG_END",
    "",
  ].join("\n");
}

// ---------------------------------------------------------------------------------------------------------------
// What a token sounds like: its readings as lists of dictionary words.

const ORDINAL: Record<string, string> = {
  one: "first",
  two: "second",
  three: "third",
  five: "fifth",
  eight: "eighth",
  nine: "ninth",
  twelve: "twelfth",
};
const SYMBOLS: Record<string, string> = { "&": "and", "+": "plus", "=": "equals", "%": "percent", "@": "at" };
const CURRENCY_WORDS = new Set(["euros", "pounds", "yen", "cents", "degrees"]);

/** Cardinal number in words ("one hundred twenty three"). */
export function cardinal(value: number): string[] {
  if (value < 20) return [ONES[value] ?? "zero"];
  if (value < 100) {
    const tens = TENS[Math.floor(value / 10)] ?? "";
    return value % 10 ? [tens, ONES[value % 10] ?? ""] : [tens];
  }
  if (value < 1000) {
    return [ONES[Math.floor(value / 100)] ?? "", "hundred", ...(value % 100 ? cardinal(value % 100) : [])];
  }
  for (const [size, name] of [
    [1e9, "billion"],
    [1e6, "million"],
    [1e3, "thousand"],
  ] as const) {
    if (value >= size) {
      const rest = value % size;
      return [...cardinal(Math.floor(value / size)), name, ...(rest ? cardinal(rest) : [])];
    }
  }
  return [];
}

function ordinal(value: number): string[] {
  const words = cardinal(value);
  const last = words.at(-1) ?? "";
  const ord = ORDINAL[last] ?? (last.endsWith("y") ? `${last.slice(0, -1)}ieth` : `${last}th`);
  return [...words.slice(0, -1), ord];
}

function digits(text: string): string[] {
  return text.split("").map((d) => ONES[Number(d)] ?? "");
}

/** The ways a whole number may be read. */
function integerReadings(text: string): string[][] {
  const plain = text.replace(/,/g, "");
  const value = Number(plain);
  if (!/^\d+$/.test(plain) || !Number.isSafeInteger(value) || value >= 1e12) return [digits(plain)];
  const readings = [cardinal(value)];
  if (/^0\d/.test(plain)) readings.unshift(digits(plain));
  // Years: "1999" as "nineteen ninety nine", "2024" as "twenty twenty four", "1905" as "nineteen oh five".
  if (!text.includes(",") && plain.length === 4 && value >= 1100 && value < 2100 && value % 1000 >= 10) {
    const high = Math.floor(value / 100);
    const low = value % 100;
    const lowWords = low === 0 ? ["hundred"] : low < 10 ? ["oh", ONES[low] ?? ""] : cardinal(low);
    readings.push([...cardinal(high), ...lowWords]);
  }
  return readings;
}

function numberReadings(text: string): string[][] {
  const [whole = "0", fraction] = text.split(".");
  const base = integerReadings(whole || "0");
  if (fraction === undefined) return base;
  return base.map((words) => [...words, "point", ...digits(fraction)]);
}

/** Every combination of the pieces' readings (at most `limit`). */
function combine(pieces: string[][][], limit = 6): string[][] {
  let result: string[][] = [[]];
  for (const options of pieces) {
    const next: string[][] = [];
    for (const prefix of result) for (const option of options) next.push([...prefix, ...option]);
    result = next.slice(0, limit);
  }
  return result;
}

/**
 * The ways a token (its ASCII spoken form) may be read aloud, each a list of lowercase dictionary words. Letters
 * that are not a dictionary word are looked up by the lexicon step (flite's rules).
 */
export function readings(spoken: string): string[][] {
  const pieces: string[][][] = [];
  const pattern = /(\$)?(\d+(?:,\d{3})*(?:\.\d+)?)(st|nd|rd|th|s|k|m|bn|%)?|[A-Za-z]+(?:'[A-Za-z]+)*|[&+@=%]/gi;
  for (const match of spoken.matchAll(pattern)) {
    const [all, dollar, number, suffix] = match;
    if (number !== undefined) {
      const lower = suffix?.toLowerCase();
      let options = numberReadings(number);
      const value = Number(number.replace(/,/g, ""));
      if (lower && ["st", "nd", "rd", "th"].includes(lower) && /^\d+$/.test(number) && Number.isSafeInteger(value)) {
        options = [ordinal(value)];
      } else if (lower === "s" && /^\d+$/.test(number)) {
        // "90s" -> "nineties", "1990s" -> "nineteen nineties".
        options = options.map((words) => {
          const last = words.at(-1) ?? "";
          return [...words.slice(0, -1), last.endsWith("y") ? `${last.slice(0, -1)}ies` : `${last}s`];
        });
      } else if (lower === "k")
        options = options.flatMap((w) => [
          [...w, "k"],
          [...w, "thousand"],
        ]);
      else if (lower === "m")
        options = options.flatMap((w) => [
          [...w, "m"],
          [...w, "million"],
        ]);
      else if (lower === "bn") options = options.map((w) => [...w, "billion"]);
      else if (lower === "%") options = options.map((w) => [...w, "percent"]);
      if (dollar) {
        const [whole = "0", cents] = number.replace(/,/g, "").split(".");
        const unit = whole === "1" ? "dollar" : "dollars";
        const wholeWords = integerReadings(whole)[0] ?? [];
        const scale = lower === "k" ? ["thousand"] : lower === "m" ? ["million"] : lower === "bn" ? ["billion"] : [];
        if (cents !== undefined && cents.length === 2 && scale.length === 0) {
          const centWords = cardinal(Number(cents));
          options = [
            [...wholeWords, unit, ...centWords],
            [...wholeWords, unit, ...centWords, "cents"],
            [...wholeWords, unit, "and", ...centWords, "cents"],
            [...wholeWords, "point", ...digits(cents), "dollars"],
          ];
        } else {
          options = options.map((words) => [...words, ...scale.filter((w) => !words.includes(w)), "dollars"]);
        }
      }
      pieces.push(options);
    } else if (SYMBOLS[all]) {
      pieces.push([[SYMBOLS[all] ?? ""]]);
    } else {
      const word = all.toLowerCase();
      if (/^[A-Z]{2,5}$/.test(all) && !CURRENCY_WORDS.has(word)) {
        // An abbreviation is spelled (FBI) or read as a word (NASA).
        pieces.push([word.split(""), [word]]);
      } else {
        pieces.push([[word]]);
      }
    }
  }
  return combine(pieces);
}

// ---------------------------------------------------------------------------------------------------------------
// Pronunciations: cmudict, else flite's lexicon and letter-to-sound rules.

const dictionaries = new Map<string, Promise<Map<string, string[]>>>();

function loadDictionary(modelDir: string): Promise<Map<string, string[]>> {
  let loading = dictionaries.get(modelDir);
  if (!loading) {
    loading = readFile(join(modelDir, "cmudict-en-us.dict"), "utf8").then((text) => {
      const map = new Map<string, string[]>();
      for (const line of text.split("\n")) {
        const space = line.indexOf(" ");
        if (space <= 0) continue;
        const word = line.slice(0, space).replace(/\(\d+\)$/, "");
        const phones = line.slice(space + 1).trim();
        const list = map.get(word);
        if (list) list.push(phones);
        else map.set(word, [phones]);
      }
      return map;
    });
    dictionaries.set(modelDir, loading);
    loading.catch(() => dictionaries.delete(modelDir));
  }
  return loading;
}

/** Pronunciations (cmudict phone strings) of the words that have one. */
async function pronunciations(
  words: readonly string[],
  modelDir: string,
  cacheDir: string | undefined,
  signal: AbortSignal | undefined,
): Promise<Map<string, string[]>> {
  const dictionary = await loadDictionary(modelDir);
  const result = new Map<string, string[]>();
  const missing: string[] = [];
  for (const word of words) {
    const known = dictionary.get(word) ?? dictionary.get(word.replace(/'/g, ""));
    if (known) result.set(word, known);
    else if (/^[a-z]/.test(word)) missing.push(word);
  }
  if (missing.length > 0) {
    try {
      for (const [word, phones] of await fliteLexicon(missing, cacheDir, signal)) result.set(word, [phones]);
    } catch (error) {
      throwIfAborted(signal);
      // Without flite's rules, words outside cmudict are skipped and placed between their neighbours.
      if (!(error instanceof TtsError)) throw error;
    }
  }
  return result;
}

/**
 * Reads words on stdin, one a line, and prints each with its phones from flite's CMU lexicon (its letter-to-sound
 * rules for words the lexicon lacks).
 */
export const LEXICON_HELPER_SOURCE = String.raw`#include <stdio.h>
#include <string.h>
#include <flite/flite.h>

cst_lexicon *cmu_lex_init(void);

int main(void) {
  cst_lexicon *lex = cmu_lex_init();
  static char line[4096];
  while (fgets(line, sizeof line, stdin)) {
    size_t n = strlen(line);
    while (n && (line[n - 1] == '\n' || line[n - 1] == '\r')) line[--n] = 0;
    if (!n) continue;
    cst_val *phones = lex_lookup(lex, line, NULL, NULL);
    printf("%s", line);
    for (const cst_val *p = phones; p; p = val_cdr(p)) printf(" %s", val_string(val_car(p)));
    printf("\n");
    delete_val(phones);
  }
  return 0;
}
`;

const LEXICON_LIBS = ["-lflite_cmulex", "-lflite", "-lm"];

/** flite's phones to cmudict's: no stress digits, upper case, and flite's schwa "ax" is cmudict's "AH". */
export function fliteToCmudict(phones: readonly string[]): string {
  return phones
    .map((phone) => phone.replace(/\d+$/, "").toUpperCase())
    .filter((phone) => phone && phone !== "PAU")
    .map((phone) => (phone === "AX" ? "AH" : phone))
    .join(" ");
}

async function fliteLexicon(
  words: readonly string[],
  cacheDir: string | undefined,
  signal: AbortSignal | undefined,
): Promise<Map<string, string>> {
  const helper = await ensureLexiconHelper(cacheDir ?? defaultCacheDir());
  const input = words.map((word) => word.replace(/[^a-z']/g, "")).join("\n");
  const { stdout } = await runProcess(helper, [], { input: `${input}\n`, signal });
  const result = new Map<string, string>();
  const lines = stdout.split("\n");
  for (const [i, word] of words.entries()) {
    const [, ...phones] = (lines[i] ?? "").trim().split(/\s+/);
    const converted = fliteToCmudict(phones);
    if (converted) result.set(word, converted);
  }
  return result;
}

function ensureLexiconHelper(cacheDir: string): Promise<string> {
  return ensureCHelper(
    {
      name: "lexicon",
      purpose: "words cannot be looked up in flite's lexicon",
      source: LEXICON_HELPER_SOURCE,
      libs: LEXICON_LIBS,
      header: "/usr/include/flite/flite.h",
      howTo: "install gcc, libc6-dev and flite1-dev",
    },
    cacheDir,
  );
}

/**
 * What an open-vocabulary recogniser hears in a recording (pocketsphinx with its general US English language model,
 * not the script): the words as lower-case text. Used to measure how intelligible a voice is, not to time words.
 */
export async function recognizeOpen(
  audioPath: string,
  options: { workDir: string; modelDir?: string; signal?: AbortSignal },
): Promise<string> {
  const modelDir = options.modelDir ?? POCKETSPHINX_MODEL_DIR;
  const samples = await decodePcm(audioPath, RATE, options.signal);
  const raw = join(options.workDir, `recognize-${randomBytes(6).toString("hex")}.wav`);
  await writeFile(raw, encodeWav({ sampleRate: RATE, channels: 1, bitsPerSample: 16 }, toPcm16(samples)));
  try {
    // biome-ignore format: one option and its value per line
    const { stdout } = await runProcess("pocketsphinx_continuous", [
      "-infile", raw,
      "-hmm", join(modelDir, "en-us"),
      "-lm", join(modelDir, "en-us.lm.bin"),
      "-dict", join(modelDir, "cmudict-en-us.dict"),
      "-logfn", "/dev/null",
    ], { signal: options.signal });
    return stdout
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean)
      .join(" ");
  } finally {
    await rm(raw, { force: true });
  }
}
