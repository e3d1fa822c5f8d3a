import crypto from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { type DatabaseDriver, type DatabaseHandle, openDatabase } from "../src/db/client.ts";
import { testPostgresUrl } from "./postgres-url.ts";

export const DRIVERS: DatabaseDriver[] = ["pglite", "postgres"];

let template: Promise<DatabaseHandle> | undefined;

/** One migrated PGlite per test process, cloned per test (cheap) instead of migrating each time. */
async function pgliteTemplate(): Promise<DatabaseHandle> {
  template ??= (async () => {
    const handle = await openDatabase({});
    await handle.migrate();
    return handle;
  })();
  return template;
}

export interface TestDatabase extends DatabaseHandle {
  drop(): Promise<void>;
}

/** A fresh, migrated database of the given driver; `drop()` closes and removes it. */
export async function createTestDatabase(driver: DatabaseDriver): Promise<TestDatabase> {
  if (driver === "pglite") {
    const base = await pgliteTemplate();
    const clone = (await (base.pglite as PGlite).clone()) as PGlite;
    const handle = await openDatabase({ pglite: clone });
    return { ...handle, drop: () => handle.close() };
  }
  const name = `reelsmith_test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: testPostgresUrl() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(testPostgresUrl());
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 5 });
  await handle.migrate();
  return {
    ...handle,
    drop: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: testPostgresUrl() });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
