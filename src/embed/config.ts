/**
 * Attribute and property values of `<platform-embed>` checked into the
 * values the element uses. Each check returns the usable value (or
 * `undefined` when unset) or the reason it was refused; the element turns a
 * reason into a `ConfigError` event and a console warning.
 */
import { colorSchemes, type ColorScheme, type EmbedTheme } from '../protocol/catalog.js';
import { fail, isPlainObject, pass } from '../schema.js';
import { buildAction } from '../protocol/envelope.js';
import { localeProblem, timeZoneProblem, viewerLocale, viewerTimeZone } from '../protocol/values.js';
import { sessionUrlProblem } from './session-url.js';
import { FILTER_MEMBER } from '../protocol/values.js';
import { checkEntries, checkFilters, embedPathProblem, hideTokens, parseBaseUrl, type Checked, type TenantBase } from './url.js';

/** The default `ready-timeout`, in milliseconds. */
export const DEFAULT_READY_TIMEOUT = 20_000;

type Maybe<T> = Checked<T | undefined>;

const unset = pass(undefined);
const isUnset = (raw: unknown) => raw === undefined || raw === null || raw === '';

/**
 * A check of a string value: unset, or a string that `problem` accepts (or parses into its
 * value, as `parseBaseUrl` does); `auto` resolves to `viewer()` where the attribute allows it.
 */
const stringOf =
  <T = string>(problem: (value: string) => string | null | Checked<T>, viewer?: () => string) =>
  (raw: unknown): Maybe<T> => {
    if (isUnset(raw)) return unset;
    if (typeof raw !== 'string') return fail('must be a string');
    if (viewer && raw === 'auto') return pass(viewer() as T);
    const reason = problem(raw);
    return typeof reason === 'string' ? fail(reason) : (reason ?? pass(raw as T));
  };

/** `base-url`: see `parseBaseUrl`. */
export const checkBaseUrl = stringOf(parseBaseUrl);

/** The most characters of a dashboard public id (see docs/reference.md). */
export const MAX_DASHBOARD_LENGTH = 128;

/**
 * `dashboard`: a public id, one segment of the embed URL's path. Empty, `.`,
 * `..` (which the URL resolves to another page of the platform), a `/` or
 * `\`, white space or control characters, or more than `MAX_DASHBOARD_LENGTH`
 * characters cannot name a dashboard: refused, and nothing loads (the value
 * in use is `''`, not the `path`).
 */
export function checkDashboard(raw: unknown): Maybe<string> {
  if (raw === undefined || raw === null) return unset;
  // Not `.` or `..`, then 1 to MAX_DASHBOARD_LENGTH of the characters a path segment of an id holds.
  return typeof raw === 'string' && /^(?!\.\.?$)[^/\\\s\x00-\x1f\x7f]{1,128}$/.test(raw)
    ? pass(raw)
    : { ok: false, reason: `must be a dashboard public id: 1 to ${MAX_DASHBOARD_LENGTH} characters, not . or .., no /, \\, white space or control characters`, value: '' };
}

/** `path`: an in-embed path under `/embed/`. */
export const checkPath = stringOf(embedPathProblem);

/** A value from `list`; unset (or refused) gives `fallback`. No list holds an unset value. */
const oneOf =
  <T extends string>(list: readonly T[], fallback?: T) =>
  (raw: unknown): Maybe<T> =>
    list.includes(raw as T)
      ? pass(raw as T)
      : isUnset(raw)
        ? pass(fallback)
        : { ok: false, reason: `must be one of ${list.join(', ')}`, value: fallback };

/** `scheme`: `light`, `dark` or `auto`. */
export const checkScheme = oneOf(colorSchemes);

/** `loading`: `eager` (default) or `lazy`. */
export const checkLoading = oneOf(['eager', 'lazy'] as const, 'eager');

/** `session-url`: a URL of the host's backend, relative to the document, `http:` or `https:`. */
export const checkSessionUrl = stringOf(sessionUrlProblem);

/** `session-renewal`: `auto` (default) or `off`. */
export const checkSessionRenewal = oneOf(['auto', 'off'] as const, 'auto');

/** The iframe `sandbox` tokens of the HTML standard. */
const sandboxTokens = 'downloads forms modals orientation-lock pointer-lock popups popups-to-escape-sandbox presentation same-origin scripts top-navigation top-navigation-by-user-activation top-navigation-to-custom-protocols'
  .split(' ')
  .map((token) => `allow-${token}`);

/**
 * Splits `raw` (space-separated tokens, or an array where `array` allows) into the tokens `known` accepts and the rest;
 * `rest`: some tokens are refused and the others apply.
 */
