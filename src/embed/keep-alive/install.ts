/**
 * The keep-alive add-on of `<platform-embed>`, installed on the element's
 * class through its add-on interface (see ../add-on.ts): it reads nothing of
 * the element but its `keep-alive` attribute, and works with the class of
 * any build (the ES modules, or a script-tag bundle).
 *
 * An element with `keep-alive` holds its iframe in a holder of the document
 * rather than in its shadow tree (see placement.ts), so its removal by a
 * router does not destroy the embed: when it leaves, its live embed is kept
 * (see store.ts), and an element whose load would be the same adopts it with
 * no navigation and no session.
 */
import { ADD_ON, type AddOn, type LiveEmbed } from '../add-on.js';
import { Placement } from './placement.js';
import { discard, keep, keptCount, take } from './store.js';

/** The element as the add-on sees it: its public surface and the add-on interface. */
type Embed = HTMLElement & {
  keepAlive: string | undefined;
  addController(controller: { hostDisconnected(): void }): void;
  [ADD_ON](): LiveEmbed | undefined;
};

/** The element's class, of whichever build. */
export type EmbedClass = { [ADD_ON]?: AddOn<never> };

/** The placement of each connected element's iframe held outside it. */
const placements = new Map<Embed, Placement>();
/** Iframes shown when the viewer signed out: their element keeps nothing when it leaves. */
const signedOut = new WeakSet<HTMLIFrameElement>();
const controlled = new WeakSet<Embed>();

/** The element leaves the document: its live embed is kept, unless it is not ready or its viewer signed out. */
function leaving(element: Embed): void {
  const placement = placements.get(element);
  placements.delete(element);
  if (!placement) return;
  const scope = element.keepAlive;
  const live = scope !== undefined && !signedOut.has(placement.frame) ? element[ADD_ON]() : undefined;
  if (live?.iframe === placement.frame) {
    placement.hide();
    keep({ scope: scope!, live, placement });
  } else placement.remove();
}

/** Hears the element's removal (once per element), before it lets go of its iframe. */
function control(element: Embed): void {
  if (controlled.has(element)) return;
  controlled.add(element);
  element.addController({ hostDisconnected: () => leaving(element) });
}

const addOn: AddOn<Embed> = {
  adoptable(element, shape) {
    const scope = element.keepAlive;
    const kept = scope === undefined ? undefined : take(scope, shape);
    if (!kept) return undefined;
    control(element);
    placements.get(element)?.remove();
    placements.set(element, kept.placement);
    return kept.live;
  },

  shown(element, iframe, root, covered) {
    let placement = placements.get(element);
    if (placement && placement.frame !== iframe) {
      // A new load's iframe: the old one is gone with its placement.
      placement.remove();
      placements.delete(element);
      placement = undefined;
    }
    if (!iframe || !element.isConnected) return;
    if (!placement) {
      // An element out of the document renders an iframe that never loads: it stays in the shadow tree.
      if (element.keepAlive === undefined) return;
      control(element);
      placements.set(element, (placement = new Placement(iframe)));
    }
    placement.cover(covered);
    placement.show(element, root);
  },

  discard(scope) {
    if (scope !== undefined && typeof scope !== 'string') throw new TypeError('discardKeptAlive(scope) takes a keep-alive value (a string) or nothing.');
    discard(scope);
    // The sign-out may come before the router removes the dashboard: what is on screen now is not kept.
    for (const [element, placement] of placements) if (scope === undefined || element.keepAlive === scope) signedOut.add(placement.frame);
  },

  count: keptCount,
};

/** Gives `Embed` (the element's class) keep-alive; once, and only where `moveBefore()` keeps an iframe's document. */
export function install(Embed: EmbedClass): void {
  if (Embed[ADD_ON] || !('moveBefore' in Element.prototype)) return;
  Embed[ADD_ON] = addOn as AddOn<never>;
}
