/**
 * A referral survives from the landing to the sign-up: a visit with `?ref=<code>` (on any page) keeps the
 * code in localStorage, and the sign-up sends it. The code is kept by the inline script of index.html, which
 * runs on every page before its first paint (a pre-rendered page loads the app's code only after it, and a
 * visitor may move on before); referral.test.ts runs that script against the reading here.
 */
export const REFERRAL_STORAGE_KEY = "reelsmith.ref";
/** The shape of a referral code (the server checks it again). */
const CODE = /^[A-Za-z0-9]{6,32}$/;

/** The referral code to send with a sign-up, if the visitor came through a referral link. */
export function storedReferral(): string | undefined {
  try {
    const code = localStorage.getItem(REFERRAL_STORAGE_KEY);
    return code && CODE.test(code) ? code : undefined;
  } catch {
    return undefined;
  }
}

/** After a sign-up the code has been used. */
export function forgetReferral(): void {
  try {
    localStorage.removeItem(REFERRAL_STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}
