import { describe, expect, it } from "vitest";
import { SESSION_REUSE_MS, SessionCache, sessionToken } from "./session.ts";

type Looked = Parameters<SessionCache["get"]>[1];

describe("the session cache", () => {
  it("reads the session cookie's value, on HTTP and behind the __Secure- prefix, and nothing else", () => {
    expect(sessionToken("theme=dark; better-auth.session_token=abc.sig%3D; other=1")).toBe("abc.sig%3D");
    expect(sessionToken("__Secure-better-auth.session_token=xyz")).toBe("xyz");
    expect(sessionToken("my-better-auth.session_token=no; theme=dark")).toBeUndefined();
    expect(sessionToken(undefined)).toBeUndefined();
  });

  it("asks once per cookie while the answer is fresh, again after it, and at once after a sign-out", async () => {
    let now = 1_000;
    const cache = new SessionCache(() => now);
    let asked = 0;
    const lookUp = (() => {
      asked += 1;
      return Promise.resolve({ user: { id: `u${asked}` } });
    }) as unknown as Looked;
    const first = await cache.get("a", lookUp);
    expect(await cache.get("a", lookUp)).toBe(first);
    expect(asked).toBe(1);
    // Another cookie is another session.
    await cache.get("b", lookUp);
    expect(asked).toBe(2);
    now += SESSION_REUSE_MS - 1;
    await cache.get("a", lookUp);
    expect(asked).toBe(2);
    now += 1;
    expect(await cache.get("a", lookUp)).not.toBe(first);
    expect(asked).toBe(3);
    cache.forget("a");
    await cache.get("a", lookUp);
    expect(asked).toBe(4);
  });

  it("does not keep a lookup that failed", async () => {
    const cache = new SessionCache(() => 0);
    let asked = 0;
    const failing = (() => {
      asked += 1;
      return Promise.reject(new Error("database down"));
    }) as unknown as Looked;
    await expect(cache.get("a", failing)).rejects.toThrow("database down");
    await expect(cache.get("a", failing)).rejects.toThrow("database down");
    expect(asked).toBe(2);
  });
});
