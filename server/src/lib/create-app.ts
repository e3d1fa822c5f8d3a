import { OpenAPIHono } from "@hono/zod-openapi";
import { messages } from "@reelsmith/core";
import { HTTPException } from "hono/http-exception";
import { requestId } from "hono/request-id";
import { secureHeaders } from "hono/secure-headers";
import { ZodError } from "zod";
import { closeUnfinishedBodies, limitBodies, type SignedInCheck } from "./body-limit.ts";
import { API_CSP } from "./csp.ts";
import { AppError, type ErrorCode, errorStatus, retryAfterOf } from "./errors.ts";
import { type Logger, withSafeErrors } from "./logger.ts";
import { refuseUnreadableText } from "./text-input.ts";
import type { AppBindings } from "./types.ts";

/** Numeric details an error may carry to the client (see errorBodySchema in core). */
const DETAIL_FIELDS = ["maxQuantityAllowed", "remainingCap", "required", "current"] as const;

/**
 * The error body. `details.field`, when a string, names the refused value by its path in the request body
 * (`input.avatar_url`), so a form can show the message at that field.
 */
export function errorBody(code: ErrorCode | string, message: string, requestIdValue: string, details?: unknown) {
  const extra: Record<string, number | string> = {};
  if (details && typeof details === "object") {
    for (const field of DETAIL_FIELDS) {
      const value = (details as Record<string, unknown>)[field];
      if (typeof value === "number" && Number.isFinite(value)) extra[field] = value;
    }
    const { field } = details as { field?: unknown };
    if (typeof field === "string" && field.length > 0) extra.field = field;
  }
  // A refused batch names every row and column (rows the server itself wrote: see BatchesService).
  const errors = (details as { errors?: unknown } | undefined)?.errors;
  return { code, message, requestId: requestIdValue, ...extra, ...(Array.isArray(errors) ? { errors } : {}) };
}

/** A schema refusal as an error body: the first issue's own message, and the body path it is about. */
function validationBody(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }, id: string) {
  const issue = error.issues[0];
  if (!issue) return errorBody("VALIDATION_FAILED", "Invalid request.", id);
  const field = issue.path.map(String).join(".");
  return errorBody("VALIDATION_FAILED", issue.message, id, field ? { field } : undefined);
}

/** A Hono app with request ids, structured request logs, one error shape and JSON 404s under /api. */
export function createRouter() {
  return new OpenAPIHono<AppBindings>({
    defaultHook: (result, c) => {
      if (!result.success) return c.json(validationBody(result.error, c.get("requestId")), 400);
    },
  });
}

export function createApp(
  baseLogger: Logger,
  options: {
    https: boolean;
    /** Whether a request has a session: routes that take large bodies from signed-in users only ask it first. */
    signedIn?: SignedInCheck;
  } = { https: false },
) {
  // Errors are logged without query parameters and with bounded strings, whichever logger came in.
  const logger = withSafeErrors(baseLogger);
  const app = createRouter();
  app.use(requestId({ headerName: "X-Request-Id" }));
  app.use(
    secureHeaders({
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: "same-origin",
      // HSTS only means something (and only belongs) on an HTTPS deployment.
      strictTransportSecurity: options.https ? "max-age=15552000; includeSubDomains" : false,
    }),
  );
  // Pages set their own policy (lib/spa.ts); API answers, files and errors may load and be framed by nothing.
  app.use(async (c, next) => {
    await next();
    if (!c.res.headers.has("Content-Security-Policy")) c.res.headers.set("Content-Security-Policy", API_CSP);
  });
  app.use(async (c, next) => {
    const started = performance.now();
    const child = logger.child({ requestId: c.get("requestId") });
    c.set("logger", child);
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const entry = { method: c.req.method, path: c.req.path, status: c.res.status, ms };
    if (c.res.status >= 500) child.error(entry, "request");
    else if (c.req.path.startsWith("/api/")) child.info(entry, "request");
    else child.debug(entry, "request");
  });
  // Before any route reads a body: every body is bounded, and text a database cannot store is refused.
  app.use(closeUnfinishedBodies());
  app.use(limitBodies(undefined, undefined, options.signedIn));
  app.use(refuseUnreadableText());

  app.onError((error, c) => {
    const id = c.get("requestId") ?? "unknown";
    if (error instanceof AppError) {
      const wait = retryAfterOf(error);
      if (wait !== undefined) c.header("Retry-After", String(wait));
      return c.json(errorBody(error.code, error.message, id, error.details), error.status);
    }
    if (error instanceof ZodError) return c.json(validationBody(error, id), 400);
    if (error instanceof URIError) {
      // A path or parameter with malformed percent-encoding names nothing.
      return c.json(errorBody("NOT_FOUND", "Not found.", id), 404);
    }
    if (error instanceof HTTPException) {
      const status = error.status;
      const code = (Object.entries(errorStatus).find(([, s]) => s === status)?.[0] ?? "INTERNAL") as ErrorCode;
      return c.json(errorBody(code, error.message || messages.common.somethingWentWrong, id), status);
    }
    (c.get("logger") ?? logger).error({ err: error, path: c.req.path }, "unhandled error");
    return c.json(errorBody("INTERNAL", messages.common.somethingWentWrong, id), 500);
  });

  app.notFound((c) => c.json(errorBody("NOT_FOUND", "Not found.", c.get("requestId") ?? "unknown"), 404));
  return app;
}

export type App = ReturnType<typeof createApp>;
