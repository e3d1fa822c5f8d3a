import { type UserEvent, userEventSchema } from "@reelsmith/core";
import pg from "pg";
import type { Logger } from "../lib/logger.ts";
import { type EventBus, LocalFanout, type UserEventListener } from "./event-bus.ts";

export const EVENTS_CHANNEL = "reelsmith_events";

/**
 * Fan-out across processes through PostgreSQL LISTEN/NOTIFY: publishing sends a NOTIFY on the shared
 * channel; every process (this one included) LISTENs on a dedicated connection and delivers to its
 * own subscribers. The listening connection reconnects with backoff if the database drops it.
 */
export class PostgresEventBus implements EventBus {
  readonly #local = new LocalFanout();
  readonly #pool: pg.Pool;
  readonly #url: string;
  readonly #logger: Logger;
  #client: pg.Client | undefined;
  #closed = false;
  #retry: NodeJS.Timeout | undefined;

  private constructor(url: string, pool: pg.Pool, logger: Logger) {
    this.#url = url;
    this.#pool = pool;
    this.#logger = logger.child({ component: "events" });
  }

  static async connect(url: string, pool: pg.Pool, logger: Logger): Promise<PostgresEventBus> {
    const bus = new PostgresEventBus(url, pool, logger);
    await bus.#listen();
    return bus;
  }

  async #listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.#url });
    client.on("notification", (message) => {
      if (message.channel !== EVENTS_CHANNEL || !message.payload) return;
      try {
        const { u, e } = JSON.parse(message.payload) as { u: string; e: unknown };
        const event = userEventSchema.parse(e);
        this.#local.deliver(u, event);
      } catch (error) {
        this.#logger.warn({ err: error }, "ignored a malformed event notification");
      }
    });
    client.on("error", (error) => {
      this.#logger.warn({ err: error }, "event listener connection failed; reconnecting");
      this.#reconnect(1000);
    });
    await client.connect();
    await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    this.#client = client;
  }

  #reconnect(delayMs: number): void {
    if (this.#closed || this.#retry) return;
    const old = this.#client;
    this.#client = undefined;
    old?.end().catch(() => {});
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      this.#listen().catch((error) => {
        this.#logger.warn({ err: error }, "event listener could not reconnect");
        this.#reconnect(Math.min(delayMs * 2, 30_000));
      });
    }, delayMs);
    this.#retry.unref();
  }

  async publish(userId: string, event: UserEvent): Promise<void> {
    try {
      await this.#pool.query("select pg_notify($1, $2)", [EVENTS_CHANNEL, JSON.stringify({ u: userId, e: event })]);
    } catch (error) {
      // Live updates are best effort: the list also polls, so a lost event only delays the screen.
      this.#logger.warn({ err: error, type: event.type }, "could not publish an event");
    }
  }

  subscribe(userId: string, listener: UserEventListener): () => void {
    return this.#local.subscribe(userId, listener);
  }

  get listenerCount(): number {
    return this.#local.count;
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#retry) clearTimeout(this.#retry);
    await this.#client?.end().catch(() => {});
    this.#client = undefined;
  }
}
