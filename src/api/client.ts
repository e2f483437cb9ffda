/**
 * `PlatformApiClient`: the platform's HTTP API operations (deployment
 * settings read/write, usage-analytics token, embed sessions, branch
 * deletion) with argument checks, bearer auth, timeouts, retries and typed
 * errors. It runs in browsers and in Node >= 20 (global `fetch`).
 */
import { validate } from '../schema.js';
import {
  checkDeleteOptions,
  checkDeploymentId,
  checkGenerateSession,
  checkRequestOptions,
  checkSettingsUpdate,
  checkString,
  type GenerateSessionRequest,
  type RequestOptions,
} from './arguments.js';
import { parseBaseUrl } from './base-url.js';
import { abortedError, callError, send, type Call, type FetchLike } from './request.js';
import {
  branchDeletionSchema,
  deploymentSettingsSchema,
  embedSessionSchema,
  usageAnalyticsTokenSchema,
  type BranchDeletionResult,
  type DeploymentSettings,
  type DeploymentSettingsUpdate,
  type EmbedSession,
  type UsageAnalyticsToken,
} from './schemas.js';

export type { GenerateSessionRequest, RequestOptions } from './arguments.js';
export type { FetchLike } from './request.js';

/** Options of {@link PlatformApiClient.deleteBranch}. */
export interface DeleteBranchOptions extends RequestOptions {
  /** Also delete the branch on the connected Git provider. Default `false`. */
  removeOnUpstream?: boolean;
}

/** Constructor options of {@link PlatformApiClient}. Give exactly one of `token` and `tokenProvider`. */
export interface PlatformApiClientOptions {
  /** Tenant base URL, e.g. `https://acme.platform.example`; `https:` except on `localhost`, `127.0.0.1`, `[::1]`. */
  baseUrl: string;
  /** Bearer token (an API key or any token the platform accepts). */
  token?: string;
  /** Called once per method call for a current bearer token (e.g. from your backend). */
  tokenProvider?: () => Promise<string>;
  /** A `fetch` to use instead of the global one (tests, instrumentation, other runtimes). */
  fetch?: FetchLike;
  /** Limit for each attempt, response body included, in ms. Default `15000`; `0` disables it. */
  timeoutMs?: number;
  /** Extra attempts for idempotent calls after a network error, a 5xx or a 429. Default `2`; `0` disables retries. */
  retries?: number;
}

const defaultTimeoutMs = 15_000;
const defaultRetries = 2;
const maxRetries = 10;

function checkToken(token: unknown, label: string): string {
  if (typeof token !== 'string' || token === '') throw new TypeError(`${label} must be a non-empty string`);
  // A line break would let the value inject extra headers; fetch refuses any control character, but
  // with the whole header value (the token) in its error, which would become the failure's `cause`.
  if (/[\0-\x1f\x7f]/.test(token)) throw new TypeError(`${label} must not contain control characters`);
  return token;
}

/** An optional number option: `fallback` when left out, a TypeError for a non-number, a RangeError saying what `valid` allows. */
function checkNumber(value: unknown, label: string, fallback: number, valid: (value: number) => boolean, allowed: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number') throw new TypeError(`${label} must be a number`);
  if (!valid(value)) throw new RangeError(`${label} must be ${allowed}`);
  return value;
}

/**
 * Client of the platform's management API.
 *
 * Every method checks its arguments first (a `TypeError` or `RangeError`
 * rejection, no request sent), then sends one request with
 * `Authorization: Bearer <token>`, and resolves with a fresh, validated
 * object or rejects with a {@link PlatformApiError}.
 *
 * The token lives in a private field: it is not enumerable, not in
 * `JSON.stringify(client)`, `String(client)` or any error.
 */
export class PlatformApiClient {
  /** The validated base URL, without a trailing slash. */
  readonly baseUrl: string;
  /** Per-attempt timeout in ms (`0`: none). */
  readonly timeoutMs: number;
  /** Extra attempts for idempotent calls. */
  readonly retries: number;
  readonly #token: string | undefined;
  readonly #tokenProvider: (() => Promise<string>) | undefined;
  readonly #fetch: FetchLike;

