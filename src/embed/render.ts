/**
 * Rendering of `<platform-embed>` (its `update()`, with DOM calls: see
 * shadow.ts): a new iframe for every load, or the adopted one, its
 * attributes, the navigation of a new iframe to the load's URL, and the
 * loading and error overlays; and letting go of the iframe. What the iframe
 * shows is chosen by the load (`load.ts`).
 */
import type { PropertyValues } from '@lit/reactive-element';
import { embedFailed, embedLoading } from '../i18n/embed-messages.js';
import { frameName, overlay, setAttribute, text, type Overlay } from './shadow.js';
import { EmbedError } from './errors.js';
import { ADD_ON } from './add-on.js';
import { PlatformEmbedLoad } from './load.js';
import { grantAllow } from './defaults.js';
import { DEFAULT_TITLE } from './properties.js';
import { PlatformEmbedElement } from './platform-embed.js';

/** The element's rendering; `PlatformEmbedElement` is the one class that extends it (`this` is the element). */
export abstract class PlatformEmbedRender extends PlatformEmbedLoad {
  /** The current iframe was navigated (or adopted navigating). */
  private _sent?: boolean;
  /** The loading and error overlays, each with its default text; made at the first update, when the render root exists. */
  private _overlays?: [...Overlay, ...Overlay];

  /** Lets go of the iframe: put back in a tree, it would navigate again to its old URL and spent session. */
  protected _drop(): void {
    this._frame?.remove();
    // A taken-over iframe is never put back: its server session is spent.
    this._adopted = undefined;
    this._frameSrc = undefined;
    this._framed = false;
  }

  protected override update(changed: PropertyValues<this>): void {
    super.update(changed);
    const { _failure: failure, _live: ready } = this._life;
    const root = this.renderRoot;
    const adopted = this._adopted?.iframe;
    if (!this._framed) {
      // Every load gets a new iframe: a reused one would keep the last document's history and window.
      // An adopted one (server-rendered markup, or a live embed) is already navigating: it is kept, never re-pointed.
      this._framed = true;
      this._frame?.remove();
      this._sent = !!adopted;
      adopted?.addEventListener('load', this._onFrameLoad);
      this._frame = adopted ?? Object.assign(document.createElement('iframe'), { part: 'iframe', name: frameName() });
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
      // A detached link targeting the frame's name: the URL (and its session) never stands in the DOM.
      Object.assign(document.createElement('a'), { href: this._frameSrc, target: frame.name, referrerPolicy }).click();
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
    PlatformEmbedElement[ADD_ON]?.shown(this as never, frame, root, !ready || !!failure);
  }
}
