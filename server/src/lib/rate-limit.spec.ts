import { describe, expect, it } from "vitest";
import { AppError, retryAfterOf } from "./errors.ts";
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

  it("enforce throws the 429 refusal with the caller's words and the seconds left, once over the limit", () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(1, 60_000, () => now);
    expect(() => limiter.enforce("a", "Slow down.")).not.toThrow();
    now += 20_000;
    let refusal: unknown;
    try {
      limiter.enforce("a", "Slow down.");
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: "RATE_LIMITED", message: "Slow down.", status: 429 });
    expect(retryAfterOf(refusal as AppError)).toBe(40);
    expect(() => limiter.enforce("b", "Slow down.")).not.toThrow();
  });
});
