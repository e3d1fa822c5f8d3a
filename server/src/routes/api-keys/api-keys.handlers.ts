import type { Auth } from "../../auth/auth.ts";
import { requireUser } from "../../auth/session.ts";
import { createRouter } from "../../lib/create-app.ts";
import type { ApiKeysService } from "../../services/api-keys.service.ts";
import { createApiKeyRoute, listApiKeysRoute, revokeApiKeyRoute } from "./api-keys.routes.ts";

/** Managing API keys: only with a session (the key gate refuses a key here), never with a key. */
export function apiKeysRoutes(deps: { auth: Auth; apiKeys: ApiKeysService }) {
  return createRouter()
    .openapi(listApiKeysRoute, async (c) => {
      const user = await requireUser(deps.auth, c);
      c.header("Cache-Control", "no-store");
      return c.json(await deps.apiKeys.list(user.id), 200);
    })
    .openapi(createApiKeyRoute, async (c) => {
      const user = await requireUser(deps.auth, c);
      c.header("Cache-Control", "no-store");
      return c.json(await deps.apiKeys.create(user.id, c.req.valid("json")), 201);
    })
    .openapi(revokeApiKeyRoute, async (c) => {
      const user = await requireUser(deps.auth, c);
      await deps.apiKeys.revoke(user.id, c.req.valid("param").id);
      return c.body(null, 204);
    });
}