function tokensOf(raw: unknown, known: (token: string) => boolean, array?: boolean): Checked<string[]> & { rest?: boolean } {
  const tokens = typeof raw === 'string' ? raw.split(/[\t\n\f\r ]/).filter(Boolean) : array && Array.isArray(raw) ? raw.map(String) : null;
  if (!tokens) return fail(`must be a string${array ? ' or an array of strings' : ''}`);
  const value = tokens.filter(known);
  const unknown = tokens.filter((token) => !known(token));
  return unknown.length ? { ok: false, reason: `has unknown token ${unknown.join(', ')}`, value, rest: value.length > 0 } : pass(value);
}

/**
 * `sandbox`: space-separated tokens of the HTML standard. An unknown token is
 * refused and left out while the known ones apply: without a token a sandbox
 * only grows stricter.
 */
export function checkSandbox(raw: unknown): Maybe<string> {
  if (raw === undefined || raw === null) return unset;
  const checked = tokensOf(raw, (token) => sandboxTokens.includes(token.toLowerCase()));
  return { ...checked, value: checked.value?.join(' ') } as Maybe<string>;
}

/**
 * `hide`: tokens of `hideTokens` (space-separated, or an array), each hiding
 * a part of the platform's interface. An unknown token is refused and left
 * out; the value keeps the tokens in `hideTokens` order, once each, so equal
 * sets are equal values.
 */
export function checkHide(raw: unknown): Checked<string[]> {
  if (isUnset(raw)) return pass([]);
  const checked = tokensOf(raw, (token) => hideTokens.includes(token), true);
  return { ...checked, value: hideTokens.filter((token) => checked.value?.includes(token)) } as Checked<string[]>;
}

/** The granularities of a time-granularity preset (lower case). */
export const granularities = 'second minute hour day week month quarter year'.split(' ');

/** A word: letters, digits and `_`, not starting with a digit. */
const WORD = /^[A-Za-z_]\w*$/;
/** An id: letters, digits, `_` and `-`. */
const ID = /^[\w-]+$/;

/** The check of an object of `key` → `value` strings, each matching its rule. */
const entries =
  (keyRule: RegExp, key: string, valueOk: (value: string) => boolean, value: string) =>
  (raw: unknown) =>
    checkEntries(
      raw,
      (k) => (keyRule.test(k) ? null : `must be ${key}`),
      (v) => (typeof v === 'string' && valueOk(v) ? pass(v) : fail(`must be ${value}`)),
      `${key} → ${value}`,
    );

/**
 * The keyed attributes: each is an object (a JSON attribute or a property)
 * checked entry by entry into a plain copy; a refused entry is reported and
 * left out. `filters` → `f_<view>.<dimension>=<JSON>`; the presets →
 * `tg_<view>.<time dimension>=<granularity>`, `ms_<view>.<replaced
 * member>=<selected member>` and `tab_<widget id>=<tab id>`.
 */
export const keyed = {
  filters: checkFilters,
  granularities: entries(FILTER_MEMBER, '<view>.<time dimension>', (v) => granularities.includes(v), `one of ${granularities.join(', ')}`),
  fields: entries(FILTER_MEMBER, '<view>.<replaced member>', (v) => WORD.test(v), "the selected member's internal name"),
  tabs: entries(ID, 'a widget id', (v) => ID.test(v), 'a tab id'),
};

/**
 * The values that shape a load (query parameters the platform has no action
 * for): a change after the load starts reloads with a fresh session.
 */
export const shapeKeys = ['hide', 'granularities', 'fields', 'tabs'] as const;

/** `locale`: a BCP 47 tag, or `auto` for the viewer's language. */
export const checkLocale = stringOf(localeProblem, viewerLocale);

/** `timezone`: an IANA name, or `auto` for the viewer's own zone; never a bare offset. */
export const checkTimezone = stringOf(timeZoneProblem, viewerTimeZone);

/** `ready-timeout`: a non-negative number of milliseconds; `0` disables. Unset (like refused) leaves the default to `applyInputs`. */
export function checkReadyTimeout(raw: unknown): Maybe<number> {
  if (raw === undefined || raw === null) return unset;
  // `Number.isFinite` is false for anything but a finite number (no coercion).
  return Number.isFinite(raw) && (raw as number) >= 0
    ? pass(raw as number)
    : fail('must be a non-negative number of milliseconds');
}

/** `theme`: a plain JSON copy of an `embedTheme` object, checked as the `set-theme` action checks it. */
export function checkTheme(raw: unknown): Maybe<EmbedTheme> {
  if (raw === undefined || raw === null) return unset;
  try {
    return pass(buildAction('platform:action:set-theme', raw as EmbedTheme).payload);
  } catch (error) {
    return fail((error as Error).message);
  }
}