  /** @throws TypeError/RangeError for an invalid base URL, token pair, timeout or retry count. */
  constructor(options: PlatformApiClientOptions) {
    if (typeof options !== 'object' || options === null) throw new TypeError('PlatformApiClient options must be an object');
    this.baseUrl = parseBaseUrl(options.baseUrl);
    const hasToken = options.token !== undefined;
    const hasProvider = options.tokenProvider !== undefined;
    if (hasToken === hasProvider) throw new TypeError('PlatformApiClient needs exactly one of token and tokenProvider');
    if (hasProvider && typeof options.tokenProvider !== 'function') throw new TypeError('tokenProvider must be a function');
    this.#token = hasToken ? checkToken(options.token, 'token') : undefined;
    this.#tokenProvider = options.tokenProvider;
    if (options.fetch !== undefined && typeof options.fetch !== 'function') throw new TypeError('fetch must be a function');
    // Looked up per call, not bound now, so a fetch replaced after construction (instrumentation) is used.
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.timeoutMs = checkNumber(options.timeoutMs, 'timeoutMs', defaultTimeoutMs, (ms) => Number.isFinite(ms) && ms >= 0, 'a finite number >= 0');
    this.retries = checkNumber(
      options.retries,
      'retries',
      defaultRetries,
      (count) => Number.isInteger(count) && count >= 0 && count <= maxRetries,
      `an integer from 0 to ${maxRetries}`,
    );
  }

