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

/**
 * A name for a new iframe that no other document can guess. A navigation by
 * name goes to the first frame of that name in the page's whole frame tree,
 * frames inside other origins' iframes included, so a predictable name would
 * let any frame on the page take the load (and its session) first.
 * `getRandomValues`, unlike `randomUUID`, also exists outside secure contexts.
 */
const frameName = () => crypto.getRandomValues(new Uint32Array(4)).join();

/**
 * The shadow tree of `<platform-embed>`, rendered with DOM calls (three
 * nodes need no template engine, and the embed-only bundle stays small): the
 * iframe, replaced on every load, then the loading and error overlays.
 *
 * The iframe gets no `src`: it is navigated by a click on a detached link
 * that targets its unguessable name, only while it is in the document (a
 * link whose target is found nowhere would open a window). A moved element's
 * iframe is re-inserted by the browser before any script runs, and with a
 * `src` it would request that URL (and its spent session) again; without one
 * it only shows an empty document until the element drops it. The link's
 * `referrerpolicy` applies as the iframe's would, and the session never
 * stands in the DOM.
 *
 * The iframe starts with nothing to load, on purpose: Chromium then commits
 * `about:blank` on the spot (several milliseconds of main thread before the
 * navigation can start), but any document of its own that the iframe loaded
 * first (an empty `srcdoc`, say) could commit after the link's navigation
 * started, and its late `load` event would pass for the embed's.
 */
export class ShadowView {
  /** The current iframe. */
  frame?: HTMLIFrameElement;
  private _frameKey = -1;
  /** The current iframe was navigated (or adopted navigating). */
  private _sent?: boolean;
  /** The loading and error overlays, each with its default text. */
  private _overlays?: { loading: Overlay; error: Overlay };

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
    this._sent = true;
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

  _render(state: ShadowState): void {
    if (this._frameKey !== state.frameKey) {
      // Every load gets a new iframe: a reused one would keep the last document's history and window.
      this._frameKey = state.frameKey;
      this.frame?.remove();
      this.frame = document.createElement('iframe');
      this.frame.part = 'iframe' as never;
      this.frame.name = frameName();
      this._sent = false;
    }
    const frame = this.frame!;
    const text = (key: string, english: string) => i18n.text?.(this._root, key, english) ?? english;
    // The default title is said in the element's language, as the overlays are; a `frame-title` of the host's stays as set.
    setAttribute(frame, 'title', text('embedFrameTitle', state.title));
    setAttribute(frame, 'allow', state.allow);
    setAttribute(frame, 'referrerpolicy', state.referrerPolicy);
    setAttribute(frame, 'sandbox', state.sandbox);
    if (!frame.isConnected) this._root.prepend(frame);
    // Last, so the policies above apply to the navigation it starts.
    if (state.src && !this._sent && frame.isConnected) {
      this._sent = true;
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
    overlays.loading[0].hidden = !state.loading;
    overlays.error[0].hidden = !state.failed;
    overlays.loading[1].textContent = text('embedLoading', embedLoading);
    // A blank message from the embed would leave an empty alert.
    overlays.error[1].textContent = state.message?.trim() || text('embedFailed', embedFailed);
  }
}

/** An overlay and its slot's default content. */
type Overlay = [HTMLElement, HTMLElement];

/** Appends an overlay to `root`: a part, a named slot, and the slot's default content. */
function overlay(root: HTMLElement | DocumentFragment, part: string, role: string): Overlay {
  const container = document.createElement('div');
  const slot = document.createElement('slot');
  const fallback = document.createElement('span');
  // `part` forwards to its token list's value; `role` reflects the attribute (ARIA reflection).
  container.part = part as never;
  slot.name = part;
  fallback.role = role;
  slot.append(fallback);
  container.append(slot);
  root.append(container);
  return [container, fallback];
}

/** Sets or removes (`undefined`) an attribute, touching the DOM only on a change. */
function setAttribute(element: Element, name: string, value: string | undefined): void {
  if (value === undefined) element.removeAttribute(name);
  else if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}
