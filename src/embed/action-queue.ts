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

/** An ordered queue of waiting actions with per-key coalescing. */
export class ActionQueue {
  private _items: QueuedAction[] = [];

  /** Adds `action` at the end, removing a waiting entry with the same key. */
  push(action: QueuedAction): void {
    if (action.key !== undefined) this.remove(action.key);
    this._items.push(action);
  }

  /** Removes the waiting entry with `key`, if any. */
  remove(key: string): void {
    this._items = this._items.filter((item) => item.key !== key);
  }

  /** Removes every waiting entry whose key starts with `prefix`. */
  removePrefix(prefix: string): void {
    this._items = this._items.filter((item) => item.key === undefined || !item.key.startsWith(prefix));
  }

  /** True when an entry with `key` waits. */
  has(key: string): boolean {
    return this._items.some((item) => item.key === key);
  }

  /** Empties the queue and returns its entries in call order. */
  drain(): QueuedAction[] {
    const items = this._items;
    this._items = [];
    return items;
  }
}
