/** The credits feature's public surface: what routes and the app shell compose. */

export { creditsSummaryQueryOptions, useCreditsSummary } from "./api/get-credits-summary";
export { CreditsRefreshButton } from "./components/credits-refresh-button";
export { UsageCard } from "./components/usage-card";
