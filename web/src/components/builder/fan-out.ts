import {
  type LanguageId,
  languageMessages,
  translatableFields,
  type VideoType,
  videoTypeDefinitions,
  wordsToTranslate,
} from "@reelsmith/core";

/** "Also make it in...": the other languages chosen and each one's words, as translated or written, then edited. */
export interface FanOut {
  /** The other languages, in the order they were added. */
  languages: LanguageId[];
  /** Each language's words by field. */
  words: Partial<Record<LanguageId, Record<string, string>>>;
  /** The source words the last translation was made from (null: none made); they tell when it went stale. */
  translatedFrom: Record<string, string> | null;
}

export const NO_FAN_OUT: FanOut = { languages: [], words: {}, translatedFrom: null };

/** The video's words in the draft, by field: what each language needs a version of. */
export function sourceWords(type: VideoType, draft: Record<string, unknown>): Record<string, string> {
  return wordsToTranslate(videoTypeDefinitions[type], draft) as Record<string, string>;
}

/** The fields a type's versions have, with the most characters each takes. */
export function versionFields(type: VideoType): { field: string; max: number }[] {
  return translatableFields(videoTypeDefinitions[type]);
}

/** Whether the draft's words changed after they were translated. */
export function isStale(fanOut: FanOut, source: Record<string, string>): boolean {
  const from = fanOut.translatedFrom;
  if (!from) return false;
  const fields = new Set([...Object.keys(from), ...Object.keys(source)]);
  return [...fields].some((field) => (from[field] ?? "") !== (source[field] ?? ""));
}

/** The first chosen language without a version of every word the draft has, or null when all are there. */
export function firstIncomplete(fanOut: FanOut, source: Record<string, string>): LanguageId | null {
  for (const language of fanOut.languages) {
    const words = fanOut.words[language] ?? {};
    if (Object.keys(source).some((field) => !words[field]?.trim())) return language;
  }
  return null;
}

/**
 * What POST /api/videos gets besides the input when other languages are chosen: the draft's own language and the
 * others, and each other's words as the creator left them. Null without other languages (one video).
 */
export function fanOutRequest(
  fanOut: FanOut,
  own: LanguageId,
  source: Record<string, string>,
): { languages: LanguageId[]; translations: Partial<Record<LanguageId, Record<string, string>>> } | null {
  const others = fanOut.languages.filter((language) => language !== own);
  if (others.length === 0) return null;
  const translations = Object.fromEntries(
    others.map((language) => [
      language,
      Object.fromEntries(Object.keys(source).map((field) => [field, fanOut.words[language]?.[field] ?? ""])),
    ]),
  );
  return { languages: [own, ...others], translations };
}

/** The reason Generate waits, or null: every chosen language has all its words. */
export function fanOutProblem(fanOut: FanOut, source: Record<string, string>): string | null {
  const missing = firstIncomplete(fanOut, source);
  return missing ? languageMessages.fanOutIncomplete(missing) : null;
}