/**
 * Parses the JSON form of the `theme`, `filters`, `granularities`, `fields`
 * and `tabs` attributes (for CMS
 * pages that cannot set properties). `[object Object]` is what frameworks
 * write when they set an object before the element is defined; the reason
 * says how to fix it. A removed attribute (`null`) is unset.
 */
export function parseJsonAttribute(value: string | null): Checked<Record<string, unknown> | undefined> {
  // A removed attribute unsets its property.
  if (value === null) return unset;
  if (value.startsWith('[object ')) {
    return fail('holds a stringified object; set the property (define the element before rendering) instead');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return fail('is not valid JSON');
  }
  return isPlainObject(parsed) ? pass(parsed) : fail('must be a JSON object');
}

/** Values in use after checking: an invalid attribute leaves its entry unset. */
export interface Effective {
  base?: TenantBase | undefined;
  dashboard?: string | undefined;
  path?: string | undefined;
  scheme?: ColorScheme | undefined;
  theme?: EmbedTheme | undefined;
  locale?: string | undefined;
  timezone?: string | undefined;
  filters: Record<string, unknown>;
  readyTimeout: number;
  loading?: 'eager' | 'lazy' | undefined;
  sessionRenewal?: 'auto' | 'off' | undefined;
  /** The resolved `session-url`. */
  sessionUrl?: string | undefined;
  sandbox?: string | undefined;
  /** `hide` tokens, in `hideTokens` order. */
  hide?: string[] | undefined;
  /** Presets: `<view>.<time dimension>` → granularity, `<view>.<replaced member>` → member, `<widget id>` → tab id. */
  granularities?: Record<string, string> | undefined;
  fields?: Record<string, string> | undefined;
  tabs?: Record<string, string> | undefined;
}

/** The element's raw inputs, as set by attributes or properties. */
export interface Inputs {
  baseUrl?: unknown;
  dashboard?: unknown;
  path?: unknown;
  scheme?: unknown;
  theme?: unknown;
  locale?: unknown;
  timezone?: unknown;
  filters?: unknown;
  readyTimeout?: unknown;
  loading?: unknown;
  sessionRenewal?: unknown;
  sessionUrl?: unknown;
  sandbox?: unknown;
  hide?: unknown;
  granularities?: unknown;
  fields?: unknown;
  tabs?: unknown;
}

/** The attribute of a property: its name in kebab case (`baseUrl` → `base-url`). */
export const kebab = (name: string): string => name.replace(/[A-Z]/g, '-$&').toLowerCase();

/** State keys in the order their actions are applied. */
export const stateKeys = ['scheme', 'theme', 'locale', 'timezone'] as const;

/** A check's result; `rest`: a refused token or entry is left out and the others apply. */
type Check = (raw: unknown) => { ok?: boolean; reason?: string; value?: unknown; problems?: string[]; rest?: boolean };

/**
 * Input property → check, in the order refusals are reported. The attribute is the property's name in
 * kebab case (`baseUrl` → `base-url`); the effective entry has the property's name, except `base`.
 */
const checks: Record<keyof Inputs, Check> = {
  baseUrl: checkBaseUrl,
  dashboard: checkDashboard,
  path: checkPath,
  readyTimeout: checkReadyTimeout,
  scheme: checkScheme,
  theme: checkTheme,
  locale: checkLocale,
  timezone: checkTimezone,
  loading: checkLoading,
  sessionRenewal: checkSessionRenewal,
  sessionUrl: checkSessionUrl,
  sandbox: checkSandbox,
  hide: checkHide,
  ...keyed,
};

/**
 * Re-checks the inputs for which `changed(key)` is true into `effective`.
 * Each refused value (for the keyed ones, each refused entry) is reported as
 * `(attribute, message, rest)` and leaves its entry unset (`ready-timeout`: the
 * default), or, with `rest`, at the tokens or entries that passed.
 */
export function applyInputs(
  effective: Effective,
  inputs: Inputs,
  changed: (key: keyof Inputs) => boolean,
  report: (attribute: string, message: string, rest?: boolean) => void,
): void {
  const target = effective as unknown as Record<string, unknown>;
  for (const key in checks) {
    if (changed(key as keyof Inputs)) {
      const attribute = kebab(key);
      const result = checks[key as keyof Inputs](inputs[key as keyof Inputs]);
      // `rest`: the tokens or entries that passed still apply (`hide="header bogus"` hides the header).
      for (const problem of result.problems ?? (result.ok ? [] : [result.reason])) report(attribute, `${attribute} ${problem}`, result.rest);
      // A refused value leaves its entry unset, or at the part of it that is safe to use.
      target[key === 'baseUrl' ? 'base' : key] = result.value;
    }
  }
  effective.readyTimeout ??= DEFAULT_READY_TIMEOUT;
}
