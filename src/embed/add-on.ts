/**
 * The element's interface for its add-ons (keep-alive): symbol-keyed, so it
 * is no public API and survives the bundles' mangling of private members, and
 * `Symbol.for`, so an add-on built apart (a script-tag bundle) finds it on the
 * class of another build. An add-on never reads the element's fields: it gets
 * a live embed from `element[ADD_ON]()`, hands one back through the
 * `adoptable` hook (the element adopts it instead of loading), and places the
 * iframe the `shown` hook names.
 */
import type { PlatformEventMessage } from '../protocol/envelope.js';

/**
 * The one key of the interface: on the element's class, the add-on
 * (`AddOn`); on an element, `element[ADD_ON]()`, by which it lets go of its
 * live embed as it leaves the document (see `LiveEmbed`).
 */
export const ADD_ON: unique symbol = Symbol.for('platform-embed.add-on');

/**
 * What a live embed is: its iframe showing a ready document, and what the
 * element that adopts it must know. Plain fields (none private, none mangled):
 * the object crosses from one build to another.
 */
export interface LiveEmbed {
  iframe: HTMLIFrameElement;
  /** The tenant origin its messages come from. */
  origin: string;
  /** The document's last ready message. */
  ready: PlatformEventMessage;
  /** The in-embed path last reported. */
  path: string | null;
  /** State key → JSON of the payload the document last received. */
  applied: Map<string, string>;
  /** Filter member → JSON value the document has. */
  filters: Map<string, string>;
  /** When its credential was made. */
  credentialAt: number;
  /** The document's `load` event was seen. */
  loaded: boolean | undefined;
  /** Every value that shaped its load (see the element's `_shape()`): only an element of the same shape adopts it. */
  shape: string;
}

/** What the element calls on its add-on. */
export interface AddOn<E extends HTMLElement = HTMLElement> {
  /** A load begins and the element shows nothing of its own: a live embed of this `shape` to adopt, or nothing. */
  adoptable(element: E, shape: string): LiveEmbed | undefined;
  /** The element rendered: its iframe (if any) in `root`, `covered` by the loading or error overlay. */
  shown(element: E, iframe: HTMLIFrameElement | undefined, root: ShadowRoot | HTMLElement | DocumentFragment, covered: boolean): void;
  /** `PlatformEmbed.discardKeptAlive(scope)`. */
  discard(scope?: string): void;
  /** `PlatformEmbed.keptCount(scope)`. */
  count(scope?: string): number;
}
