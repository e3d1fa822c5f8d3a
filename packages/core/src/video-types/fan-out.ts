import { z } from "zod";
import { DEFAULT_LANGUAGE, FAN_OUT_MAX, LANGUAGES, type LanguageId, languageMessages } from "../catalogue/languages.ts";
import type { AnyVideoTypeDefinition } from "./define.ts";

/**
 * Fan-out: one script made into the same video in several languages. A type's `translatable` fields are what a
 * translation replaces; its `language` field says which language each video speaks and writes.
 */

/** The words of one language's video, by translatable field. */
export type Translation = Partial<Record<string, string>>;

/** `languages` of POST /api/videos: each at most once. */
export const fanOutLanguagesSchema = z
  .array(z.enum(LANGUAGES))
  .min(1)
  .max(FAN_OUT_MAX, languageMessages.tooManyLanguages)
  .refine((list) => new Set(list).size === list.length, languageMessages.languagesTwice);

/** `translations` of POST /api/videos: the words the creator checked (or wrote) for a language, by field. */
export const translationsSchema = z.partialRecord(z.enum(LANGUAGES), z.record(z.string(), z.string().max(10_000)));
export type Translations = z.output<typeof translationsSchema>;

/** The fields a type translates, with the most characters each takes (none: it is made in one language only). */
export function translatableFields(definition: AnyVideoTypeDefinition): { field: string; max: number }[] {
  return Object.entries((definition.translatable ?? {}) as Record<string, number>).map(([field, max]) => ({
    field,
    max,
  }));
}

/** The words of an input a translation replaces, by field (empty fields left out: nothing to translate). */
export function wordsToTranslate(definition: AnyVideoTypeDefinition, input: Record<string, unknown>): Translation {
  const words: Translation = {};
  for (const { field } of translatableFields(definition)) {
    const value = input[field];
    if (typeof value === "string" && value.trim() !== "") words[field] = value;
  }
  return words;
}

/** One video of a fan-out: its language, and the fields still to translate (none for the input's own language). */
export interface FanOutPlan {
  language: LanguageId;
  /** The input with what the request brought for this language (its translation, its `language`). */
  input: Record<string, unknown>;
  /** The source words this language still needs a translation of, by field. */
  missing: Translation;
}

/**
 * What each language's video starts from: the input itself in its own language, elsewhere the input with the
 * request's translation over it. A translation of a field that is not translated is refused (`notTranslated`).
 */
export function planFanOut(
  definition: AnyVideoTypeDefinition,
  input: Record<string, unknown>,
  languages: readonly LanguageId[],
  translations: Translations = {},
): FanOutPlan[] | { error: string; path: string } {
  const fields = new Set(translatableFields(definition).map((f) => f.field));
  const source = wordsToTranslate(definition, input);
  const own = (input.language as LanguageId | undefined) ?? DEFAULT_LANGUAGE;
  const plans: FanOutPlan[] = [];
  for (const language of languages) {
    if (language === own) {
      plans.push({ language, input, missing: {} });
      continue;
    }
    const given = translations[language] ?? {};
    const stray = Object.keys(given).find((field) => !fields.has(field));
    if (stray) return { error: languageMessages.notTranslated(stray), path: `translations.${language}.${stray}` };
    const missing: Translation = {};
    for (const [field, text] of Object.entries(source)) {
      if (typeof given[field] !== "string" || given[field].trim() === "") missing[field] = text;
    }
    plans.push({ language, input: { ...input, ...given, language }, missing });
  }
  return plans;
}

/** The types that can be made in several languages at once. */
export function fansOut(definition: AnyVideoTypeDefinition): boolean {
  return translatableFields(definition).length > 0;
}
