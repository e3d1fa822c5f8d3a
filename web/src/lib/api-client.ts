import { type ErrorBody, messages } from "@reelsmith/core";
import type { z } from "zod";

import { ApiError, type ApiErrorDetails } from "./api-error";

export { ApiError, isUnauthorized } from "./api-error";

type ApiRequestInit<T> = Omit<RequestInit, "body"> & {
  /** A JSON body; sent with `content-type: application/json`. */
  json?: unknown;
  /** Validates the response body; a mismatch is reported as an error instead of a crash later on. */
  schema?: z.ZodType<T>;
};

/** The server's error shape `{code, message, requestId}`, checked without a schema library (keeps zod out of the entry). */
function isErrorBody(body: unknown): body is ErrorBody {
  if (typeof body !== "object" || body === null) return false;
  const { code, message, requestId } = body as Record<string, unknown>;
  return typeof code === "string" && typeof message === "string" && typeof requestId === "string";
}

const DETAIL_KEYS = ["maxQuantityAllowed", "remainingCap", "required", "current"] as const;

/** The details some refusals carry (top-up limits, insufficient credits, the refused field). */
function detailsOf(body: ErrorBody): ApiErrorDetails {
  const details: ApiErrorDetails = {};
  for (const key of DETAIL_KEYS) {
    const value = (body as Record<string, unknown>)[key];
    if (typeof value === "number" && Number.isFinite(value)) details[key] = value;
  }
  const { field } = body as Record<string, unknown>;
  if (typeof field === "string" && field.length > 0) details.field = field;
  const { errors } = body as Record<string, unknown>;
  if (Array.isArray(errors)) details.errors = errors as ApiErrorDetails["errors"];
  return details;
}

/** Same-origin JSON fetch with the session cookie. Throws ApiError on any non-2xx answer or network failure. */
export async function apiFetch<T>(
  path: string,
  { json, schema, headers, ...init }: ApiRequestInit<T> = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: "include",
      ...init,
      headers: {
        accept: "application/json",
        ...(json === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw new ApiError(0, "NETWORK_ERROR", messages.common.networkError);
  }

  const body: unknown = await response.json().catch(() => undefined);

  if (!response.ok) {
    if (isErrorBody(body)) {
      throw new ApiError(response.status, body.code, body.message, body.requestId, detailsOf(body));
    }
    throw new ApiError(response.status, `HTTP_${response.status}`, messages.common.somethingWentWrong);
  }

  if (!schema) return body as T;
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError(response.status, "INVALID_RESPONSE", messages.common.somethingWentWrong);
  }
  return parsed.data;
}
