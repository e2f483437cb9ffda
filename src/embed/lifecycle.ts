/**
 * The load and failure lifecycle of one `<platform-embed>`: which session a
 * load uses, the ready timeout, whether the document in the iframe is ready,
 * and what a fatal embed error leads to (a session renewal or the end of the
 * load). Starting a new load or cancelling invalidates the previous attempt,
 * so a late provider answer or timer of an older load does nothing.
 */
import type { ErrorPayload } from '../protocol/catalog.js';
import { EmbedError, ReadyTimeoutError, SessionError } from './errors.js';
import { whenNear } from './lazy.js';

/** Renewals allowed without a ready in between. */
export const MAX_RENEWALS = 3;

/** What a load needs to know. */
export interface LoadRequest {
  /** A session id set by the host page; it serves one load (see `start`). */
  session?: string | undefined;
  sessionProvider?: (() => Promise<string>) | undefined;
  /** Milliseconds until `ReadyTimeoutError`; `0` disables. Counted from the start, provider time included. */
  timeout: number;
  /** Wait until the element comes within one viewport height of the visible area (unless a load already started). */
  lazy: boolean;
}

/** What the lifecycle calls back. */
export interface LifecycleHost {
  /** Point a new iframe at the embed URL with this session (or none). */
  navigate(session: string | undefined): void;
  /** The document in the iframe was replaced before it became ready again. */
  unready(): void;
  /** The load failed for good. */
  fail(error: ReadyTimeoutError | SessionError | EmbedError): void;
  /** A session problem is repaired: the host announces it and loads again with a fresh session. */
  renew(attempt: number, error: ErrorPayload): void;
}

export class Lifecycle {
  private token = 0;
  private timer?: ReturnType<typeof setTimeout>;
  /** The fixed session the last load used: a session is single-use, so a provider serves the next loads. */
  private spent?: string | undefined;
  private renewals = 0;
  /** The current document's `load` event was seen. */
  private loaded = false;
  /** The current document sent its ready. */
  private readyDoc = false;
  /** A load started since the element was connected: `lazy` no longer defers. */
  private started = false;
  private unwatch?: (() => void) | undefined;

  constructor(
    private readonly element: Element,
    private readonly host: LifecycleHost,
  ) {}

  /** A lazy load waits for the element to come near the visible area. */
  get deferred(): boolean {
    return !!this.unwatch;
  }

  /** Starts a load in a new iframe, superseding any earlier one; a lazy element's first load waits until it is near. */
  start(request: LoadRequest): void {
    const token = this.cancel();
    if (request.lazy && !this.started) {
      this.unwatch = whenNear(this.element, () => {
        this.unwatch = undefined;
        this.start({ ...request, lazy: false });
      });
      return;
    }
    this.started = true;
    const { timeout, session, sessionProvider } = request;
    this.loaded = this.readyDoc = false;
    this.arm(token, timeout);
    if ((session && session !== this.spent) || !sessionProvider) {
      // Without a provider a spent session is all there is; the platform refuses it and says so.
      this.spent = session;
      this.host.navigate(session || undefined);
      return;
    }
    let answer: Promise<string>;
    try {
      answer = Promise.resolve(sessionProvider());
    } catch (error) {
      answer = Promise.reject(error);
    }
    answer.then(
      (value) => {
        if (token !== this.token) return; // superseded by a later load or a disconnect
        if (typeof value === 'string' && value) this.host.navigate(value);
        else this.fail(token, new SessionError('sessionProvider did not return a session id.'));
      },
      (error: unknown) => this.fail(token, new SessionError('sessionProvider rejected.', { cause: error })),
    );
  }

  /** Drops the current attempt (its timer and provider answer); returns the next attempt's token. */
  cancel(): number {
    this.settle();
    this.unwatch?.();
    this.unwatch = undefined;
    return ++this.token;
  }

  /** The element was disconnected: nothing runs, and the next connection starts afresh. */
  reset(): void {
    this.cancel();
    this.renewals = 0;
    this.spent = undefined;
    this.started = false;
  }

  /** The iframe's `load` event, for a document of the embed (not the initial `about:blank`). */
  frameLoaded(timeout: number): void {
    // A cross-origin ready may arrive before its document's load event or after it.
    if (!this.readyDoc || !this.loaded) {
      this.loaded = true;
      return;
    }
    // The embed replaced its ready document (it reloaded or navigated itself): wait for the new one.
    this.readyDoc = false;
    this.host.unready();
    this.arm(this.token, timeout);
  }

  /** The embed sent ready. */
  ready(): void {
    this.settle();
    this.renewals = 0;
    // A second ready from a loaded document comes from its successor, whose load event is still to come.
    if (this.readyDoc && this.loaded) this.loaded = false;
    this.readyDoc = true;
  }

  /**
   * The embed reported an error. A fatal one ends the load: with `renewable`
   * (a provider is set and renewal is on), a session problem is renewed up to
   * `MAX_RENEWALS` times without a ready in between; any other ends as an `EmbedError`.
   */
  error(payload: ErrorPayload, renewable: boolean): void {
    if (!payload.fatal) return;
    this.settle();
    this.readyDoc = false;
    if (renewable && /auth|session/i.test(`${payload.context} ${payload.name}`)) {
      if (this.renewals < MAX_RENEWALS) this.host.renew(++this.renewals, payload);
      else this.fail(this.token, new SessionError(`The session could not be renewed after ${MAX_RENEWALS} attempts.`));
      return;
    }
    this.fail(this.token, new EmbedError(payload));
  }

  /** Stops the ready timeout. */
  private settle(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private arm(token: number, timeout: number): void {
    this.settle();
    if (timeout > 0) this.timer = setTimeout(() => this.fail(token, new ReadyTimeoutError(timeout)), timeout);
  }

  private fail(token: number, error: ReadyTimeoutError | SessionError | EmbedError): void {
    if (token !== this.token) return;
    this.settle();
    this.host.fail(error);
  }
}
