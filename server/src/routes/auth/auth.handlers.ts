import { messages, signInSchema, signUpSchema } from "@reelsmith/core";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { Auth } from "../../auth/auth.ts";
import { forgetSession } from "../../auth/session.ts";
import { addressKey, clientIp } from "../../lib/client-ip.ts";
import { errorBody } from "../../lib/create-app.ts";
import { AppError, type ErrorCode, errorStatus, rateLimited } from "../../lib/errors.ts";
import type { Logger } from "../../lib/logger.ts";
import type { RateLimiter } from "../../lib/rate-limit.ts";
import type { SignInGuard } from "../../lib/sign-in-guard.ts";
import type { AppBindings } from "../../lib/types.ts";
import type { AccountRepository } from "../../repositories/account.repository.ts";
import type { ReferralService } from "../../services/referral.service.ts";
import type { SignupBonusService } from "../../services/signup-bonus.service.ts";

const SIGN_IN = "/api/auth/sign-in/email";
const SIGN_UP = "/api/auth/sign-up/email";
const LIMITED = [SIGN_IN, SIGN_UP, "/api/auth/send-verification-email"];

/**
 * The better-auth endpoints the app uses; every other path under /api/auth answers 404. Profile changes go
 * through PATCH /api/account, which validates them.
 */
const OFFERED: Record<string, "GET" | "POST"> = {
  [SIGN_IN]: "POST",
  [SIGN_UP]: "POST",
  "/api/auth/sign-out": "POST",
  "/api/auth/get-session": "GET",
  "/api/auth/ok": "GET",
  "/api/auth/error": "GET",
};
/** Offered when e-mail confirmation is on. */
const VERIFICATION: Record<string, "GET" | "POST"> = {
  "/api/auth/verify-email": "GET",
  "/api/auth/send-verification-email": "POST",
};

/**
 * better-auth's handler behind a per-address rate limit and a per-account-and-address limit on sign-ins, with
 * sign-in and sign-up bodies checked by the shared schemas and passed on with only the fields the app
 * accepts, and its error answers rewritten into the app's `{code, message, requestId}` shape and the
 * message catalogue's wording. A successful sign-up records the new account's free-credit claim.
 */
export function authRoutes(deps: {
  auth: Auth;
  limiter: RateLimiter;
  /** Sign-in attempts per account and client address, and per account from addresses it never signed in from. */
  signInGuard: SignInGuard;
  accounts: AccountRepository;
  signupBonus: SignupBonusService;
  /** The affiliate programme: a sign-up that carries `ref` (a referral code) is attributed to its referrer. */
  referrals?: Pick<ReferralService, "attribute">;
  trustedProxyHops: number;
  logger: Logger;
}) {
  const app = new Hono<AppBindings>();
  app.use(
    "/api/auth/*",
    bodyLimit({
      maxSize: 16 * 1024,
      onError: () => {
        throw new AppError("PAYLOAD_TOO_LARGE", messages.auth.requestTooLarge);
      },
    }),
  );
  app.on(["GET", "POST"], "/api/auth/*", async (c) => {
    const path = c.req.path;
    const offered = OFFERED[path] ?? (deps.signupBonus.verifyEmail ? VERIFICATION[path] : undefined);
    if (offered !== c.req.method) throw new AppError("NOT_FOUND", messages.auth.actionNotAvailable);
    const ip = clientIp(c, deps.trustedProxyHops);
    if (LIMITED.includes(path)) {
      deps.limiter.enforce(`${addressKey(ip)} ${path}`, messages.auth.tooManyAttempts);
    }

    let request = c.req.raw;
    let signUpEmail: string | undefined;
    let signUpRef: unknown;
    let signInEmail: string | undefined;
    if (path === SIGN_UP) {
      const body = await c.req.json().catch(() => null);
      const parsed = signUpSchema.safeParse(body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const code: ErrorCode = issue?.path[0] === "password" ? "WEAK_PASSWORD" : "VALIDATION_FAILED";
        throw new AppError(code, issue?.message ?? messages.common.somethingWentWrong);
      }
      signUpEmail = parsed.data.email;
      signUpRef = (body as { ref?: unknown }).ref;
      // Only the checked fields reach better-auth: no image, no untrimmed name, no extra user fields.
      request = withBody(c.req.raw, parsed.data);
    } else if (path === SIGN_IN) {
      const body = await c.req.json().catch(() => null);
      const parsed = signInSchema.safeParse(body);
      if (!parsed.success) throw new AppError("INVALID_CREDENTIALS", messages.auth.invalidCredentials);
      signInEmail = parsed.data.email;
      // Counted before the check, so parallel guesses cannot slip past it; a right password clears it. Per
      // address, so a guesser elsewhere cannot lock the owner out.
      const wait = deps.signInGuard.attempt(signInEmail, addressKey(ip));
      if (wait > 0) throw rateLimited(messages.auth.accountLocked(Math.ceil(wait / 60)), wait);
      const rememberMe = (body as { rememberMe?: unknown }).rememberMe;
      request = withBody(c.req.raw, {
        ...parsed.data,
        ...(typeof rememberMe === "boolean" ? { rememberMe } : {}),
      });
    }

    const response = await deps.auth.handler(request);
    if (path === "/api/auth/sign-out") forgetSession(deps.auth, c.req.raw.headers);
    if (signInEmail && response.ok) deps.signInGuard.succeeded(signInEmail, addressKey(ip));
    if (signUpEmail && response.ok) {
      const created = await deps.accounts.findUserByEmail(signUpEmail);
      if (created) {
        await deps.signupBonus.recordSignup(created.id, ip).catch((error: unknown) => {
          deps.logger.error({ err: error, userId: created.id }, "could not record the sign-up credit claim");
        });
        if (signUpRef !== undefined && deps.referrals) {
          await deps.referrals.attribute(created.id, signUpRef).catch((error: unknown) => {
            deps.logger.error({ err: error, userId: created.id }, "could not record the referrer of a sign-up");
          });
        }
      }
    }
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

/** The same request with a new JSON body. */
function withBody(request: Request, body: unknown): Request {
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  return new Request(request.url, { method: request.method, headers, body: JSON.stringify(body) });
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
