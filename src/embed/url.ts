/**
 * Tenant base URL rules and embed URL building. The base URL may carry a
 * path prefix (a reverse proxy on a custom domain): `https://acme.example/bi`
 * gives `https://acme.example/bi/embed/dashboard/<id>`. Its origin is the
 * tenant origin either way.
 */
import { filterMemberProblem, jsonSnapshot } from '../protocol/values.js';
import { fail, pass } from '../schema.js';


/** A checked tenant base: its origin and its path prefix without a trailing slash. */
export interface TenantBase {
  origin: string;
  prefix: string;
}

/** A checked value, or the reason it was refused (with the part of it still safe to use, if any). */
export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string; value?: T };

/** Checks a `base-url` value: absolute, https (or http on a local host), no credentials, query or fragment. */
export function parseBaseUrl(raw: string): Checked<TenantBase> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail('is not an absolute URL');
  }
  // Plain `http:` is allowed on local hosts only (local development).
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname))) {
    return fail('must use https: (http: only for localhost, 127.0.0.1 and [::1])');
  }
  if (url.username || url.password) return fail('must not contain credentials');
  // A query or fragment, empty ones included, is in the raw value wherever the parser put it.
  if (/[?#]/.test(raw)) {
    return fail('must not contain a query or a fragment');
  }
  return pass({ origin: url.origin, prefix: url.pathname.replace(/\/+$/, '') });
}

/** Checks a `path` value: an in-embed path under `/embed/`, without `..` escapes. */
export function embedPathProblem(path: string): string | null {
  if (!path.startsWith('/embed/')) return 'must start with /embed/';
  // Parsing cannot fail: the input is an absolute path resolved against a valid base.
  const resolved = new URL(path, 'https://tenant.invalid');
  // `/embed/../api` resolves outside `/embed/`; so does a backslash form.
  if (resolved.origin !== 'https://tenant.invalid' || !resolved.pathname.startsWith('/embed/')) {
    return 'must stay under /embed/';
  }
  return null;
}

/** Everything an embed URL is built from; values are already checked. */
export interface EmbedUrlInput {
  base: TenantBase;
  /** Dashboard public id; wins over `path`. */
  dashboard?: string | undefined;
  /** In-embed path under `/embed/`. */
  path?: string | undefined;
  session?: string | undefined;
  timezone?: string | undefined;
  /** UI language: the platform prefers it to the session's `settings.locale`, so the first paint is in it. */
  locale?: string | undefined;
  allowExport?: boolean | undefined;
  /** Filter member → value; each becomes `f_<member>=<JSON>`. */
  filters?: Readonly<Record<string, unknown>> | undefined;
  /** `hide` tokens; each becomes the platform's switch `show…=false` (see `hideSwitch`). */
  hide?: readonly string[] | undefined;
  /** Presets: `tg_<key>=<value>`, `ms_<key>=<value>`, `tab_<key>=<value>`. */
  granularities?: Readonly<Record<string, string>> | undefined;
  fields?: Readonly<Record<string, string>> | undefined;
  tabs?: Readonly<Record<string, string>> | undefined;
}

/** The `hide` tokens, in the order the parameters are written; the first six are the dashboard's, the last three the chat's. */
export const hideTokens = 'header title back-button edit-button duplicate-button export-menu workbook-back-button new-chat chat-input chat-history'.split(' ');

/** The platform's switch for a `hide` token: `back-button` → `showDashboardBackButton`, `new-chat` → `showNewChat`. */
export const hideSwitch = (token: string): string =>
  // Each word's first letter, with the hyphen before it, becomes that letter in upper case.
  `show${hideTokens.indexOf(token) < 6 ? 'Dashboard' : ''}${token.replace(/-?\b(\w)/g, (_, c: string) => c.toUpperCase())}`;

/** The in-embed path of a dashboard (`/embed/dashboard/<id>`), or the given `path`. */
export const embedPath = ({ dashboard, path }: Pick<EmbedUrlInput, 'dashboard' | 'path'>): string | undefined =>
  // A refused dashboard is an empty one, and loads nothing (not the path either).
  dashboard !== undefined ? dashboard && `/embed/dashboard/${encodeURIComponent(dashboard)}` : path;

