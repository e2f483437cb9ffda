/**
 * Tenant base URL rules and embed URL building. The base URL may carry a
 * path prefix (a reverse proxy on a custom domain): `https://acme.example/bi`
 * gives `https://acme.example/bi/embed/dashboard/<id>`. Its origin is the
 * tenant origin either way.
 */
import { filterMemberProblem, jsonSnapshot } from '../protocol/values.js';

/** Hosts where plain `http:` is allowed (local development). */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

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
    return { ok: false, reason: 'is not an absolute URL' };
  }
  const local = LOCAL_HOSTS.has(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) {
    return { ok: false, reason: 'must use https: (http: only for localhost, 127.0.0.1 and [::1])' };
  }
  if (url.username || url.password) return { ok: false, reason: 'must not contain credentials' };
  // A query or fragment, empty ones included, is in the raw value wherever the parser put it.
  if (/[?#]/.test(raw)) {
    return { ok: false, reason: 'must not contain a query or a fragment' };
  }
  return { ok: true, value: { origin: url.origin, prefix: url.pathname.replace(/\/+$/, '') } };
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
  allowExport?: boolean | undefined;
  /** Filter member → value; each becomes `f_<member>=<JSON>`. */
  filters?: Readonly<Record<string, unknown>> | undefined;
}

/**
 * The iframe URL: `{base}/embed/dashboard/<id>` or `{base}<path>`, with
 * `session`, `timezone`, `allowExport=true` and `f_<view>.<dimension>=<JSON>`
 * query parameters (URL-encoded). `null` when neither a dashboard nor a path
 * is given.
 */
export function buildEmbedUrl(input: EmbedUrlInput): string | null {
  const { base } = input;
  let url: URL;
  if (input.dashboard) {
    url = new URL(`${base.origin}${base.prefix}/embed/dashboard/${encodeURIComponent(input.dashboard)}`);
  } else if (input.path) {
    url = new URL(`${base.origin}${base.prefix}${input.path}`);
  } else {
    return null;
  }
  const params = url.searchParams;
  if (input.session) params.set('session', input.session);
  if (input.timezone) params.set('timezone', input.timezone);
  if (input.allowExport) params.set('allowExport', 'true');
  for (const [member, value] of Object.entries(input.filters ?? {})) {
    params.set(`f_${member}`, JSON.stringify(value));
  }
  return url.href;
}

/** `f_<member>=<JSON>`, the form of the URL parameter and of `set-filter`. */
export function filterUrlParameter(member: string, json: string): string {
  return `f_${member}=${json}`;
}

/**
 * Checks a `filters` object: a plain JSON copy of the valid entries, and one
 * reason per refused key (an invalid member, a value that is not JSON).
 */
export function checkFilters(filters: unknown): { value: Record<string, unknown>; problems: string[] } {
  const value: Record<string, unknown> = {};
  const problems: string[] = [];
  if (filters === null || filters === undefined) return { value, problems };
  if (typeof filters !== 'object' || Array.isArray(filters)) {
    return { value, problems: ['must be an object of <view>.<dimension> → value'] };
  }
  let entries: [string, unknown][];
  try {
    entries = Object.entries(filters);
  } catch {
    return { value, problems: ['could not be read'] };
  }
  for (const [member, raw] of entries) {
    const memberProblem = filterMemberProblem(member);
    if (memberProblem) {
      problems.push(`key "${member}" ${memberProblem}`);
      continue;
    }
    const copy = jsonSnapshot(raw);
    if (!copy.ok) problems.push(`value of "${member}" ${copy.reason}`);
    else value[member] = copy.value;
  }
  return { value, problems };
}
