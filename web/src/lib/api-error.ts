import type { BatchRowError } from "@reelsmith/core";

/** Details some refusals carry (top-up limits, insufficient credits, the refused field). */
export interface ApiErrorDetails {
  maxQuantityAllowed?: number;
  remainingCap?: number;
  required?: number;
  current?: number;
  /** The refused value's path in the request body, dotted (`input.avatar_url`). */
  field?: string;
  /** A refused batch: every row and column that stops it, with its reason. */
  errors?: BatchRowError[];
}

/** Every failed API call surfaces as an ApiError carrying the server's `{code, message, requestId}`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly requestId: string | undefined;
  readonly details: ApiErrorDetails;

  constructor(status: number, code: string, message: string, requestId?: string, details: ApiErrorDetails = {}) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.requestId = requestId;
    this.details = details;
  }
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
