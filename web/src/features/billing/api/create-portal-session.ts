import { portalResponseSchema } from "@reelsmith/core";

import { apiFetch } from "@/lib/api-client";

/** The spec's create-billing-portal-session; returns to /settings afterwards. */
export async function createPortalSession(returnPath = "/settings"): Promise<{ url: string | null }> {
  const body = await apiFetch("/api/billing/portal", {
    method: "POST",
    json: { returnPath },
    schema: portalResponseSchema.partial(),
  });
  return { url: body.url ?? null };
}
