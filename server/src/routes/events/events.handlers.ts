import type { UserEvent } from "@reelsmith/core";
import { streamSSE } from "hono/streaming";
import type { Auth } from "../../auth/auth.ts";
import { requireUser } from "../../auth/session.ts";
import type { EventBus } from "../../events/event-bus.ts";
import { StreamSlots } from "../../events/stream-slots.ts";
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
  /** Open streams per user (at most 6 by default; a new one past that ends the oldest). */
  slots?: StreamSlots;
}) {
  const closing = deps.closing ?? new AbortController().signal;
  const slots = deps.slots ?? new StreamSlots();
  const heartbeatMs = deps.heartbeatMs ?? HEARTBEAT_MS;
  return createRouter().openapi(eventsRoute, async (c) => {
    const user = await requireUser(deps.auth, c);
    c.header("Cache-Control", "no-store");
    // Nginx and similar proxies buffer responses unless told not to.
    c.header("X-Accel-Buffering", "no");
    return streamSSE(c, async (stream) => {
      const slot = slots.take(user.id);
      // Ends the wait between heartbeats at once: on shutdown, or when a newer stream took this slot.
      const stop = AbortSignal.any([closing, slot.signal]);
      let closed = false;
      // Events that arrive before `ready` wait for it, so a client always reads `ready` first.
      let early: UserEvent[] | null = [];
      const send = (event: UserEvent) => {
        if (closed) return;
        if (early) {
          early.push(event);
          return;
        }
        stream.writeSSE({ event: event.type, data: JSON.stringify(event) }).catch(() => {
          closed = true;
        });
      };
      // Subscribe before reading the balance, so a change in between is not lost.
      const unsubscribe = deps.events.subscribe(user.id, send);
      stream.onAbort(() => {
        closed = true;
        unsubscribe();
        slots.release(user.id, slot);
        slot.abort();
      });
      try {
        const balance = await deps.credits.balance(user.id);
        if (!stop.aborted) {
          await stream.writeSSE({ event: "ready", data: JSON.stringify({ type: "ready", balance }) });
        }
        const waiting = early;
        early = null;
        for (const event of waiting) send(event);
        while (!closed && !stream.aborted && !stop.aborted) {
          await pause(heartbeatMs, stop);
          if (!closed && !stream.aborted && !stop.aborted) await stream.write(": ping\n\n");
        }
        if (slot.signal.aborted && !closing.aborted && !closed && !stream.aborted) {
          // Taken over by a newer stream of the same user: tell the tab not to reconnect on its own.
          closed = true;
          await stream.writeSSE({ event: "superseded", data: JSON.stringify({ type: "superseded" }) });
        }
      } finally {
        closed = true;
        unsubscribe();
        slots.release(user.id, slot);
      }
    }) as never;
  });
}
