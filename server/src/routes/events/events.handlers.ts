import type { UserEvent } from "@reelsmith/core";
import { streamSSE } from "hono/streaming";
import type { Auth } from "../../auth/auth.ts";
import { requireUser } from "../../auth/session.ts";
import type { EventBus } from "../../events/event-bus.ts";
import { createRouter } from "../../lib/create-app.ts";
import type { CreditsService } from "../../services/credits.service.ts";
import { eventsRoute } from "./events.routes.ts";

export const HEARTBEAT_MS = 25_000;

/** Resolves after `ms`, or at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}

export function eventsRoutes(deps: {
  auth: Auth;
  events: EventBus;
  credits: CreditsService;
  heartbeatMs?: number;
  /** Aborted when the process stops: every stream ends so the HTTP server can close. */
  closing?: AbortSignal;
}) {
  const closing = deps.closing ?? new AbortController().signal;
  const heartbeatMs = deps.heartbeatMs ?? HEARTBEAT_MS;
  return createRouter().openapi(eventsRoute, async (c) => {
    const user = await requireUser(deps.auth, c);
    c.header("Cache-Control", "no-store");
    // Nginx and similar proxies buffer responses unless told not to.
    c.header("X-Accel-Buffering", "no");
    return streamSSE(c, async (stream) => {
      let closed = false;
      const send = (event: UserEvent) => {
        if (closed) return;
        stream.writeSSE({ event: event.type, data: JSON.stringify(event) }).catch(() => {
          closed = true;
        });
      };
      // Subscribe before reading the balance, so a change in between is not lost.
      const unsubscribe = deps.events.subscribe(user.id, send);
      stream.onAbort(() => {
        closed = true;
        unsubscribe();
      });
      try {
        const balance = await deps.credits.balance(user.id);
        await stream.writeSSE({ event: "ready", data: JSON.stringify({ type: "ready", balance }) });
        while (!closed && !stream.aborted && !closing.aborted) {
          await pause(heartbeatMs, closing);
          if (!closed && !stream.aborted && !closing.aborted) await stream.write(": ping\n\n");
        }
      } finally {
        closed = true;
        unsubscribe();
      }
    }) as never;
  });
}
