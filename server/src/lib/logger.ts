import pino from "pino";

export type Logger = pino.Logger;

/** The longest string any logged error field keeps; the rest is cut (a failed bulk write once logged 560 KB). */
export const LOG_STRING_MAX = 2048;
/** How deep `cause` chains are followed. */
const MAX_CAUSE_DEPTH = 3;
/**
 * Fields of a PostgreSQL error that are safe and useful to log. `detail`, `where` and `hint` are left
 * out: they quote the row's values ("Key (email)=(…) already exists").
 */
const PG_FIELDS = ["code", "severity", "schema", "table", "column", "constraint", "routine"] as const;

export function bound(value: string, max = LOG_STRING_MAX): string {
  return value.length <= max ? value : `${value.slice(0, max)}… [${value.length - max} more characters]`;
}

/** Drizzle's DrizzleQueryError: its message is "Failed query: <sql>\nparams: <every value>". */
function isQueryError(error: Error): error is Error & { query: string; params: unknown[] } {
  return typeof (error as { query?: unknown }).query === "string" && "params" in error;
}

/**
 * An error as a plain, bounded log object that never carries query parameter values: Drizzle's query
 * errors keep the SQL text but not the `params` (which hold whatever the user sent, uploads' metadata,
 * sessions' tokens...), PostgreSQL errors keep their code and constraint but not the `detail` quoting
 * the row, and every string is cut at {@link LOG_STRING_MAX}.
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) {
    if (typeof error === "string") return bound(error);
    if (error === null || typeof error !== "object") return error;
    return bound(safeJson(error));
  }
  const out: Record<string, unknown> = { type: error.name || error.constructor?.name || "Error" };
  let message = error.message;
  if (isQueryError(error)) {
    message = `Failed query: ${error.query}`;
    out.query = bound(error.query);
    out.paramCount = Array.isArray(error.params) ? error.params.length : undefined;
  }
  out.message = bound(message);
  if (typeof error.stack === "string") {
    // The stack starts with "<name>: <message>", and the message may be the one carrying the params.
    const frames = error.stack.indexOf("\n    at ");
    out.stack = bound(frames >= 0 ? `${out.type}: ${message}${error.stack.slice(frames)}` : `${out.type}: ${message}`);
  }
  const record = error as unknown as Record<string, unknown>;
  for (const field of PG_FIELDS) {
    const value = record[field];
    if (typeof value === "string" || typeof value === "number")
      out[field] = typeof value === "string" ? bound(value, 256) : value;
  }
  if (typeof record.status === "number") out.status = record.status;
  if (error.cause !== undefined) {
    out.cause = depth < MAX_CAUSE_DEPTH ? serializeError(error.cause, depth + 1) : "[cause chain cut]";
  }
  if (error instanceof AggregateError) {
    out.errors = error.errors.slice(0, 5).map((inner) => serializeError(inner, depth + 1));
  }
  return out;
}

/** Any other logged value, bounded: errors as above, strings cut, objects as bounded JSON. */
export function serializeValue(value: unknown): unknown {
  if (value instanceof Error) return serializeError(value);
  if (typeof value === "string") return bound(value);
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.slice(0, 20).map(serializeValue);
  return bound(safeJson(value));
}

function safeJson(value: object): string {
  try {
    return JSON.stringify(value, (_key, inner) => (inner instanceof Error ? serializeError(inner) : inner)) ?? "";
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/** Serializers for the fields errors are logged under (`err` by convention; `args` from the auth library). */
export const logSerializers = {
  err: (error: unknown) => serializeError(error),
  error: (error: unknown) => serializeError(error),
  args: (args: unknown) => serializeValue(args),
};

/**
 * The same logger, with the error serializers above whatever it was made with (a logger built elsewhere,
 * such as a test's, still never writes query parameters).
 */
export function withSafeErrors(logger: Logger): Logger {
  return logger.child({}, { serializers: logSerializers });
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: "reelsmith" },
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: logSerializers,
  };
  return destination ? pino(options, destination) : pino(options);
}
