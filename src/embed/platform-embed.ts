import type { PropertyValues } from '@lit/reactive-element';
import type { ErrorPayload, ReadyPayload } from '../protocol/catalog.js';
import type { PlatformEventMessage } from '../protocol/envelope.js';
import { embedFailed, embedLoading } from '../i18n/embed-messages.js';
import { embedStyles, frameName, overlay, setAttribute, text, type Overlay } from './shadow.js';
import { version } from '../version.js';
import { ConfigError, EmbedError, type ReadyTimeoutError, type SessionError } from './errors.js';
import { ADD_ON, type AddOn, type LiveEmbed } from './add-on.js';
import { Lifecycle, type Provider, type RenewalTrigger } from './lifecycle.js';
import { FrameChannel } from './channel.js';
import { preconnect } from './preconnect.js';
import { routeMessage } from './router.js';
import { fetchSession } from './session-url.js';
import { takeOver, waitForMarkup, type Adopted } from './takeover.js';
import { dispatchEmbedEvent, dispatchHostError, dispatchPlatformEvent, type PlatformEmbedEventMap } from './inbound.js';
import { grantAllow } from './defaults.js';
import { DEFAULT_TITLE, PlatformEmbedProperties } from './properties.js';
import { buildEmbedUrl, type EmbedUrlInput } from './url.js';
import * as config from './config.js';
import { LoadTimeline } from './timing.js';

const LOG = '[platform-embed]';

/** Properties whose change loads a new embed URL; also a change of the checked `config.shapeKeys`. */
const reloadKeys = ['baseUrl', 'dashboard', 'session', 'allowExport', 'sandbox', 'allow', 'referrerPolicy'] as const;

/** Attributes holding the JSON form of an object property. */
const jsonAttributes = ['theme', 'filters', 'granularities', 'fields', 'tabs'] as const;

/**
 * Embeds a platform dashboard, app or AI chat in an iframe and speaks the
 * embed's postMessage protocol: it checks every message (tenant origin, own
 * iframe window, envelope and payload) before turning it into a DOM event,
 * and posts actions to the tenant origin only, waiting for ready.
 *
 * @tag platform-embed
 * @summary An iframe embed of a platform dashboard, app or chat with typed events and actions.
 *
 * @attr {boolean} ready - Reflected, read-only: present between the embed's ready and the next load.
 * @attr {string} theme - JSON form of the `theme` property, e.g. `{"primaryColor":"#f00"}` (for pages that cannot set properties).
 * @attr {string} filters - JSON form of the `filters` property, e.g. `{"orders.region":{"value":"EMEA"}}`.
 * @attr {string} granularities - JSON form of the `granularities` property, e.g. `{"orders.created_at":"week"}`.
 * @attr {string} fields - JSON form of the `fields` property, e.g. `{"orders.revenue":"profit"}`.
 * @attr {string} tabs - JSON form of the `tabs` property, e.g. `{"main-tabs":"details"}`.
 * @attr {string} keep-alive - With `platform-embed/keep-alive` loaded (or its script-tag add-on): the embed outlives the element's removal, and an element inserted later with the same value that would load it the same way (base URL, content, `sandbox`, `allow`, `allow-export`, `referrer-policy`) adopts it (no navigation, no session). Any value, empty too; give it the signed-in viewer's id.
 *
 * @fires {CustomEvent<ReadyPayload>} platform-ready - The embed authenticated and mounted (after every load).
 * @fires {CustomEvent<ViewPayload>} platform-view - A surface was viewed; updates `currentPath`.
 * @fires {CustomEvent<NavigatePayload>} platform-navigate - The viewer navigated in the embed; updates `currentPath`.
 * @fires {CustomEvent<DashboardLoadedPayload>} platform-dashboard-loaded - All widgets of the dashboard rendered.
 * @fires {CustomEvent<DownloadPayload>} platform-download - The viewer exported data or an image.
 * @fires {CustomEvent<DrilldownPayload>} platform-drilldown - The viewer drilled into a measure.
 * @fires {CustomEvent<AiQueryPayload>} platform-ai-query - The viewer ran a natural-language query.
 * @fires {CustomEvent<PlatformErrorDetail>} platform-error - The embed reported an error, or a host-side problem (`context: "host"`: ConfigError, ReadyTimeoutError, SessionError).
 * @fires {CustomEvent<SessionRenewalDetail>} platform-session-renewal - The credential is renewed in place (`inPlace: true`), or a session problem reported by the embed is repaired by a load with a fresh session.
 * @fires {CustomEvent<Record<string, unknown>>} platform-session-expiring - The embed's credential expires soon.
 * @fires {CustomEvent<Record<string, unknown>>} platform-session-expired - The embed's credential expired.
 * @fires {CustomEvent<PlatformEventMessage>} platform-event - Every accepted embed event, known or not: `{ type, surface, timestamp, payload }`.
 *
 * @slot loading - Shown until the embed is ready; default: a "Loading…" status.
 * @slot error - Shown after a fatal error (the embed's own, a ready timeout, a session failure); default: an alert with the embed's message.
 *
 * @csspart iframe - The embed iframe.
 * @csspart loading - The container of the loading slot.
 * @csspart error - The container of the error slot.
 *
 * @cssprop [--platform-embed-height=600px] - Height of the element.
 * @cssprop [--platform-embed-overlay-background=Canvas] - Background of the loading and error overlays.
 * @cssprop [--platform-embed-overlay-color=CanvasText] - Text color of the loading and error overlays.
 */
