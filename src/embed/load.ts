/**
 * How each load of `<platform-embed>` starts and what it hears: adopting a
 * live embed (keep-alive) or server-rendered markup, or pointing a new iframe
 * at the embed URL; the session provider and the renewal glue the lifecycle
 * calls back (see lifecycle.ts); the iframe's load events, and every event of
 * the embed the channel accepted (see channel.ts). Handing a live embed to an
 * add-on is here too. The element (`platform-embed.ts`) decides when a load
 * starts; its rendering (`render.ts`) shows the iframe the load chose.
 */
import type { ErrorPayload, ReadyPayload } from '../protocol/catalog.js';
import type { PlatformEventMessage } from '../protocol/envelope.js';
import { EmbedError, type ReadyTimeoutError, type SessionError } from './errors.js';
import { ADD_ON, type LiveEmbed } from './add-on.js';
import { Lifecycle, type Provider, type RenewalTrigger } from './lifecycle.js';
import { FrameChannel } from './channel.js';
import { preconnect } from './preconnect.js';
import { fetchSession } from './session-url.js';
import { takeOver, type Adopted } from './takeover.js';
import { dispatchEmbedEvent, dispatchHostError, dispatchPlatformEvent } from './inbound.js';
import { buildEmbedUrl, embedPath, type EmbedUrlInput } from './url.js';
import * as config from './config.js';
import { PlatformEmbedProperties } from './properties.js';
import { LoadTimeline } from './timing.js';
// Read only when a load starts or gives its embed away, long after every module ran: the add-on is set on the element's class.
import { PlatformEmbedElement } from './platform-embed.js';

/** The element's loads; `PlatformEmbedElement` is the one class that extends it (`this` is the element). */
export abstract class PlatformEmbedLoad extends PlatformEmbedProperties {
  /** The current load has its iframe (made or adopted). A load start (or letting the iframe go) clears it, so the next update shows a new iframe; every change comes with an update (a load start sets `ready` false). */
  protected _framed?: boolean;
  /** The current load's embed URL; set with an update (see `_navigateFrame`). */
  protected _frameSrc: string | null | undefined;

  /** The shadow tree's iframe (see shadow.ts: a new one per load). */
  protected _frame?: HTMLIFrameElement | undefined;
  protected _currentPath: string | null = null;
  protected _needsLoad?: boolean;
  private readonly _timeline = new LoadTimeline();
  /**
   * The current load was taken over from server-rendered markup: its iframe,
   * and what the keeper script kept until it is replayed. A provider set later
   * serves the next loads; it starts none. Or the live embed the load adopted
   * (its `iframe`).
   */
  protected _adopted?: Pick<Adopted, 'iframe'> & Partial<Adopted> | undefined;
  /** The current document's last ready message. */
  private _ready?: PlatformEventMessage;
  /** The first load was server-rendered: later loads need a provider (its session is spent). */
  private _rendered?: boolean;
  /** Arrival time of the message being replayed (it arrived before the element was defined). */
  protected _arrival?: number | undefined;

  /** Calls back this element's `_receive` with each accepted event. */
  protected readonly _channel = new FrameChannel(this);

  /** Calls back this element's `_provider`, `_begin`, `_navigateFrame`, `_failed`, `_renew`, `_renewing` and `setSession`. */
  protected readonly _life = new Lifecycle(this);
  /** The element's own providers for `session-url`, by URL. */
  private _own?: Record<string, Provider>;

  /** The provider in use: `sessionProvider`, else the element's own for `session-url` (one per URL: a session belongs to its provider). */
  protected _provider(): Provider | undefined {
    const { sessionUrl } = this._eff;
    return (
      this.sessionProvider ??
      (sessionUrl
        ? ((this._own ??= {})[sessionUrl] ??= () => {
            const { dashboard, path } = this._eff;
            return fetchSession(sessionUrl, dashboard ? { dashboard } : { path: path! });
          })
        : undefined)
    );
  }

