import { ApiError } from "@/lib/api-error";

/**
 * What the insufficient-credits dialog needs, read from a failed creation call (402 INSUFFICIENT_CREDITS
 * carries `required` and `current`); null for any other error.
 */
export function insufficientCreditsFrom(error: unknown): { required: number; current: number } | null {
  if (!(error instanceof ApiError) || error.code !== "INSUFFICIENT_CREDITS") return null;
  return { required: error.details.required ?? 0, current: error.details.current ?? 0 };
}
