/**
 * Argument checks of the client methods. They run before any request, so a
 * programming error surfaces as a `TypeError`/`RangeError` and never reaches
 * the platform.
 */
import { isPlainObject, validate, validatePartial } from '../schema.js';
import { deploymentSettingsSchema, readOnlySettings, type DeploymentSettingsUpdate } from './schemas.js';
import { generateSessionSchema, isAttributeValue, tenantNamePattern, type GenerateSessionRequest } from './session-schema.js';

export type { GenerateSessionRequest };

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
 * writable fields (`writableSettings`) with the platform's types. Returns a
 * fresh copy.
 *
 * @throws TypeError for a non-object, an unknown field or a wrong type;
 *   RangeError for a value outside a field's allowed values.
 */
export function checkSettingsUpdate(value: unknown): DeploymentSettingsUpdate {
  if (!isPlainObject(value)) throw new TypeError('settings must be a plain object');
  const fixed = Object.keys(value).find((key) => (readOnlySettings as readonly string[]).includes(key));
  if (fixed) throw new TypeError(`settings.${fixed} is not writable: the platform sets it`);
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

/**
 * Checks a generate-session request against the platform's `GenerateSession`
 * table and returns a JSON copy of it. Known fields must have the platform's
 * types (`null` where it takes `null`); fields the table does not know are
 * sent as they are, for the platform to judge.
 *
 * @throws TypeError for a wrong kind of value, naming the field; RangeError
 *   for a value that is not allowed (an `externalId` that is not lowercase and
 *   trimmed is refused, never rewritten).
 */
export function checkGenerateSession(request: unknown): GenerateSessionRequest {
  if (!isPlainObject(request)) throw new TypeError('the session request must be a plain object');
  checkDeploymentId(request.deploymentId);
  const checked = validate(request, generateSessionSchema, 'request');
  if (!checked.ok) throw new TypeError(checked.reason.replace(/^request\./, ''));
  const { externalId, internalId, embedTenantName, userAttributes } = checked.value;
  if ((externalId == null) === (internalId == null)) {
    throw new TypeError('the session request needs exactly one of externalId and internalId');
  }
  for (const field of ['externalId', 'internalId', 'branchName'] as const) {
    if (checked.value[field] != null) checkString(checked.value[field], field);
  }
  if (externalId != null && externalId !== externalId.trim().toLowerCase()) {
    throw new RangeError('externalId must be lowercase and trimmed (the platform matches viewers by it)');
  }
  if (embedTenantName != null && !tenantNamePattern.test(embedTenantName)) {
    throw new RangeError(`embedTenantName must match ${tenantNamePattern}`);
  }
  const bad = (userAttributes ?? []).findIndex((attribute) => !isAttributeValue(attribute.value));
  if (bad !== -1) throw new TypeError(`userAttributes[${bad}].value must be a string, number, boolean, or a list of strings or of numbers`);
  try {
    return JSON.parse(JSON.stringify(request));
  } catch {
    throw new TypeError('the session request must be JSON-serialisable');
  }
}
