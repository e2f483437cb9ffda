/**
 * Checks of the values the protocol carries (time zones, locales, filter
 * members, JSON values), shared by the action builder, the element's methods
 * and its attribute validation. Each returns a reason string or `null`, so
 * callers decide whether to throw, warn or drop.
 */

/**
 * Bare UTC offsets: `+02:00`, `-0500`, `UTC+2`, `GMT+1`, `UTC−3` (minus sign).
 * Newer `Intl` implementations accept some of them as time zones, but the spec
 * says the embed ignores them, so they are refused before `Intl` is asked.
 */
const OFFSET_ZONE = /^(?:utc|gmt|z)?\s*[+\-\u2212]\s*\d/i;

/** A `<semantic_view>.<dimension>` filter member: two identifiers. */
export const FILTER_MEMBER = /^[A-Za-z_]\w*\.[A-Za-z_]\w*$/;

/** Why `zone` is not an IANA time zone name, or `null` when it is one. */
export function timeZoneProblem(zone: string): string | null {
  if (zone === '') return 'must not be empty';
  if (OFFSET_ZONE.test(zone)) return 'must be an IANA time zone name, not a UTC offset';
  try {
    new Intl.DateTimeFormat(undefined, { timeZone: zone });
    return null;
  } catch {
    return 'is not a known IANA time zone name';
  }
}

/** Why `locale` is not a BCP 47 language tag, or `null` when it is one. */
export function localeProblem(locale: string): string | null {
  if (locale === '') return 'must not be empty';
  try {
    Intl.getCanonicalLocales(locale);
    return null;
  } catch {
    return 'is not a BCP 47 language tag';
  }
}

/** Why `member` is not `<view>.<dimension>`, or `null` when it is. */
export function filterMemberProblem(member: string): string | null {
  return FILTER_MEMBER.test(member) ? null : 'must be <semantic_view>.<dimension>, each part an identifier';
}

/** The viewer's own time zone. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The viewer's own language. */
export function viewerLocale(): string {
  return navigator.language;
}

/** A JSON snapshot failed: `kind` tells which error class a caller should throw. */
export interface SnapshotProblem {
  kind: 'type' | 'range';
  reason: string;
}

/**
 * A plain JSON copy of `value` (framework proxies, class instances and
 * getters collapse to data), or the reason it has none: `undefined`,
 * functions, symbols and bigints are not JSON, cycles cannot be serialised,
 * and a top-level `NaN`/`Infinity` would silently become `null`.
 */
export function jsonSnapshot(value: unknown): { ok: true; value: unknown; json: string } | ({ ok: false } & SnapshotProblem) {
  const kind = typeof value;
  if (value === undefined || kind === 'function' || kind === 'symbol' || kind === 'bigint') {
    return { ok: false, kind: 'type', reason: `a ${kind} is not a JSON value` };
  }
  if (kind === 'number' && !Number.isFinite(value)) {
    return { ok: false, kind: 'range', reason: `${value as number} is not a JSON value` };
  }
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    return { ok: false, kind: 'type', reason: 'is not JSON-serialisable (a cycle, a bigint or a throwing getter)' };
  }
  if (json === undefined) return { ok: false, kind: 'type', reason: 'is not JSON-serialisable' };
  return { ok: true, value: JSON.parse(json) as unknown, json };
}
