import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { acquireDirLock } from "./lock.ts";
import * as schema from "./schema/index.ts";

export { schema };
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseDriver = "pglite" | "postgres";

export interface DatabaseHandle {
  db: Database;
  driver: DatabaseDriver;
  /** Present on the embedded default; pg-boss shares this one connection. */
  pglite?: PGlite;
  /** Present with DATABASE_URL. */
  pool?: pg.Pool;
  url?: string;
  migrate(): Promise<void>;
  ping(): Promise<number>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  url?: string | undefined;
  /** Directory for the embedded database (`<dir>/db`); omitted means in memory. */
  dataDir?: string | undefined;
  /** An already-open PGlite (tests clone a migrated template). */
  pglite?: PGlite;
  poolSize?: number;
}

/** Where the SQL migrations live: beside this file in the source tree, `dist/migrations` in the build. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, "migrations"), path.join(here, "db", "migrations")];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, "meta", "_journal.json")));
  if (!found) throw new Error(`Database migrations not found (looked in ${candidates.join(", ")})`);
  return found;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10);
  return openPglite(options);
}

async function openPostgres(url: string, max: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client whose server connection ends (a restart, a dropped database) emits "error" on the
  // pool; unheard, that would crash the process. The pool discards the client and opens a new one.
  pool.on("error", () => {});
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  return {
    db,
    driver: "postgres",
    pool,
    url,
    migrate: async () => {
      // Several processes may start at once against one database: one migrates, the others wait.
      const lock = await pool.connect();
      try {
        await lock.query("select pg_advisory_lock(hashtext('reelsmith:migrate'))");
        await migrateNodePg(drizzleNodePg(pool, { schema }), { migrationsFolder: migrationsFolder() });
      } finally {
        await lock.query("select pg_advisory_unlock(hashtext('reelsmith:migrate'))").catch(() => {});
        lock.release();
      }
    },
    ping: () => timed(() => pool.query("select 1")),
    close: () => pool.end(),
  };
}

async function openPglite(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  let release: (() => void) | undefined;
  let client = options.pglite;
  if (!client) {
    if (options.dataDir) {
      fs.mkdirSync(options.dataDir, { recursive: true });
      release = acquireDirLock(path.join(options.dataDir, "db.lock"));
      try {
        client = await PGlite.create(path.join(options.dataDir, "db"));
      } catch (error) {
        release();
        throw error;
      }
    } else {
      client = await PGlite.create();
    }
  }
  const pglite = client;
  const db = drizzlePglite(pglite, { schema }) as unknown as Database;
  return {
    db,
    driver: "pglite",
    pglite,
    migrate: () => migratePglite(drizzlePglite(pglite, { schema }), { migrationsFolder: migrationsFolder() }),
    ping: () => timed(() => pglite.query("select 1")),
    close: async () => {
      try {
        if (!pglite.closed) await pglite.close();
      } finally {
        release?.();
      }
    },
  };
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return Math.round((performance.now() - start) * 100) / 100;
}
