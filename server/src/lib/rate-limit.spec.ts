import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limit.ts";

describe("RateLimiter", () => {
  it("allows max hits per window per key, then asks to wait until the window ends", () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(2, 60_000, () => now);
    expect([limiter.hit("a"), limiter.hit("a"), limiter.hit("b")]).toEqual([0, 0, 0]);
    expect(limiter.hit("a")).toBe(60);
    now += 30_000;
    expect(limiter.hit("a")).toBe(30);
    now += 30_001;
    expect(limiter.hit("a")).toBe(0);
  });
});
