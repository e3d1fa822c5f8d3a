import { type ApiKeyScope, messages } from "@reelsmith/core";
import type { Context, MiddlewareHandler } from "hono";
import { bearerKey } from "../lib/bearer.ts";
import { AppError } from "../lib/errors.ts";
import type { RateLimiter } from "../lib/rate-limit.ts";
import type { SessionUser } from "../lib/types.ts";
import type { Auth } from "./auth.ts";

type SignedInHook = (user: { id: string; emailVerified: boolean }) => Promise<void>;
const signedInHooks = new WeakMap<Auth, SignedInHook>();

/** Runs `hook` on every request that carries a valid session, before its handler reads the account. */
export function whenSignedIn(auth: Auth, hook: SignedInHook): void {
  signedInHooks.set(auth, hook);
}

/** The session's user, or a 401 domain error. Every query a handler makes is scoped by this id. */
export async function requireUser(auth: Auth, c: Context): Promise<SessionUser> {
  const user = await optionalUser(auth, c);
  if (!user) throw new AppError("UNAUTHORIZED", messages.auth.unauthorized);
  return user;
}

type Session = Awaited<ReturnType<Auth["api"]["getSession"]>>;
/**
 * How long this process reuses a session it looked up for the same session cookie: a dashboard's or an API
 * client's requests do not each ask the database whether a session that was valid a moment ago still is. A
 * sign-out through this process forgets it at once; another process may accept the signed-out cookie for at
 * most this long.
 */
export const SESSION_REUSE_MS = 5_000;
/** Sessions remembered at most, per process (the oldest go first). */
const SESSION_REUSE_MAX = 10_000;

/** Sessions looked up by session cookie, each reused for SESSION_REUSE_MS. */
export class SessionCache {
  readonly #entries = new Map<string, { until: number; session: Promise<Session> }>();
  constructor(private readonly now: () => number = Date.now) {}

  /** The session for this cookie: remembered, or looked up by `lookUp` (a failed lookup is not remembered). */
  get(token: string, lookUp: () => Promise<Session>): Promise<Session> {
    const now = this.now();
    const hit = this.#entries.get(token);
    if (hit && hit.until > now) return hit.session;
    this.#entries.delete(token);
    const session = lookUp();
    this.#entries.set(token, { until: now + SESSION_REUSE_MS, session });
    session.catch(() => this.#entries.delete(token));
    while (this.#entries.size > SESSION_REUSE_MAX) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
    return session;
  }

  forget(token: string): void {
    this.#entries.delete(token);
  }
}

const caches = new WeakMap<Auth, SessionCache>();
function cacheOf(auth: Auth): SessionCache {
  let cache = caches.get(auth);
  if (!cache) {
    cache = new SessionCache();
    caches.set(auth, cache);
  }
  return cache;
}

/** The session cookie's value in a Cookie header (`better-auth.session_token`, `__Secure-` on HTTPS). */
export function sessionToken(cookieHeader: string | undefined): string | undefined {
  return cookieHeader?.match(/(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/)?.[1];
}

/** Forgets the session of this request's cookie (after a sign-out), so this process refuses it from now on. */
export function forgetSession(auth: Auth, headers: Headers): void {
  const token = sessionToken(headers.get("cookie") ?? undefined);
  if (token) cacheOf(auth).forget(token);
}

/** Who a request acts as: a signed-in user, or a user through one of their API keys (with its id and scopes). */
interface Who {
  user: SessionUser & { emailVerified: boolean };
  apiKey?: { id: string; scopes: readonly ApiKeyScope[] };
}
/** Each request's user, looked up once however many steps ask (the key gate, a body bound, then the handler). */
const asked = new WeakMap<Context, Promise<Who | null>>();

/** How requests carrying `Authorization: Bearer <key>` are known (set once by the composition root). */
export interface ApiKeyAuthenticator {
  /** The key's user, id and scopes when the key opens the API now; undefined for a wrong, revoked or expired key. */
  authenticate(key: string): Promise<Required<Who> | undefined>;
  /** Requests per key (429 with messages.apiKeys.rateLimited over it). */
  limiter: RateLimiter;
}
const apiKeyAuth = new WeakMap<Auth, ApiKeyAuthenticator>();

export function acceptApiKeys(auth: Auth, authenticator: ApiKeyAuthenticator): void {
  apiKeyAuth.set(auth, authenticator);
}

function whoOf(auth: Auth, c: Context): Promise<Who | null> {
  let who = asked.get(c);
  if (!who) {
    const headers = c.req.raw.headers;
    const key = bearerKey(headers.get("authorization") ?? undefined);
    if (key !== undefined) {
      who =
        apiKeyAuth
          .get(auth)
          ?.authenticate(key)
          .then((found) => found ?? null) ?? Promise.resolve(null);
    } else {
      const token = sessionToken(headers.get("cookie") ?? undefined);
      const lookUp = () => auth.api.getSession({ headers });
      const session = token ? cacheOf(auth).get(token, lookUp) : lookUp();
      who = session.then((found) => {
        if (!found?.user) return null;
        const { id, email, name, image, emailVerified } = found.user;
        return { user: { id, email, name, image: image ?? null, emailVerified } };
      });
    }
    asked.set(c, who);
  }
  return who;
}

/** Whether the request carries a valid session or API key; reads its headers only, never its body. */
export async function hasSession(auth: Auth, c: Context): Promise<boolean> {
  return Boolean(await whoOf(auth, c));
}

/** The session's (or the API key's) user, or null when there is neither. */
export async function optionalUser(auth: Auth, c: Context): Promise<SessionUser | null> {
  const who = await whoOf(auth, c);
  if (!who) return null;
  const { id, email, name, image, emailVerified } = who.user;
  await signedInHooks.get(auth)?.({ id, emailVerified });
  return {
    id,
    email,
    name,
    image,
    ...(who.apiKey ? { apiKeyId: who.apiKey.id, apiKeyScopes: who.apiKey.scopes } : {}),
  };
}

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Requests with `Authorization: Bearer` meet their key before anything else reads them: a wrong, revoked or
 * expired key is 401 with one answer whatever the reason, a key over its rate is 429, a read-only key that would
 * change something is 403, and the paths in `sessionOnly` (managing keys, the sign-in endpoints) refuse keys. A
 * request without the header passes untouched: the session cookie is checked where a handler asks for the user.
 */
export function apiKeyGate(
  auth: Auth,
  options: {
    sessionOnly: string[];
    /** Paths whose route checks the scope itself, per operation (the MCP endpoint: every call is a POST). */
    scopedByRoute?: string[];
  },
): MiddlewareHandler {
  return async (c, next) => {
    if (bearerKey(c.req.header("authorization")) === undefined) return next();
    if (options.sessionOnly.some((path) => c.req.path === path || c.req.path.startsWith(`${path}/`))) {
      throw new AppError("FORBIDDEN", messages.apiKeys.sessionOnly);
    }
    const who = await whoOf(auth, c);
    if (!who?.apiKey) throw new AppError("UNAUTHORIZED", messages.apiKeys.invalid);
    apiKeyAuth.get(auth)?.limiter.enforce(who.apiKey.id, messages.apiKeys.rateLimited);
    const scopedByRoute = options.scopedByRoute?.includes(c.req.path) ?? false;
    if (!scopedByRoute && !READS.has(c.req.method) && !who.apiKey.scopes.includes("create")) {
      throw new AppError("FORBIDDEN", messages.apiKeys.readOnly);
    }
    return next();
  };
}