export class PlatformEmbedElement extends PlatformEmbedProperties {
  /** The package version this class was built from. */
  static readonly version = version;
  static override styles = embedStyles;
  /** The add-on that keeps embeds alive (`platform-embed/keep-alive`), when loaded. @internal */
  static [ADD_ON]?: AddOn<PlatformEmbedElement>;
  /**
   * Drops every embed kept alive by `keep-alive`, or those of one `keep-alive`
   * value (`scope`), and keeps nothing of the elements of that value still in
   * the document when they leave: call it when the viewer signs out. A no-op
   * without `platform-embed/keep-alive`; with it, throws a `TypeError` when
   * `scope` is not a string.
   */
  static discardKeptAlive(scope?: string): void {
    PlatformEmbedElement[ADD_ON]?.discard(scope);
  }
  /**
   * How many embeds are kept alive (those whose element left the document),
   * or how many of one `keep-alive` value: 0 without `platform-embed/keep-alive`.
   */
  static keptCount(scope?: string): number {
    return PlatformEmbedElement[ADD_ON]?.count(scope) ?? 0;
  }
  /** A load started (or the iframe was let go): the next update shows a new iframe. Every change comes with an update (a load start sets `ready` false). */
  private _newFrame = true;
  /** The current load's embed URL; set with an update (see `_navigateFrame`). */
  private _frameSrc: string | null | undefined;

  /** The shadow tree's iframe (see shadow.ts: a new one per load). */
  private _frame?: HTMLIFrameElement | undefined;
  /** The iframe's window at the last update (see `connectedMoveCallback`). */
  private _win?: Window | null;
  /** The current iframe was navigated (or adopted navigating). */
  private _sent?: boolean;
  /** The loading and error overlays, each with its default text; made at the first update, when the render root exists. */
  private _overlays?: [...Overlay, ...Overlay];
  private _currentPath: string | null = null;
  private _needsLoad?: boolean;
  private _pendingErrors: [ConfigError, boolean?][] = [];
  private readonly _timeline = new LoadTimeline();
  /**
   * The current load was taken over from server-rendered markup: its iframe,
   * and what the keeper script kept until it is replayed. A provider set later
   * serves the next loads; it starts none. Or the live embed the load adopted
   * (its `iframe`).
   */
  private _adopted?: Pick<Adopted, 'iframe'> & Partial<Adopted> | undefined;
  /** The current document's last ready message. */
  private _ready?: PlatformEventMessage;
  /** The first load was server-rendered: later loads need a provider (its session is spent). */
  private _rendered?: boolean;
  /** Arrival time of the message being replayed (it arrived before the element was defined). */
  private _arrival?: number | undefined;
  /** Stops waiting for server-rendered markup that is still being parsed. */
  private _unwait?: (() => void) | undefined;

