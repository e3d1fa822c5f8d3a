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
  ANALYTICS_PIXEL_ID: optionalString,
  ANALYTICS_PIXEL_SCRIPT_URL: optionalString.pipe(z.url().optional()),
  ANALYTICS_SCRIPT_URL: optionalString.pipe(z.url().optional()),
  ANALYTICS_DOMAIN: optionalString,
  SHOWCASE_DIR: optionalString,
});

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

export type Env = z.infer<typeof envSchema> & {
  dataDir: string;
  publicUrl: string;
  /** SMTP delivery of contact messages; undefined keeps them in the outbox. */
  smtp: SmtpSettings | undefined;
  analytics: AnalyticsSettings;
  showcaseDir: string;
};

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const env = parsed.data;
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const dataDir = path.resolve(env.DATA_DIR);
  const problems: string[] = [];
  if (env.SMTP_HOST && !env.CONTACT_TO && !env.SMTP_FROM) {
    problems.push("  CONTACT_TO: set the address contact messages go to (or SMTP_FROM) when SMTP_HOST is set");
  }
  if (env.SMTP_USER && !env.SMTP_PASS) problems.push("  SMTP_PASS: required when SMTP_USER is set");
  if (env.ANALYTICS_PIXEL_ID && !env.ANALYTICS_PIXEL_SCRIPT_URL) {
    problems.push("  ANALYTICS_PIXEL_SCRIPT_URL: required when ANALYTICS_PIXEL_ID is set (your pixel vendor's script)");
  }
  if (problems.length > 0) throw new Error(`Invalid environment:\n${problems.join("\n")}`);
  const from = env.SMTP_FROM ?? `Reelsmith <no-reply@${new URL(publicUrl).hostname}>`;
  return {
    ...env,
    dataDir,
    publicUrl,
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
  };
}
