import { z } from "zod";

export const accountUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  image: z.string().nullable(),
});

export const accountSchema = z.object({
  user: accountUserSchema,
  credits: z.number().int(),
  plan: z
    .object({ id: z.string(), name: z.string() })
    .nullable()
    .describe("The current plan, or null on the free tier"),
  subscriptionStatus: z.enum(["active", "inactive", "none"]),
  videosCreated: z.number().int().nonnegative(),
});
export type Account = z.infer<typeof accountSchema>;

export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  requestId: z.string(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  version: z.string(),
  database: z.object({ ok: z.boolean(), driver: z.enum(["pglite", "postgres"]), latencyMs: z.number() }),
  queue: z.object({ ok: z.boolean(), queues: z.number().int() }),
});
export type Health = z.infer<typeof healthSchema>;
