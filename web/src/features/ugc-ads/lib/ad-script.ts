import { ugcCopyFromTemplate } from "@reelsmith/core";

/** The ad's words in the draft, and whether the user (or AI) wrote each one rather than the template. */
export interface AdScriptFields {
  product_name: string;
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
  const template = name.trim() ? ugcCopyFromTemplate(name) : { hook: "", copy: "" };
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
  const unedited = { product_name: name, hook: "", ad_copy: "", hook_edited: false, ad_copy_edited: false };
  return { ...withProductName(unedited, name), hook_edited: false, ad_copy_edited: false };
}
