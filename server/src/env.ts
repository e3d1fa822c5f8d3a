import path from "node:path";
import { API_KEYS, SIGNUP_BONUS_DAILY_CAP } from "@reelsmith/core";
import { VIDEO_ENCODERS } from "@reelsmith/media";
import { z } from "zod";
import type { S3Config } from "./repositories/storage/s3-storage.ts";

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
  /**
   * Let several processes listen on PORT at once (SO_REUSEPORT: the kernel spreads connections across them), so
   * one machine runs as many `serve` processes as it has cores on one PostgreSQL. PGlite has one process only.
   */
  REUSE_PORT: z
    .enum(["true", "false", ""])
    .default("false")
    .transform((v) => v === "true"),
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
  SIGNUP_BONUS_DAILY_CAP: z.coerce.number().int().min(0).max(1_000_000).default(SIGNUP_BONUS_DAILY_CAP),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /**
   * The H.264 encoder of renders: auto (the first of NVENC, Quick Sync and VA-API that passes a one-frame test
   * encode at start, else libx264) or one by name (libx264 when its test fails). Read by the media layer.
   */
  VIDEO_ENCODER: z.enum(["auto", ...VIDEO_ENCODERS]).default("auto"),
  // `npm start` records the real-gameplay clips in the background after start (off: keep the drawn ones).
  RECORD_FOOTAGE: z.enum(["auto", "off"]).default("auto"),
  LLM_BASE_URL: z.url().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  LLM_VISION: bool,
  AI_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(20),
  AI_RATE_LIMIT_WINDOW_S: z.coerce.number().int().positive().default(600),
  /** Webhook endpoints on private, loopback or link-local addresses are called too (a closed network). */
  WEBHOOKS_ALLOW_PRIVATE: bool,
  /** Requests one API key may make per minute (each API process counts on its own). */
  API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(API_KEYS.perMinute),
  TTS_BASE_URL: z.url().optional(),
  PREVIEWS_DIR: z.string().optional(),
  RENDER_HEARTBEAT_S: z.coerce.number().int().min(10).max(3600).default(60),
  /**
   * Videos longer than this many seconds are rendered in segments by the queue's workers (0: never). Default 30 on
   * PostgreSQL, where several `work` processes can share them; 0 on the embedded default's single process.
   */
  RENDER_SPLIT_OVER_S: z.coerce.number().min(0).max(3600).optional(),
  /** The length of a split render's segments, in seconds: a multiple of the 2 s keyframe interval. */
  RENDER_SEGMENT_S: z.coerce
    .number()
    .int()
    .min(2)
    .max(600)
    .refine((v) => v % 2 === 0, "RENDER_SEGMENT_S must be a multiple of 2 (the keyframe interval)")
    .default(20),
  QUEUE_SUPERVISE_INTERVAL_S: z.coerce.number().int().min(1).max(3600).default(60),
  SIGNED_URL_TTL_S: z.coerce.number().int().min(60).max(604_800).default(3600),
  S3_BUCKET: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false", "1", "0", "yes", "no", ""])
    .optional()
    .transform((v) => v === undefined || v === "" || v === "true" || v === "1" || v === "yes"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: bool,
  TRUST_PROXY_HOPS: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.coerce.number().int().min(0).max(10).optional(),
  ),
  // Payments: Stripe with STRIPE_SECRET_KEY; the built-in test checkout (no keys, no money) with
  // PAYMENTS_MODE=test, which is implied only off production or when served to this machine only.
  PAYMENTS_MODE: z
    .enum(["test", "stripe", ""])
    .optional()
    .transform((v) => v || undefined),
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
  SMTP_HOST: optionalString,
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_SECURE: z
    .enum(["true", "false", "1", "0", "yes", "no", ""])
    .optional()
    .transform((v) => (v === undefined || v === "" ? undefined : v === "true" || v === "1" || v === "yes")),
  SMTP_USER: optionalString,
  SMTP_PASS: optionalString,
  SMTP_FROM: optionalString,
  CONTACT_TO: optionalString,
  CONTACT_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(5),
  CONTACT_RATE_LIMIT_WINDOW_S: z.coerce.number().int().positive().default(3600),
  // Credits a referrer earns when an account made through their link first pays (0 turns the reward off).
  AFFILIATE_REWARD_CREDITS: z.coerce.number().int().min(0).max(100_000).default(20),
  // Referral rewards one referrer can earn per UTC day (0: none).
  AFFILIATE_DAILY_REWARDS: z.coerce.number().int().min(0).max(100_000).default(5),
  ANALYTICS_PIXEL_ID: optionalString,
  ANALYTICS_PIXEL_SCRIPT_URL: optionalString.pipe(z.url().optional()),
  ANALYTICS_SCRIPT_URL: optionalString.pipe(z.url().optional()),
  ANALYTICS_DOMAIN: optionalString,
  SHOWCASE_DIR: optionalString,
});