  /** Renewal (in place or by a load) is on, with the provider it uses. */
  private _renewer(): Provider | undefined {
    return this._eff.sessionRenewal === 'auto' ? this._provider() : undefined;
  }

  protected _renewInPlace(trigger: RenewalTrigger): void {
    this._life.renewInPlace(trigger, this._renewer());
  }

  /**
   * Every value that shapes a load, one per line: an element adopts only a
   * live embed that it would have loaded the same way.
   */
  private _shape(): string {
    const { base, dashboard, path, sandbox } = this._eff;
    return JSON.stringify([
      base, // origin and path prefix
      dashboard ?? '/' + path,
      sandbox,
      this.allow,
      this.allowExport,
      this.referrerPolicy,
      // hide, granularities, fields, tabs
      ...config.shapeKeys.map((key) => this._eff[key]),
    ]);
  }

  /**
   * The element lets go of its live embed, as it leaves the document (from a
   * controller's `hostDisconnected`): its disconnect no longer removes the
   * iframe. Nothing when the embed is not ready.
   * @internal For add-ons (see add-on.ts).
   */
  [ADD_ON](): LiveEmbed | undefined {
    const { _frame: iframe, _ready: ready, _life: life, _outbox: outbox } = this;
    const origin = this._channel.origin;
    if (!iframe || !origin || !ready || !life._live) return;
    this._frame = undefined;
    return {
      iframe,
      origin,
      ready,
      path: this._currentPath,
      applied: new Map(outbox._applied),
      filters: new Map(outbox._filters),
      credentialAt: life._credentialAt,
      loaded: life._loaded,
      shape: this._shape(),
    };
  }

  protected _beginLoad(): void {
    // Turbo's preview of a cached page (`<html data-turbo-preview>`) is thrown away at the real
    // render: its element starts nothing (no session, no navigation). Turbo clears the mark just
    // before that render, so the element looks again after it: one still in the document loads,
    // one thrown away only notes that it has a load to make (see `reload()`).
    if (document.documentElement.hasAttribute('data-turbo-preview')) {
      document.addEventListener('turbo:render', () => (this as unknown as PlatformEmbedElement).reload(), { once: true });
      return;
    }
    const { base, dashboard, path, readyTimeout, loading } = this._eff;
    // Only a load with nothing of the element's own since its insertion adopts a live embed: a reload or a renewal loads.
    const live =
      (this._needsLoad || !(this._frameSrc || this._adopted)) && base && (dashboard ?? path) && PlatformEmbedElement[ADD_ON]?.adoptable(this as never, this._shape());
    this._needsLoad = false;
    this._framed = false;
    // No URL to navigate to for a live embed: the iframe shows its document already.
    this._frameSrc = undefined;
    this._channel.origin = live ? live.origin : null;
    if (live) {
      // The same document, ready at once, no navigation and no session; what differs from what it last received is sent, as after a reload.
      const { iframe, ready } = live;
      this._adopted = live;
      this._life._start({ timeout: readyTimeout }, live);
      this._currentPath = live.path;
      // A live embed is adopted once: its records become the element's.
      this._outbox._applied = live.applied;
      this._outbox._filters = live.filters;
      this._ready = ready;
      this._life.readied(ready.payload as ReadyPayload);
      // After the update, when the channel routes the iframe's window to this element.
      void this.updateComplete.then(() => {
        if (this._frame !== iframe || !this.ready) return;
        for (const key of config.stateKeys) this._outbox.stateChanged(key);
        this._outbox.filtersChanged(this._eff.filters);
        dispatchPlatformEvent(this, ready);
        this._life._settle();
      });
      return;
    }
    const adopted = (this._adopted = takeOver(this, this.renderRoot, base?.origin));
    this._rendered ||= !!adopted;
    const request = { session: this.session, timeout: readyTimeout, lazy: loading === 'lazy', rendered: this._rendered };
    if (adopted) {
      this._startTimeline(adopted.early?.time);
      this._navigateFrame(undefined, adopted.iframe.getAttribute('src')!);
      this._life._start(request, adopted.early ?? {});
      return;
    }
    // Nothing to load until both are valid.
    this._life._start(base && (dashboard ?? path) ? request : null);
  }

