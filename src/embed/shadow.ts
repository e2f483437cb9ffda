/**
 * Shadow tree of `<platform-embed>`: its styles (the iframe fills the host;
 * overlays cover it while loading or failed) and the pieces its rendering
 * (the element's `update()`) is made of.
 */
import { unsafeCSS } from '@lit/reactive-element';
import { i18n } from '../i18n/hook.js';
import type { PlatformEmbedElement } from './platform-embed.js';
import { EMBED_CSS } from './styles.js';

// A constant string, not the `css` tag: the embed-only bundle then carries no template checks.
export const embedStyles = unsafeCSS(EMBED_CSS);

/**
 * A name for a new iframe that no other document can guess. A navigation by
 * name goes to the first frame of that name in the page's whole frame tree,
 * frames inside other origins' iframes included, so a predictable name would
 * let any frame on the page take the load (and its session) first.
 * `getRandomValues`, unlike `randomUUID`, also exists outside secure contexts.
 */
export const frameName = () => crypto.getRandomValues(new Uint32Array(4)).join();

/*
 * The shadow tree of `<platform-embed>` is rendered with DOM calls by the
 * element's `update()` (three nodes need no template engine, and the
 * embed-only bundle stays small): the iframe, replaced on every load, then the
 * loading and error overlays.
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
 * started, and its late `load` event would pass for the embed's; in Chromium
 * an empty `srcdoc` also lost about one navigation in a hundred (neither
 * document ever committed). `src="about:blank#"` keeps Chromium's initial
 * document (as fast as a `src`), but in Firefox the frame then loses the
 * `allow` delegation (no full screen). Measured in `bench/spikes/startup/`.
 */

/** The text of `key` in the language of `root`'s element, else `english`. */
export const text = (root: HTMLElement | DocumentFragment, key: string, english: string): string =>
  i18n.text?.(root, key, english) ?? english;

/** An overlay and its slot's default content. */
export type Overlay = [HTMLElement, HTMLElement];

/**
 * Appends an overlay to `root`: a part, a named slot, and the slot's default
 * content. Its text follows the element's language: the element (`root`'s host)
 * is listed for re-rendering when translations or a `lang` change.
 */
export function overlay(root: HTMLElement | DocumentFragment, part: string, role: string): Overlay {
  i18n.hosts.add(new WeakRef((root as ShadowRoot).host as PlatformEmbedElement));
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
export function setAttribute(element: Element, name: string, value: string | undefined): void {
  if (value === undefined) element.removeAttribute(name);
  else if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}
