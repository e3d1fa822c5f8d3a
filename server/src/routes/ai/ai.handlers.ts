import type { Capabilities } from "@reelsmith/core";
import { messages } from "@reelsmith/core";
import type { Context } from "hono";
import type { Auth } from "../../auth/auth.ts";
import { requireUser } from "../../auth/session.ts";
import { createRouter } from "../../lib/create-app.ts";
import type { RateLimiter } from "../../lib/rate-limit.ts";
import type { WritingService } from "../../services/writing.service.ts";
import {
  capabilitiesRoute,
  generateAdCopyRoute,
  generateCaptionRoute,
  generateHookRoute,
  generateScriptRoute,
  translateRoute,
} from "./ai.routes.ts";

export function aiRoutes(deps: {
  auth: Auth;
  writing: WritingService;
  limiter: RateLimiter;
  capabilities: () => Capabilities;
}) {
  /** The signed-in user, within their AI allowance (per user, not per address). */
  const allowed = async (c: Context) => {
    const user = await requireUser(deps.auth, c);
    deps.limiter.enforce(`ai:${user.id}`, messages.ai.tooMany);
    return user;
  };
  return createRouter()
    .openapi(generateScriptRoute, async (c) => {
      await allowed(c);
      return c.json(await deps.writing.redditScript(c.req.valid("json")), 200);
    })
    .openapi(generateCaptionRoute, async (c) => {
      await allowed(c);
      return c.json(await deps.writing.greenScreenCaption(c.req.valid("json").prompt), 200);
    })
    .openapi(generateHookRoute, async (c) => {
      await allowed(c);
      return c.json(await deps.writing.musicVideoHook(c.req.valid("json")), 200);
    })
    .openapi(generateAdCopyRoute, async (c) => {
      const user = await allowed(c);
      return c.json(await deps.writing.adCopy(user.id, c.req.valid("json")), 200);
    })
    .openapi(translateRoute, async (c) => {
      await allowed(c);
      return c.json(await deps.writing.translateWords(c.req.valid("json")), 200);
    })
    .openapi(capabilitiesRoute, (c) => c.json(deps.capabilities(), 200));
}
