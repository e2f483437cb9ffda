/**
 * One API call over `fetch`: bearer auth, per-attempt timeout, the caller's
 * abort signal, bounded retries for idempotent calls, and the mapping of
 * every outcome to a value or a {@link PlatformApiError}.
 */
import type { Validation } from '../schema.js';
import { codeForStatus, PlatformApiError, type PlatformApiErrorCode, type PlatformApiOperation } from './errors.js';
import { echoes, failureMessage, type CallWording } from './messages.js';
import { backoffDelay, maxRetryAfterMs, parseRetryAfter, sleep } from './retry.js';

/** The `fetch` signature the client needs (the global one, or an injected one). */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** Connection settings shared by every call of one client. */
export interface Transport {
  /** Base URL without a trailing slash. */
  readonly baseUrl: string;
  readonly fetch: FetchLike;
  /** Per-attempt limit; `0` disables it. */
  readonly timeoutMs: number;
  /** Extra attempts for idempotent calls. */
  readonly retries: number;
}

/** One call: what to send, how to read the answer, how to word failures. */
export interface Call<T> extends CallWording {
  operation: PlatformApiOperation;
  _method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  /** Path below the base URL, already encoded. */
  _path: string;
  _query?: Record<string, string>;
  _body?: unknown;
  /** Safe to repeat: retried on network errors, 5xx and 429. Left out: never retried. */
  _idempotent?: boolean;
  /** Validates a 2xx JSON body into the result. */
  _parse: (data: unknown) => Validation<T>;
  /** The bearer token, once known; failures keep it out of their messages. */
  _token?: string;
  signal?: AbortSignal;
}

/** A 2xx answer's value, or why the attempt failed: whether the call may be retried, and after how long. */
type Outcome<T> = { ok: true; value: T } | { ok?: undefined; _error: PlatformApiError; _retry?: boolean; _waitMs?: number };

/** Builds the call's {@link PlatformApiError}. */
export function callError<T>(
  call: Call<T>,
  code: PlatformApiErrorCode,
  status: number,
  extra: { _reason?: string; _serverMessage?: string; retryAfter?: number; cause?: unknown } = {},
): PlatformApiError {
  const detail = { ...extra, status, _token: call._token };
  // The error reads its own fields (retryAfter and cause among them); the token is not one.
  return new PlatformApiError({ ...detail, operation: call.operation, code, message: failureMessage(call, code, detail) });
}

/** The error for a call the caller aborted. */
export function abortedError<T>(call: Call<T>): PlatformApiError {
  return callError(call, 'aborted', 0);
}

/** Sends `call`, retrying idempotent calls, and resolves with the parsed 2xx body. */
export async function send<T>(transport: Transport, call: Call<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    if (call.signal?.aborted) throw abortedError(call);
    const outcome = await once(transport, call);
    if (outcome.ok) return outcome.value;
    if (!(call._idempotent && outcome._retry && attempt < transport.retries)) throw outcome._error;
    try {
      await sleep(outcome._waitMs ?? backoffDelay(attempt), call.signal);
    } catch {
      throw abortedError(call);
    }
  }
}

function requestUrl(transport: Transport, call: Call<unknown>): string {
  const query = call._query ? `?${new URLSearchParams(call._query).toString()}` : '';
  return `${transport.baseUrl}${call._path}${query}`;
}

function requestInit(call: Call<unknown>, signal: AbortSignal): RequestInit {
  const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${call._token}` };
  const init: RequestInit = {
    method: call._method,
    headers,
    signal,
    // Bearer auth only: ambient cookies must not ride along to the tenant.
    credentials: 'omit',
    cache: 'no-store',
  };
  if (call._body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(call._body);
  }
  return init;
}

/** One attempt: fetch and read the body within the timeout, then classify. */
async function once<T>(transport: Transport, call: Call<T>): Promise<Outcome<T>> {
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = () => controller.abort();
  call.signal?.addEventListener('abort', onAbort, { once: true });
  const timer =
    transport.timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, transport.timeoutMs)
      : undefined;
  try {
    const response = await transport.fetch(requestUrl(transport, call), requestInit(call, controller.signal));
    // The body is read under the same timeout: a server can stall after the headers.
    const text = await response.text();
    return classify(call, response, text);
  } catch (cause) {
    if (call.signal?.aborted) return { _error: abortedError(call) };
    if (timedOut) {
      const reason = `no response within ${transport.timeoutMs} ms`;
      return { _error: callError(call, 'timeout', 0, { _reason: reason }) };
    }
    return { _error: callError(call, 'network', 0, { cause }), _retry: true };
  } finally {
    clearTimeout(timer);
    call.signal?.removeEventListener('abort', onAbort);
  }
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** The platform's own explanation from an error body: `{ error: "…" }`, `{ error: { message } }` or `{ message }`. */
function serverMessage(text: string): string | undefined {
  const parsed = parseJson(text);
  if (!parsed.ok || typeof parsed.value !== 'object' || parsed.value === null) return undefined;
  const body = parsed.value as { error?: unknown; message?: unknown };
  const message = typeof body.error === 'string' ? body.error : ((body.error as { message?: unknown } | null)?.message ?? body.message);
  return typeof message === 'string' ? message : undefined;
}

function classify<T>(call: Call<T>, response: Response, text: string): Outcome<T> {
  const { status } = response;
  if (status >= 200 && status <= 299) {
    // 204 No Content: nothing to parse, the call's `parse` decides.
    const parsed = status === 204 ? { ok: true as const, value: undefined } : parseJson(text);
    if (!parsed.ok) {
      return { _error: callError(call, 'invalid-response', status, { _reason: 'the response was not JSON' }) };
    }
    const checked = call._parse(parsed.value);
    if (checked.ok) return checked;
    // The schema's reason quotes a value of the answer, cut short: one that holds the token in any form is not quoted.
    const reason = echoes(text, call._token) ? undefined : `the response does not match the API (${checked.reason})`;
    return { _error: callError(call, 'invalid-response', status, { _reason: reason }) };
  }
  const code = codeForStatus(status);
  const waitMs = status === 429 ? parseRetryAfter(response.headers.get('Retry-After')) : undefined;
  const retryAfter = waitMs === undefined ? undefined : Math.ceil(waitMs / 1000);
  const error = callError(call, code, status, { _serverMessage: serverMessage(text), retryAfter });
  if (status === 429) {
    // Waiting longer than the cap would leave a UI hanging; report it so the user can decide.
    return { _error: error, _retry: waitMs === undefined || waitMs <= maxRetryAfterMs, _waitMs: waitMs };
  }
  return { _error: error, _retry: code === 'server-error' };
}
