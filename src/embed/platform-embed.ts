import type { PropertyValues } from '@lit/reactive-element';
import type { ReadyPayload } from '../protocol/catalog.js';
// First of the element's own modules: the bundle places modules in the order of their first import, and this one
// brings the embed's modules in their measured order (see docs/performance.md).
import { PlatformEmbedRender } from './render.js';
import { embedStyles, setAttribute } from './shadow.js';
import { version } from '../version.js';
import { ConfigError } from './errors.js';
import { ADD_ON, type AddOn } from './add-on.js';
import { routeMessage } from './router.js';
import { waitForMarkup } from './takeover.js';
import { dispatchHostError, type PlatformEmbedEventMap } from './inbound.js';
import * as config from './config.js';

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
export class PlatformEmbedElement extends PlatformEmbedRender {
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
  /** The iframe's window at the last update (see `connectedMoveCallback`). */
  private _win?: Window | null;
  private _pendingErrors: [ConfigError, boolean?][] = [];
  /** Stops waiting for server-rendered markup that is still being parsed. */
  private _unwait?: (() => void) | undefined;
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
    setAttribute(this, 'keep-alive', value ?? undefined);
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
      const parsed = config.parseJsonAttribute(value);
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

  /** Queues a ConfigError; `rest`: the value's other tokens or entries apply. */
  private _configError(attribute: string, message: string, rest?: boolean): void {
    this._pendingErrors.push([new ConfigError(attribute, message), rest]);
    this.requestUpdate();
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