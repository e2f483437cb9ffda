/**
 * The load and failure lifecycle of one `<platform-embed>`: when a lazy load
 * starts, which session a load uses, the ready timeout, whether the document
 * in the iframe is ready (reflected to the read-only `ready` attribute), the
 * `whenReady()` promises, and what a fatal embed error leads to: a session
 * renewal or the end of the load. Starting a new load or cancelling
 * invalidates the previous attempt, so a late timer of an older load does
 * nothing, and a late provider answer is kept for the next load.
 *
 * Sessions are single-use, and each one costs the host's backend a call: at
 * most one provider call is in flight, a load that supersedes another waits
 * for the call already made, and a session that no navigation has used serves
 * the next load while it is under a minute old. No session serves two
 * navigations, and one sent to renew the credential in place serves none.
 * A session serves only loads made under the provider that made it: a call
 * and an unused session belong to their provider, a replaced provider's
 * answer serves nothing (a load waiting for it asks the newest provider once
 * that call settled, so one call stays in flight), and the element leaving
 * the document drops both.
 *
 * The credential the embed trades its session for lasts about 23 hours; it is
 * renewed in place (`set-session`, no navigation) on the embed's expiring or
 * expired event, or when the page becomes visible with a credential 22 hours
 * old. Triggers that come while a renewal runs, or within 30 seconds after it
 * sent its session, join it: one provider call and one `set-session` per expiry.
 */
import type { ErrorPayload, ReadyPayload } from '../protocol/catalog.js';
import { EmbedError, ReadyTimeoutError, SessionError } from './errors.js';
import { whenNear } from './lazy.js';
import type { PlatformEmbedLoad } from './load.js';

/** Renewals allowed without a ready in between. */
export const MAX_RENEWALS = 3;

/** How long a session that no navigation has used still serves a load, in milliseconds. */
export const UNUSED_SESSION_MS = 60_000;

/** Age of a credential at which a page becoming visible renews it (the platform's lasts about 23 hours). */
export const STALE_CREDENTIAL_MS = 22 * 3600_000;

/** Triggers that come this long after a renewal sent its session join it (a late timer of the same expiry). */
export const RENEWAL_JOIN_MS = 30_000;

/** What starts a renewal in place. */
export type RenewalTrigger = 'expiring' | 'expired' | 'visible';

/** A session provider: the page's `sessionProvider`, or the element's own for `session-url`. */
export type Provider = () => Promise<string>;

/** What a load needs to know. */
export interface LoadRequest {
  /** A session id set by the host page; it serves one load (see `start`). */
  session?: string | undefined;
  /** Milliseconds until `ReadyTimeoutError`; `0` disables. Counted from the start, provider time included. */
  timeout: number;
  /** Wait until the element comes within one viewport height of the visible area (unless a load already started or `adopted`). */
  lazy?: boolean;
  /** The element's first load came from server-rendered markup, whose session is spent: without a provider it cannot load again. */
  rendered?: boolean;
}

/**
 * What the lifecycle calls back: the element itself, through these
 * protected methods of its own (reached by TypeScript's bracket access, so typed):
 * `_provider()` (the provider in use now, read when a load or renewal asks
 * for a session), `_begin(provider)` (a load starts; it waits for the
 * provider first), `_navigateFrame(session)` (point the new iframe at the
 * embed URL with this session, or none), `_failed(error)` (the load failed
 * for good; `whenReady()` waiters are already rejected), `_renew(attempt,
 * error)` (a session problem is repaired: announced, and a load with a fresh
 * session), `_renewing(trigger)` (a renewal in place starts: announced), and
 * the public `setSession(id)`.
 */
type LifecycleHost = PlatformEmbedLoad;

/** What `whenReady()` rejects with when the element is out of the document. */
const disconnected = (): DOMException => new DOMException('The element was disconnected.', 'AbortError');

/** A `whenReady()` promise waiting: rejects it with `error`, or resolves it with a copy of the ready payload. */
type Waiter = (error?: Error) => void;

