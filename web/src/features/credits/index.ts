/** The credits feature's public surface: what other screens (the video builders) import. */

export { creditsQueryKey } from "./api/credits-key";
export { creditsSummaryQueryOptions, useCreditsSummary } from "./api/get-credits-summary";
export { CreditsRefreshButton } from "./components/credits-refresh-button";
export {
  InsufficientCreditsDialog,
  type InsufficientCreditsDialogProps,
} from "./components/insufficient-credits-dialog";
export { UsageCard } from "./components/usage-card";
export { insufficientCreditsFrom } from "./lib/insufficient-credits";
