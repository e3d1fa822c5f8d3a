import { z } from "zod";

/**
 * What the server pushes to a signed-in user over `GET /api/events` (Server-Sent Events). Every event
 * is small (PostgreSQL NOTIFY payloads stay under 8 kB) and names what changed, not the whole state.
 */
export const creditsEventSchema = z.object({
  type: z.literal("credits"),
  balance: z.number().int(),
  /** The ledger change that caused it, when there is one. */
  change: z.object({ amount: z.number().int(), source: z.string() }).optional(),
});

export const videoEventSchema = z.object({
  type: z.literal("video"),
  id: z.string(),
  status: z.enum(["processing", "finished", "error"]),
  progress: z.number().int().min(0).max(100),
  stage: z.string().nullable(),
  errorMessage: z.string().nullable().optional(),
});

export const subscriptionEventSchema = z.object({
  type: z.literal("subscription"),
  status: z.string().nullable(),
  planId: z.string().nullable(),
});

export const userEventSchema = z.discriminatedUnion("type", [
  creditsEventSchema,
  videoEventSchema,
  subscriptionEventSchema,
]);
export type UserEvent = z.infer<typeof userEventSchema>;
export type CreditsEvent = z.infer<typeof creditsEventSchema>;
export type VideoEvent = z.infer<typeof videoEventSchema>;

/** The browser event the spec names: any part of the app may fire it to make the credits refresh. */
export const CREDITS_UPDATED_EVENT = "credits-updated";
export interface CreditsUpdatedDetail {
  newCredits?: number;
  changeType?: string;
  amount?: number;
}
