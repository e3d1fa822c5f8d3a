import type { Auth } from "../../auth/auth.ts";
import { requireUser } from "../../auth/session.ts";
import { createRouter } from "../../lib/create-app.ts";
import type { AccountService } from "../../services/account.service.ts";
import { getAccountRoute } from "./account.routes.ts";

export function accountRoutes(deps: { auth: Auth; accounts: AccountService }) {
  return createRouter().openapi(getAccountRoute, async (c) => {
    const user = await requireUser(deps.auth, c);
    c.header("Cache-Control", "no-store");
    return c.json(await deps.accounts.getAccount(user.id), 200);
  });
}
