/**
 * A referral survives from the landing to the sign-up: a visit with `?ref=<code>` (on any page) keeps the
 * code in localStorage, and the sign-up sends it. Kept out of any schema library: it runs in the entry.
 */
const STORAGE_KEY = "reelsmith.ref";
/** The shape of a referral code (the server checks it again). */
const CODE = /^[A-Za-z0-9]{6,32}$/;

/** Remembers the `ref` of a page address; the latest link a visitor followed wins. */
export function rememberReferral(search: string): void {
  const code = new URLSearchParams(search).get("ref")?.trim();
  if (!code || !CODE.test(code)) return;
  try {
    localStorage.setItem(STORAGE_KEY, code);
  } catch {
    // Storage is off (private mode): the link still works for a sign-up in this page.
  }
}

/** The referral code to send with a sign-up, if the visitor came through a referral link. */
export function storedReferral(): string | undefined {
  try {
    const code = localStorage.getItem(STORAGE_KEY);
    return code && CODE.test(code) ? code : undefined;
  } catch {
    return undefined;
  }
}

/** After a sign-up the code has been used. */
export function forgetReferral(): void {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}