  /**
   * Reads every setting of a deployment (`GET /api/v1/deployments/{id}/settings`).
   * Retried on network errors, 5xx and 429.
   */
  async getDeploymentSettings(deploymentId: number, options?: RequestOptions): Promise<DeploymentSettings> {
    const id = checkDeploymentId(deploymentId);
    return this.#call({
      ...checkRequestOptions(options),
      operation: 'getDeploymentSettings',
      _method: 'GET',
      _path: `/api/v1/deployments/${id}/settings`,
      _idempotent: true,
      _subject: `Loading the settings of deployment ${id}`,
      _notFound: `deployment ${id} was not found`,
      _parse: (data) => validate(data, deploymentSettingsSchema, 'settings'),
    });
  }

  /**
   * Writes settings (`PUT /api/v1/deployments/{id}`) and resolves with the
   * full settings the platform stored. Send only the fields to change.
   * Never retried: a lost answer does not mean the write was lost.
   */
  async updateDeploymentSettings(
    deploymentId: number,
    settings: DeploymentSettingsUpdate,
    options?: RequestOptions,
  ): Promise<DeploymentSettings> {
    const id = checkDeploymentId(deploymentId);
    const body = checkSettingsUpdate(settings);
    return this.#call({
      ...checkRequestOptions(options),
      operation: 'updateDeploymentSettings',
      _method: 'PUT',
      _path: `/api/v1/deployments/${id}`,
      _body: body,
      _subject: `Saving the settings of deployment ${id}`,
      _notFound: `deployment ${id} was not found`,
      _parse: (data) => validate(data, deploymentSettingsSchema, 'settings'),
    });
  }

  /**
   * Issues a short-lived token for the account's usage-analytics deployment
   * (`POST /api/v1/usage-analytics/token`; administrators only). Issuing is
   * idempotent, so it is retried like a read.
   */
  async issueUsageAnalyticsToken(options?: RequestOptions): Promise<UsageAnalyticsToken> {
    return this.#call({
      ...checkRequestOptions(options),
      operation: 'issueUsageAnalyticsToken',
      _method: 'POST',
      _path: '/api/v1/usage-analytics/token',
      _idempotent: true,
      _subject: 'Issuing a usage-analytics token',
      _notFound: 'usage analytics is not enabled for this account',
      _forbidden: 'only an administrator may issue it',
      _parse: (data) => validate(data, usageAnalyticsTokenSchema, 'token response'),
    });
  }

  /**
   * Creates an embed session (`POST /api/v1/embed/generate-session`): the
   * platform creates or updates the viewer and answers a session id for
   * `<platform-embed>`. Sessions are single-use and valid for minutes, so
   * ask for one per load (a `sessionProvider` does). Call it from your
   * backend: the API key it needs must not reach a browser. Never retried:
   * each call creates a session.
   */
  async generateSession(request: GenerateSessionRequest, options?: RequestOptions): Promise<EmbedSession> {
    const body = checkGenerateSession(request);
    const id = body.deploymentId;
    return this.#call({
      ...checkRequestOptions(options),
      operation: 'generateSession',
      _method: 'POST',
      _path: '/api/v1/embed/generate-session',
      _body: body,
      _subject: `Creating an embed session for deployment ${id}`,
      // The platform answers 404 for an unknown deployment and for a branchName that is not one of its branches.
      _notFound: body.branchName == null ? `deployment ${id} was not found` : `deployment ${id} or its branch "${body.branchName}" was not found`,
      _forbidden: 'the API key may not create embed sessions',
      _parse: (data) => {
        const checked = validate(data, embedSessionSchema, 'session');
        if (!checked.ok) return checked;
        if (checked.value.sessionId === '') return { ok: false, reason: 'session.sessionId is empty' };
        return { ok: true, value: { ...(data as Record<string, unknown>), sessionId: checked.value.sessionId } };
      },
    });
  }

  /**
   * Revokes an embed session (`POST /api/v1/embed/session/revoke`): a session
   * not yet redeemed can no longer be, and the credential a redeemed one
   * produced is refused from then on (the embed reports its session error).
   * Call it at sign-out with every session handed to the viewer. The platform
   * answers 204 also for an unknown, expired or already revoked id. Never
   * retried.
   *
   * @throws TypeError when `sessionId` is not a string, RangeError when it is empty.
   */
  async revokeSession(sessionId: string, options?: RequestOptions): Promise<void> {
    checkString(sessionId, 'sessionId');
    return this.#call({
      ...checkRequestOptions(options),
      operation: 'revokeSession',
      _method: 'POST',
      _path: '/api/v1/embed/session/revoke',
      _body: { sessionId },
      _subject: 'Revoking an embed session',
      _notFound: 'the revoke endpoint was not found',
      _forbidden: 'the API key may not revoke embed sessions',
      _parse: () => ({ ok: true, value: undefined }),
    });
  }

  /**
   * Deletes a branch (`DELETE /build/api/v1/deployments/{id}/branches`);
   * its children move to its parent. With `removeOnUpstream: true` the
   * branch is also deleted on the Git provider. Never retried.
   */
  async deleteBranch(deploymentId: number, branchName: string, options?: DeleteBranchOptions): Promise<BranchDeletionResult> {
    const id = checkDeploymentId(deploymentId);
    const name = checkString(branchName, 'branchName');
    const { signal, removeOnUpstream } = checkDeleteOptions(options);
    return this.#call({
      signal,
      operation: 'deleteBranch',
      _method: 'DELETE',
      _path: `/build/api/v1/deployments/${id}/branches`,
      _query: { branchName: name, removeOnUpstream: String(removeOnUpstream) },
      _subject: `Deleting branch "${name}" of deployment ${id}`,
      _notFound: `branch "${name}" or deployment ${id} was not found`,
      _parse: (data) => validate(data, branchDeletionSchema, 'deletion result'),
    });
  }

  /** Keeps the token out of string conversions. */
  toString(): string {
    return `PlatformApiClient(${this.baseUrl})`;
  }

  /** Keeps the token out of `JSON.stringify(client)`. */
  toJSON(): { baseUrl: string; timeoutMs: number; retries: number } {
    return { baseUrl: this.baseUrl, timeoutMs: this.timeoutMs, retries: this.retries };
  }

  async #call<T>(call: Call<T>): Promise<T> {
    // Until the token is known, failures redact the fixed one (a provider's is not known yet).
    call._token = this.#token;
    call._token = await this.#resolveToken(call);
    // The client's own fields (baseUrl, timeoutMs, retries; never the private token) and its fetch.
    return send({ ...this, fetch: this.#fetch }, call);
  }

  /**
   * The token for one call. A provider that rejects or yields no usable
   * token fails the call as `unauthorized` (status 0): without a token no
   * request may be sent, and the fix is the same as for a 401.
   */
  async #resolveToken(call: Call<unknown>): Promise<string> {
    const { signal } = call;
    if (signal?.aborted) throw abortedError(call);
    if (this.#token !== undefined) return this.#token;
    let removeAbort = () => {};
    const aborted = new Promise<never>((_, reject) => {
      const onAbort = () => reject(abortedError(call));
      signal?.addEventListener('abort', onAbort, { once: true });
      removeAbort = () => signal?.removeEventListener('abort', onAbort);
    });
    try {
      const token = await Promise.race([Promise.resolve().then(() => this.#tokenProvider!()), aborted]);
      return checkToken(token, 'the token from tokenProvider');
    } catch (cause) {
      if (signal?.aborted) throw abortedError(call);
      throw callError(call, 'unauthorized', 0, { _reason: 'the token provider did not supply a token', cause });
    } finally {
      removeAbort();
    }
  }
}