  /** A session problem is repaired: a fresh session, and the viewer back where they were. */
  protected _renew(attempt: number, error: ErrorPayload): void {
    this._renewing('error', attempt, error);
    const here = this._currentPath;
    this._beginLoad();
    // Back where the viewer was, unless that is where the load starts.
    if (here && here !== embedPath(this._eff)) {
      this._outbox.request('navigate', 'platform:action:navigate', () => ({ path: here }));
    }
  }

  /** A load starts now; `provider`: it waits for the session provider first. */
  protected _begin(provider: boolean): void {
    if (provider) preconnect(this._eff.base!.origin);
    this._startTimeline();
  }

  /** The load failed for good (`whenReady()` waiters are already rejected). */
  protected _failed(error: ReadyTimeoutError | SessionError | EmbedError): void {
    this._timeline.end();
    // The embed's own error was dispatched as it arrived.
    if (!(error instanceof EmbedError)) dispatchHostError(this, error, true);
  }

  /** Announces a renewal: in place (attempt 1 of a new count), or by a load after the embed's `error`. */
  protected _renewing(trigger: RenewalTrigger | 'error', attempt = 1, error: ErrorPayload | null = null): void {
    dispatchEmbedEvent(this, 'platform-session-renewal', { attempt, error, trigger, inPlace: !error });
  }

  private _startTimeline(time?: number): void {
    // A path may carry a query; only its path part names the load.
    this._timeline.start(this.id || null, this._eff.dashboard ?? this._eff.path!.replace(/[?#].*/s, ''), time);
  }

  /** Points the load's iframe at the embed URL with `session`, or keeps the `adopted` one's. */
  protected _navigateFrame(session: string | undefined, adopted?: string): void {
    const eff = this._eff;
    if (!eff.base) return;
    // `base` is set (checked above).
    this._frameSrc = adopted ?? buildEmbedUrl({ ...eff, session, allowExport: this.allowExport } as EmbedUrlInput);
    this._channel.origin = eff.base.origin;
    this._outbox.loaded(eff.filters);
    this.requestUpdate();
  }

  /** A document of the embed finished loading in the iframe (also one the embed navigated to itself). */
  protected _onFrameLoad = (event: Event): void => {
    const frame = event.target as HTMLIFrameElement;
    if (frame !== this._frame) return;
    // A queued load event of the initial about:blank (same-origin, so readable) is not the embed's; but a
    // blank document in place of a live embed's (the page sent the frame to about:blank) loads anew.
    if (frame.contentDocument?.URL !== 'about:blank') this._life.frameLoaded(this._eff.readyTimeout);
    else if (this._life._live) this._beginLoad();
  };

  /** An accepted event from the iframe. */
  private _receive(message: PlatformEventMessage): void {
    const payload = message.payload as Record<string, unknown>;
    // What follows `platform:event:`, which every accepted type starts with (see parseEventMessage).
    const type = message.type.slice(15);
    if (type === 'ready') {
      this._ready = message;
      this._timeline.arrived(type, this._arrival);
      this._life.readied(payload as ReadyPayload);
      // State and waiting actions go out before listeners run, so a listener's own calls come after them.
      this._outbox.ready();
      this._life._settle();
    } else if (type === 'view' || type === 'navigate') {
      this._currentPath = payload.path as string;
    } else if (type === 'dashboard-loaded') {
      this._timeline.arrived(type, this._arrival);
    }
    dispatchPlatformEvent(this, message);
    if (type === 'error') this._life._error(payload as ErrorPayload, !!this._renewer());
    // `session-expiring` → `expiring`, `session-expired` → `expired`.
    else if (type === 'session-expiring' || type === 'session-expired') this._renewInPlace(type.slice(8) as RenewalTrigger);
  }
}
