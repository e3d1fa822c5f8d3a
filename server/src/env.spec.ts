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
});
