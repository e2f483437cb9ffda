/**
 * The one error class the API client rejects with, and the mapping from an
 * HTTP status to its `code`.
 */

/** Every `code` a {@link PlatformApiError} can carry. */
export const platformApiErrorCodes = [
  'bad-request',
  'unauthorized',
  'forbidden',
  'not-found',
  'conflict',
  'rate-limited',
  'server-error',
  'timeout',
  'network',
  'invalid-response',
  'aborted',
] as const;

/** Why a {@link PlatformApiClient} call failed. */
export type PlatformApiErrorCode = (typeof platformApiErrorCodes)[number];

/** The client method that failed. */
export type PlatformApiOperation =
  | 'getDeploymentSettings'
  | 'updateDeploymentSettings'
  | 'issueUsageAnalyticsToken'
  | 'generateSession'
  | 'revokeSession'
  | 'deleteBranch';

/** What {@link PlatformApiError} is built from. */
export interface PlatformApiErrorInit {
  /** The client method that failed. */
  operation: PlatformApiOperation;
  /** HTTP status, or `0` when no response was received. */
  status: number;
  /** Failure class. */
  code: PlatformApiErrorCode;
  /** Human-readable message; never contains the bearer token. */
  message: string;
  /** Seconds the server asked to wait (`Retry-After`), when it said so. */
  retryAfter?: number;
  /** The underlying error (a network `TypeError`, a token provider's rejection). */
  cause?: unknown;
}

/**
 * A failed {@link PlatformApiClient} call. `code` says why in a way a UI can
 * branch on; `message` says it in words. The bearer token is never part of
 * the message, the properties or the JSON form.
 */
export class PlatformApiError extends Error {
  /** Always `"PlatformApiError"`. */
  override readonly name = 'PlatformApiError' as const;
  /** The client method that failed. */
  readonly operation: PlatformApiOperation;
  /** HTTP status, or `0` when no response was received. */
  readonly status: number;
  /** Failure class. */
  readonly code: PlatformApiErrorCode;
  /** Seconds the server asked to wait before trying again (`Retry-After`), when given. */
  readonly retryAfter: number | undefined;

  /** @param init operation, status, code, message and optional `retryAfter`/`cause`. */
  constructor(init: PlatformApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.operation = init.operation;
    this.status = init.status;
    this.code = init.code;
    this.retryAfter = init.retryAfter;
  }

  /** A plain summary, as sent in the admin panel's `platform-api-error` event. */
  toJSON(): { name: 'PlatformApiError'; operation: PlatformApiOperation; status: number; code: PlatformApiErrorCode; message: string } {
    return { name: this.name, operation: this.operation, status: this.status, code: this.code, message: this.message };
  }
}

/** The statuses the platform's table names. */
const namedStatuses: Partial<Record<number, PlatformApiErrorCode>> = {
  400: 'bad-request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not-found',
  408: 'timeout',
  409: 'conflict',
  429: 'rate-limited',
};

/**
 * The `code` of a non-2xx status. Statuses the platform's table does not
 * name fall into the nearest class: other 4xx are `bad-request` (408 is a
 * `timeout`), anything outside 4xx/5xx is an `invalid-response`.
 */
export function codeForStatus(status: number): PlatformApiErrorCode {
  return (
    namedStatuses[status] ??
    (status >= 500 && status <= 599 ? 'server-error' : status >= 400 && status <= 499 ? 'bad-request' : 'invalid-response')
  );
}
