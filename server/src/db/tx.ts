import type { Executor, Transaction } from "./client.ts";

/** A drizzle transaction of the application database (the callback argument of `db.transaction`). */
export type Tx = Transaction;
export type { Executor };

interface RawClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * The raw SQL client behind a drizzle transaction (a pg PoolClient or a PGlite transaction), so a
 * library with its own SQL (pg-boss) can write inside the same transaction.
 */
export function rawClientOf(tx: Tx): RawClient {
  const client = (tx as unknown as { session?: { client?: RawClient } }).session?.client;
  if (!client || typeof client.query !== "function") {
    throw new Error("This transaction does not expose its SQL client");
  }
  return client;
}