export type StorageConfig = { driver: "local"; root: string } | ({ driver: "s3" } & S3Config);

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

export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user?: string | undefined;
  pass?: string | undefined;
  from: string;
  to: string;
}

export interface AnalyticsSettings {
  pixel: { id: string; scriptUrl: string } | null;
  web: { scriptUrl: string; domain: string } | null;
}

/**
 * How payments are taken: `stripe` (real money) or `test` (the built-in checkout: every purchase is
 * simulated and free). `implied` says the operator did not set PAYMENTS_MODE and the test mode follows
 * from the app being served on this machine only (or off production).
 */
export interface PaymentsSettings {
  mode: "test" | "stripe";
  implied: boolean;
}

export type Env = z.infer<typeof envSchema> & {
  dataDir: string;
  previewsDir: string;
  publicUrl: string;
  storage: StorageConfig;
  stripe: StripeEnv | undefined;
  payments: PaymentsSettings;
  /** SMTP delivery of contact messages; undefined keeps them in the outbox. */
  smtp: SmtpSettings | undefined;
  analytics: AnalyticsSettings;
  showcaseDir: string;
  /**
   * Reverse proxies in front of the server that append to X-Forwarded-For: the client address is that many
   * entries from the right end of the list. 0 = use the socket peer. TRUST_PROXY_HOPS, else 1 with TRUST_PROXY.
   */
  trustedProxyHops: number;
};

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  let storage: StorageConfig = { driver: "local", root: path.join(dataDir, "storage") };
  if (env.S3_BUCKET) {
    const missing = (["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const).filter((k) => !env[k]);
    if (missing.length > 0) {
      throw new Error(`Invalid environment:\n  S3_BUCKET is set, so ${missing.join(", ")} must be set too`);
    }
    storage = {
      driver: "s3",
      endpoint: env.S3_ENDPOINT as string,
      region: env.S3_REGION,
      bucket: env.S3_BUCKET,
      accessKeyId: env.S3_ACCESS_KEY_ID as string,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY as string,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    };
  }
  if (env.LLM_BASE_URL && !env.LLM_MODEL) {
    throw new Error("Invalid environment:\n  LLM_BASE_URL is set, so LLM_MODEL must name the model to use");
  }
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const problems: string[] = [];
  if (env.SMTP_HOST && !env.CONTACT_TO && !env.SMTP_FROM) {
    problems.push("  CONTACT_TO: set the address contact messages go to (or SMTP_FROM) when SMTP_HOST is set");
  }
  if (env.SMTP_USER && !env.SMTP_PASS) problems.push("  SMTP_PASS: required when SMTP_USER is set");
  if (env.ANALYTICS_PIXEL_ID && !env.ANALYTICS_PIXEL_SCRIPT_URL) {
    problems.push("  ANALYTICS_PIXEL_SCRIPT_URL: required when ANALYTICS_PIXEL_ID is set (your pixel vendor's script)");
  }
  if (problems.length > 0) throw new Error(`Invalid environment:\n${problems.join("\n")}`);
  const stripe = stripeEnv(env);
  const payments = paymentsSettings(env, stripe, publicUrl, source.NODE_ENV?.trim() === "production");
  const from = env.SMTP_FROM ?? `Reelsmith <no-reply@${new URL(publicUrl).hostname}>`;
  return {
    ...env,
    dataDir,
    previewsDir: env.PREVIEWS_DIR ? path.resolve(env.PREVIEWS_DIR) : path.join(dataDir, "previews"),
    storage,
    publicUrl,
    stripe,
    payments,
    smtp: env.SMTP_HOST
      ? {
          host: env.SMTP_HOST,
          port: env.SMTP_PORT,
          secure: env.SMTP_SECURE ?? env.SMTP_PORT === 465,
          user: env.SMTP_USER,
          pass: env.SMTP_PASS,
          from,
          to: env.CONTACT_TO ?? from,
        }
      : undefined,
    analytics: {
      pixel:
        env.ANALYTICS_PIXEL_ID && env.ANALYTICS_PIXEL_SCRIPT_URL
          ? { id: env.ANALYTICS_PIXEL_ID, scriptUrl: env.ANALYTICS_PIXEL_SCRIPT_URL }
          : null,
      web: env.ANALYTICS_SCRIPT_URL
        ? { scriptUrl: env.ANALYTICS_SCRIPT_URL, domain: env.ANALYTICS_DOMAIN ?? new URL(publicUrl).hostname }
        : null,
    },
    showcaseDir: env.SHOWCASE_DIR ? path.resolve(env.SHOWCASE_DIR) : path.join(dataDir, "showcase"),
    trustedProxyHops: env.TRUST_PROXY_HOPS ?? (env.TRUST_PROXY ? 1 : 0),
  };
}

const LOOPBACK_HOSTS = new Set(["localhost", "[::1]"]);

/** True for an address only this machine reaches: localhost, *.localhost, 127.0.0.0/8 or [::1]. */
export function isLoopbackUrl(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const host = new URL(url).hostname.toLowerCase();
  return LOOPBACK_HOSTS.has(host) || host.endsWith(".localhost") || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * Stripe when STRIPE_SECRET_KEY is set. Otherwise the built-in test checkout, which gives every plan and
 * credit pack away, so it runs only when PAYMENTS_MODE=test says so, off production (NODE_ENV development
 * or test), or when the app is served to this machine only: NODE_ENV left unset (the quick start), PUBLIC_URL
 * unset or on localhost, and no TRUSTED_ORIGINS beyond this machine. NODE_ENV=production set by the
 * operator never implies it: PUBLIC_URL left unset there is an oversight, not a sign of a private server.
 */
function paymentsSettings(
  env: z.infer<typeof envSchema>,
  stripe: StripeEnv | undefined,
  publicUrl: string,
  productionSaid: boolean,
): PaymentsSettings {
  if (stripe) {
    if (env.PAYMENTS_MODE === "test") {
      throw new Error(
        "Invalid environment:\n  PAYMENTS_MODE is test but STRIPE_SECRET_KEY is set: unset one of them (Stripe test keys sk_test_... also take no real money)",
      );
    }
    return { mode: "stripe", implied: env.PAYMENTS_MODE === undefined };
  }
  if (env.PAYMENTS_MODE === "stripe") {
    throw new Error(
      "Invalid environment:\n  PAYMENTS_MODE is stripe, so STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and the STRIPE_PRICE_* ids must be set",
    );
  }
  if (env.PAYMENTS_MODE === "test") return { mode: "test", implied: false };
  if (env.NODE_ENV !== "production") return { mode: "test", implied: true };
  const publicOrigins = env.TRUSTED_ORIGINS.filter((origin) => !isLoopbackUrl(origin));
  if (!productionSaid && isLoopbackUrl(publicUrl) && publicOrigins.length === 0) return { mode: "test", implied: true };
  const why =
    publicOrigins.length > 0
      ? `no payment provider is configured, and TRUSTED_ORIGINS names ${publicOrigins.join(", ")}`
      : isLoopbackUrl(publicUrl)
        ? `NODE_ENV=production and no payment provider is configured for ${publicUrl}`
        : `no payment provider is configured for ${publicUrl}`;
  throw new Error(
    "Invalid environment:\n" +
      `  PAYMENTS_MODE: ${why}. ` +
      "Set STRIPE_SECRET_KEY (with STRIPE_WEBHOOK_SECRET and the STRIPE_PRICE_* ids) to take payments, " +
      "or PAYMENTS_MODE=test to run the built-in test checkout, where every purchase is simulated and free.",
  );
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
