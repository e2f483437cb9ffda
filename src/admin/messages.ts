/**
 * Human messages for every failure the admin panel can meet, per operation
 * and error code, from the catalog (`englishMessages` and its translations). The panel shows the same sentence that it puts in the
 * `platform-api-error` event's `message`, so a host that logs the event sees
 * what the user saw.
 */
import { platformApiErrorCodes } from '../api/errors.js';
import type { PlatformApiErrorCode, PlatformApiOperation } from '../api/errors.js';
import { englishMessages } from '../i18n/english.js';
import type { PlatformMessages } from '../i18n/english.js';

/** A sentence to be said in the language of the catalog it is given. */
export type Say = (m: PlatformMessages) => string;

/** The client method a failure came from. */
export type AdminOperation = PlatformApiOperation;

/** The client methods the panel calls (it never creates embed sessions), so the ones its messages name. */
export type PanelOperation = Exclude<AdminOperation, 'generateSession' | 'revokeSession'>;

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

function specific(operation: PanelOperation, code: AdminErrorCode, status: number, ctx: MessageContext): Say | undefined {
  const branch = ctx.branchName ?? '';
  const id = ctx.deploymentId;
  if (operation === 'deleteBranch') {
    // The spec's 400 is the deploy branch; another 4xx (also `bad-request`) is some other refusal.
    if (status === 400) return (m) => m.errorDeployBranchRefused({ branch });
    if (code === 'not-found') return (m) => m.errorBranchNotFound({ branch });
  } else if (operation === 'issueUsageAnalyticsToken') {
    if (code === 'not-found') return (m) => m.errorAnalyticsDisabled;
    if (code === 'forbidden') return (m) => m.errorTokenForbidden;
  } else {
    // Loading or saving the settings.
    if (code === 'not-found' && id !== undefined) return (m) => m.errorDeploymentNotFound({ id });
    if (operation === 'updateDeploymentSettings' && code === 'bad-request') return (m) => m.errorSaveRejected;
    if (operation === 'updateDeploymentSettings' && code === 'conflict') return (m) => m.errorSaveConflict;
  }
  return undefined;
}

// One catalog message, selecting its whole sentences by operation and code (a cancel included).
const generic =
  (operation: PanelOperation, code: AdminErrorCode, status: number): Say =>
  (m) =>
    m.failed({ operation, code, status });

/** A failure as the panel keeps it: the sentence is said again in each render's language. */
export interface Failure {
  status: number;
  code: AdminErrorCode;
  _say: Say;
}

/** Classifies a rejection and picks its sentence. */
export function failureOf(operation: PanelOperation, error: unknown, ctx: MessageContext = {}): Failure {
  const { status, code } = classify(error);
  return { status, code, _say: specific(operation, code, status, ctx) ?? generic(operation, code, status) };
}

/** Builds the `platform-api-error` detail (and the shown message) for a rejection, in the language of `m`. */
export function describeFailure(
  operation: PanelOperation,
  error: unknown,
  ctx: MessageContext = {},
  m: PlatformMessages = englishMessages,
): PlatformApiErrorDetail {
  const { status, code, _say: say } = failureOf(operation, error, ctx);
  return { operation, status, code, message: say(m) };
}
