/**
 * Outbound side of the element: decides when an action is sent. Before
 * ready, actions wait in a queue (see `QueuedAction`); at every ready the current state
 * is re-applied and the queue is flushed in call order. After ready, a state
 * property change is sent only when it differs from what the embed already
 * has, so a setter method and the property change it causes send once.
 */
import type { QueuedAction } from './action-queue.js';
import { stateKeys } from './config.js';
import { filterUrlParameter } from './url.js';
import type { PlatformEmbedProperties } from './properties.js';

/** State re-applied after every ready (see `stateKeys`). */
export type StateKey = (typeof stateKeys)[number];

/** The action that carries a state: `platform:action:set-color-scheme`, `-set-theme`, `-set-locale`, `-set-timezone`. */
export const stateAction = (key: StateKey) => `platform:action:set-${key === 'scheme' ? 'color-scheme' : key}` as const;
type Payload = Record<string, unknown>;

/**
 * The element: the outbox reads `ready` (true while the embed is ready) and calls its
 * `_post(type, payload)` (posts an action now), `_statePayload(key)` (the payload of a state
 * action for the current value, or `undefined` when unset) and `_filterJson(member)` (the
 * current JSON value of a filter member, or `undefined` when it has none).
 */
type OutboxHost = PlatformEmbedProperties;

const FILTER = 'filter:';

export class Outbox {
  /**
   * Actions waiting for ready, in call order. A keyed action coalesces: a later call with the
   * same key replaces the waiting one and takes its place at the end.
   */
  private _queue: QueuedAction[] = [];
  /** State key → JSON of the payload the current document received. */
  _applied = new Map<string, string>();
  /** Filter member → JSON value the embed has (from the URL or sent), or will get from the queue. */
  _filters = new Map<string, string>();

  constructor(private readonly _host: OutboxHost) {}

  /** An explicit call: sent now when ready, otherwise queued (coalesced by `key`). */
  request(key: string | undefined, type: string, resolve: () => Payload | null): void {
    if (!this._host.ready) {
      this._queue = this._queue.filter((item) => key === undefined || item.key !== key);
      this._queue.push({ key, type, resolve });
      return;
    }
    const payload = resolve();
    if (!payload) return;
    this._host['_post'](type, payload);
    if (stateKeys.includes(key as StateKey)) this._applied.set(key!, JSON.stringify(payload));
  }

  /** A state setter: sends (or queues) the state's current value. */
  requestState(key: StateKey): void {
    this.request(key, stateAction(key), () => this._host['_statePayload'](key) ?? null);
  }

  /** A state property changed: sent after ready when the embed does not have it yet. */
  stateChanged(key: StateKey): void {
    if (!this._host.ready) return; // re-applied at ready
    const payload = this._host['_statePayload'](key);
    if (payload && this._applied.get(key) !== JSON.stringify(payload)) this.requestState(key);
  }

  /** Sends (or queues) `set-filter` for `member`, unconditionally. */
  requestFilter(member: string): void {
    const json = this._host['_filterJson'](member);
    if (json === undefined) this._filters.delete(member);
    else this._filters.set(member, json);
    this.request(FILTER + member, 'platform:action:set-filter', () => ({
      // A member removed from `filters` is cleared with a JSON null.
      filterUrlParameter: filterUrlParameter(member, this._host['_filterJson'](member) ?? 'null'),
    }));
  }

  /** `filters` changed: one `set-filter` per member whose value differs from what the embed has. */
  filtersChanged(current: Readonly<Record<string, unknown>>): void {
    // A member in both lists is compared twice: the first `requestFilter` made them equal.
    for (const member of [...this._filters.keys(), ...Object.keys(current)]) {
      if (this._host['_filterJson'](member) !== this._filters.get(member)) this.requestFilter(member);
    }
  }

  /** A load started with `filters` in its URL: waiting filter actions are superseded. */
  loaded(filters: Readonly<Record<string, unknown>>): void {
    // `filters` is the element's: `_filterJson` has every member's JSON.
    this._filters = new Map(Object.keys(filters).map((member) => [member, this._host['_filterJson'](member)!]));
    this._queue = this._queue.filter((item) => !item.key?.startsWith(FILTER));
  }

  /**
   * The embed is ready (`isReady()` is true): re-apply the state that is set and not waiting in
   * the queue (the new document has none of it), then flush the queue in call order.
   */
  ready(): void {
    this._applied.clear();
    for (const key of stateKeys) if (!this._queue.some((item) => item.key === key)) this.stateChanged(key);
    // Ready, so each is sent now.
    for (const item of this._queue.splice(0)) this.request(item.key, item.type, item.resolve);
  }
}
