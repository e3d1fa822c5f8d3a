import { type CheckoutRequest, type CheckoutResponse, messages } from "@reelsmith/core";

import { apiFetch } from "@/lib/api-client";

/**
 * The spec's create-checkout-session: answers the page to send the browser to. A 2xx answer without
 * a URL is an error in the spec's words ('No Checkout URL returned.').
 */
export async function createCheckout(request: CheckoutRequest): Promise<CheckoutResponse> {
  const body = await apiFetch<Partial<CheckoutResponse>>("/api/billing/checkout", { method: "POST", json: request });
  if (!body?.url) throw new Error(messages.billing.noCheckoutUrl);
  return { url: body.url };
}
