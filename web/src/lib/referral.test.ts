import { afterEach, describe, expect, it } from "vitest";

import indexHtml from "../../index.html?raw";
import { forgetReferral, REFERRAL_STORAGE_KEY, storedReferral } from "./referral";

/** The inline scripts of index.html, run as a page load at `address` runs them (before any app code). */
function loadPage(address: string): void {
  window.history.replaceState(null, "", address);
  for (const [, code] of indexHtml.matchAll(/<script>([\s\S]*?)<\/script>/g)) new Function(code ?? "")();
}

describe("a referral from the landing to the sign-up", () => {
  afterEach(() => {
    localStorage.clear();
    window.history.replaceState(null, "", "/");
  });

  it("keeps the code of a referral link from the page's first script until the sign-up has used it", () => {
    expect(storedReferral()).toBeUndefined();
    loadPage("/?utm_source=x&ref=AB12CD34");
    expect(localStorage.getItem(REFERRAL_STORAGE_KEY)).toBe("AB12CD34");
    expect(storedReferral()).toBe("AB12CD34");
    // A later page without a ref keeps it; a newer link replaces it.
    loadPage("/pricing?tab=finished");
    expect(storedReferral()).toBe("AB12CD34");
    loadPage("/blog?ref=ZZ99YY88");
    expect(storedReferral()).toBe("ZZ99YY88");
    forgetReferral();
    expect(storedReferral()).toBeUndefined();
  });

  it("ignores what cannot be a code", () => {
    for (const search of ["?ref=", "?ref=a b c d e f", "?ref=%3Cscript%3E", `?ref=${"A".repeat(40)}`, "?ref=abc"]) {
      loadPage(`/${search}`);
      expect(storedReferral(), search).toBeUndefined();
    }
  });
});
