import { AVATAR_MAX_DATA_URL_LENGTH, messages } from "@reelsmith/core";
import { bodyLimit } from "hono/body-limit";
import type { Auth } from "../../auth/auth.ts";
import { optionalUser, requireUser } from "../../auth/session.ts";
import { createRouter } from "../../lib/create-app.ts";
import { AppError } from "../../lib/errors.ts";
import type { AccountService } from "../../services/account.service.ts";
import { getAccountRoute, getSessionRoute, updateProfileRoute } from "./account.routes.ts";

export function accountRoutes(deps: { auth: Auth; accounts: AccountService }) {
  const app = createRouter();
  app.use(
    "/api/account",
    bodyLimit({
      maxSize: AVATAR_MAX_DATA_URL_LENGTH + 4096,
      onError: () => {
        throw new AppError("PAYLOAD_TOO_LARGE", messages.settings.avatarTooLarge);
      },
    }),
  );
  return app
    .openapi(getAccountRoute, async (c) => {
      const user = await requireUser(deps.auth, c);
      c.header("Cache-Control", "no-store");
      return c.json(await deps.accounts.getAccount(user.id), 200);
    })
    .openapi(getSessionRoute, async (c) => {
      const user = await optionalUser(deps.auth, c);
      c.header("Cache-Control", "no-store");
      return c.json({ account: user ? await deps.accounts.getAccount(user.id) : null }, 200);
    })
    .openapi(updateProfileRoute, async (c) => {
      const user = await requireUser(deps.auth, c);
      return c.json(await deps.accounts.updateProfile(user.id, c.req.valid("json")), 200);
    });
}
