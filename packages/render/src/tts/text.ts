/**
 * How a script becomes spoken words.
 *
 * The caption contract: `Speech.words[i].text` is the i-th whitespace-separated token of the request text that has
 * something speakable in it, exactly as written (punctuation, digits and any emoji inside the token kept). Tokens with
 * nothing speakable are not words: punctuation-only tokens ("—", "...") silently (they become a pause), emoji-only or
 * non-Latin-only tokens ("🔥", "世界") with a warning. `speechTokens(text)` returns that list without synthesising, so
 * captions, timings and alignment all count words the same way.
 *
 * What the engine hears (`spoken`) is an ASCII rendering of the token: accents removed (café -> cafe), Cyrillic and
 * Greek transliterated, typographic quotes and dashes made plain, and everything else that is not Latin dropped.
 */

import { DEFAULT_LANGUAGE, wordsOf } from "@reelsmith/core";

export interface SpeechToken {
  /** Position in `Speech.words`. */
  index: number;
  /** The token as written in the script. */
  text: string;
  /** What the engine is asked to say for it (ASCII). */
  spoken: string;
  /** True when a blank line or a line break precedes the token (a paragraph or line starts). */
  lineBreakBefore: boolean;
}

export interface TokenizedText {
  tokens: SpeechToken[];
  /** Readable notes about characters that could not be spoken and were left out. */
  warnings: string[];
}

/** A run of tokens synthesised in one go: a sentence, or part of a long one. */
export interface TextChunk {
  tokens: SpeechToken[];
  /** The text given to the engine: the tokens' spoken forms joined by spaces. */
  text: string;
}

const CYRILLIC: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  д: "d",
  е: "e",
  ё: "yo",
  ж: "zh",
  з: "z",
  и: "i",
  й: "y",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  х: "kh",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "shch",
  ъ: "",
  ы: "y",
  ь: "",
  э: "e",
  ю: "yu",
  я: "ya",
  і: "i",
  ї: "yi",
  є: "ye",
  ґ: "g",
};
const GREEK: Record<string, string> = {
  α: "a",
  β: "v",
  γ: "g",
  δ: "d",
  ε: "e",
  ζ: "z",
  η: "i",
  θ: "th",
  ι: "i",
  κ: "k",
  λ: "l",
  μ: "m",
  ν: "n",
  ξ: "x",
  ο: "o",
  π: "p",
  ρ: "r",
  σ: "s",
  ς: "s",
  τ: "t",
  υ: "y",
  φ: "f",
  χ: "ch",
  ψ: "ps",
  ω: "o",
};
const PLAIN: Record<string, string> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u201a": "'",
  "\u201b": "'",
  "\u2032": "'",
  "`": "'",
  "\u201c": '"',
  "\u201d": '"',
  "\u201e": '"',
  "\u00ab": '"',
  "\u00bb": '"',
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2013": "-",
  "\u2014": "-",
  "\u2015": "-",
  "\u2212": "-",
  "\u2026": "...",
  "\u00d7": "x",
  "\u00df": "ss",
  "\u00e6": "ae",
  "\u00c6": "AE",
  "\u0153": "oe",
  "\u0152": "OE",
  "\u00f8": "o",
  "\u00d8": "O",
  "\u0142": "l",
  "\u0141": "L",
  "\u0111": "d",
  "\u0110": "D",
  "\u00fe": "th",
  "\u00f0": "d",
  "\u00b0": " degrees",
  "\u00a2": " cents",
};
const CURRENCY: Record<string, string> = { "\u20ac": "euros", "\u00a3": "pounds", "\u00a5": "yen" };

function transliterate(char: string): string | undefined {
  const lower = char.toLowerCase();
  const mapped = CYRILLIC[lower] ?? GREEK[lower];
  if (mapped === undefined) return undefined;
  return char !== lower && mapped ? mapped[0]?.toUpperCase() + mapped.slice(1) : mapped;
}

