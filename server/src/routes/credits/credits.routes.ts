import { creditsSummarySchema } from "@reelsmith/core";
import { apiRoute, errorResponses } from "../../lib/openapi.ts";

export const getCreditsRoute = apiRoute({
  method: "get",
  path: "/api/credits",
  tags: ["Credits"],
  summary: "The signed-in user's balance, plan and permanent credits, usage this period and daily spend",
  description:
    "The balance is the sum of the server-side ledger. Plan credits expire at the end of the monthly cycle; " +
    "permanent credits (sign-up bonus, purchases, refunds) never do. Credits are spent and added only by the " +
    "server (video creation, purchases), never through this API.",
  security: [{ cookieAuth: [] }],
  responses: {
    200: { description: "Balance and usage", content: { "application/json": { schema: creditsSummarySchema } } },
    ...errorResponses({ 401: "Not signed in" }),
  },
});
