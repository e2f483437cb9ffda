// Locale and time-zone state of the embed, and every number and date format
// derived from it. The account defaults are `en-US` and `UTC`.

/** Current display settings; changed by `set-locale` and `set-timezone`. */
export const display = { locale: 'en-US', timezone: 'UTC' };

/**
 * True for an IANA zone name the browser knows. Bare offsets (`+02:00`,
 * `UTC+2`, `-0500`) are refused even where `Intl` would accept them, because
 * the platform ignores offsets.
 */
export function isIanaZone(zone) {
  if (typeof zone !== 'string' || zone === '' || /^[+-]|^\d|^(?:UTC|GMT)\s*[+-]/i.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The canonical form of a BCP 47 tag, or null when it is not one. */
export function canonicalLocale(locale) {
  if (typeof locale !== 'string' || locale === '') return null;
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? null;
  } catch {
    return null;
  }
}

/** The languages the platform ships for its embeds; `en-US` is its fallback. */
export const SHIPPED_LOCALES = ['en-US', 'de-DE', 'es-ES', 'es-MX', 'fr-FR', 'it-IT', 'ja-JP', 'nb-NO', 'pt-BR', 'pt-PT', 'sv-SE', 'vi-VN'];

/**
 * The shipped language a tag resolves to, as the platform resolves it: a
 * shipped tag is itself; a short code (`es`) or a regional variant that is
 * not shipped (`es-AR`) is the first shipped locale of its language
 * (`es-ES`); anything else is null (ignored).
 */
export function shippedLocale(tag) {
  const canonical = canonicalLocale(tag);
  if (!canonical) return null;
  const language = canonical.split('-')[0].toLowerCase();
  return SHIPPED_LOCALES.find((l) => l === canonical) ?? SHIPPED_LOCALES.find((l) => l.split('-')[0] === language) ?? null;
}

/** Formats a measure value; `currency` style shows whole dollars. */
export function formatNumber(value, style) {
  const options = style === 'currency'
    ? { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }
    : { maximumFractionDigits: 1 };
  return new Intl.NumberFormat(display.locale, options).format(value);
}

/** A row's instant as a date and time in the current zone and locale. */
export function formatDateTime(iso) {
  return new Intl.DateTimeFormat(display.locale, { timeZone: display.timezone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** `YYYY-MM-DD` of an instant in the current zone: the day a row falls into. */
export function dayKey(date) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: display.timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

/** Today's date in the current zone, long form in the current locale. */
export function formatToday(date = new Date()) {
  return new Intl.DateTimeFormat(display.locale, { timeZone: display.timezone, dateStyle: 'full' }).format(date);
}

/** A clock time in the current zone and locale (for "last refreshed"). */
export function formatTime(date) {
  return new Intl.DateTimeFormat(display.locale, { timeZone: display.timezone, timeStyle: 'medium' }).format(date);
}
