/**
 * Actions waiting for the embed to be ready. State actions coalesce: a later
 * call with the same key replaces the waiting one and takes its place at the
 * end, so only the last scheme, theme, locale, timezone, navigate, refresh
 * and per-member filter is sent, in call order. Unkeyed entries
 * (`sendAction`) never coalesce.
 */

/** A waiting action. `resolve` builds the payload when it is sent (state values are read then). */
export interface QueuedAction {
  /** Coalescing key (`scheme`, `filter:orders.status`, …); `undefined` never coalesces. */
  key?: string;
  type: string;
  /** The payload to send, or `null` to drop the entry (its state was cleared meanwhile). */
  resolve: () => Record<string, unknown> | null;
}
