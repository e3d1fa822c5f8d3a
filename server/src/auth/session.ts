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

function sessionOf(auth: Auth, c: Context): Promise<Session> {
  let session = sessions.get(c);
  if (!session) {
    session = auth.api.getSession({ headers: c.req.raw.headers });
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
