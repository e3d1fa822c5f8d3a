import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { addressKey, clientIp } from "./client-ip.ts";

/** What clientIp answers for a request with this X-Forwarded-For (no socket: the fallback is "unknown"). */
async function ipFor(xff: string | undefined, hops: number): Promise<string> {
  const app = new Hono();
  app.get("/", (c) => c.text(clientIp(c, hops)));
  return (await app.request("/", { headers: xff === undefined ? {} : { "x-forwarded-for": xff } })).text();
}

describe("clientIp", () => {
  it("ignores X-Forwarded-For unless proxies are trusted", async () => {
    expect(await ipFor("203.0.113.1", 0)).toBe("unknown");
  });
  it("counts the trusted hops from the right end: what the sender wrote on the left does not matter", async () => {
    expect(await ipFor("6.6.6.6, 203.0.113.1", 1)).toBe("203.0.113.1");
    expect(await ipFor("6.6.6.6,203.0.113.1, 10.0.0.2", 2)).toBe("203.0.113.1");
    expect(await ipFor("::ffff:203.0.113.9", 1)).toBe("203.0.113.9");
    expect(await ipFor("[2001:DB8::1]", 1)).toBe("2001:db8::1");
    expect(await ipFor("203.0.113.4:5123", 1)).toBe("203.0.113.4");
  });
  it("falls back to the socket when the list is shorter than the hops or the entry is no address", async () => {
    expect(await ipFor("203.0.113.1", 2)).toBe("unknown");
    expect(await ipFor(undefined, 1)).toBe("unknown");
    expect(await ipFor("6.6.6.6, not-an-ip", 1)).toBe("unknown");
  });
});

describe("addressKey", () => {
  it("keeps IPv4 addresses and groups IPv6 addresses by /64", () => {
    expect(addressKey("203.0.113.1")).toBe("203.0.113.1");
    expect(addressKey("2001:db8:1:2::a")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:0db8:0001:0002:ffff:0:0:1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("unknown")).toBe("unknown");
  });
});