export class Lifecycle {
  /** True between the ready of the document in the iframe and its replacement or a fatal error. */
  _live = false;
  /** The last ready payload. */
  _info: ReadyPayload | null = null;
  /** The current load's fatal failure, or `null`. */
  _failure: Error | null = null;
  /** The load waits for a `session` or a provider (it had neither): setting one starts it. */
  _waiting?: boolean;

  /** Counts the attempts: a new load (or a disconnect) makes the answers of earlier ones stale. */
  _token = 0;
  /** The ready timeout. A cleared timer's id stays: clearing it again does nothing. */
  private _timer?: ReturnType<typeof setTimeout>;
  /** The fixed session the last load used: a session is single-use, so a provider serves the next loads. */
  private _spent?: string | undefined;
  /** The provider whose session `_unused` is and whose call `_asking` is; none once the element left the document. */
  private _by?: Provider | undefined;
  /** A session of `_by` that no navigation has used, and when it arrived. */
  private _unused?: { id: string; at: number } | undefined;
  /** The provider call in flight, shared by the loads under `_by`. */
  private _asking?: Promise<string> | undefined;
  private _renewals = 0;
  /** When the current credential was made: the load's first ready or the last `set-session`; 0 before. */
  _credentialAt = 0;
  /**
   * When the last renewal in place sent its session; none before (`now - undefined` is NaN, never
   * within the join window). Infinity while a renewal waits for its session, so triggers join it.
   */
  private _renewedAt?: number;
  /** The current document's `load` event was seen. */
  _loaded?: boolean;
  /** The current document sent its ready. */
  private _readyDoc?: boolean;
  /** A load started since the element was connected: `lazy` no longer defers. */
  private _started?: boolean;
  /** Stops the lazy wait: set while a lazy load waits for the element to come near the visible area. */
  _unwatch?: (() => void) | undefined;
  private _waiters: Waiter[] = [];

  constructor(private readonly _host: LifecycleHost) {}

  /**
   * Starts a load in a new iframe, superseding any earlier one; a lazy
   * element's first load waits until it is near. `null`: nothing to load.
   * `adopted`: the iframe is already navigating (server-rendered markup), so
   * nothing is asked or navigated; `loaded` tells whether its document already
   * fired `load`, `credentialAt` when its credential was made (a live embed).
   */
  _start(request: LoadRequest | null, adopted?: { loaded?: boolean; credentialAt?: number }): void {
    const token = this._cancel();
    this._failure = null;
    this._setReady(false);
    if (!request) return;
    if (request.lazy && !this._started && !adopted) {
      this._unwatch = whenNear(this._host, () => this._start({ ...request, lazy: false }));
      return;
    }
    const { timeout, session } = request;
    const sessionProvider = this._host['_provider']();
    // Nothing to sign the viewer in with: no navigation that the platform would refuse, until one is set.
    this._waiting = !session && !sessionProvider && !adopted;
    if (this._waiting) {
      // Waiting behind the loading overlay would last for good: the server's session is spent. A provider set later still loads.
      if (request.rendered) this._fail(token, new SessionError('Reloading a server-rendered embed needs a sessionProvider or session-url.'));
      return;
    }
    this._started = true;
    this._loaded = !!adopted?.loaded;
    this._readyDoc = false;
    this._credentialAt = adopted?.credentialAt || 0;
    this._arm(token, timeout);
    if (adopted) return;
    const fixed = (session && session !== this._spent) || !sessionProvider;
    this._host['_begin'](!fixed);
    if (fixed) {
      // Without a provider a spent session is all there is; the platform refuses it and says so.
      this._spent = session;
      this._host['_navigateFrame'](session || undefined);
      return;
    }
    const load = (provider: Provider): void => {
      const settled = (id: string, error?: SessionError): unknown => {
        // Superseded by a later load or a disconnect: the session stays unused for the next load under its provider.
        if (token !== this._token) return;
        const now = this._host['_provider']();
        // Its provider was replaced meanwhile: the answer is another viewer's; the newest provider is asked, or the load waits for one.
        if (now !== provider) return now ? load(now) : (this._waiting = true);
        if (error) return this._fail(token, error);
        this._unused = undefined;
        this._host['_navigateFrame'](id);
      };
      this._session(provider).then(settled, (error: SessionError) => settled('', error));
    };
    load(sessionProvider);
  }