/** ASCII rendering of one token and the characters that had to be dropped. */
export function toSpoken(token: string): { spoken: string; dropped: string } {
  let spoken = "";
  let dropped = "";
  const withCurrency = token
    .normalize("NFC")
    .replace(
      /([\u20ac\u00a3\u00a5])(\d[\d,]*(?:\.\d+)?)/gu,
      (_, sign: string, amount: string) => `${amount} ${CURRENCY[sign]}`,
    )
    .replace(/[\u20ac\u00a3\u00a5]/gu, (sign) => ` ${CURRENCY[sign]}`);
  for (const char of withCurrency) {
    const plain = PLAIN[char] ?? transliterate(char);
    if (plain !== undefined) {
      spoken += plain;
      continue;
    }
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0x20 && code < 0x7f) {
      spoken += char;
      continue;
    }
    // Letters with accents: keep the base letter (transliterated when it is Cyrillic or Greek).
    const base = char.normalize("NFKD").replace(/\p{M}/gu, "");
    const plainBase = /^[\x20-\x7e]+$/.test(base) ? base : transliterate(base);
    if (plainBase !== undefined) {
      spoken += plainBase;
      continue;
    }
    // Variation selectors (marks) and joiners (format characters) belong to the emoji next to them: report only
    // the visible characters.
    if (!/^[\p{M}\p{Cf}]$/u.test(char)) dropped += char;
  }
  return { spoken: spoken.replace(/\s+/g, " ").trim(), dropped };
}

const SPEAKABLE = /[A-Za-z0-9]/;
const SYMBOL_WORDS: Record<string, string> = { "&": "and", "+": "plus", "=": "equals", "%": "percent", "@": "at" };
const PAUSE_ONLY = /^[-.…,;:]+$/;

/** Anything a speech engine can read in a language other than English: a letter or a digit of any script. */
const SPEAKABLE_ANY = /[\p{L}\p{N}]/u;
const PICTOGRAPHS = /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\u200d|\ufe0f/gu;

/**
 * Splits a script in a language other than English into its words (at spaces, or by `Intl.Segmenter` for a
 * language written without them, punctuation kept with its word: `wordsOf`). A word is spoken as written, for
 * espeak-ng reads every script of the catalogue; emoji are left out of the speech and kept in the caption.
 */
function foreignTokens(text: string, language: string): TokenizedText {
  const tokens: SpeechToken[] = [];
  const dropped = new Set<string>();
  const unspoken: string[] = [];
  for (const match of text.normalize("NFC").matchAll(/(\s*)(\S+)/gu)) {
    const lineBreakBefore = /[\n\r\u2028\u2029]/.test(match[1] ?? "");
    for (const [i, word] of wordsOf(match[2] ?? "", language).entries()) {
      const spoken = word.replace(PICTOGRAPHS, "").trim();
      if (!SPEAKABLE_ANY.test(spoken)) {
        if (spoken !== word) unspoken.push(word);
        continue;
      }
      for (const char of word.match(PICTOGRAPHS) ?? []) if (!/^[\u200d\ufe0f]$/u.test(char)) dropped.add(char);
      tokens.push({ index: tokens.length, text: word, spoken, lineBreakBefore: lineBreakBefore && i === 0 });
    }
  }
  const warnings: string[] = [];
  if (unspoken.length > 0) {
    warnings.push(`Not spoken and not captioned (no speakable characters): ${unspoken.join(" ")}`);
  }
  if (dropped.size > 0)
    warnings.push(`Characters left out of the speech (kept in the caption): ${[...dropped].join(" ")}`);
  return { tokens, warnings };
}

/**
 * Splits a script into the words that will be spoken and shown. English (the default) is spoken by engines that
 * read ASCII (see `toSpoken`); any other language of the catalogue keeps its own letters (`foreignTokens`).
 */
