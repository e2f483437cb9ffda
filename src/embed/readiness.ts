/**
 * Whether `<platform-embed>` is ready, its last ready payload, the current
 * load's fatal failure, and the `whenReady()` promises waiting on them.
 * `ready` is reflected to the element's read-only `ready` attribute.
 */
import type { ReactiveElement } from '@lit/reactive-element';
import type { ReadyPayload } from '../protocol/catalog.js';

export class Readiness {
  ready = false;
  /** The last ready payload. */
  info: ReadyPayload | null = null;
  /** The current load's fatal failure, or `null`. */
  failure: Error | null = null;
  private waiters: { resolve: (info: ReadyPayload) => void; reject: (error: Error) => void }[] = [];
  private reflecting = false;

  constructor(private readonly host: ReactiveElement) {}

  /** Sets `ready` (re-rendering the overlays) and reflects it. */
  set(ready: boolean): void {
    this.ready = ready;
    this.reflect();
    this.host.requestUpdate();
  }

  /** Puts the `ready` attribute back when the page changed it. */
  attributeChanged(present: boolean): void {
    if (!this.reflecting && present !== this.ready) this.reflect();
  }

  /** A load starts: not ready, not failed. */
  reset(): void {
    this.failure = null;
    this.set(false);
  }

  /** The embed is ready with `info` (waiters are resolved by `resolve()`, after the waiting actions went out). */
  readied(info: ReadyPayload): void {
    this.failure = null;
    this.info = { ...info };
    this.set(true);
  }

  resolve(): void {
    for (const waiter of this.waiters.splice(0)) waiter.resolve({ ...this.info! });
  }

  /** The current load failed for good. */
  fail(error: Error): void {
    this.failure = error;
    this.set(false);
    this.reject(error);
  }

  reject(error: Error): void {
    for (const waiter of this.waiters.splice(0)) waiter.reject(error);
  }

  /**
   * The ready payload: at once when ready, otherwise at the next ready. A
   * load that already failed rejects at once, unless `changing` (an update
   * is pending that may start a new load; the element rejects after it if not).
   */
  wait(changing: boolean): Promise<ReadyPayload> {
    if (this.ready && this.info) return Promise.resolve({ ...this.info });
    if (this.failure && !changing) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  private reflect(): void {
    this.reflecting = true;
    this.host.toggleAttribute('ready', this.ready);
    this.reflecting = false;
  }
}
