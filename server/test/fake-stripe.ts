import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeStripeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  /** The form-encoded body, flat: `line_items[0][price]` -> value. */
  form: Record<string, string>;
}

type Json = Record<string, unknown>;

/**
 * A local stand-in for the Stripe API on 127.0.0.1, speaking just enough of it for the app's calls:
 * Checkout Sessions (create, expire), Billing Portal sessions, subscriptions and schedules (as stored by the test), and
 * refunds. Every request is recorded for assertions. It stops with `close()`.
 */
export class FakeStripe {
  readonly requests: FakeStripeRequest[] = [];
  readonly subscriptions = new Map<string, Json>();
  readonly schedules = new Map<string, Json>();
  /** Checkout sessions created here, by id: `open` until expired (or marked `complete` by a test). */
  readonly sessions = new Map<string, Json>();
  /** The next checkout-session create fails with a card-network style error. */
  failNextCheckout = false;
  /** Checkout sessions come back without a url. */
  omitUrl = false;
  #server: http.Server;
  #sessions = 0;

  private constructor(server: http.Server) {
    this.#server = server;
  }

  static async start(): Promise<FakeStripe> {
    let fake: FakeStripe | undefined;
    const server = http.createServer((req, res) => {
      fake?.handle(req, res).catch((error: unknown) => {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { type: "api_error", message: String(error) } }));
      });
    });
    fake = new FakeStripe(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return fake;
  }

  get url(): string {
    const { port } = this.#server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  requestsTo(method: string, path: string): FakeStripeRequest[] {
    return this.requests.filter((r) => r.method === method && r.path === path);
  }

  async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", this.url);
    const form = Object.fromEntries(new URLSearchParams(req.method === "GET" ? url.search : body));
    const header = (name: string) => {
      const v = req.headers[name];
      return Array.isArray(v) ? v[0] : v;
    };
    this.requests.push({
      method: req.method ?? "GET",
      path: url.pathname,
      authorization: header("authorization"),
      idempotencyKey: header("idempotency-key"),
      form,
    });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { "content-type": "application/json", "request-id": `req_${this.requests.length}` });
      res.end(JSON.stringify(payload));
    };
    const notFound = (what: string) =>
      send(404, { error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}` } });

    if (header("authorization") !== "Bearer sk_test_fake") {
      return send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
    }
    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      if (this.failNextCheckout) {
        this.failNextCheckout = false;
        return send(400, { error: { type: "invalid_request_error", message: "No such price" } });
      }
      this.#sessions += 1;
      const id = `cs_test_${this.#sessions}`;
      const session = {
        id,
        object: "checkout.session",
        mode: form.mode,
        client_reference_id: form.client_reference_id ?? null,
        url: this.omitUrl ? null : `${this.url}/pay/${id}`,
        status: "open",
      };
      this.sessions.set(id, session);
      return send(200, session);
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(url.pathname);
    if (req.method === "POST" && expire) {
      const session = this.sessions.get(expire[1] ?? "");
      if (!session) return notFound("checkout.session");
      if (session.status !== "open") {
        return send(400, {
          error: {
            type: "invalid_request_error",
            message: `Only Checkout Sessions with a status of open can be expired. This one is ${String(session.status)}.`,
          },
        });
      }
      session.status = "expired";
      session.url = null;
      return send(200, session);
    }
    if (req.method === "POST" && url.pathname === "/v1/billing_portal/sessions") {
      return send(200, {
        id: "bps_test_1",
        object: "billing_portal.session",
        customer: form.customer,
        return_url: form.return_url,
        url: `${this.url}/portal/${form.customer}`,
      });
    }
    if (req.method === "POST" && url.pathname === "/v1/refunds") {
      return send(200, {
        id: `re_${this.requests.length}`,
        object: "refund",
        status: "succeeded",
        payment_intent: form.payment_intent,
      });
    }
    const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
    if (req.method === "GET" && sub) {
      const found = this.subscriptions.get(sub[1] ?? "");
      return found ? send(200, found) : notFound("subscription");
    }
    const schedule = /^\/v1\/subscription_schedules\/([^/]+)$/.exec(url.pathname);
    if (req.method === "GET" && schedule) {
      const found = this.schedules.get(schedule[1] ?? "");
      return found ? send(200, found) : notFound("subscription schedule");
    }
    return notFound(`route ${req.method} ${url.pathname}`);
  }

  async close(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}

/** A subscription in the current API's shape (the period lives on the item). */
export function stripeSubscription(input: {
  id: string;
  customer: string;
  price: string;
  start: Date;
  end: Date;
  userId?: string;
  status?: string;
  cancelAtPeriodEnd?: boolean;
  schedule?: string | null;
}): Json {
  const unix = (d: Date) => Math.floor(d.getTime() / 1000);
  return {
    id: input.id,
    object: "subscription",
    customer: input.customer,
    status: input.status ?? "active",
    cancel_at_period_end: input.cancelAtPeriodEnd ?? false,
    cancel_at: null,
    schedule: input.schedule ?? null,
    metadata: input.userId ? { userId: input.userId } : {},
    items: {
      object: "list",
      data: [
        {
          id: `si_${input.id}`,
          object: "subscription_item",
          price: { id: input.price, object: "price" },
          current_period_start: unix(input.start),
          current_period_end: unix(input.end),
        },
      ],
    },
  };
}
