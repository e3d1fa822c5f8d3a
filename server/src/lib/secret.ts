import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * The session-signing secret: AUTH_SECRET when set, else one generated on first start and kept in
 * `<DATA_DIR>/auth-secret` (0600) so sessions survive restarts. Several processes behind one
 * PostgreSQL must share AUTH_SECRET.
 */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, "auth-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // created below
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString("base64url");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
