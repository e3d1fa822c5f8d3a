import { ugcCopyFromTemplate } from "@reelsmith/core";
import { describe, expect, it } from "vitest";

import { type AdScriptFields, editAdCopy, editHook, templateScript, withLanguage, withProductName } from "./ad-script";

const empty: AdScriptFields = {
  product_name: "",
  language: "english",
  hook: "",
  ad_copy: "",
  hook_edited: false,
  ad_copy_edited: false,
};

/** Types a name letter by letter, as the input does. */
function typeName(draft: AdScriptFields, name: string): AdScriptFields {
  let next = draft;
  for (let i = 1; i <= name.length; i++) next = { ...next, ...withProductName(next, name.slice(0, i)) };
  return next;
}

describe("the ad script's template prefill", () => {
  it("follows the product name as it is typed, with the template's words for it", () => {
    const draft = typeName(empty, "Glow Serum");
    const template = ugcCopyFromTemplate("Glow Serum");
    expect(draft).toMatchObject({ product_name: "Glow Serum", hook: template.hook, ad_copy: template.copy });
    expect(draft.hook).toContain("Glow Serum");
    // No name, no words: the fields show their example instead.
    expect({ ...draft, ...withProductName(draft, "  ") }).toMatchObject({ hook: "", ad_copy: "" });
  });

  it("stops for a field once the user edits it, and only for that field", () => {
    let draft = typeName(empty, "Glow");
    draft = { ...draft, ...editHook("My own hook") };
    draft = typeName({ ...draft, product_name: "" }, "Trail Bottle");
    expect(draft.hook).toBe("My own hook");
    expect(draft.ad_copy).toBe(ugcCopyFromTemplate("Trail Bottle").copy);

    draft = { ...draft, ...editAdCopy("My own copy") };
    draft = { ...draft, ...withProductName(draft, "Trail Bottle Pro") };
    expect(draft).toMatchObject({ hook: "My own hook", ad_copy: "My own copy", product_name: "Trail Bottle Pro" });
  });

  it("keeps words written by AI (marked edited) and gives the template back on request", () => {
    let draft: AdScriptFields = { ...typeName(empty, "Glow"), ...editHook("AI hook"), ...editAdCopy("AI copy") };
    draft = { ...draft, ...withProductName(draft, "Glow 2") };
    expect(draft).toMatchObject({ hook: "AI hook", ad_copy: "AI copy" });
    draft = { ...draft, ...templateScript("Glow 2") };
    expect(draft).toMatchObject({
      hook: ugcCopyFromTemplate("Glow 2").hook,
      ad_copy: ugcCopyFromTemplate("Glow 2").copy,
      hook_edited: false,
      ad_copy_edited: false,
    });
    // ...and follow the name again.
    draft = { ...draft, ...withProductName(draft, "Glow 3") };
    expect(draft.hook).toBe(ugcCopyFromTemplate("Glow 3").hook);
  });
});

describe("the ad script in another language", () => {
  it("empties the template's English words, keeps the creator's own, and brings the template back in English", () => {
    const named = typeName(empty, "Glow Serum");
    const spanish = { ...named, ...withLanguage(named, "spanish") };
    expect(spanish).toMatchObject({ language: "spanish", product_name: "Glow Serum", hook: "", ad_copy: "" });
    // Typing the name again fills nothing in Spanish.
    expect(typeName(spanish, "Glow Serum 2")).toMatchObject({ hook: "", ad_copy: "" });
    const written = { ...spanish, ...editHook("¡Mira esto!") };
    const back = { ...written, ...withLanguage(written, "english") };
    expect(back.hook).toBe("¡Mira esto!");
    expect(back.ad_copy).toBe(ugcCopyFromTemplate("Glow Serum").copy);
  });
});