  /**
   * A trigger of renewal in place. With a provider, while ready and outside
   * a renewal in progress or its join window (and, for `visible`, with a
   * credential 22 hours old), it announces the renewal, asks for one session
   * and has it sent. A provider failure ends the load in a `SessionError`.
   */
  renewInPlace(trigger: RenewalTrigger, provider: Provider | undefined): void {
    const now = Date.now();
    if (!provider || !this._live || now - this._renewedAt! < RENEWAL_JOIN_MS) return;
    if (trigger === 'visible' && now - this._credentialAt < STALE_CREDENTIAL_MS) return;
    const token = this._token;
    this._renewedAt = Infinity;
    // Ready and not refused since: the embed took the last session, so the count starts again.
    this._renewals = 1;
    this._host['_renewing'](trigger);
    this._session(provider).then(
      (id) => {
        // Its join window starts when it sends its session. The previous one was over when it started.
        this._renewedAt = 0;
        // A new load, the end of this one or a new provider: the session serves no one else's embed.
        if (token !== this._token || !this._live || this._host['_provider']() !== provider) return;
        this._unused = undefined;
        this._renewedAt = Date.now();
        this._host.setSession(id);
      },
      (error: SessionError) => {
        this._renewedAt = 0;
        this._fail(token, error);
      },
    );
  }

  /** A `set-session` went to the embed: its credential is new from now. */
  credentialRenewed(): void {
    this._credentialAt = Date.now();
  }

  /**
   * A session of `provider` for the next navigation: its unused one, its call
   * in flight, or a new call, made once another provider's call has settled.
   */
  private _session(provider: Provider): Promise<string> {
    const { _unused: unused, _asking: before } = this;
    const same = provider === this._by;
    this._by = provider;
    if (same && unused && Date.now() - unused.at < UNUSED_SESSION_MS) return Promise.resolve(unused.id);
    if (same && before) return before;
    this._unused = undefined;
    /** Clears the call once it settled; true when it is still the one in flight (not superseded or failed). */
    const done = () => this._asking === asking && !(this._asking = undefined);
    const call = () => provider();
    const asking: Promise<string> = (before ? before.then(call, call) : new Promise<string>((resolve) => resolve(call()))).then(
      (id) => {
        const current = done();
        if (typeof id !== 'string' || !id) throw new SessionError('sessionProvider did not return a session id.');
        // Kept for loads under its provider only: after a disconnect or another provider's call it is dropped.
        if (current && this._by === provider) this._unused = { id, at: Date.now() };
        return id;
      },
      (error: unknown) => {
        done();
        // `session-url` explains its own failures.
        throw error instanceof SessionError ? error : new SessionError('sessionProvider rejected.', { cause: error });
      },
    );
    return (this._asking = asking);
  }

  /** Drops the current attempt (its lazy wait, timer and provider answer); returns the next attempt's token. */
  _cancel(): number {
    clearTimeout(this._timer);
    this._unwatch?.();
    this._unwatch = undefined;
    return ++this._token;
  }

  /**
   * The element was disconnected: nothing runs, waiters are told, and the next
   * connection starts afresh, except that a spent session stays spent.
   */
  _disconnect(): void {
    this._cancel();
    // Whoever inserts the element next may sign another viewer in: nothing made for this one serves that load.
    this._by = this._unused = undefined;
    this._renewals = 0;
    this._started = false;
    this._setReady(false);
    this._settle(disconnected());
  }

