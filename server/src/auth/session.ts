import { messages } from "@reelsmith/core";
import type { Context } from "hono";
import { AppError } from "../lib/errors.ts";
import type { SessionUser } from "../lib/types.ts";
import type { Auth } from "./auth.ts";

/** The session's user, or a 401 domain error. Every query a handler makes is scoped by this id. */
export async function requireUser(auth: Auth, c: Context): Promise<SessionUser> {
  const result = await auth.api.getSession({ headers: c.req.raw.headers });
  if (!result?.user) throw new AppError("UNAUTHORIZED", messages.auth.unauthorized);
  const { id, email, name, image } = result.user;
  return { id, email, name, image: image ?? null };
}
