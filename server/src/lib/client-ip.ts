import { isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * The caller's address. With `trustedHops` = 0 it is the socket peer. Behind N reverse proxies that each
 * append the address they received the request from to X-Forwarded-For, the client is the N-th entry from
 * the RIGHT end: everything left of it was written by whoever sent the request and cannot be trusted. A
 * list shorter than N (a request that did not come through the proxies) or an entry that is not an IP
 * address falls back to the socket peer.
 */
export function clientIp(c: Context, trustedHops: number): string {
  if (trustedHops > 0) {
    const hops = (c.req.header("x-forwarded-for") ?? "")
      .split(",")
      .map((hop) => hop.trim())
      .filter(Boolean);
    const client = hops.length >= trustedHops ? normalise(hops[hops.length - trustedHops] ?? "") : "";
    if (client) return client;
  }
  try {
    return normalise(getConnInfo(c).remote.address ?? "") || "unknown";
  } catch {
    return "unknown";
  }
}

/**
 * The key limits count an address under: an IPv4 address as it is, an IPv6 address by its /64 network
 * (one subscriber usually holds a whole /64, so counting single IPv6 addresses would be no limit at all).
 */
export function addressKey(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  const [head = "", tail = ""] = ip.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = ip.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g || "0", 16).toString(16))
    .join(":")}::/64`;
}

function normalise(address: string): string {
  const bare = address.replace(/^\[(.*)\](:\d+)?$/, "$1").replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, "$1");
  if (isIP(bare)) return bare.toLowerCase();
  // "203.0.113.7:51234": an IPv4 address with a port, as some proxies write it.
  const withPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(bare);
  return withPort?.[1] && isIP(withPort[1]) ? withPort[1] : "";
}
