/**
 * The languages a video can speak and be captioned in. The id is what an input's `language` field holds (the spec's
 * own "english" first); `tag` is its BCP 47 tag, which the engine hands to speech engines, word segmentation and
 * font choice. Text in languages written without spaces between words (`spaced: false`) is split into words by
 * `Intl.Segmenter` and captioned without spaces.
 */
export interface Language {
  id: string;
  /** The language's English name, as the builders list it. */
  name: string;
  /** Its own name for itself. */
  native: string;
  tag: string;
  /** Written right to left. */
  rtl?: true;
  /** Written without spaces between words. */
  spaced?: false;
}

export const LANGUAGE_CATALOGUE = [
  { id: "english", name: "English", native: "English", tag: "en" },
  { id: "spanish", name: "Spanish", native: "Español", tag: "es" },
  { id: "portuguese", name: "Portuguese", native: "Português", tag: "pt" },
  { id: "french", name: "French", native: "Français", tag: "fr" },
  { id: "german", name: "German", native: "Deutsch", tag: "de" },
  { id: "italian", name: "Italian", native: "Italiano", tag: "it" },
  { id: "dutch", name: "Dutch", native: "Nederlands", tag: "nl" },
  { id: "polish", name: "Polish", native: "Polski", tag: "pl" },
  { id: "turkish", name: "Turkish", native: "Türkçe", tag: "tr" },
  { id: "russian", name: "Russian", native: "Русский", tag: "ru" },
  { id: "arabic", name: "Arabic", native: "العربية", tag: "ar", rtl: true },
  { id: "hebrew", name: "Hebrew", native: "עברית", tag: "he", rtl: true },
  { id: "hindi", name: "Hindi", native: "हिन्दी", tag: "hi" },
  { id: "indonesian", name: "Indonesian", native: "Bahasa Indonesia", tag: "id" },
  { id: "japanese", name: "Japanese", native: "日本語", tag: "ja", spaced: false },
  { id: "korean", name: "Korean", native: "한국어", tag: "ko" },
  { id: "chinese", name: "Chinese", native: "中文", tag: "zh", spaced: false },
] as const satisfies readonly Language[];

export type LanguageId = (typeof LANGUAGE_CATALOGUE)[number]["id"];
export const LANGUAGES = LANGUAGE_CATALOGUE.map((language) => language.id) as [LanguageId, ...LanguageId[]];
export const DEFAULT_LANGUAGE: LanguageId = "english";

/** A language of the catalogue by id (English for an id it does not hold). */
export function languageOf(id: string | undefined): Language {
  return LANGUAGE_CATALOGUE.find((language) => language.id === id) ?? LANGUAGE_CATALOGUE[0];
}

/**
 * The words of a text as it is captioned and spoken: split at spaces, or by `Intl.Segmenter` for a language written
 * without them, where punctuation and other pieces that are not words stay with the word before them, and opening
 * brackets and quotes (and anything at the start) with the word after them.
 */
export function wordsOf(text: string, language: string | undefined): string[] {
  const info = languageOf(language);
  if (info.spaced !== false) return text.split(/\s+/u).filter(Boolean);
  const words: string[] = [];
  let pending = "";
  for (const piece of text.split(/\s+/u).filter(Boolean)) {
    for (const segment of new Intl.Segmenter(info.tag, { granularity: "word" }).segment(piece)) {
      if (segment.isWordLike) {
        words.push(pending + segment.segment);
        pending = "";
      } else if (words.length > 0 && pending === "" && !/^[\p{Ps}\p{Pi}]/u.test(segment.segment)) {
        words[words.length - 1] += segment.segment;
      } else {
        pending += segment.segment;
      }
    }
    if (pending && words.length > 0) {
      words[words.length - 1] += pending;
      pending = "";
    }
  }
  if (pending) words.push(pending);
  return words;
}

/** The most languages one creation is made in ("Also make it in...": the input's own language and the others). */
export const FAN_OUT_MAX = 6;

/** What the builders and the server say about languages (kept out of `messages`, which every page loads). */
export const languageMessages = {
  /** Fan-out without a language model to translate the words the request did not bring. */
  fanOutNeedsModel:
    "Making a video in other languages needs a language model to translate it, and none is connected on this server.",
  /** Fan-out of a type with no words to translate. */
  nothingToTranslate: "This kind of video has no words to translate: make it in one language.",
  languagesTwice: "Each language may be listed once.",
  translationsWithoutLanguages: "Translations come with the languages to make the video in (languages).",
  tooManyLanguages: `At most ${FAN_OUT_MAX} languages at once.`,
  /** A translation the request brought for a field that is not translated. */
  notTranslated: (field: string) => `"${field}" is not translated: only the video's words are.`,
  /** Generate with a language chosen under "Also make it in..." whose words are not all there yet. */
  fanOutIncomplete: (language: string) =>
    `Fill in the ${languageOf(language).name} version first: each language needs all of the video's words.`,
  /** The builder's note when no language model is connected: the creator writes each version. */
  writeYourOwn:
    "No language model is connected on this server, so write each version yourself: every language you add gets its own boxes.",
  /** Words edited since they were translated. */
  staleTranslation: "Your words changed after they were translated: translate again, or check each version.",
  /** The language model failed to translate. */
  translationFailed: (language: string) =>
    `The translation into ${languageOf(language).name} could not be written. Please try again.`,
  /** A refusal of one language's video, named by its language. */
  inLanguage: (language: string, message: string) => `${languageOf(language).name}: ${message}`,
  /** A UGC ad in another language needs its own words: the ready-made hook and copy are English. */
  ownWordsNeeded: (what: "hook" | "ad copy", language: string) =>
    `Write the ${what} in ${languageOf(language).name}: the ready-made ${what} is English.`,
  /** The voice picker's note. */
  voicesNote: (language: string) => `Every voice reads ${languageOf(language).name}.`,
};
