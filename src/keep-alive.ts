/**
 * `platform-embed/keep-alive`: importing it gives `<platform-embed>` its
 * `keep-alive` attribute. An element with `keep-alive` holds its iframe in a
 * holder of the document rather than in its shadow tree (see
 * embed/keep-alive/placement.ts), so its removal by a router does not destroy
 * the embed: the live embed is kept, and an element inserted later with the
 * same `keep-alive` value, base URL and content adopts it with no navigation
 * and no session (see embed/keep-alive/store.ts).
 *
 * The behaviour lives in this entry, not in the element, so that a page that
 * does not keep embeds alive pays nothing for it: the entry extends the
 * element's class (the one the ES modules of the package share) when imported.
 * Import it with the element, e.g. `import 'platform-embed/embed'; import 'platform-embed/keep-alive';`.
 */
import type { ReadyPayload } from './protocol/catalog.js';
import type { PlatformEventMessage } from './protocol/envelope.js';
import { stateKeys, type Effective } from './embed/config.js';
import { dispatchPlatformEvent } from './embed/inbound.js';
import { Placement } from './embed/keep-alive/placement.js';
import { discard, keep, take } from './embed/keep-alive/store.js';
import { PlatformEmbedElement } from './embed/platform-embed.js';
import { ShadowView, type ShadowState } from './embed/shadow.js';

export { keptCount } from './embed/keep-alive/store.js';
export { KEEP_MS, MAX_KEPT } from './embed/keep-alive/store.js';

/** The element's internals this entry works with (same package, same build). */
interface Internals {
  _view?: View;
  _eff: Effective;
  _frameKey: number;
  _frameSrc: string | undefined;
  _needsLoad: boolean;
  _adopted?: { frame: HTMLIFrameElement; early: undefined } | undefined;
  _currentPath: string | null;
  _channel: { origin: string | null };
  _life: {
    ready: boolean;
    info: ReadyPayload | null;
    _credentialAt: number;
    _loaded: boolean;
    start(request: { session: string | undefined; timeout: number; lazy: boolean }, adopted: { loaded: boolean }): void;
    readied(info: ReadyPayload): void;
    resolve(): void;
  };
  _outbox: {
    _applied: Map<string, string>;
    _filters: Map<string, string>;
    stateChanged(key: (typeof stateKeys)[number]): void;
    filtersChanged(filters: Readonly<Record<string, unknown>>): void;
  };
  /** The last ready message of the current document. */
  _keptReady?: PlatformEventMessage | undefined;
  _beginLoad(): void;
  _receive(message: PlatformEventMessage): void;
}
type Embed = HTMLElement & Internals & Pick<PlatformEmbedElement, 'session' | 'iframe' | 'ready' | 'updateComplete' | 'requestUpdate' | 'addController'>;
interface View {
  frame: HTMLIFrameElement | null;
  _root: HTMLElement | DocumentFragment;
  render(state: ShadowState): void;
  detach(): void;
}

const ATTRIBUTE = 'keep-alive';
/** The placement of each iframe held outside its element. */
const placements = new WeakMap<HTMLIFrameElement, Placement>();

/** What an element's embed is: its base URL and content. */
function contentKey(element: Embed): string | undefined {
  const { base, dashboard, path } = element._eff;
  if (!base || !(dashboard || path)) return undefined;
  return JSON.stringify([base.origin, base.prefix, dashboard ? 'dashboard' : 'path', dashboard ?? path]);
}

/** Takes `kept` over: the same document, ready at once, no navigation and no session. */
function adopt(element: Embed, kept: NonNullable<ReturnType<typeof take>>): void {
  const frame = kept.placement.frame;
  holding.add(element);
  // An iframe rendered while the element was out of the document never loaded.
  const blank = element._view?.frame;
  if (blank && !placements.has(blank)) blank.remove();
  element._needsLoad = false;
  element._frameKey++;
  // No URL to navigate to: the iframe shows its document already.
  element._frameSrc = undefined;
  element._adopted = { frame, early: undefined };
  element._channel.origin = kept.origin;
  element._life.start({ session: element.session, timeout: element._eff.readyTimeout, lazy: false }, { loaded: kept.loaded });
  element._currentPath = kept.currentPath;
  element._outbox._applied = new Map(kept.applied);
  element._outbox._filters = new Map(kept.filters);
  element._keptReady = kept.ready;
  element._life.readied(kept.info);
  element._life._credentialAt = kept.credentialAt;
  // After the update, when the channel routes the iframe's window to this element.
  void element.updateComplete.then(() => {
    if (element.iframe !== frame || !element.ready) return;
    // What differs from what the embed last received, as after a reload.
    for (const key of stateKeys) element._outbox.stateChanged(key);
    element._outbox.filtersChanged(element._eff.filters);
    dispatchPlatformEvent(element, { ...kept.ready, payload: { ...kept.info } });
    element._life.resolve();
  });
}

