import { affiliateSchema } from "@reelsmith/core";
import { apiRoute, errorResponses } from "../../lib/openapi.ts";

export const getAffiliateRoute = apiRoute({
  method: "get",
  path: "/api/affiliate",
  tags: ["Affiliate"],
  summary: "The signed-in user's referral link, the accounts made through it and the credits it earned",
  description:
    "The code is made on the first call and never changes. A visitor who lands with `?ref=<code>` and signs " +
    "up is counted as signed up; when that account first completes a payment (a plan or a top-up) it is " +
    "counted as paid and the referrer earns `reward_credits` once (ledger source `referral_reward`).",
  security: [{ cookieAuth: [] }],
  responses: {
    200: {
      description: "The referral link and its counts",
      content: { "application/json": { schema: affiliateSchema } },
    },
    ...errorResponses({ 401: "Not signed in" }),
  },
});
