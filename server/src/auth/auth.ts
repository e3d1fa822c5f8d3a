import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@reelsmith/core";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Database } from "../db/client.ts";
import { account, session, user, verification } from "../db/schema/index.ts";
import type { Logger } from "../lib/logger.ts";

export interface AuthOptions {
  db: Database;
  secret: string;
  baseURL: string;
  trustedOrigins: string[];
  logger: Logger;
  /**
   * E-mail confirmation (on when SMTP is configured): `send` mails the confirmation link, `confirmed` runs once
   * the link was opened. Off: e-mail addresses are never confirmed and nothing is mailed.
   */
  emailVerification?: {
    send: (to: { email: string; name: string }, url: string) => Promise<void>;
    confirmed: (user: { id: string; emailVerified: boolean }) => Promise<void>;
  };
}

/** Where the confirmation link lands: a page of the app that tells what happened. */
export const EMAIL_CONFIRMED_PATH = "/email-confirmed";

/**
 * better-auth endpoints that write user fields the app validates itself (name, image, e-mail) or that the app
 * does not offer. The app's own routes are the only way to change a profile (PATCH /api/account).
 */
export const DISABLED_AUTH_PATHS = [
  "/update-user",
  "/change-email",
  "/delete-user",
  "/delete-user/callback",
  "/update-session",
  "/link-social",
  "/unlink-account",
  "/set-password",
];

export function createAuth(options: AuthOptions) {
  return betterAuth({
    appName: "Reelsmith",
    baseURL: options.baseURL,
    basePath: "/api/auth",
    secret: options.secret,
    trustedOrigins: options.trustedOrigins,
    disabledPaths: DISABLED_AUTH_PATHS,
    database: drizzleAdapter(options.db, { provider: "pg", schema: { user, session, account, verification } }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
    },
    ...(options.emailVerification
      ? {
          emailVerification: {
            sendOnSignUp: true,
            autoSignInAfterVerification: true,
            expiresIn: 60 * 60 * 24 * 3,
            sendVerificationEmail: async ({
              user,
              token,
            }: {
              user: { email: string; name: string };
              token: string;
            }) => {
              const url = new URL(`${options.baseURL}/api/auth/verify-email`);
              url.searchParams.set("token", token);
              url.searchParams.set("callbackURL", EMAIL_CONFIRMED_PATH);
              await options.emailVerification?.send(user, url.toString());
            },
            afterEmailVerification: async (user: { id: string; emailVerified: boolean }) => {
              await options.emailVerification?.confirmed({ id: user.id, emailVerified: true });
            },
          },
        }
      : {}),
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    // Sign-in and sign-up are limited by the server's own per-address limiter (lib/rate-limit.ts).
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: {
      level: "warn",
      log: (level, message, ...args) => {
        const log = options.logger.child({ component: "auth" });
        if (level === "error") log.error({ args }, message);
        else if (level === "warn") log.warn({ args }, message);
        else log.info({ args }, message);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
