/** The maintenance database the integration tests create their own databases from. */
export function testPostgresUrl(): string {
  return process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
}
