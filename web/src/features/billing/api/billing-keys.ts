/** Query keys of the billing area. Kept apart from the fetchers so the live-update hook can import them cheaply. */
export const billingKeys = {
  all: ["billing"] as const,
  subscription: ["billing", "subscription"] as const,
  topUp: ["billing", "top-up"] as const,
  testCheckout: (id: string) => ["billing", "test-checkout", id] as const,
  testPortal: ["billing", "test-portal"] as const,
};
