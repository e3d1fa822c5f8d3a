import { Writable } from "node:stream";
import { DrizzleQueryError } from "drizzle-orm/errors";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../../src/db/schema/auth.ts";
import { createApp } from "../../src/lib/create-app.ts";
import { createLogger, LOG_STRING_MAX, serializeError } from "../../src/lib/logger.ts";
import { createTestDatabase, type TestDatabase } from "../databases.ts";

/** A pino destination that keeps every line written. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

const SECRET = "do-not-log-me";
/** A 600 KB value, like the bulk update whose failure once wrote a 560 KB log line. */
const HUGE = `${SECRET}-${"x".repeat(600_000)}`;

let db: TestDatabase;
let failure: DrizzleQueryError;

beforeAll(async () => {
  db = await createTestDatabase("pglite");
  await db.db.insert(user).values({ id: "u1", name: "First", email: "taken@example.com" });
  try {
    await db.db.insert(user).values({ id: "u2", name: HUGE, email: "taken@example.com" });
  } catch (error) {
    failure = error as DrizzleQueryError;
  }
});
afterAll(async () => {
  await db.drop();
});

describe("error logs", () => {
  it("a real failed query carries its parameters (what the serializer must drop)", () => {
    expect(failure).toBeInstanceOf(DrizzleQueryError);
    expect(failure.message).toContain(SECRET);
    expect(failure.params).toContain(HUGE);
  });

  it("the serializer keeps the SQL and the PostgreSQL code but no parameter value", () => {
    const out = serializeError(failure) as Record<string, unknown>;
    const text = JSON.stringify(out);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain("taken@example.com");
    expect(out.message).toMatch(/^Failed query: insert into "user"/);
    expect(out.paramCount).toBe(3);
    expect((out.cause as Record<string, unknown>).code).toBe("23505");
    expect(text.length).toBeLessThan(4 * LOG_STRING_MAX);
  });

  it("every string of an error is bounded", () => {
    const out = serializeError(new Error(HUGE, { cause: new Error(HUGE) })) as Record<string, unknown>;
    expect((out.message as string).length).toBeLessThan(LOG_STRING_MAX + 64);
    expect(((out.cause as Record<string, unknown>).message as string).length).toBeLessThan(LOG_STRING_MAX + 64);
    expect(JSON.stringify(out).length).toBeLessThan(6 * LOG_STRING_MAX);
  });

  it("the process logger writes a short line without the parameters", () => {
    const { lines, stream } = capture();
    createLogger("info", stream).error({ err: failure }, "update failed");
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain(SECRET);
    expect(lines[0]).toContain("23505");
    expect(lines[0]?.length).toBeLessThan(8 * 1024);
  });

  it("an unhandled route error is logged without parameters, even through a plain logger", async () => {
    const { lines, stream } = capture();
    const app = createApp(pino({ level: "info" }, stream));
    app.get("/boom", () => {
      throw failure;
    });
    const response = await app.request("/boom");
    expect(response.status).toBe(500);
    const logged = lines.filter((line) => line.includes("unhandled error"));
    expect(logged).toHaveLength(1);
    expect(logged[0]).not.toContain(SECRET);
    expect(logged[0]).toContain("Failed query");
    expect(lines.join("\n").length).toBeLessThan(16 * 1024);
  });
});