  /** The iframe's `load` event, for a document of the embed (not the initial `about:blank`). */
  frameLoaded(timeout: number): void {
    // A cross-origin ready may arrive before its document's load event or after it.
    if (!this._readyDoc || !this._loaded) {
      this._loaded = true;
      return;
    }
    // The embed replaced its ready document (it reloaded or navigated itself): wait for the new one.
    this._readyDoc = false;
    this._setReady(false);
    this._arm(this._token, timeout);
  }

  /** The embed sent ready with `info`. Waiters are resolved by `resolve()`, once waiting actions went out. */
  readied(info: ReadyPayload): void {
    clearTimeout(this._timer);
    this._renewals = 0;
    // A second ready from a loaded document comes from its successor, whose load event is still to come.
    if (this._readyDoc && this._loaded) this._loaded = false;
    this._readyDoc = true;
    this._credentialAt ||= Date.now();
    this._failure = null;
    this._info = { ...info };
    // A ready while ready changes nothing on screen: no attribute write, no update.
    if (!this._live) this._setReady(true);
  }

  /** Settles every waiter: resolved with the ready payload, or rejected with `error` when one is given. */
  _settle(error?: Error): void {
    for (const waiter of this._waiters.splice(0)) waiter(error);
  }

  /**
   * The ready payload: at once when ready, otherwise at the next ready. A
   * failed load rejects at once, unless `changing` (an update is pending that
   * may start a new load; the element rejects after it if it did not). An
   * element that was removed and is not back in the document rejects at once
   * with an `AbortError`; one never inserted yet waits for its first ready.
   */
  wait(changing: boolean): Promise<ReadyPayload> {
    // Updated once means inserted once: an element out of the document now has left it.
    if (this._host.hasUpdated && !this._host.isConnected) return Promise.reject(disconnected());
    if (this._live && this._info) return Promise.resolve({ ...this._info });
    if (this._failure && !changing) return Promise.reject(this._failure);
    return new Promise((resolve, reject) => this._waiters.push((error) => (error ? reject(error) : resolve({ ...this._info! }))));
  }

  /**
   * The embed reported an error. A fatal one ends the load: with `renewable`
   * (a provider is set and renewal is on), a session problem is renewed up to
   * `MAX_RENEWALS` times without a ready in between; any other ends as an `EmbedError`.
   */
  _error(payload: ErrorPayload, renewable: boolean): void {
    if (!payload.fatal) return;
    clearTimeout(this._timer);
    this._readyDoc = false;
    this._setReady(false);
    if (renewable && /auth|session/i.test(`${payload.context} ${payload.name}`)) {
      if (this._renewals < MAX_RENEWALS) this._host['_renew'](++this._renewals, payload);
      else this._fail(this._token, new SessionError(`The session could not be renewed after ${MAX_RENEWALS} attempts.`));
      return;
    }
    this._fail(this._token, new EmbedError(payload));
  }

  /** Puts the `ready` attribute back when the page changed it. */
  attributeChanged(present: boolean): void {
    // `_setReady` sets `_live` before the attribute, so the change it makes itself is equal here and ignored.
    if (present !== this._live) this._setReady(this._live);
  }

  /** Sets `ready`, reflects it and re-renders the overlays. */
  private _setReady(ready: boolean): void {
    this._live = ready;
    this._host.toggleAttribute('ready', ready);
    this._host.requestUpdate();
  }

  /** Starts the ready timeout; the previous one is already cleared (by `_cancel`, or by the ready that `frameLoaded` follows). */
  private _arm(token: number, timeout: number): void {
    if (timeout > 0) this._timer = setTimeout(() => this._fail(token, new ReadyTimeoutError(timeout)), timeout);
  }

  private _fail(token: number, error: ReadyTimeoutError | SessionError | EmbedError): void {
    if (token !== this._token) return;
    clearTimeout(this._timer);
    // A call that outlived its load (a provider that hangs) no longer holds the next load back.
    this._asking = undefined;
    this._failure = error;
    this._setReady(false);
    this._settle(error);
    this._host['_failed'](error);
  }
}
