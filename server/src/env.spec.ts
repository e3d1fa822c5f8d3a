import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadEnv } from "./env.ts";

describe("loadEnv", () => {
  it("defaults to port 3000, ./data and the embedded database", () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.dataDir).toBe(path.resolve("./data"));
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.publicUrl).toBe("http://localhost:3000");
  });
  it("reads overrides and treats an empty DATABASE_URL as unset", () => {
    const env = loadEnv({
      PORT: "4100",
      DATA_DIR: "/tmp/x",
      DATABASE_URL: "",
      TRUSTED_ORIGINS: "https://a.io, https://b.io",
    });
    expect(env.PORT).toBe(4100);
    expect(env.dataDir).toBe("/tmp/x");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.TRUSTED_ORIGINS).toEqual(["https://a.io", "https://b.io"]);
  });
  it("names every invalid variable", () => {
    expect(() => loadEnv({ PORT: "eighty", AUTH_SECRET: "short" })).toThrow(/PORT[\s\S]*AUTH_SECRET/);
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
