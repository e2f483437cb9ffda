/**
 * Argument checks of the client methods. They run before any request, so a
 * programming error surfaces as a `TypeError`/`RangeError` and never reaches
 * the platform.
 */
import type { EmbedTheme } from '../protocol/catalog.js';
import { localeProblem, timeZoneProblem } from '../protocol/values.js';
import { isPlainObject, validatePartial } from '../schema.js';
import { deploymentSettingsSchema, type DeploymentSettingsUpdate } from './schemas.js';

/** Options every client method accepts as its last argument. */
export interface RequestOptions {
  /** Aborts the call: the request, a pending retry wait and the token provider wait. */
  signal?: AbortSignal;
}

/** @throws TypeError for a non-number, RangeError for anything but a positive safe integer. */
export function checkDeploymentId(value: unknown): number {
  if (typeof value !== 'number') throw new TypeError(`deploymentId must be a number, got ${typeof value}`);
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new RangeError(`deploymentId must be a positive safe integer, got ${value}`);
  }
  return value;
}

/** @throws TypeError when not a string, RangeError when empty or blank. */
export function checkString(value: unknown, label: string): string {
  if (typeof value !== 'string') throw new TypeError(`${label} must be a string, got ${typeof value}`);
  if (value.trim() === '') throw new RangeError(`${label} must not be empty`);
  return value;
}

/**
 * Checks a settings write against the settings table: a plain object of
 * known fields with the spec's types. Returns a fresh copy.
 *
 * @throws TypeError for a non-object, an unknown field or a wrong type;
 *   RangeError for a value outside a field's allowed values.
 */
export function checkSettingsUpdate(value: unknown): DeploymentSettingsUpdate {
  if (!isPlainObject(value)) throw new TypeError('settings must be a plain object');
  const checked = validatePartial(value, deploymentSettingsSchema, 'settings');
  if (checked.ok) return checked.value;
  // The schema words an enum miss as "must be one of"; that is a value out of range, not a wrong type.
  throw / must be one of /.test(checked.reason) ? new RangeError(checked.reason) : new TypeError(checked.reason);
}

/** @throws TypeError when `options` or its `signal` has the wrong type. */
export function checkRequestOptions(options: unknown): RequestOptions {
  if (options === undefined) return {};
  if (typeof options !== 'object' || options === null) throw new TypeError('options must be an object');
  const { signal } = options as RequestOptions;
  if (signal !== undefined && !(signal instanceof AbortSignal)) throw new TypeError('options.signal must be an AbortSignal');
  return signal ? { signal } : {};
}

/** @throws TypeError when `removeOnUpstream` is given and not a boolean. */
export function checkDeleteOptions(options: unknown): RequestOptions & { removeOnUpstream: boolean } {
  const base = checkRequestOptions(options);
  // Past that check, options is undefined or an object.
  const removeOnUpstream = (options as { removeOnUpstream?: unknown } | undefined)?.removeOnUpstream;
  if (removeOnUpstream !== undefined && typeof removeOnUpstream !== 'boolean') {
    throw new TypeError('removeOnUpstream must be a boolean');
  }
  return { ...base, removeOnUpstream: removeOnUpstream ?? false };
}

/** The body of generate-session: who views, what they may see, and how the embed looks. */
export interface GenerateSessionRequest {
  /** The deployment whose content the session opens (a positive safe integer). */
  deploymentId: number;
  /** Your id of the viewer, lowercase and trimmed; the platform creates or updates this external viewer. Exactly one of `externalId` and `internalId`. */
  externalId?: string;
  /** A platform user id, instead of `externalId`. */
  internalId?: string;
  email?: string;
  /** Row-level-security attributes of the viewer. */
  userAttributes?: { name: string; value: unknown }[];
  groups?: string[];
  securityContext?: Record<string, unknown>;
  /** Tenant name for multi-tenant embedding: `/^[a-z][a-z0-9-]{0,34}[a-z0-9]$/`. */
  embedTenantName?: string;
  creatorMode?: boolean;
  branchName?: string;
  embedTheme?: EmbedTheme;
  /** `timezone` is an IANA name; other flags pass through. */
  settings?: { locale?: string; timezone?: string; [flag: string]: unknown };
}

const tenantName = /^[a-z][a-z0-9-]{0,34}[a-z0-9]$/;
const sessionFields = new Set([
  'deploymentId', 'externalId', 'internalId', 'email', 'userAttributes', 'groups', 'securityContext',
  'embedTenantName', 'creatorMode', 'branchName', 'embedTheme', 'settings',
]);


function optionalObject(request: Record<string, unknown>, field: string): void {
  if (request[field] !== undefined && !isPlainObject(request[field])) throw new TypeError(`${field} must be a plain object`);
}

/**
 * Checks a generate-session request and returns a JSON copy of it.
 *
 * @throws TypeError for a wrong kind of value or an unknown field; RangeError
 *   for a value that is not allowed (an `externalId` that is not lowercase and
 *   trimmed is refused, never rewritten).
 */
export function checkGenerateSession(request: unknown): GenerateSessionRequest {
  if (!isPlainObject(request)) throw new TypeError('the session request must be a plain object');
  for (const field of Object.keys(request)) if (!sessionFields.has(field)) throw new TypeError(`unknown session request field ${field}`);
  checkDeploymentId(request.deploymentId);
  if ((request.externalId === undefined) === (request.internalId === undefined)) {
    throw new TypeError('the session request needs exactly one of externalId and internalId');
  }
  for (const field of ['externalId', 'internalId', 'email', 'embedTenantName', 'branchName']) {
    if (request[field] !== undefined) checkString(request[field], field);
  }
  const { externalId, embedTenantName, userAttributes, groups, creatorMode, settings } = request;
  if (typeof externalId === 'string' && externalId !== externalId.trim().toLowerCase()) {
    throw new RangeError('externalId must be lowercase and trimmed (the platform matches viewers by it)');
  }
  if (typeof embedTenantName === 'string' && !tenantName.test(embedTenantName)) {
    throw new RangeError(`embedTenantName must match ${tenantName}`);
  }
  if (userAttributes !== undefined) {
    if (!Array.isArray(userAttributes)) throw new TypeError('userAttributes must be an array');
    for (const attribute of userAttributes) {
      if (!isPlainObject(attribute) || typeof attribute.name !== 'string' || !('value' in attribute)) {
        throw new TypeError('each of userAttributes must be { name: string, value }');
      }
    }
  }
  if (groups !== undefined && !(Array.isArray(groups) && groups.every((g) => typeof g === 'string'))) {
    throw new TypeError('groups must be an array of strings');
  }
  if (creatorMode !== undefined && typeof creatorMode !== 'boolean') throw new TypeError('creatorMode must be a boolean');
  for (const field of ['securityContext', 'embedTheme', 'settings']) optionalObject(request, field);
  if (settings !== undefined) {
    const { locale, timezone } = settings as Record<string, unknown>;
    for (const [name, value, problem] of [
      ['locale', locale, localeProblem],
      ['timezone', timezone, timeZoneProblem],
    ] as const) {
      if (value === undefined) continue;
      if (typeof value !== 'string') throw new TypeError(`settings.${name} must be a string`);
      const reason = problem(value);
      if (reason) throw new RangeError(`settings.${name} ${reason}`);
    }
  }
  let copy: GenerateSessionRequest;
  try {
    copy = JSON.parse(JSON.stringify(request));
  } catch {
    throw new TypeError('the session request must be JSON-serialisable');
  }
  return copy;
}
