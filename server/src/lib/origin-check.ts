import { messages } from "@reelsmith/core";
import type { MiddlewareHandler } from "hono";
import { bearerKey } from "./bearer.ts";
import { errorBody } from "./create-app.ts";
import type { AppBindings } from "./types.ts";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The `scheme://host[:port]` of an http(s) URL, or undefined when it is not one (`null`, garbage). */
export function originOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Refuses state-changing requests (POST, PUT, PATCH, DELETE) that another site's page could have sent
 * with the user's cookies. A request passes when:
 * - its `Origin` is one of `trustedOrigins` (browsers send it on every fetch and form POST), or
 * - it has no `Origin` and its `Sec-Fetch-Site` is `same-origin` or `none` (typed in by the user), or
 * - it has neither header and no cookies: a non-browser client (curl, a script), which cannot ride on a
 *   signed-in browser's session. A client that sends the session cookie must also send an `Origin`.
 * `exempt` paths are server-to-server endpoints that authenticate by signature (payment webhooks). A request with
 * `Authorization: Bearer` (an API key) passes too: a page of another site cannot send that header here without a
 * CORS preflight this server never answers, and the key, not a cookie, says who it is.
 * Anything else gets 403 in the app's error shape.
 */
export function originCheck(options: { trustedOrigins: string[]; exempt?: string[] }): MiddlewareHandler<AppBindings> {
  const trusted = new Set(options.trustedOrigins.map(originOf).filter((o): o is string => o !== undefined));
  const exempt = new Set(options.exempt ?? []);
  return async (c, next) => {
    if (!STATE_CHANGING.has(c.req.method) || exempt.has(c.req.path)) return next();
    if (bearerKey(c.req.header("authorization")) !== undefined) return next();
    const origin = c.req.header("origin");
    const fetchSite = c.req.header("sec-fetch-site");
    let allowed: boolean;
    if (origin !== undefined) allowed = trusted.has(originOf(origin) ?? "");
    else if (fetchSite !== undefined) allowed = fetchSite === "same-origin" || fetchSite === "none";
    else allowed = !c.req.header("cookie");
    if (allowed) return next();
    return c.json(errorBody("FORBIDDEN", messages.common.crossSiteRequest, c.get("requestId") ?? "unknown"), 403);
  };
}
