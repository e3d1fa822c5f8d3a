import { messages } from "@reelsmith/core";

import { ApiError } from "@/lib/api-client";

interface AuthCallError {
  status: number;
  code?: string | undefined;
  message?: string | undefined;
}

type AuthCallResult<T> = { data: T; error: null } | { data: null; error: AuthCallError };

/**
 * Runs a better-auth client call and turns its `{data, error}` result into a value or an ApiError.
 * The server already rewrites auth errors so `error.message` is the user-facing text.
 */
export async function authCall<T>(call: () => Promise<AuthCallResult<T>>): Promise<T> {
  let result: AuthCallResult<T>;
  try {
    result = await call();
  } catch {
    throw new ApiError(0, "NETWORK_ERROR", messages.common.networkError);
  }
  if (result.error) {
    const { status, code, message } = result.error;
    throw new ApiError(status, code ?? `HTTP_${status}`, message || messages.common.somethingWentWrong);
  }
  return result.data;
}
