import { eq } from "drizzle-orm";
import { credits, generatedVideos, payments, subscriptions } from "../src/db/schema/index.ts";
import { type Harness, json } from "./harness.ts";

/** A clock tests move by hand; every billing and credit rule reads it. */
export class TestClock {
  #now: number;
  constructor(start = "2026-03-10T12:00:00.000Z") {
    this.#now = Date.parse(start);
  }
  now = (): Date => new Date(this.#now);
  set(iso: string | Date): void {
    this.#now = typeof iso === "string" ? Date.parse(iso) : iso.getTime();
  }
  advance(ms: number): void {
    this.#now += ms;
  }
}

export const MINUTE = 60_000;
export const DAY = 86_400_000;

export async function signUpUser(h: Harness, email: string): Promise<{ cookie: string; id: string }> {
  const { cookie } = await h.signUp(email);
  const account = await json(h.request("/api/account", { cookie }));
  return { cookie, id: account.user.id as string };
}

export function post(h: Harness, path: string, cookie: string, body: unknown = {}) {
  return h.request(path, { method: "POST", cookie, body: JSON.stringify(body) });
}

/** Starts a checkout and answers the payment id from the test checkout URL. */
export async function startTopUp(h: Harness, cookie: string, quantity: number): Promise<Response> {
  return post(h, "/api/billing/checkout", cookie, { mode: "payment", quantity });
}

export function paymentIdOf(url: string): string {
  const id = url.split("/checkout/test/")[1];
  if (!id) throw new Error(`not a test checkout url: ${url}`);
  return id;
}

/** Buys `quantity` packs through the built-in test checkout. */
export async function buyPacks(h: Harness, cookie: string, quantity: number): Promise<string> {
  const response = await startTopUp(h, cookie, quantity);
  if (response.status !== 200) throw new Error(`checkout failed: ${await response.text()}`);
  const id = paymentIdOf((await json(response)).url);
  const paid = await post(h, `/api/billing/test-checkout/${id}/pay`, cookie);
  if (paid.status !== 200) throw new Error(`pay failed: ${await paid.text()}`);
  return id;
}

/** Subscribes through the built-in test checkout. */
export async function subscribe(
  h: Harness,
  cookie: string,
  planId: string,
  interval: "month" | "year" = "month",
  promoCode?: string,
): Promise<string> {
  const response = await post(h, "/api/billing/checkout", cookie, {
    mode: "subscription",
    planId,
    interval,
    ...(promoCode ? { promoCode } : {}),
  });
  if (response.status !== 200) throw new Error(`checkout failed: ${await response.text()}`);
  const id = paymentIdOf((await json(response)).url);
  const paid = await post(h, `/api/billing/test-checkout/${id}/pay`, cookie);
  if (paid.status !== 200) throw new Error(`pay failed: ${await paid.text()}`);
  return id;
}

export async function ledger(h: Harness, userId: string) {
  return h.db.db.select().from(credits).where(eq(credits.userId, userId)).orderBy(credits.createdAt);
}

export async function subscriptionRow(h: Harness, userId: string) {
  const [row] = await h.db.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}

export async function paymentRow(h: Harness, id: string) {
  const [row] = await h.db.db.select().from(payments).where(eq(payments.id, id));
  return row;
}

/** A processing video row, as the video creation flow inserts it before charging. */
export async function insertVideo(h: Harness, userId: string, cost = 6): Promise<string> {
  const [row] = await h.db.db
    .insert(generatedVideos)
    .values({ userId, title: "Test video", type: "reddit", cost })
    .returning({ id: generatedVideos.id });
  if (!row) throw new Error("no video row");
  return row.id;
}

export async function balance(h: Harness, userId: string): Promise<number> {
  return h.ctx.services.credits.balance(userId);
}
