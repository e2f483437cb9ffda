// Small statistics helpers for the benchmark results.

/** The median of `values` (mean of the two middle values for an even count). */
export function median(values) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Minimum, median and maximum of `values`, rounded to `digits`. */
export function summary(values, digits = 3) {
  const round = (n) => Number(n.toFixed(digits));
  return {
    n: values.length,
    min: round(Math.min(...values)),
    median: round(median(values)),
    max: round(Math.max(...values)),
  };
}

/** `a / b` rounded to three decimals. */
export function ratio(a, b) {
  return Number((a / b).toFixed(3));
}

/**
 * The order of `variants` in round `round`: rotated by one per round, so each
 * variant takes every position (first, after each other one) equally often.
 * Round 0 is the given order.
 */
export function alternate(variants, round) {
  const k = round % variants.length;
  return [...variants.slice(k), ...variants.slice(0, k)];
}
