import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StripeEnv } from "../../src/env.ts";
import { NOT_AN_EVENT } from "../../src/repositories/payments/stripe-provider.ts";
import { FakeStripe } from "../fake-stripe.ts";
import { createHarness, type Harness, json } from "../harness.ts";

const WEBHOOK_SECRET = "whsec_hostile_webhook_secret";
const signer = new Stripe("sk_test_hostile");
const sign = (payload: string) => signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });

let stripe: FakeStripe;
let h: Harness;
beforeAll(async () => {
  stripe = await FakeStripe.start();
  const env: StripeEnv = {
    secretKey: "sk_test_hostile",
    webhookSecret: WEBHOOK_SECRET,
    apiBase: stripe.url,
    prices: {
      plans: {
        STARTER: { month: "price_starter_month", year: "price_starter_year" },
        PRO: { month: "price_pro_month", year: "price_pro_year" },
        AGENCY: { month: "price_agency_month", year: "price_agency_year" },
      },
      topUpPack: "price_topup_pack",
    },
    promotionCodes: {},
  };
  h = await createHarness("pglite", { stripe: env });
});
afterAll(async () => {
  await h.close();
  await stripe.close();
});

const deliver = (payload: string) =>
  h.request("/api/billing/webhooks/stripe", {
    method: "POST",
    body: payload,
    headers: { "stripe-signature": sign(payload) },
  });

describe("a correctly signed webhook body that is not a Stripe event", () => {
  it.each([
    "true",
    "1111",
    "[]",
    "null",
    '{"a":1,"a":2}',
    '{"id":"evt_1","type":"invoice.paid"}',
    '{"id":"evt_1","type":"invoice.paid","data":null}',
    '{"id":"evt_1","type":"invoice.paid","data":{"object":null}}',
    '{"id":"evt_1","type":"invoice.paid","data":{"object":"in_1"}}',
    '{"id":7,"type":"invoice.paid","data":{"object":{}}}',
  ])("%s is refused with 400, not a server error", async (payload) => {
    const response = await deliver(payload);
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ code: "VALIDATION_FAILED", message: NOT_AN_EVENT });
  });

  it("while a well-formed event of a type the app ignores is received", async () => {
    const response = await deliver(
      JSON.stringify({ id: "evt_ignored", type: "charge.refunded", data: { object: {} } }),
    );
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ received: true });
  });
});
