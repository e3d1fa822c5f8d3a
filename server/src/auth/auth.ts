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
  /** Runs once a new user row exists (grants the sign-up credits). */
  onUserCreated: (userId: string) => Promise<void>;
}

export function createAuth(options: AuthOptions) {
  return betterAuth({
    appName: "Reelsmith",
    baseURL: options.baseURL,
    basePath: "/api/auth",
    secret: options.secret,
    trustedOrigins: options.trustedOrigins,
    database: drizzleAdapter(options.db, { provider: "pg", schema: { user, session, account, verification } }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
    },
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
    databaseHooks: {
      user: {
        create: {
          after: async (created) => {
            await options.onUserCreated(created.id);
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
