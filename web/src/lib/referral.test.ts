import { afterEach, describe, expect, it } from "vitest";

import { forgetReferral, rememberReferral, storedReferral } from "./referral";

describe("a referral from the landing to the sign-up", () => {
  afterEach(() => localStorage.clear());

  it("keeps the code of a referral link until the sign-up has used it", () => {
    expect(storedReferral()).toBeUndefined();
    rememberReferral("?utm_source=x&ref=AB12CD34");
    expect(storedReferral()).toBe("AB12CD34");
    // A later page without a ref keeps it; a newer link replaces it.
    rememberReferral("?tab=finished");
    expect(storedReferral()).toBe("AB12CD34");
    rememberReferral("?ref=ZZ99YY88");
    expect(storedReferral()).toBe("ZZ99YY88");
    forgetReferral();
    expect(storedReferral()).toBeUndefined();
  });

  it("ignores what cannot be a code", () => {
    for (const search of ["?ref=", "?ref=a b c d e f", "?ref=%3Cscript%3E", `?ref=${"A".repeat(40)}`, "?ref=abc"]) {
      rememberReferral(search);
      expect(storedReferral(), search).toBeUndefined();
    }
  });
});
