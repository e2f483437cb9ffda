/**
 * HTML escaping for server-rendered markup. Every value goes into a
 * double-quoted attribute, where `"` ends the value and `&` starts a
 * character reference; `<`, `>` and `'` are escaped too, so a value stays
 * inert in any context a later edit might move it to.
 */
const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `value` with `& < > " '` replaced by character references. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => entities[c]!);
}

/** ` name="value"` with the value escaped; a `true` value gives the bare boolean attribute. */
export function attribute(name: string, value: string | true): string {
  return value === true ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`;
}
