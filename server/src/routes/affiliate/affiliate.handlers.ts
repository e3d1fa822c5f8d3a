import type { Auth } from "../../auth/auth.ts";
import { requireUser } from "../../auth/session.ts";
import { createRouter } from "../../lib/create-app.ts";
import type { ReferralService } from "../../services/referral.service.ts";
import { getAffiliateRoute } from "./affiliate.routes.ts";

export function affiliateRoutes(deps: { auth: Auth; referrals: ReferralService }) {
  return createRouter().openapi(getAffiliateRoute, async (c) => {
    const user = await requireUser(deps.auth, c);
    c.header("Cache-Control", "no-store");
    return c.json(await deps.referrals.summary(user.id), 200);
  });
}
