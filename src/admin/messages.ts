/**
 * Human messages for every failure the admin panel can meet, per operation
 * and error code. The panel shows the same sentence that it puts in the
 * `platform-api-error` event's `message`, so a host that logs the event sees
 * what the user saw.
 */
import { platformApiErrorCodes } from '../api/errors.js';
import type { PlatformApiErrorCode, PlatformApiOperation } from '../api/errors.js';

/** The client method a failure came from. */
export type AdminOperation = PlatformApiOperation;

/**
 * A failure code: the client's codes, plus `invalid-argument` for a request
 * an injected client refused before sending it, and `unknown` for anything
 * that is not a `PlatformApiError`.
 */
export type AdminErrorCode = PlatformApiErrorCode | 'invalid-argument' | 'unknown';

/** What the panel knows about a failure, as carried by `platform-api-error`. */
export interface PlatformApiErrorDetail {
  /** The client method that failed. */
  operation: AdminOperation;
  /** HTTP status, or `0` when no response arrived. */
  status: number;
  /** The failure class. */
  code: AdminErrorCode;
  /** The human message shown in the panel. */
  message: string;
}

/** Facts a message may name. */
export interface MessageContext {
  deploymentId?: number | undefined;
  branchName?: string | undefined;
}

const codes: readonly string[] = platformApiErrorCodes;

/**
 * Reads `status` and `code` from a rejection. Duck-typed rather than
 * `instanceof`, because an injected client may come from another copy of
 * this package.
 */
export function classify(error: unknown): { status: number; code: AdminErrorCode } {
  if (typeof error === 'object' && error !== null) {
    const { name, code, status } = error as { name?: unknown; code?: unknown; status?: unknown };
    if (name === 'PlatformApiError' && typeof code === 'string' && codes.includes(code)) {
      return { status: typeof status === 'number' ? status : 0, code: code as PlatformApiErrorCode };
    }
    if (error instanceof TypeError || error instanceof RangeError) return { status: 0, code: 'invalid-argument' };
  }
  return { status: 0, code: 'unknown' };
}

const what: Record<AdminOperation, string> = {
  getDeploymentSettings: 'Loading the settings',
  updateDeploymentSettings: 'Saving the settings',
  issueUsageAnalyticsToken: 'Issuing the token',
  generateSession: 'Creating the session',
  deleteBranch: 'Deleting the branch',
};

function specific(operation: AdminOperation, code: AdminErrorCode, ctx: MessageContext): string | undefined {
  const deployment = ctx.deploymentId === undefined ? 'This deployment' : `Deployment ${ctx.deploymentId}`;
  const branch = `"${ctx.branchName ?? ''}"`;
  switch (`${operation}:${code}`) {
    case 'getDeploymentSettings:not-found':
    case 'updateDeploymentSettings:not-found':
      return `${deployment} was not found, or these credentials cannot see it.`;
    case 'updateDeploymentSettings:bad-request':
      return 'The platform rejected these changes. Check the highlighted values and try again.';
    case 'updateDeploymentSettings:conflict':
      return 'The settings were changed elsewhere at the same time. Your edits are kept; save again to apply them.';
    case 'issueUsageAnalyticsToken:not-found':
      return 'Usage analytics is not enabled for this account.';
    case 'issueUsageAnalyticsToken:forbidden':
      return 'Issuing a usage-analytics token requires the admin role.';
    case 'deleteBranch:bad-request':
      return `The platform refused to delete ${branch}: it is the deploy branch, which cannot be deleted.`;
    case 'deleteBranch:not-found':
      return `No branch named ${branch} exists in this deployment.`;
    default:
      return undefined;
  }
}

function generic(operation: AdminOperation, code: AdminErrorCode, status: number): string {
  const failed = `${what[operation]} failed`;
  switch (code) {
    case 'bad-request':
      return `${failed}: the platform rejected the request (400).`;
    case 'unauthorized':
      return `${failed}: the platform did not accept the credentials (401). Check the API key or token.`;
    case 'forbidden':
      return `${failed}: these credentials are not allowed to do this (403).`;
    case 'not-found':
      return `${failed}: the platform could not find it (404).`;
    case 'conflict':
      return `${failed}: it conflicts with a change made elsewhere (409). Try again.`;
    case 'rate-limited':
      return `${failed}: too many requests (429). Wait a moment and try again.`;
    case 'server-error':
      return `${failed}: the platform had a problem (${status || 500}). Try again later.`;
    case 'timeout':
      return `${failed}: the platform did not answer in time.`;
    case 'network':
      return `${failed}: the platform could not be reached. Check the connection and the base URL.`;
    case 'invalid-response':
      return `${failed}: the platform sent a response the panel cannot read.`;
    case 'aborted':
      return `${what[operation]} was cancelled.`;
    case 'invalid-argument':
      return `${failed}: the client refused the request before sending it.`;
    case 'unknown':
      return `${failed} for an unexpected reason.`;
  }
}

/** Builds the `platform-api-error` detail (and the shown message) for a rejection. */
export function describeFailure(operation: AdminOperation, error: unknown, ctx: MessageContext = {}): PlatformApiErrorDetail {
  const { status, code } = classify(error);
  const message = specific(operation, code, ctx) ?? generic(operation, code, status);
  return { operation, status, code, message };
}
