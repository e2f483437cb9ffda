/**
 * Retry timing for idempotent calls: exponential backoff with jitter, the
 * server's `Retry-After`, and a sleep that ends early when the caller aborts.
 */

/** First backoff delay; doubled on each further attempt. */
export const retryBaseDelayMs = 200;

/** Longest `Retry-After` the client waits for; a longer one fails as `rate-limited`. */
export const maxRetryAfterMs = 30_000;

/**
 * Delay before retry number `retry` (0 for the first retry): "equal jitter",
 * half fixed and half random, so many clients failing together do not come
 * back in lockstep while each still waits a growing minimum.
 */
export function backoffDelay(retry: number, random: () => number = Math.random): number {
  const ceiling = retryBaseDelayMs * 2 ** retry;
  return ceiling / 2 + random() * (ceiling / 2);
}

/**
 * Parses a `Retry-After` header (RFC 9110: delay-seconds or an HTTP-date)
 * into milliseconds from `now`. Returns `undefined` when absent or unreadable.
 */
export function parseRetryAfter(header: string | null, now: number = Date.now()): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/**
 * Waits `ms`, or rejects with the signal's reason as soon as `signal` aborts
 * (also when it already has).
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
