import type { ContentfulStatusCode } from "hono/utils/http-status";

/** Domain error codes and the HTTP status each maps to. */
export const errorStatus = {
  VALIDATION_FAILED: 400,
  WEAK_PASSWORD: 400,
  INVALID_SIGNATURE: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  INSUFFICIENT_CREDITS: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  CONFLICT: 409,
  /** A top-up would pass the monthly cap of one-time credits. */
  LIMIT_REACHED: 409,
  /** A checkout that expired, was cancelled or is finished. */
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UPSTREAM_FAILED: 502,
  AI_NOT_CONFIGURED: 503,
  /** The payment provider failed or answered without what was asked for. */
  PROVIDER_ERROR: 502,
  UNAVAILABLE: 503,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof errorStatus;

/** A failure the user can be told about; mapped to `{code, message, requestId}` by the error middleware. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;
  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.details = details;
  }
  get status(): ContentfulStatusCode {
    return errorStatus[this.code];
  }
}

/**
 * The refusal of a request over its rate limit: 429 with the words the caller chose, and a `Retry-After` header of
 * `retryAfter` seconds (set by the app's error handler from the details).
 */
export function rateLimited(message: string, retryAfter: number): AppError {
  return new AppError("RATE_LIMITED", message, { retryAfter });
}

/** The seconds to wait that an error carries for a `Retry-After` header, if any. */
export function retryAfterOf(error: AppError): number | undefined {
  const details = error.details as { retryAfter?: unknown } | undefined;
  const wait = details?.retryAfter;
  return typeof wait === "number" && Number.isFinite(wait) && wait > 0 ? Math.ceil(wait) : undefined;
}