export function speechTokens(text: string, language: string = DEFAULT_LANGUAGE): TokenizedText {
  if (language !== DEFAULT_LANGUAGE) return foreignTokens(text, language);
  const tokens: SpeechToken[] = [];
  const droppedTokens: string[] = [];
  const droppedInside = new Set<string>();
  const pattern = /(\s*)(\S+)/gu;
  for (const match of text.normalize("NFC").matchAll(pattern)) {
    const before = match[1] ?? "";
    const raw = match[2] ?? "";
    const { spoken, dropped } = toSpoken(raw);
    const symbolWord = SYMBOL_WORDS[spoken];
    if (SPEAKABLE.test(spoken) || symbolWord) {
      tokens.push({
        index: tokens.length,
        text: raw,
        spoken: symbolWord ?? spoken,
        lineBreakBefore: /[\n\r\u2028\u2029]/.test(before),
      });
      for (const char of dropped) droppedInside.add(char);
      continue;
    }
    if (PAUSE_ONLY.test(spoken) && !dropped) {
      // A lone dash or ellipsis reads as a pause after the previous word.
      const previous = tokens.at(-1);
      if (previous && !/[.,;:!?]$/.test(previous.spoken)) previous.spoken += ",";
      continue;
    }
    if (dropped) droppedTokens.push(raw);
  }
  const warnings: string[] = [];
  if (droppedTokens.length > 0) {
    warnings.push(`Not spoken and not captioned (no speakable characters): ${droppedTokens.join(" ")}`);
  }
  if (droppedInside.size > 0) {
    warnings.push(`Characters left out of the speech (kept in the caption): ${[...droppedInside].join(" ")}`);
  }
  return { tokens, warnings };
}

const ABBREVIATIONS = new Set([
  "mr",
  "mrs",
  "ms",
  "dr",
  "st",
  "jr",
  "sr",
  "vs",
  "etc",
  "prof",
  "inc",
  "ltd",
  "co",
  "mt",
  "ft",
  "no",
  "approx",
]);

