import path from "node:path";
import { z } from "zod";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .optional()
  .transform((v) => v === "true" || v === "1" || v === "yes");

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  PUBLIC_URL: z.url().optional(),
  AUTH_SECRET: z.string().min(32).optional(),
  TRUSTED_ORIGINS: z
    .string()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean)
        : [],
    ),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  AUTH_RATE_LIMIT_WINDOW_S: z.coerce.number().int().positive().default(60),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: bool,
  // Payments: unset STRIPE_SECRET_KEY means the built-in test checkout (no keys, no money).
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_BASE: z
    .url()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  STRIPE_PRICE_STARTER_MONTHLY: optionalString,
  STRIPE_PRICE_STARTER_ANNUAL: optionalString,
  STRIPE_PRICE_PRO_MONTHLY: optionalString,
  STRIPE_PRICE_PRO_ANNUAL: optionalString,
  STRIPE_PRICE_AGENCY_MONTHLY: optionalString,
  STRIPE_PRICE_AGENCY_ANNUAL: optionalString,
  STRIPE_PRICE_TOPUP_PACK: optionalString,
  STRIPE_PROMOTION_CODE_HALFOFFWOW: optionalString,
});

const STRIPE_PRICE_VARS = [
  "STRIPE_PRICE_STARTER_MONTHLY",
  "STRIPE_PRICE_STARTER_ANNUAL",
  "STRIPE_PRICE_PRO_MONTHLY",
  "STRIPE_PRICE_PRO_ANNUAL",
  "STRIPE_PRICE_AGENCY_MONTHLY",
  "STRIPE_PRICE_AGENCY_ANNUAL",
  "STRIPE_PRICE_TOPUP_PACK",
] as const;

export interface StripeEnv {
  secretKey: string;
  webhookSecret: string;
  apiBase: string | undefined;
  prices: { plans: Record<string, { month: string; year: string }>; topUpPack: string };
  promotionCodes: Record<string, string>;
}

export type Env = z.infer<typeof envSchema> & { dataDir: string; publicUrl: string; stripe: StripeEnv | undefined };

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const env = parsed.data;
  return {
    ...env,
    dataDir: path.resolve(env.DATA_DIR),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    stripe: stripeEnv(env),
  };
}

/** Stripe settings when STRIPE_SECRET_KEY is set; then the webhook secret and every price id are required. */
function stripeEnv(env: z.infer<typeof envSchema>): StripeEnv | undefined {
  if (!env.STRIPE_SECRET_KEY) return undefined;
  const missing = [
    ...(env.STRIPE_WEBHOOK_SECRET ? [] : ["STRIPE_WEBHOOK_SECRET"]),
    ...STRIPE_PRICE_VARS.filter((name) => !env[name]),
  ];
  if (missing.length > 0) {
    throw new Error(
      `Invalid environment:\n  STRIPE_SECRET_KEY is set, so these are required too: ${missing.join(", ")}`,
    );
  }
  const v = (name: (typeof STRIPE_PRICE_VARS)[number]) => env[name] as string;
  return {
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET as string,
    apiBase: env.STRIPE_API_BASE,
    prices: {
      plans: {
        STARTER: { month: v("STRIPE_PRICE_STARTER_MONTHLY"), year: v("STRIPE_PRICE_STARTER_ANNUAL") },
        PRO: { month: v("STRIPE_PRICE_PRO_MONTHLY"), year: v("STRIPE_PRICE_PRO_ANNUAL") },
        AGENCY: { month: v("STRIPE_PRICE_AGENCY_MONTHLY"), year: v("STRIPE_PRICE_AGENCY_ANNUAL") },
      },
      topUpPack: v("STRIPE_PRICE_TOPUP_PACK"),
    },
    promotionCodes: env.STRIPE_PROMOTION_CODE_HALFOFFWOW ? { HALFOFFWOW: env.STRIPE_PROMOTION_CODE_HALFOFFWOW } : {},
  };
}
