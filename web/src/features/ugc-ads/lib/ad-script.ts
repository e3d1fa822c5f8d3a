import { DEFAULT_LANGUAGE, type LanguageId, ugcCopyFromTemplate } from "@reelsmith/core";

/** The ad's words in the draft, and whether the user (or AI) wrote each one rather than the template. */
export interface AdScriptFields {
  product_name: string;
  /** The template's words are English: in another language the creator writes their own. */
  language: LanguageId;
  hook: string;
  ad_copy: string;
  hook_edited: boolean;
  ad_copy_edited: boolean;
}

/**
 * The draft after the product name changes: the hook and the ad copy follow the template for the new
 * name until the user edits them (each on its own); with no name they stay empty, showing their example.
 */
export function withProductName(draft: AdScriptFields, name: string): Partial<AdScriptFields> {
  const template =
    name.trim() && draft.language === DEFAULT_LANGUAGE ? ugcCopyFromTemplate(name) : { hook: "", copy: "" };
  return {
    product_name: name,
    ...(draft.hook_edited ? {} : { hook: template.hook }),
    ...(draft.ad_copy_edited ? {} : { ad_copy: template.copy }),
  };
}

/** The user's own words: from now on the template leaves this field alone. */
export function editHook(hook: string): Partial<AdScriptFields> {
  return { hook, hook_edited: true };
}

export function editAdCopy(adCopy: string): Partial<AdScriptFields> {
  return { ad_copy: adCopy, ad_copy_edited: true };
}

/** Back to the template's words for the current name; they follow the name again. */
export function templateScript(name: string): Partial<AdScriptFields> {
  const unedited = {
    product_name: name,
    language: DEFAULT_LANGUAGE,
    hook: "",
    ad_copy: "",
    hook_edited: false,
    ad_copy_edited: false,
  };
  return { ...withProductName(unedited, name), hook_edited: false, ad_copy_edited: false };
}

/**
 * The draft after the language changes: words the creator wrote stay; the template's (English) are there only in
 * English, so in another language those fields are emptied for the creator's own words.
 */
export function withLanguage(draft: AdScriptFields, language: LanguageId): Partial<AdScriptFields> {
  return { language, ...withProductName({ ...draft, language }, draft.product_name), product_name: draft.product_name };
}
