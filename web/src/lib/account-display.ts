import { type Account, messages, type SubscriptionBadge, subscriptionBadge } from "@reelsmith/core";

/** The plan name shown in the shell and settings; the free tier reads "Free Plan". */
export function planLabel(account: Pick<Account, "plan">): string {
  return account.plan?.name ?? messages.subscription.freePlan;
}

/** Maps the account's subscription status onto the spec's badge: Active / Inactive / No Subscription. */
export function accountBadge(account: Pick<Account, "subscriptionStatus">): SubscriptionBadge {
  return subscriptionBadge(account.subscriptionStatus === "none" ? null : { status: account.subscriptionStatus });
}
