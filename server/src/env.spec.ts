import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadEnv } from "./env.ts";

const STRIPE = {
  STRIPE_SECRET_KEY: "sk_test_x",
  STRIPE_WEBHOOK_SECRET: "whsec_x",
  STRIPE_PRICE_STARTER_MONTHLY: "p_sm",
  STRIPE_PRICE_STARTER_ANNUAL: "p_sy",
  STRIPE_PRICE_PRO_MONTHLY: "p_pm",
  STRIPE_PRICE_PRO_ANNUAL: "p_py",
  STRIPE_PRICE_AGENCY_MONTHLY: "p_am",
  STRIPE_PRICE_AGENCY_ANNUAL: "p_ay",
  STRIPE_PRICE_TOPUP_PACK: "p_pack",
};

describe("loadEnv", () => {
  it("defaults to port 3000, ./data and the embedded database", () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.dataDir).toBe(path.resolve("./data"));
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.publicUrl).toBe("http://localhost:3000");
    expect(env.REUSE_PORT).toBe(false);
  });
  it("shares the port with other processes only when REUSE_PORT is true, and refuses other words", () => {
    expect(loadEnv({ REUSE_PORT: "true" }).REUSE_PORT).toBe(true);
    expect(loadEnv({ REUSE_PORT: "false" }).REUSE_PORT).toBe(false);
    expect(() => loadEnv({ REUSE_PORT: "yes" })).toThrow();
  });
  it("renders with the encoder VIDEO_ENCODER names (auto unless set) and refuses a name it does not know", () => {
    expect(loadEnv({}).VIDEO_ENCODER).toBe("auto");
    expect(loadEnv({ VIDEO_ENCODER: "h264_vaapi" }).VIDEO_ENCODER).toBe("h264_vaapi");
    expect(() => loadEnv({ VIDEO_ENCODER: "nvenc" })).toThrow();
  });
  it("reads overrides and treats an empty DATABASE_URL as unset", () => {
    const env = loadEnv({
      PORT: "4100",
      DATA_DIR: "/tmp/x",
      DATABASE_URL: "",
      TRUSTED_ORIGINS: "https://a.io, https://b.io",
      // Public origins: the test checkout only when said.
      PAYMENTS_MODE: "test",
    });
    expect(env.PORT).toBe(4100);
    expect(env.dataDir).toBe("/tmp/x");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.TRUSTED_ORIGINS).toEqual(["https://a.io", "https://b.io"]);
  });
  it("takes the client address from the socket unless proxies are trusted; TRUST_PROXY=true means one proxy", () => {
    expect(loadEnv({}).trustedProxyHops).toBe(0);
    expect(loadEnv({ TRUST_PROXY: "true" }).trustedProxyHops).toBe(1);
    expect(loadEnv({ TRUST_PROXY_HOPS: "2" }).trustedProxyHops).toBe(2);
    expect(loadEnv({ TRUST_PROXY: "true", TRUST_PROXY_HOPS: "0" }).trustedProxyHops).toBe(0);
    expect(loadEnv({ TRUST_PROXY: "false", TRUST_PROXY_HOPS: "" }).trustedProxyHops).toBe(0);
    expect(() => loadEnv({ TRUST_PROXY_HOPS: "-1" })).toThrow(/TRUST_PROXY_HOPS/);
    expect(() => loadEnv({ TRUST_PROXY_HOPS: "one" })).toThrow(/TRUST_PROXY_HOPS/);
  });
  it("caps the free sign-up credits at 3 accounts per address and day unless told otherwise", () => {
    expect(loadEnv({}).SIGNUP_BONUS_DAILY_CAP).toBe(3);
    expect(loadEnv({ SIGNUP_BONUS_DAILY_CAP: "0" }).SIGNUP_BONUS_DAILY_CAP).toBe(0);
    expect(loadEnv({ SIGNUP_BONUS_DAILY_CAP: "50" }).SIGNUP_BONUS_DAILY_CAP).toBe(50);
    expect(() => loadEnv({ SIGNUP_BONUS_DAILY_CAP: "-1" })).toThrow(/SIGNUP_BONUS_DAILY_CAP/);
  });
  it("names every invalid variable", () => {
    expect(() => loadEnv({ PORT: "eighty", AUTH_SECRET: "short" })).toThrow(/PORT[\s\S]*AUTH_SECRET/);
  });
  it("uses the built-in test checkout unless STRIPE_SECRET_KEY is set", () => {
    expect(loadEnv({}).stripe).toBeUndefined();
    expect(loadEnv({ STRIPE_SECRET_KEY: "" }).stripe).toBeUndefined();
  });
  it("refuses a production start on a public address without a payment provider, naming PAYMENTS_MODE", () => {
    const start = () => loadEnv({ PUBLIC_URL: "https://studio.example.com" });
    expect(start).toThrow(/PAYMENTS_MODE: no payment provider is configured for https:\/\/studio\.example\.com/);
    expect(start).toThrow(/STRIPE_SECRET_KEY[\s\S]*PAYMENTS_MODE=test/);
    expect(() => loadEnv({ NODE_ENV: "production", PUBLIC_URL: "http://192.168.1.20:3000" })).toThrow(/PAYMENTS_MODE/);
  });
  it("runs the test checkout when the operator says so, or on an address only this machine reaches", () => {
    expect(loadEnv({ PUBLIC_URL: "https://studio.example.com", PAYMENTS_MODE: "test" }).payments).toEqual({
      mode: "test",
      implied: false,
    });
    // The quick start (no PUBLIC_URL) and the browser tests (a localhost PUBLIC_URL) need no setting.
    for (const url of [undefined, "http://localhost:3123", "http://127.0.0.1:8080", "http://[::1]:3000"]) {
      expect(loadEnv({ PUBLIC_URL: url }).payments).toEqual({ mode: "test", implied: true });
    }
    expect(loadEnv({ NODE_ENV: "development", PUBLIC_URL: "https://dev.example.com" }).payments.mode).toBe("test");
    // A look-alike host is not this machine.
    expect(() => loadEnv({ PUBLIC_URL: "https://localhost.example.com" })).toThrow(/PAYMENTS_MODE/);
  });
  it("never implies the test checkout when NODE_ENV=production is set, whatever PUBLIC_URL says", () => {
    // PUBLIC_URL unset defaults to localhost, but an operator who says production serves the public.
    for (const url of [undefined, "http://localhost:3000", "http://127.0.0.1:3000"]) {
      expect(() => loadEnv({ NODE_ENV: "production", PUBLIC_URL: url }), String(url)).toThrow(/PAYMENTS_MODE/);
    }
    expect(() => loadEnv({ NODE_ENV: "production" })).toThrow(/NODE_ENV=production/);
    expect(loadEnv({ NODE_ENV: "production", PAYMENTS_MODE: "test" }).payments).toEqual({
      mode: "test",
      implied: false,
    });
  });
  it("does not imply the test checkout for a public trusted origin", () => {
    expect(() => loadEnv({ TRUSTED_ORIGINS: "https://studio.example.com" })).toThrow(
      /PAYMENTS_MODE[\s\S]*TRUSTED_ORIGINS/,
    );
    expect(() => loadEnv({ TRUSTED_ORIGINS: "http://127.0.0.1:3000,http://192.168.1.20:3000" })).toThrow(
      /PAYMENTS_MODE/,
    );
    // Other names of this machine keep the quick start.
    expect(loadEnv({ TRUSTED_ORIGINS: "http://127.0.0.1:3000" }).payments).toEqual({ mode: "test", implied: true });
    expect(loadEnv({ TRUSTED_ORIGINS: "https://studio.example.com", PAYMENTS_MODE: "test" }).payments).toEqual({
      mode: "test",
      implied: false,
    });
  });
  it("takes PAYMENTS_MODE only when it agrees with the Stripe settings", () => {
    expect(() => loadEnv({ PAYMENTS_MODE: "stripe" })).toThrow(/PAYMENTS_MODE is stripe, so STRIPE_SECRET_KEY/);
    expect(() => loadEnv({ ...STRIPE, PAYMENTS_MODE: "test" })).toThrow(/PAYMENTS_MODE is test but STRIPE_SECRET_KEY/);
    expect(loadEnv({ ...STRIPE, PUBLIC_URL: "https://studio.example.com" }).payments).toEqual({
      mode: "stripe",
      implied: true,
    });
    expect(() => loadEnv({ PAYMENTS_MODE: "free" })).toThrow(/PAYMENTS_MODE/);
  });
  it("requires the webhook secret and every price id with a Stripe key, naming what is missing", () => {
    expect(() => loadEnv({ STRIPE_SECRET_KEY: "sk_test_x", STRIPE_PRICE_PRO_MONTHLY: "price_1" })).toThrow(
      /STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_STARTER_MONTHLY, STRIPE_PRICE_STARTER_ANNUAL, STRIPE_PRICE_PRO_ANNUAL/,
    );
  });
  it("maps the Stripe settings, the price ids and the promotion code", () => {
    const env = loadEnv({
      STRIPE_SECRET_KEY: "sk_test_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
      STRIPE_API_BASE: "http://127.0.0.1:12111",
      STRIPE_PRICE_STARTER_MONTHLY: "p_sm",
      STRIPE_PRICE_STARTER_ANNUAL: "p_sy",
      STRIPE_PRICE_PRO_MONTHLY: "p_pm",
      STRIPE_PRICE_PRO_ANNUAL: "p_py",
      STRIPE_PRICE_AGENCY_MONTHLY: "p_am",
      STRIPE_PRICE_AGENCY_ANNUAL: "p_ay",
      STRIPE_PRICE_TOPUP_PACK: "p_pack",
      STRIPE_PROMOTION_CODE_HALFOFFWOW: "promo_1",
    });
    expect(env.stripe).toEqual({
      secretKey: "sk_test_x",
      webhookSecret: "whsec_x",
      apiBase: "http://127.0.0.1:12111",
      prices: {
        plans: {
          STARTER: { month: "p_sm", year: "p_sy" },
          PRO: { month: "p_pm", year: "p_py" },
          AGENCY: { month: "p_am", year: "p_ay" },
        },
        topUpPack: "p_pack",
      },
      promotionCodes: { HALFOFFWOW: "promo_1" },
    });
  });
  it("keeps contact mail in the outbox and analytics off unless configured", () => {
    const env = loadEnv({});
    expect(env.smtp).toBeUndefined();
    expect(env.analytics).toEqual({ pixel: null, web: null });
    expect(env.showcaseDir).toBe(path.resolve("./data/showcase"));
  });
  it("builds SMTP and analytics settings from their variables", () => {
    const env = loadEnv({
      PUBLIC_URL: "https://studio.example.com",
      PAYMENTS_MODE: "test",
      SMTP_HOST: "mail.example.com",
      SMTP_PORT: "465",
      SMTP_USER: "bot",
      SMTP_PASS: "secret",
      CONTACT_TO: "team@example.com",
      ANALYTICS_PIXEL_ID: "123",
      ANALYTICS_PIXEL_SCRIPT_URL: "https://pixel.example.com/p.js",
      ANALYTICS_SCRIPT_URL: "https://stats.example.com/script.js",
    });
    expect(env.smtp).toEqual({
      host: "mail.example.com",
      port: 465,
      secure: true,
      user: "bot",
      pass: "secret",
      from: "Reelsmith <no-reply@studio.example.com>",
      to: "team@example.com",
    });
    expect(env.analytics).toEqual({
      pixel: { id: "123", scriptUrl: "https://pixel.example.com/p.js" },
      web: { scriptUrl: "https://stats.example.com/script.js", domain: "studio.example.com" },
    });
  });
  it("refuses half-configured SMTP and pixel settings with the variable to set", () => {
    expect(() => loadEnv({ SMTP_HOST: "mail.example.com", SMTP_USER: "bot" })).toThrow(/SMTP_PASS/);
    expect(() => loadEnv({ ANALYTICS_PIXEL_ID: "123" })).toThrow(/ANALYTICS_PIXEL_SCRIPT_URL/);
    expect(() => loadEnv({ ANALYTICS_SCRIPT_URL: "not a url" })).toThrow(/ANALYTICS_SCRIPT_URL/);
  });
});
