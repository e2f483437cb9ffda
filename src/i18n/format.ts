/**
 * Numbers, dates and durations in an element's language, with `Intl`.
 */

/** `Intl.DurationFormat`, where the browser has it (not yet in TypeScript's lib). */
interface DurationFormatConstructor {
  new (locale: string, options: { style: 'short' }): { format(duration: Record<string, number>): string };
}

/**
 * A date and time in the viewer's time zone, e.g. `Nov 26, 2026, 9:00 AM`,
 * held on one line (no-break spaces): a line that breaks inside a date
 * (`26` / `nov. 2026`) reads as two things.
 */
export function formatDateTime(time: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(time).replace(/ /g, '\u00a0');
}

/**
 * A positive number of seconds as hours, minutes and seconds, leaving out
 * the leading units that are zero (`23 hr, 59 min, 58 sec`; `5 Std., 3 Min.`).
 * Uses `Intl.DurationFormat`, or else unit numbers joined as a unit list.
 */
export function formatDuration(totalSeconds: number, locale: string): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const DurationFormat = (Intl as unknown as { DurationFormat?: DurationFormatConstructor }).DurationFormat;
  if (DurationFormat) return new DurationFormat(locale, { style: 'short' }).format({ hours, minutes, seconds });
  const parts = (
    [
      ['hour', hours],
      ['minute', minutes],
      ['second', seconds],
    ] as const
  )
    // The caller passes at least one second, so some unit is left.
    .filter(([, n]) => n > 0)
    .map(([unit, n]) => new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(n));
  return new Intl.ListFormat(locale, { type: 'unit', style: 'short' }).format(parts);
}
