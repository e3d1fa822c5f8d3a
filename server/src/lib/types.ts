import type { ApiKeyScope } from "@reelsmith/core";
import type { Logger } from "./logger.ts";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  image: string | null;
  /** The API key the request came with, and what it may do; absent for a signed-in browser. */
  apiKeyId?: string;
  apiKeyScopes?: readonly ApiKeyScope[];
}

export interface AppBindings {
  Variables: {
    requestId: string;
    logger: Logger;
  };
}
