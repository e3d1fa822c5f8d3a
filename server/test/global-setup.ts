import pg from "pg";
import { testPostgresUrl } from "./postgres-url.ts";

/**
 * The PostgreSQL half of the suite never skips: the setup script starts (or installs) a server
 * before the tests; if none answers here the run fails with the reason.
 */
export default async function setup(): Promise<void> {
  const client = new pg.Client({ connectionString: testPostgresUrl(), connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query("select 1");
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${testPostgresUrl()} (${(error as Error).message}). ` +
        "Run the tests with `npm test`, which starts or installs PostgreSQL, or set TEST_DATABASE_URL.",
    );
  } finally {
    await client.end().catch(() => {});
  }
}