/**
 * The iframe URL: `{base}/embed/dashboard/<id>` or `{base}<path>`, with
 * `session`, `timezone`, `allowExport=true`, `f_<view>.<dimension>=<JSON>`,
 * the `show…=false` switches of `hide` and the `tg_`, `ms_` and `tab_`
 * presets as query parameters (URL-encoded). `null` when neither a dashboard nor a path
 * is given.
 */
export function buildEmbedUrl(input: EmbedUrlInput): string | null {
  const path = embedPath(input);
  if (!path) return null;
  const url = new URL(input.base.origin + input.base.prefix + path);
  const params = url.searchParams;
  for (const key of ['session', 'timezone', 'locale'] as const) if (input[key]) params.set(key, input[key]!);
  if (input.allowExport) params.set('allowExport', 'true');
  for (const [member, value] of Object.entries(input.filters ?? {})) params.set(`f_${member}`, JSON.stringify(value));
  for (const token of input.hide ?? []) params.set(hideSwitch(token), 'false');
  for (const [prefix, presets] of [['tg_', input.granularities], ['ms_', input.fields], ['tab_', input.tabs]] as const) {
    for (const key in presets) params.set(prefix + key, presets[key]!);
  }
  return url.href;
}

/** `f_<member>=<JSON>`, the form of the URL parameter and of `set-filter`. */
export const filterUrlParameter = (member: string, json: string): string => `f_${member}=${json}`;

/**
 * The most characters the query parameters of one keyed attribute may add to
 * the embed URL, counted URL-encoded. With four keyed attributes and the rest
 * of the URL, an embed URL stays under 8,000 characters, which common servers
 * and proxies in front of web applications accept (see docs/reference.md).
 */
export const MAX_KEYED_LENGTH = 1500;

/** Keys that name `Object.prototype` members: no view, member or widget is called so, and `__proto__` cannot be an own key of a plain copy. */
const RESERVED_KEYS = ['__proto__', 'constructor', 'prototype'];

/** A check of one entry's value: its usable copy, or the reason it is refused. */
export type ValueCheck = (value: unknown) => { ok: true; value: unknown } | { ok: false; reason: string };

/**
 * Checks an object of keyed entries (`filters`, `granularities`, `fields`,
 * `tabs`), all by the same rules: a plain copy of the valid entries, and one
 * reason per refused key (a reserved key, a key `keyProblem` refuses, a value
 * `check` refuses). Entries past `MAX_KEYED_LENGTH` are left out, with one reason:
 * each counts as its key and its value's `text` in the URL. `rest`: some entries apply.
 */
export const checkEntries = (
  raw: unknown,
  keyProblem: (key: string) => string | null,
  check: ValueCheck,
  shape: string,
  text: (value: unknown) => string = String,
): { value: Record<string, unknown>; problems: string[]; rest: boolean } => {
  const value: Record<string, unknown> = {};
  const problems: string[] = [];
  let entries: [string, unknown][] = [];
  // Unset: no entries.
  if (raw !== null && raw !== undefined) {
    if (typeof raw !== 'object' || Array.isArray(raw)) {
      problems.push(`must be an object of ${shape}`);
    } else {
      try {
        entries = Object.entries(raw);
      } catch {
        problems.push('could not be read');
      }
    }
  }
  let length = 0;
  for (const [key, entry] of entries) {
    const problem = RESERVED_KEYS.includes(key) ? 'is a reserved name' : keyProblem(key);
    const copy = problem ? undefined : check(entry);
    if (!copy?.ok) {
      problems.push(problem ? `key "${key}" ${problem}` : `value of "${key}" ${copy!.reason}`);
      continue;
    }
    // `f_` or another prefix, `=` and `&`: six characters at most besides the encoded key and value.
    length += 6 + encodeURIComponent(key + text(copy.value)).length;
    if (length > MAX_KEYED_LENGTH) {
      problems.push(`adds over ${MAX_KEYED_LENGTH} characters to the embed URL: "${key}" and later entries are left out`);
      break;
    }
    value[key] = copy.value;
  }
  return { value, problems, rest: Object.keys(value).length > 0 };
};

/**
 * Checks a `filters` object: a plain JSON copy of the valid entries, and one
 * reason per refused key (an invalid member, a value that is not JSON).
 */
export const checkFilters = (filters: unknown) => checkEntries(filters, filterMemberProblem, jsonSnapshot, '<view>.<dimension> → value', JSON.stringify);
