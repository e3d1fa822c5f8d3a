import type { Auth } from "../../auth/auth.ts";
import { requireUser } from "../../auth/session.ts";
import { createRouter } from "../../lib/create-app.ts";
import type { CreditsService } from "../../services/credits.service.ts";
import { getCreditsRoute } from "./credits.routes.ts";

export function creditsRoutes(deps: { auth: Auth; credits: CreditsService }) {
  return createRouter().openapi(getCreditsRoute, async (c) => {
    const user = await requireUser(deps.auth, c);
    c.header("Cache-Control", "no-store");
    return c.json(await deps.credits.summary(user.id), 200);
  });
}
