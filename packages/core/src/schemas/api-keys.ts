import { z } from "zod";
import { messages } from "../messages.ts";

/**
 * Personal API keys: a script or an agent acts as the user who made the key, within its scopes. `read` allows
 * every GET of the API; `create` also allows what changes something (uploads, videos, previews, deletions).
 */
export const API_KEY_SCOPES = ["read", "create"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEYS = {
  /** Every key starts with this, so a leaked one is recognisable (and secret scanners can find it). */
  prefix: "rsk_",
  /** Characters of a key shown in the list after the prefix, to tell keys apart. */
  shownChars: 6,
  /** Keys an account may hold at once (revoked ones do not count). */
  perUser: 20,
  nameMax: 60,
  /** The lifetimes offered; null is a key that does not expire. */
  expiryDays: [30, 90, 365] as const,
  /** Requests one key may make per minute, by default (the operator may change it). */
  perMinute: 300,
} as const;

export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES);

export const createApiKeySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, messages.apiKeys.nameRequired)
    .max(API_KEYS.nameMax, messages.apiKeys.nameTooLong(API_KEYS.nameMax)),
  scopes: z
    .array(apiKeyScopeSchema)
    .min(1, messages.apiKeys.scopesRequired)
    .max(10)
    .transform((scopes) => API_KEY_SCOPES.filter((s) => scopes.includes(s))),
  /** Days until the key stops working; null or absent: never. */
  expires_in_days: z.literal(API_KEYS.expiryDays).nullable().default(null),
});
export type CreateApiKey = z.input<typeof createApiKeySchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters (`rsk_` and six more), enough to recognise it. */
  prefix: z.string(),
  scopes: z.array(apiKeyScopeSchema),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** A new key: the only answer that carries the whole key. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;
