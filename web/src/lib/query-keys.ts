/**
 * The app's query keys, in one place: the live-update stream, the app shell and the features that change
 * shared data (a new video changes the balance, a profile edit changes the account) all refer to them.
 */

/** The signed-in account (balance, plan, status). */
export const accountQueryKey = ["account"] as const;

/** The credits summary (balance buckets, usage, daily spend). */
export const creditsQueryKey = ["credits"] as const;

/** The billing area. */
export const billingKeys = {
  all: ["billing"] as const,
  subscription: ["billing", "subscription"] as const,
  topUp: ["billing", "top-up"] as const,
  testCheckout: (id: string) => ["billing", "test-checkout", id] as const,
  testPortal: ["billing", "test-portal"] as const,
};

/** Every list of the user's videos (each list adds its query). */
export const videosQueryKey = ["videos"] as const;

/** One video, kept current while it renders. */
export const videoQueryKey = (id: string) => ["video", id] as const;

/** The starter library, caption styles and voices. */
export const catalogQueryKey = ["catalog"] as const;

/** Which optional providers the server has. */
export const capabilitiesQueryKey = ["capabilities"] as const;

/** The user's uploads, per kind. */
export const filesQueryKey = ["files"] as const;

/** One free preview, kept current while it renders. */
export const previewQueryKey = (id: string) => ["preview", id] as const;

/** What the server's fonts can draw (the builders' hint for text no font has). */
export const textCoverageQueryKey = ["catalog", "text-coverage"] as const;
