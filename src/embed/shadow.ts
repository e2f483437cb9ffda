/**
 * Shadow tree of `<platform-embed>`: its styles (the iframe fills the host;
 * overlays cover it while loading or failed) and its rendering.
 */
import { unsafeCSS } from '@lit/reactive-element';
import { embedFailed, embedLoading } from '../i18n/embed-messages.js';
import { i18n } from '../i18n/hook.js';
import { EMBED_CSS } from './styles.js';

// A constant string, not the `css` tag: the embed-only bundle then carries no template checks.
export const embedStyles = unsafeCSS(EMBED_CSS);

/** What the shadow tree shows; `frameKey` changes once per load. */
export interface ShadowState {
  frameKey: number;
  src: string | undefined;
  title: string;
  allow: string;
  referrerPolicy: string;
  sandbox: string | undefined;
  loading: boolean;
  failed: boolean;
  /** The embed's own message for the error overlay; the default text otherwise. */
  message: string | undefined;
}

/** Names the iframes of this document: a navigation targets its iframe by name. */
let frames = 0;

/**
 * The shadow tree of `<platform-embed>`, rendered with DOM calls (three
 * nodes need no template engine, and the embed-only bundle stays small): the
 * iframe, replaced on every load, then the loading and error overlays.
 *
 * The iframe gets no `src`: it is navigated by a click on a detached link
 * that targets its name. A moved element's iframe is re-inserted by the
 * browser before any script runs, and with a `src` it would request that URL
 * (and its spent session) again; without one it only shows `about:blank`
 * until the element drops it. The link's `referrerpolicy` applies as the
 * iframe's would, and the session never stands in the DOM.
 */
export class ShadowView {
  /** The current iframe. */
  frame: HTMLIFrameElement | null = null;
  private _frameKey = -1;
  /** The URL the current iframe was navigated to. */
  private _src?: string | undefined;
  private _overlays?: { loading: HTMLElement; error: HTMLElement };

  /** `onLoad` hears the `load` event of each document the iframe shows after its first navigation. */
  constructor(
    private readonly _root: HTMLElement | DocumentFragment,
    private readonly _onLoad: (event: Event) => void,
  ) {}

  /**
   * Makes `frame`, already navigating (server-rendered markup), the iframe of
   * load `frameKey`: it is kept, never re-created or re-pointed.
   */
  adopt(frame: HTMLIFrameElement, frameKey: number): void {
    this.frame = frame;
    this._frameKey = frameKey;
    this._src = frame.src;
    frame.addEventListener('load', this._onLoad);
  }

  /**
   * Takes the iframe out of the tree: a re-inserted iframe would navigate
   * again to its old URL and spent session (a move, or a removal and a later
   * insertion, makes a fresh load instead).
   */
  detach(): void {
    this.frame?.remove();
  }

  render(state: ShadowState): void {
    if (this._frameKey !== state.frameKey) {
      // Every load gets a new iframe: a reused one would keep the last document's history and window.
      this._frameKey = state.frameKey;
      this.frame?.remove();
      this.frame = document.createElement('iframe');
      this.frame.setAttribute('part', 'iframe');
      this.frame.name = `platform-embed-${++frames}`;
      this._src = undefined;
    }
    const frame = this.frame!;
    const text = (key: string, english: string) => i18n.text?.(this._root, key) ?? english;
    setAttribute(frame, 'title', state.title);
    setAttribute(frame, 'allow', state.allow);
    setAttribute(frame, 'referrerpolicy', state.referrerPolicy);
    setAttribute(frame, 'sandbox', state.sandbox);
    if (!frame.isConnected) this._root.prepend(frame);
    // Last, so the policies above apply to the navigation it starts.
    if (state.src && !this._src) {
      this._src = state.src;
      // Heard from the first navigation on: the load event of the initial about:blank is not the embed's.
      frame.addEventListener('load', this._onLoad);
      const link = document.createElement('a');
      link.href = state.src;
      link.target = frame.name;
      link.referrerPolicy = state.referrerPolicy;
      link.click();
    }
    // Built after the first iframe is in, so its navigation does not wait for them.
    const overlays = (this._overlays ??= {
      loading: overlay(this._root, 'loading', 'status'),
      error: overlay(this._root, 'error', 'alert'),
    });
    overlays.loading.hidden = !state.loading;
    overlays.error.hidden = !state.failed;
    overlays.loading.querySelector('span')!.textContent = text('embedLoading', embedLoading);
    // A blank message from the embed would leave an empty alert.
    overlays.error.querySelector('span')!.textContent = state.message?.trim() || text('embedFailed', embedFailed);
  }
}

/** Appends an overlay to `root`: a part, a named slot, and the slot's default content. */
function overlay(root: HTMLElement | DocumentFragment, part: string, role: string): HTMLElement {
  const container = document.createElement('div');
  const slot = document.createElement('slot');
  const fallback = document.createElement('span');
  container.setAttribute('part', part);
  container.className = 'overlay';
  slot.name = part;
  fallback.setAttribute('role', role);
  slot.append(fallback);
  container.append(slot);
  root.append(container);
  return container;
}

/** Sets or removes (`undefined`) an attribute, touching the DOM only on a change. */
function setAttribute(element: Element, name: string, value: string | undefined): void {
  if (value === undefined) element.removeAttribute(name);
  else if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}