  /** Calls back this element's `_receive` with each accepted event. */
  private readonly _channel = new FrameChannel(this);

  /** Calls back this element's `_provider`, `_begin`, `_navigateFrame`, `_failed`, `_renew`, `_renewing` and `setSession`. */
  private readonly _life = new Lifecycle(this);
  /** The element's own providers for `session-url`, by URL. */
  private _own?: Record<string, Provider>;
  /** Stops listening to the page's visibility. */
  private _unlisten?: AbortController | undefined;

  constructor() {
    super();
    // A value assigned before the element was defined would shadow these read-only accessors for good
    // (deleting a property the element does not own changes nothing).
    for (const name of ['ready', 'readyInfo', 'currentPath', 'iframe']) delete (this as unknown as Record<string, unknown>)[name];
  }

  /** True between the embed's ready and the next load. Read-only: setting it does nothing. */
  get ready(): boolean {
    return this._life._live;
  }
  set ready(_ignored: boolean) {
    // Read-only state; frameworks that bind every attribute must not be able to fake it.
  }

  /** The last ready payload, or `null` before the first ready. */
  get readyInfo(): ReadyPayload | null {
    const info = this._life._info;
    return info && { ...info };
  }

  /** The in-embed path last reported by a `view` or `navigate` event. */
  get currentPath(): string | null {
    return this._currentPath;
  }

  /**
   * The `keep-alive` attribute. With `platform-embed/keep-alive` loaded (or its script-tag bundle), the
   * embed outlives the element's removal, and an element inserted later with the same value that would
   * load it the same way adopts it (no navigation, no session). Any value, empty too: give it the
   * signed-in viewer's id.
   */
  get keepAlive(): string | undefined {
    return this.getAttribute('keep-alive') ?? undefined;
  }
  set keepAlive(value: string | null | undefined) {
    if (value == null) this.removeAttribute('keep-alive');
    else this.setAttribute('keep-alive', value);
  }

  /** The wrapped iframe (a new one per load). */
  get iframe(): HTMLIFrameElement | null {
    return this._frame ?? null;
  }

  static override get observedAttributes(): string[] {
    return [...super.observedAttributes, 'ready', ...jsonAttributes];
  }

