/** Why speech could not be produced. `retryable` says whether trying again later may help. */
export type TtsErrorCode =
  | "NOTHING_TO_SAY"
  | "ENGINE_MISSING"
  | "ENGINE_FAILED"
  | "HELPER_BUILD_FAILED"
  | "AUDIO_FAILED"
  | "PROVIDER_AUTH"
  | "PROVIDER_RATE_LIMITED"
  | "PROVIDER_UNAVAILABLE"
  | "PROVIDER_TIMEOUT"
  | "PROVIDER_REJECTED"
  | "PROVIDER_BAD_RESPONSE";

export class TtsError extends Error {
  override readonly name = "TtsError";
  readonly code: TtsErrorCode;
  readonly retryable: boolean;
  /** HTTP status of a provider answer, when there was one. */
  readonly status: number | undefined;

  constructor(
    code: TtsErrorCode,
    message: string,
    options: { cause?: unknown; status?: number; retryable?: boolean } = {},
  ) {
    super(message, { cause: options.cause });
    this.code = code;
    this.status = options.status;
    this.retryable = options.retryable ?? false;
  }
}

/** The error an aborted synthesis rejects with: the signal's reason, or a DOMException named AbortError. */
export function abortError(signal: AbortSignal | undefined): unknown {
  return signal?.reason ?? new DOMException("The speech synthesis was aborted.", "AbortError");
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError(signal);
}
