import type { Logger } from "./logger.ts";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  image: string | null;
}

export interface AppBindings {
  Variables: {
    requestId: string;
    logger: Logger;
  };
}
