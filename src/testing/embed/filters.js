// Dashboard filters in the platform's URL form `f_<view>.<dimension>=<JSON>`,
// from the embed URL and from `set-filter` actions. The JSON is the platform's
// filter object `{"value": …}`, as its docs write it; they document no other
// form, so a bare JSON value (`f_orders.status="completed"`) is ignored here,
// and a host that sends one finds out in its tests. A filter type other than
// the default (`equals`) is not documented either: such a filter is ignored
// rather than applied as something it is not.

const KEY = /^f_([A-Za-z_][\w]*)\.([A-Za-z_][\w]*)$/;

/** Active filters: `<view>.<dimension>` → value (a scalar or a list of them). */
export const filters = new Map();

/**
 * Parses one `f_<view>.<dimension>` key and its JSON text, a filter object
 * `{"value": <scalar, list of scalars or null>}` (with `type` absent or
 * `equals`). Returns `{ member, value }` or null when either part is not that.
 */
export function parseFilter(key, jsonText) {
  const m = KEY.exec(key);
  if (!m) return null;
  let value;
  try {
    value = JSON.parse(jsonText);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !Object.hasOwn(value, 'value')) return null;
  if (value.type !== undefined && value.type !== 'equals') return null;
  const scalar = (v) => v === null || ['string', 'number', 'boolean'].includes(typeof v);
  if (!(scalar(value.value) || (Array.isArray(value.value) && value.value.every(scalar)))) return null;
  return { member: `${m[1]}.${m[2]}`, value: value.value };
}

/** Parses a `filterUrlParameter` string (`f_<view>.<dimension>=<JSON>`). */
export function parseFilterParameter(text) {
  if (typeof text !== 'string') return null;
  const eq = text.indexOf('=');
  if (eq < 0) return null;
  const key = text.slice(0, eq);
  const raw = text.slice(eq + 1);
  // Hosts may send the value URL-encoded, as it appears in a URL.
  return parseFilter(key, raw) ?? parseFilter(key, safeDecode(raw));
}

function safeDecode(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Applies a parsed filter: `null` (or an empty list) clears the member. */
export function setFilter({ member, value }) {
  if (value === null || (Array.isArray(value) && value.length === 0)) filters.delete(member);
  else filters.set(member, value);
}

/** Reads every `f_` parameter of the embed URL into the active filters. */
export function filtersFromUrl(params) {
  for (const [key, text] of params) {
    if (!key.startsWith('f_')) continue;
    const parsed = parseFilter(key, text);
    if (parsed) setFilter(parsed);
  }
}

/** The rows of `view` that pass every filter on that view. */
export function applyFilters(view, rows) {
  const mine = [...filters].filter(([member]) => member.startsWith(`${view}.`));
  return rows.filter((row) =>
    mine.every(([member, value]) => {
      const field = member.slice(view.length + 1);
      if (!(field in row)) return true;
      const wanted = Array.isArray(value) ? value : [value];
      return wanted.some((w) => String(w) === String(row[field]));
    }),
  );
}

/** True when `member` names a field of `view`'s rows (the filter takes effect). */
export function appliesTo(member, view, rows) {
  return member.startsWith(`${view}.`) && rows.length > 0 && member.slice(view.length + 1) in rows[0];
}
