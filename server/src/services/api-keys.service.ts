import crypto from "node:crypto";
import {
  API_KEYS,
  type ApiKey,
  type ApiKeyList,
  type ApiKeyScope,
  type CreateApiKey,
  type CreatedApiKey,
  createApiKeySchema,
  messages,
} from "@reelsmith/core";
import { AppError } from "../lib/errors.ts";
import { UUID } from "../lib/ids.ts";
import type { ActiveKey, ApiKeyRow, ApiKeysRepository } from "../repositories/api-keys.repository.ts";

/** A key's fingerprint: SHA-256 of the whole key (256 random bits, so no slow hash is needed). */
export function fingerprint(key: string): string {
  return crypto.createHash("sha256").update(key).digest("hex");
}

/** Personal API keys: made and shown once, listed by their start, revoked at once; and a request's key checked. */
export class ApiKeysService {
  constructor(
    private readonly keys: ApiKeysRepository,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async list(userId: string): Promise<ApiKeyList> {
    return { items: (await this.keys.list(userId)).map(view) };
  }

  async create(userId: string, body: CreateApiKey): Promise<CreatedApiKey> {
    const { name, scopes, expires_in_days } = createApiKeySchema.parse(body);
    if ((await this.keys.countActive(userId)) >= API_KEYS.perUser) {
      throw new AppError("CONFLICT", messages.apiKeys.tooMany(API_KEYS.perUser));
    }
    const key = `${API_KEYS.prefix}${crypto.randomBytes(32).toString("base64url")}`;
    const now = this.clock();
    const row = await this.keys.insert({
      userId,
      name,
      prefix: key.slice(0, API_KEYS.prefix.length + API_KEYS.shownChars),
      keyHash: fingerprint(key),
      scopes: [...scopes],
      createdAt: now,
      expiresAt: expires_in_days === null ? null : new Date(now.getTime() + expires_in_days * 86_400_000),
    });
    return { ...view(row), key };
  }

  async revoke(userId: string, id: string): Promise<void> {
    if (!UUID.test(id) || !(await this.keys.revoke(userId, id, this.clock()))) {
      throw new AppError("NOT_FOUND", messages.apiKeys.notFound);
    }
  }

  /** The key's user, id and scopes when it opens the API now; its use is recorded at most once a minute. */
  async authenticate(key: string): Promise<
    | {
        user: ActiveKey["user"];
        apiKey: { id: string; scopes: ApiKeyScope[] };
      }
    | undefined
  > {
    if (!key.startsWith(API_KEYS.prefix) || key.length > 200) return undefined;
    const now = this.clock();
    const found = await this.keys.findActive(fingerprint(key), now);
    if (!found) return undefined;
    if (!found.key.lastUsedAt || now.getTime() - found.key.lastUsedAt.getTime() >= 60_000) {
      await this.keys.touch(found.key.id, now);
    }
    return { user: found.user, apiKey: { id: found.key.id, scopes: found.key.scopes as ApiKeyScope[] } };
  }
}

function view(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiKeyScope[],
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
  };
}
