import { messages, signUpSchema } from "@reelsmith/core";
import { Hono } from "hono";
import type { Auth } from "../../auth/auth.ts";
import { clientIp } from "../../lib/client-ip.ts";
import { errorBody } from "../../lib/create-app.ts";
import { AppError, type ErrorCode, errorStatus } from "../../lib/errors.ts";
import type { RateLimiter } from "../../lib/rate-limit.ts";
import type { AppBindings } from "../../lib/types.ts";
import type { AccountRepository } from "../../repositories/account.repository.ts";

const LIMITED = ["/api/auth/sign-in/email", "/api/auth/sign-up/email"];

/**
 * better-auth's handler behind a per-address rate limit, with sign-up bodies checked by the
 * shared schema and its error answers rewritten into the app's `{code, message, requestId}` shape
 * and the message catalogue's wording.
 */
export function authRoutes(deps: {
  auth: Auth;
  limiter: RateLimiter;
  accounts: AccountRepository;
  trustProxy: boolean;
}) {
  const app = new Hono<AppBindings>();
  app.on(["GET", "POST"], "/api/auth/*", async (c) => {
    const path = c.req.path;
    const isPost = c.req.method === "POST";
    if (isPost && LIMITED.includes(path)) {
      const wait = deps.limiter.hit(`${clientIp(c, deps.trustProxy)} ${path}`);
      if (wait > 0) {
        c.header("Retry-After", String(wait));
        throw new AppError("RATE_LIMITED", messages.auth.tooManyAttempts);
      }
    }
    let signUpEmail: string | undefined;
    if (isPost && path === "/api/auth/sign-up/email") {
      const body = await c.req.raw
        .clone()
        .json()
        .catch(() => null);
      const parsed = signUpSchema.safeParse(body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const code: ErrorCode = issue?.path[0] === "password" ? "WEAK_PASSWORD" : "VALIDATION_FAILED";
        throw new AppError(code, issue?.message ?? messages.common.somethingWentWrong);
      }
      signUpEmail = parsed.data.email;
    }

    const response = await deps.auth.handler(c.req.raw);
    if (response.ok || !response.headers.get("content-type")?.includes("application/json")) return response;
    const body = (await response
      .clone()
      .json()
      .catch(() => ({}))) as { code?: string };
    let code = mapAuthCode(body.code);
    if (!code && signUpEmail && response.status >= 400 && (await deps.accounts.findUserByEmail(signUpEmail))) {
      // Two sign-ups for one e-mail raced: the loser hit the unique index.
      code = "EMAIL_TAKEN";
    }
    if (!code) return response;
    return c.json(errorBody(code, authMessage(code), c.get("requestId")), errorStatus[code]);
  });
  return app;
}

function mapAuthCode(code: string | undefined): ErrorCode | undefined {
  switch (code) {
    case "USER_ALREADY_EXISTS":
    case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
      return "EMAIL_TAKEN";
    case "INVALID_EMAIL_OR_PASSWORD":
    case "INVALID_PASSWORD":
    case "INVALID_EMAIL":
      return "INVALID_CREDENTIALS";
    case "PASSWORD_TOO_SHORT":
    case "PASSWORD_TOO_LONG":
      return "WEAK_PASSWORD";
    default:
      return undefined;
  }
}

function authMessage(code: ErrorCode): string {
  switch (code) {
    case "EMAIL_TAKEN":
      return messages.auth.emailTaken;
    case "INVALID_CREDENTIALS":
      return messages.auth.invalidCredentials;
    case "WEAK_PASSWORD":
      return messages.auth.passwordTooShort;
    default:
      return messages.common.somethingWentWrong;
  }
}