  override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    if (name === 'ready') {
      this._life.attributeChanged(value !== null);
      return;
    }
    if (jsonAttributes.includes(name as never)) {
      const parsed = value === null ? { ok: true as const, value: undefined } : config.parseJsonAttribute(value);
      if (parsed.ok) this[name as 'filters'] = parsed.value;
      else this._configError(name, `${name} attribute ${parsed.reason}`);
      return;
    }
    super.attributeChangedCallback(name, old, value);
  }

  override connectedCallback(): void {
    // Defined before the parser reached the end of server-rendered markup: its iframe is still to come.
    this._unwait = waitForMarkup(this, () => {
      this._unwait = undefined;
      this.connectedCallback();
    });
    if (this._unwait) return;
    super.connectedCallback();
    this._needsLoad = true;
    this.requestUpdate();
    // A sleeping device can miss the embed's own expiry timer.
    this._unlisten = new AbortController();
    document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && this._renewInPlace('visible'), this._unlisten);
  }

  override disconnectedCallback(): void {
    this._unwait?.();
    this._unlisten?.abort();
    super.disconnectedCallback();
    this._life._disconnect();
    this._channel.close();
    this._drop();
  }

  /**
   * Called instead of the disconnect and connect callbacks when the element is
   * moved with `moveBefore()`: the iframe keeps its document, so the live
   * embed stays as it is (no navigation, no session, `ready` kept). Where the
   * browser drops the document instead (Firefox: the iframe's window closes
   * and it navigates again to its `src`), the element loads anew, as when
   * inserted again.
   * @internal A lifecycle callback of the browser's, not an API to call.
   */
  connectedMoveCallback(): void {
    if (this._win?.closed) {
      this._drop();
      this.reload();
    }
  }

  /** Lets go of the iframe: put back in a tree, it would navigate again to its old URL and spent session. */
  private _drop(): void {
    this._frame?.remove();
    // A taken-over iframe is never put back: its server session is spent.
    this._adopted = undefined;
    this._frameSrc = undefined;
    this._newFrame = true;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    const all = !this.hasUpdated;
    const has = (key: keyof PlatformEmbedElement) => all || changed.has(key);
    const eff = this._eff;
    const shape = () => JSON.stringify(config.shapeKeys.map((key) => eff[key]));
    const before = shape();
    config.applyInputs(eff, this, has, (attribute, message, rest) => this._configError(attribute, message, rest));
    if (!this.isConnected) return;
    const reload =
      this._needsLoad ||
      reloadKeys.some((key) => changed.has(key)) ||
      before !== shape() ||
      // A new provider serves the next load and reloads nothing, unless the load waits for one.
      ((changed.has('sessionProvider') || changed.has('sessionUrl')) && this._life._waiting) ||
      (changed.has('path') && !this._life._live && !eff.dashboard) ||
      (changed.has('loading') && eff.loading === 'eager' && this._life._unwatch);
    if (reload) {
      this._beginLoad();
      return;
    }
    for (const key of config.stateKeys) if (changed.has(key)) this._outbox.stateChanged(key);
    if (changed.has('filters')) this._outbox.filtersChanged(eff.filters);
    // A checked path starts with `/embed/`: navigate() accepts it.
    if (changed.has('path') && eff.path) this.navigate(eff.path);
  }

  protected override update(changed: PropertyValues<this>): void {
    super.update(changed);
    const { _failure: failure, _live: ready } = this._life;
    const root = this.renderRoot;
    const adopted = this._adopted?.iframe;
    if (this._newFrame) {
      // Every load gets a new iframe: a reused one would keep the last document's history and window.
      // An adopted one (server-rendered markup, or a live embed) is already navigating: it is kept, never re-pointed.
      this._newFrame = false;
      this._frame?.remove();
      this._sent = !!adopted;
      this._frame = adopted ?? document.createElement('iframe');
      if (adopted) adopted.addEventListener('load', this._onFrameLoad);
      else {
        this._frame.part = 'iframe' as never;
        this._frame.name = frameName();
      }
    }
    const frame = this._frame!;
    const { referrerPolicy } = this;
    // The default title is said in the element's language, as the overlays are; a `frame-title` of the host's stays as set.
    setAttribute(frame, 'title', text(root, 'embedFrameTitle', this.frameTitle || DEFAULT_TITLE));
    setAttribute(frame, 'allow', grantAllow(this.allow, this._eff.base?.origin ?? "'src'"));
    setAttribute(frame, 'referrerpolicy', referrerPolicy);
    setAttribute(frame, 'sandbox', this._eff.sandbox);
    if (!frame.isConnected) root.prepend(frame);
    // Last, so the policies above apply to the navigation it starts.
    if (this._frameSrc && !this._sent && frame.isConnected) {
      this._sent = true;
      // Heard from the first navigation on: the load event of the initial about:blank is not the embed's.
      frame.addEventListener('load', this._onFrameLoad);
      const link = document.createElement('a');
      link.href = this._frameSrc;
      link.target = frame.name;
      link.referrerPolicy = referrerPolicy;
      link.click();
    }
    // Built after the first iframe is in, so its navigation does not wait for them.
    const [loading, loadingText, error, errorText] = (this._overlays ??= [
      ...overlay(root, 'loading', 'status'),
      ...overlay(root, 'error', 'alert'),
    ]);
    loading.hidden = ready || !!failure;
    error.hidden = !failure;
    loadingText.textContent = text(root, 'embedLoading', embedLoading);
    // A blank message from the embed would leave an empty alert.
    errorText.textContent = (failure instanceof EmbedError && failure.message.trim()) || text(root, 'embedFailed', embedFailed);
    PlatformEmbedElement[ADD_ON]?.shown(this, frame, root, !ready || !!failure);
  }

  protected override updated(): void {
    // Its window, the same across the embed's navigations: closed when the browser drops the iframe's browsing context.
    this._win = this._frame?.contentWindow;
    this._channel.attach(this.isConnected ? this.iframe : null);
    this._channel.observe(this.debug && this.isConnected);
    const early = this._adopted?.early;
    if (early) {
      this._adopted!.early = undefined;
      // What the embed sent before the element was defined, in order and before anything later, through the one router.
      for (const [event, time] of early.messages) {
        this._arrival = time;
        routeMessage(event);
      }
      this._arrival = undefined;
    }
    if (this._life._failure) this._life._settle(this._life._failure);
    // Host errors found while checking values are dispatched here, never
    // synchronously in connectedCallback where some frameworks miss them.
    for (const [error, rest] of this._pendingErrors.splice(0)) {
      console.warn(`${LOG} invalid ${error.attribute}: ${error.message}; ${rest ? 'only that part is ignored, the rest applies' : 'the value is ignored'}.`);
      dispatchHostError(this, error, false);
    }
  }

  /** Reloads the iframe, asking `sessionProvider` for a fresh session when one is set. */
  reload(): void {
    if (this.isConnected && this.hasUpdated) {
      const token = this._life._token;
      // Changes set earlier in the same task apply first (a new session source, session or dashboard); a load they start is this one.
      // `performUpdate()` does nothing when no update is pending.
      this.performUpdate();
      if (token === this._life._token) this._beginLoad();
    } else this._needsLoad = true;
  }

  /**
   * The ready payload: at once when ready, otherwise at the next ready.
   * Rejects with the `ReadyTimeoutError` or `SessionError` of the current
   * load (at once when it has already failed and no change is pending), or
   * with a `DOMException` named `AbortError` when the element is disconnected.
   */
  whenReady(): Promise<ReadyPayload> {
    // A failed load would keep a waiter until some later reload, unless a pending update starts one (see updated()).
    return this._life.wait(this.isUpdatePending);
  }

  protected _post(type: string, payload: Record<string, unknown>): void {
    this._channel.post(type, payload);
    if (type === 'platform:action:set-session') this._life.credentialRenewed();
  }

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

  private _renewInPlace(trigger: RenewalTrigger): void {
    this._life.renewInPlace(trigger, this._renewer());
  }

  /** Queues a ConfigError; `rest`: the value's other tokens or entries apply. */
  private _configError(attribute: string, message: string, rest?: boolean): void {
    this._pendingErrors.push([new ConfigError(attribute, message), rest]);
    this.requestUpdate();
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
    const { iframe, _ready: ready, _life: life, _outbox: outbox } = this;
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

  private _beginLoad(): void {
    // Turbo's preview of a cached page (`<html data-turbo-preview>`) is thrown away at the real
    // render: its element starts nothing (no session, no navigation). Turbo clears the mark just
    // before that render, so the element looks again after it: one still in the document loads,
    // one thrown away only notes that it has a load to make (see `reload()`).
    if (document.documentElement.hasAttribute('data-turbo-preview')) {
      document.addEventListener('turbo:render', () => this.reload(), { once: true });
      return;
    }
    const { base, dashboard, path, readyTimeout, loading } = this._eff;
    // Only a load with nothing of the element's own since its insertion adopts a live embed: a reload or a renewal loads.
    const live =
      (this._needsLoad || !(this._frameSrc || this._adopted)) && base && (dashboard ?? path) && PlatformEmbedElement[ADD_ON]?.adoptable(this, this._shape());
    this._needsLoad = false;
    this._newFrame = true;
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
    const { dashboard, path } = this._eff;
    const here = this._currentPath;
    this._beginLoad();
    if (here && here !== (dashboard ? `/embed/dashboard/${encodeURIComponent(dashboard)}` : path)) {
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
  private _onFrameLoad = (event: Event): void => {
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

declare global {
  interface HTMLElementTagNameMap {
    'platform-embed': PlatformEmbedElement;
  }
  // The events bubble and are composed: typed on the element, the document and the window.
  interface HTMLElementEventMap extends PlatformEmbedEventMap {}
  interface DocumentEventMap extends PlatformEmbedEventMap {}
  interface WindowEventMap extends PlatformEmbedEventMap {}
}
