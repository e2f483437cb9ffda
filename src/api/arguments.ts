/**
 * Argument checks of the client methods. They run before any request, so a
 * programming error surfaces as a `TypeError`/`RangeError` and never reaches
 * the platform.
 */
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

/** @throws TypeError when not a string, RangeError when empty. */
export function checkBranchName(value: unknown): string {
  if (typeof value !== 'string') throw new TypeError(`branchName must be a string, got ${typeof value}`);
  if (value.trim() === '') throw new RangeError('branchName must not be empty');
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
  const removeOnUpstream = options === undefined ? undefined : (options as { removeOnUpstream?: unknown }).removeOnUpstream;
  if (removeOnUpstream !== undefined && typeof removeOnUpstream !== 'boolean') {
    throw new TypeError('removeOnUpstream must be a boolean');
  }
  return { ...base, removeOnUpstream: removeOnUpstream ?? false };
}