const controlled = new WeakSet<Embed>();
/** Elements that adopted a kept embed and hold it. */
const holding = new WeakSet<Embed>();

/** Keeps the embed of `element` when it leaves the document (once per element). */
function control(element: Embed): void {
  if (controlled.has(element)) return;
  controlled.add(element);
  element.addController({ hostDisconnected: () => disconnected(element) });
}

/** The element leaves the document: its live embed is kept, unless it is not ready. */
function disconnected(element: Embed): void {
  holding.delete(element);
  const frame = element._view?.frame;
  const placement = frame && placements.get(frame);
  const scope = element.getAttribute(ATTRIBUTE);
  const key = contentKey(element);
  const { ready, info } = element._life;
  const origin = element._channel.origin;
  if (!placement || scope === null || !key || !ready || !info || !origin || !element._keptReady) return;
  placement.hide();
  keep({
    scope,
    key,
    placement,
    src: frame.src,
    origin,
    ready: element._keptReady,
    info: { ...info },
    currentPath: element._currentPath,
    applied: new Map(element._outbox._applied),
    filters: new Map(element._outbox._filters),
    credentialAt: element._life._credentialAt,
    loaded: element._life._loaded,
  });
  // The element lets go of the iframe: its own disconnect must not remove it.
  element._view!.frame = null;
}

function install(): void {
  const element = PlatformEmbedElement.prototype as unknown as Embed;
  const view = ShadowView.prototype as unknown as View;
  if ((element as { _keepAliveInstalled?: boolean })._keepAliveInstalled || !('moveBefore' in Element.prototype)) return;
  (element as { _keepAliveInstalled?: boolean })._keepAliveInstalled = true;

  Object.defineProperty(element, 'keepAlive', {
    configurable: true,
    get(this: Embed) {
      return this.getAttribute(ATTRIBUTE) ?? undefined;
    },
    set(this: Embed, value: string | null | undefined) {
      if (value === null || value === undefined) this.removeAttribute(ATTRIBUTE);
      else this.setAttribute(ATTRIBUTE, String(value));
    },
  });
  (PlatformEmbedElement as unknown as { discardKeptAlive: (scope?: string) => void }).discardKeptAlive = (scope?: string) => {
    if (scope !== undefined && typeof scope !== 'string') throw new TypeError('discardKeptAlive(scope) takes a keep-alive value (a string) or nothing.');
    discard(scope);
  };

  // The browser took the element's lifecycle callbacks when the element was
  // defined; a controller hears the disconnect before the element lets go of its embed.
  (PlatformEmbedElement as unknown as { addInitializer(init: (element: Embed) => void): void }).addInitializer(control);

  const render = view.render;
  view.render = function (this: View, state: ShadowState) {
    const old = this.frame;
    render.call(this, state);
    if (old && old !== this.frame) placements.get(old)?.remove();
    const frame = this.frame;
    const host = (this._root as ShadowRoot).host as HTMLElement | undefined;
    if (!frame || !host) return;
    control(host as Embed);
    let placement = placements.get(frame);
    if (!placement) {
      // An element out of the document renders an iframe that never loads: it stays in the shadow tree.
      if (!host.hasAttribute(ATTRIBUTE) || !host.isConnected) return;
      placement = new Placement(frame);
      placements.set(frame, placement);
    }
    placement.cover(state.loading || state.failed);
    if (host.isConnected) placement.show(host, this._root);
  };

  const detach = view.detach;
  view.detach = function (this: View) {
    const placement = this.frame && placements.get(this.frame);
    detach.call(this);
    placement?.remove();
  };

  const beginLoad = element._beginLoad;
  element._beginLoad = function (this: Embed) {
    const scope = this.getAttribute(ATTRIBUTE);
    const key = contentKey(this);
    // Only an element with no embed of its own since its insertion adopts: a reload or a
    // renewal loads. (A framework may set `base-url` after the first update, so the load
    // that can adopt is not always the first.)
    const own = this._frameSrc !== undefined || holding.has(this);
    const kept = scope !== null && key && (this._needsLoad || !own) ? take(scope, key) : undefined;
    if (kept) adopt(this, kept);
    else {
      this._keptReady = undefined;
      beginLoad.call(this);
    }
  };

  const receive = element._receive;
  element._receive = function (this: Embed, message: PlatformEventMessage) {
    if (message.type === 'platform:event:ready') this._keptReady = message;
    receive.call(this, message);
  };

}

install();

declare module './embed/platform-embed.js' {
  interface PlatformEmbedElement {
    /** The `keep-alive` value (with `platform-embed/keep-alive` imported): the embed outlives the element's removal. */
    keepAlive: string | undefined;
  }
}
