import { z } from "zod";
import { NAME_MAX_LENGTH } from "../catalogue/constants.ts";
import { messages } from "../messages.ts";
import { VOICE_PROVIDERS } from "./ai.ts";
import { hasNoNul } from "./text.ts";

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
  freeCredits: z
    .enum(["granted", "awaiting_verification", "capped"])
    .optional()
    .describe(
      "The sign-up credits: granted; awaiting_verification (they come once the e-mail is confirmed); capped (the client address had the day's free credits already)",
    ),
});
export type FreeCreditsStatus = NonNullable<z.infer<typeof accountSchema>["freeCredits"]>;
export type Account = z.infer<typeof accountSchema>;

/** The session as any page may ask for it: the account, or null for a visitor who is not signed in. */
export const sessionSchema = z.object({ account: accountSchema.nullable() });
export type Session = z.infer<typeof sessionSchema>;

/** One reason one row of a batch cannot be made. `row` counts the videos from 1; `line` is where it starts in the file. */
export const batchRowErrorSchema = z.object({
  row: z.number().int(),
  line: z.number().int(),
  /** The input (column) at fault; null when the row as a whole is. */
  column: z.string().nullable(),
  message: z.string(),
});
export type BatchRowError = z.infer<typeof batchRowErrorSchema>;

export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  requestId: z.string(),
  /** Top-up checkout refusals: the packs still allowed and the one-time credits left this month. */
  maxQuantityAllowed: z.number().int().nonnegative().optional(),
  remainingCap: z.number().int().nonnegative().optional(),
  /** Insufficient-credits refusals: what the action costs and the balance. */
  required: z.number().int().nonnegative().optional(),
  current: z.number().int().optional(),
  /**
   * Validation refusals: the refused value's path in the request body, dotted (`input.avatar_url`), so a
   * form can show the message at that field.
   */
  field: z.string().optional(),
  /** Batch refusals: every row and column that stops the batch, with its reason. */
  errors: z.array(batchRowErrorSchema).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  version: z.string(),
  database: z.object({ ok: z.boolean(), driver: z.enum(["pglite", "postgres"]), latencyMs: z.number() }),
  queue: z.object({ ok: z.boolean(), queues: z.number().int() }),
  /** Whether a small object could be written to and removed from storage just now. */
  storage: z.object({ ok: z.boolean(), driver: z.enum(["local", "s3"]) }),
  /** The voice engine renders speak with (the offline voices unless a natural one is on disk or configured). */
  voice: z.object({ provider: z.enum(VOICE_PROVIDERS) }).optional(),
  /**
   * The real-gameplay clips recorded after start (they replace drawn ones as they land): what the recorder is
   * doing, how many of how many are ready, the one being recorded, and why it cannot run when it cannot.
   * Absent where this process has no starter library.
   */
  footage: z
    .object({
      state: z.enum(["idle", "recording", "done", "unavailable", "failed", "off"]),
      ready: z.number().int(),
      total: z.number().int(),
      current: z.string().optional(),
      message: z.string().optional(),
    })
    .optional(),
});
export type Health = z.infer<typeof healthSchema>;

/** An avatar is stored as a small image data URL (the web app resizes it to 256 px WebP first). */
export const AVATAR_MAX_DATA_URL_LENGTH = 200_000;
export const AVATAR_SIZE_PX = 256;

export const avatarDataUrlSchema = z
  .string()
  .max(AVATAR_MAX_DATA_URL_LENGTH, messages.settings.avatarTooLarge)
  .regex(/^data:image\/(webp|png|jpeg);base64,[A-Za-z0-9+/]+=*$/, messages.reddit.avatarInvalid);

export const profileUpdateSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, messages.settings.nameRequired)
      .max(NAME_MAX_LENGTH, messages.auth.nameTooLong)
      .refine(hasNoNul, messages.common.nulCharacter),
    image: avatarDataUrlSchema.nullable(),
  })
  .partial()
  .refine((v) => v.name !== undefined || v.image !== undefined, { message: "Nothing to update." });
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
