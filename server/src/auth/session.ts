import { messages } from "@reelsmith/core";
import type { Context } from "hono";
import { AppError } from "../lib/errors.ts";
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
/** Each request's session, looked up once however many steps ask (a body bound, then the handler). */
const sessions = new WeakMap<Context, Promise<Session>>();

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

function sessionOf(auth: Auth, c: Context): Promise<Session> {
  let session = sessions.get(c);
  if (!session) {
    const headers = c.req.raw.headers;
    const token = sessionToken(headers.get("cookie") ?? undefined);
    const lookUp = () => auth.api.getSession({ headers });
    session = token ? cacheOf(auth).get(token, lookUp) : lookUp();
    sessions.set(c, session);
  }
  return session;
}

/** Whether the request carries a valid session; reads its headers only, never its body. */
export async function hasSession(auth: Auth, c: Context): Promise<boolean> {
  return Boolean((await sessionOf(auth, c))?.user);
}

/** The session's user, or null when there is no valid session. */
export async function optionalUser(auth: Auth, c: Context): Promise<SessionUser | null> {
  const result = await sessionOf(auth, c);
  if (!result?.user) return null;
  const { id, email, name, image, emailVerified } = result.user;
  await signedInHooks.get(auth)?.({ id, emailVerified });
  return { id, email, name, image: image ?? null };
}
