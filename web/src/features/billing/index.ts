/** The billing feature's public surface. */
export { createCheckout } from "./api/create-checkout";
export { createPortalSession } from "./api/create-portal-session";
export { subscriptionQueryOptions, useSubscription } from "./api/get-subscription";
export { topUpStatusQueryOptions, useTopUpStatus } from "./api/get-top-up-status";
export { BillingPortalRedirect } from "./components/billing-portal-redirect";
export { BuyCreditsDialog, topUpErrorMessage } from "./components/buy-credits-dialog";
export { IntervalToggle } from "./components/interval-toggle";
export { SubscriptionCard, scheduledChangeBanner } from "./components/subscription-card";
export { TestCheckoutScreen } from "./components/test-checkout-screen";
export { TestPortalScreen } from "./components/test-portal-screen";