function endsSentence(token: SpeechToken): boolean {
  const stripped = token.spoken.replace(/["')\]}」』）]+$/u, "");
  // The full stops of Chinese and Japanese, Hindi's danda and the Arabic question mark end sentences too.
  if (/[!?。！？।؟]$/u.test(stripped)) return true;
  if (!/[.]$/.test(stripped)) return false;
  const word = stripped.replace(/\.+$/, "").replace(/^["'([{]+/, "");
  if (ABBREVIATIONS.has(word.toLowerCase())) return false;
  // Initials and dotted abbreviations (J. / U.S.) rarely end a sentence.
  if (/^[A-Za-z]$/.test(word) || /^([A-Za-z]\.)+[A-Za-z]?$/.test(word)) return false;
  return true;
}

function chunkText(tokens: SpeechToken[]): string {
  return tokens.map((token) => token.spoken).join(" ");
}

/**
 * Groups tokens into sentences (and lines), then splits any group longer than `maxChars` at a clause boundary
 * (comma, semicolon, colon) or, failing that, between words.
 */
export function chunkTokens(tokens: SpeechToken[], maxChars = 240): TextChunk[] {
  const sentences: SpeechToken[][] = [];
  let current: SpeechToken[] = [];
  for (const token of tokens) {
    if (token.lineBreakBefore && current.length > 0) {
      sentences.push(current);
      current = [];
    }
    current.push(token);
    if (endsSentence(token)) {
      sentences.push(current);
      current = [];
    }
  }
  if (current.length > 0) sentences.push(current);

  const chunks: TextChunk[] = [];
  const split = (group: SpeechToken[]) => {
    if (chunkText(group).length <= maxChars || group.length === 1) {
      chunks.push({ tokens: group, text: chunkText(group) });
      return;
    }
    // Longest prefix within maxChars; prefer to end it at a clause boundary.
    let length = 0;
    let fit = 0;
    for (const token of group) {
      length += (fit > 0 ? 1 : 0) + token.spoken.length;
      if (length > maxChars) break;
      fit += 1;
    }
    fit = Math.max(1, Math.min(fit, group.length - 1));
    let cut = fit;
    for (let i = fit; i >= Math.ceil(fit / 2); i -= 1) {
      if (/[,;:，、；：،]$/u.test(group[i - 1]?.spoken ?? "")) {
        cut = i;
        break;
      }
    }
    chunks.push({ tokens: group.slice(0, cut), text: chunkText(group.slice(0, cut)) });
    split(group.slice(cut));
  };
  for (const sentence of sentences) split(sentence);
  return chunks;
}

/** Number words, for spelling numbers out (the voices' text and the aligner's readings). */
export const ONES = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
];
export const TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];

function numberWords(value: number): string {
  if (value < 20) return ONES[value] ?? "";
  if (value < 100) return `${TENS[Math.floor(value / 10)]} ${value % 10 ? ONES[value % 10] : ""}`;
  if (value < 1000) return `${ONES[Math.floor(value / 100)]} hundred ${value % 100 ? numberWords(value % 100) : ""}`;
  for (const [size, name] of [
    [1e9, "billion"],
    [1e6, "million"],
    [1e3, "thousand"],
  ] as const) {
    if (value >= size) {
      const rest = value % size;
      return `${numberWords(Math.floor(value / size))} ${name} ${rest ? numberWords(rest) : ""}`;
    }
  }
  return "";
}

function wordSyllables(word: string): number {
  const w = word.toLowerCase().replace(/[^a-z]/g, "");
  if (!w) return 0;
  if (w.length <= 3) return 1;
  const trimmed = w.replace(/(?:[^laeiouy]es|[^laeiouy]ed|[^laeiouy]e)$/, "").replace(/^y/, "");
  const groups = trimmed.match(/[aeiouy]{1,2}/g);
  return Math.max(1, groups?.length ?? 1);
}

/**
 * Estimated syllables of a token as spoken: numbers read out (3 -> "three", 1,000 -> "one thousand"), letters of
 * an all-caps abbreviation one each ("FBI"), symbols as their word ($ and % as "dollars", "percent"). Used to share a phrase's time among its words.
 */
/**
 * About how many syllables a word in another script has: a Chinese character, a kana or a Hangul block is one; in an
 * alphabet (Cyrillic, Arabic, Devanagari...) about every two and a half letters are.
 */
function scriptSyllables(word: string): number {
  const blocks = word.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu)?.length ?? 0;
  const letters = word.match(/\p{L}/gu)?.length ?? 0;
  return blocks + Math.ceil((letters - blocks) / 2.5);
}

export function syllableCount(spoken: string): number {
  // Currency and percent signs are read as words after the number ("$5" -> "five dollars").
  let total = (spoken.match(/[$%]/g)?.length ?? 0) * 2;
  for (const part of spoken.match(/[0-9][0-9,]*(?:\.[0-9]+)?|[A-Za-z']+|[&+@#=]|[^\p{P}\p{Z}\p{S}\p{ASCII}]+/gu) ??
    []) {
    if (!/^\p{ASCII}/u.test(part)) {
      total += scriptSyllables(part);
    } else if (/^[0-9]/.test(part)) {
      const [whole = "0", fraction = ""] = part.replace(/,/g, "").split(".");
      const value = Number(whole);
      const words =
        value < 1e12
          ? numberWords(value)
          : whole
              .split("")
              .map((d) => ONES[Number(d)])
              .join(" ");
      const fractionWords = fraction
        ? ` point ${fraction
            .split("")
            .map((d) => ONES[Number(d)])
            .join(" ")}`
        : "";
      for (const word of `${words}${fractionWords}`.split(/\s+/)) total += wordSyllables(word);
    } else if (/^[A-Z]{2,5}$/.test(part)) {
      total += part.length + (part.match(/W/g)?.length ?? 0) * 2;
    } else if (/^[A-Za-z']+$/.test(part)) {
      total += wordSyllables(part);
    } else {
      total += SYMBOL_WORDS[part] ? wordSyllables(SYMBOL_WORDS[part]) : 1;
    }
  }
  return Math.max(1, total);
}

/** Joins consecutive chunks while the joined text stays within `maxChars` (fewer, larger requests). */
export function packChunks(chunks: readonly TextChunk[], maxChars: number): TextChunk[] {
  const packed: TextChunk[] = [];
  for (const chunk of chunks) {
    const last = packed.at(-1);
    if (last && last.text.length + 1 + chunk.text.length <= maxChars) {
      packed[packed.length - 1] = { tokens: [...last.tokens, ...chunk.tokens], text: `${last.text} ${chunk.text}` };
    } else {
      packed.push(chunk);
    }
  }
  return packed;
}

/**
 * Relative time a token takes to say, for spreading a phrase's length over its words: syllables, plus letters
 * (more sounds per syllable take longer), plus phrase-final lengthening before punctuation. The weights are a
 * least-squares fit to the offline engines' own word durations (median error about 50 ms per word, against about
 * 75 ms for syllables alone).
 */
export function durationWeight(spoken: string): number {
  const letters = spoken.replace(/[^A-Za-z0-9]/g, "").length;
  const final = /[,;:.!?]["')\]]*$/.test(spoken) ? 1 : 0;
  return syllableCount(spoken) + 0.38 * letters + final;
}
