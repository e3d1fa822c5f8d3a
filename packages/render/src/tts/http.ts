import { abortError, TtsError, throwIfAborted } from "./errors.ts";

export interface RetryPolicy {
  /** Per-attempt timeout in ms (default 60000). */
  timeoutMs?: number;
  /** Retries after a retryable failure (default 3), with exponential backoff from `retryDelayMs` (default 500). */
  retries?: number;
  retryDelayMs?: number;
  fetch?: typeof fetch;
}

export interface PostRequest {
  url: string;
  /** Who answers, for messages: "ElevenLabs", "The speech provider"... */
  service: string;
  /** A secret that must never appear in a message (the API key). */
  secret?: string | undefined;
  /** Headers and body of one attempt (called again for each retry). */
  makeBody: () => { headers?: Record<string, string>; body: string | FormData };
  /** The error for a non-2xx answer, given its status and the readable detail of its body; retryable ones are retried. */
  classify: (status: number, detail: ErrorDetail) => TtsError;
  signal?: AbortSignal | undefined;
}

/** What an error answer says: a short message and, when the body names one, a machine status ("invalid_api_key"). */
export interface ErrorDetail {
  message: string;
  status?: string;
}

/**
 * POSTs with a timeout per attempt and bounded retries of retryable failures (as `classify` decides for answers;
 * network errors and timeouts always) with exponential backoff, honouring Retry-After. Errors are TtsErrors whose
 * messages never contain the secret.
 */
export async function postWithRetry(request: PostRequest, policy: RetryPolicy = {}): Promise<Response> {
  const { url, service, secret, signal } = request;
  const doFetch = policy.fetch ?? fetch;
  const retries = Math.max(0, policy.retries ?? 3);
  const timeoutMs = policy.timeoutMs ?? 60_000;
  const baseDelay = policy.retryDelayMs ?? 500;
  const scrub = (text: string) => (secret ? text.split(secret).join("***") : text);
  for (let attempt = 0; ; attempt += 1) {
    throwIfAborted(signal);
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const { headers, body } = request.makeBody();
    let failure: TtsError;
    let retryAfter: number | undefined;
    try {
      const response = await doFetch(url, { method: "POST", headers, body, signal: combined });
      if (response.ok) return response;
      const detail = await errorDetail(response);
      detail.message = scrub(detail.message);
      failure = request.classify(response.status, detail);
      if (!failure.retryable) throw failure;
      const header = response.headers.get("retry-after");
      const seconds = header ? Number.parseFloat(header) : Number.NaN;
      if (Number.isFinite(seconds)) retryAfter = Math.min(30_000, Math.max(0, seconds * 1000));
    } catch (error) {
      if (error instanceof TtsError) {
        if (!error.retryable) throw error;
        failure = error;
      } else if (signal?.aborted) {
        throw abortError(signal);
      } else if (timeout.aborted) {
        failure = new TtsError(
          "PROVIDER_TIMEOUT",
          `${service} did not answer within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`}.`,
          {
            retryable: true,
            cause: error,
          },
        );
      } else {
        const reason =
          error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : "";
        failure = new TtsError(
          "PROVIDER_UNAVAILABLE",
          scrub(`${service} at ${new URL(url).origin} cannot be reached: ${reason}`),
          { retryable: true, cause: error },
        );
      }
    }
    if (attempt >= retries) {
      throw new TtsError(failure.code, `${failure.message} Gave up after ${attempt + 1} attempts.`, {
        status: failure.status,
        retryable: true,
        cause: failure,
      });
    }
    await sleep(retryAfter ?? baseDelay * 2 ** attempt * (0.75 + Math.random() * 0.5), signal);
  }
}

/** The readable part of an error answer: `{error: {message}}`, `{detail: {status, message}}`, `{detail: [{msg}]}` or text. */
export async function errorDetail(response: Response): Promise<ErrorDetail> {
  let text = "";
  try {
    text = (await response.text()).slice(0, 4000);
  } catch {
    return { message: "" };
  }
  try {
    const json = JSON.parse(text) as Record<string, unknown>;
    const pick = (value: unknown): ErrorDetail | undefined => {
      if (typeof value === "string") return { message: value };
      if (Array.isArray(value)) {
        const messages = value
          .map((item) => (item && typeof item === "object" ? (item as { msg?: unknown }).msg : undefined))
          .filter((msg): msg is string => typeof msg === "string");
        return messages.length > 0 ? { message: messages.join("; ") } : undefined;
      }
      if (value && typeof value === "object") {
        const { message, status } = value as { message?: unknown; status?: unknown };
        if (typeof message === "string") {
          return typeof status === "string" ? { message, status } : { message };
        }
      }
      return undefined;
    };
    const found = pick(json.detail) ?? pick(json.error) ?? pick(json);
    if (found) return { ...found, message: found.message.slice(0, 300) };
  } catch {
    // Not JSON: use the text.
  }
  return { message: text.replace(/\s+/g, " ").trim().slice(0, 300) };
}

export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError(signal));
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * Runs `task` for every item, at most `concurrency` at once, in order of the items, and returns their results in
 * that order. The first failure aborts the others (their signal) and is thrown; `signal` (the caller's request)
 * aborts them all.
 */
export async function mapConcurrently<T, R>(
  items: readonly T[],
  concurrency: number,
  signal: AbortSignal | undefined,
  task: (item: T, index: number, signal: AbortSignal) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  const controller = new AbortController();
  const onAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener("abort", onAbort, { once: true });
  let next = 0;
  const worker = async () => {
    // Once anything failed or the request was aborted, no further item starts.
    while (next < items.length && !controller.signal.aborted) {
      const index = next;
      next += 1;
      results[index] = await task(items[index] as T, index, controller.signal);
    }
  };
  try {
    const settled = await Promise.allSettled(
      Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, () =>
        worker().catch((error: unknown) => {
          controller.abort(error);
          throw error;
        }),
      ),
    );
    const failed = settled.find((result) => result.status === "rejected");
    if (failed) {
      throwIfAborted(signal);
      throw failed.reason;
    }
  } finally {
    signal?.removeEventListener("abort", onAbort);
  }
  throwIfAborted(signal);
  return results;
}
