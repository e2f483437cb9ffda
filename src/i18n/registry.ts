/**
 * Which language an element speaks and the translations registered for it.
 * One `MutationObserver` (for the document and the shadow roots that hold
 * an element) re-renders the elements when a `lang` attribute changes; a
 * change is rare, so each element is simply asked to update and resolves
 * its language again. The embed lists itself when it makes its overlays
 * (see `hook.ts`), also before this module loads; the admin panel is listed
 * when it is made.
 */
import { i18n, type TextHost } from './hook.js';

// Shared with every other copy of the package on the page (see `hook.ts`).
const { hosts } = i18n;
const registry = (i18n.catalogs ??= new Map());
const listed = new WeakSet<Node>();

/** Lists `host` for re-rendering on a change of language or translations. */
export function listHost(host: TextHost): void {
  if (listed.has(host)) return;
  listed.add(host);
  hosts.add(new WeakRef(host));
}

let observer: MutationObserver | undefined;
/** The document, and the shadow roots that hold an element (a `lang` there is outside the document's subtree). */
const observed = new WeakSet<Node>();

/** Watches `lang` attributes in the tree of `node`, once per root. */
export function observeRoot(node: Node): void {
  const root = node.getRootNode();
  if (observed.has(root)) return;
  observed.add(root);
  (observer ??= new MutationObserver(rerender)).observe(root, { attributeFilter: ['lang'], subtree: true });
}

/** Asks every connected element to render its texts again; forgets the collected ones. */
export function rerender(): void {
  hosts.forEach((ref) => {
    const host = ref.deref();
    if (!host) hosts.delete(ref);
    else if (host.isConnected) host.requestUpdate();
  });
}

/**
 * The language of `node`, lowercase: its own `lang`, else the closest
 * ancestor's, crossing shadow roots to their hosts (usually `<html lang>`);
 * `''` when none says.
 */
export function langOf(node: Node): string {
  for (let n: Node | null = node; n; n = n.parentNode ?? (n as ShadowRoot).host) {
    const lang = (n as Element).getAttribute?.('lang');
    if (lang != null) return lang.trim().toLowerCase();
  }
  return '';
}

/**
 * The registered messages for `lang` (lowercase): the exact tag's, else its
 * primary subtag's (`de-at` → `de`), or `undefined` when neither is registered.
 */
export function registered(lang: string): Record<string, unknown> | undefined {
  return registry.get(lang) ?? registry.get(lang.split('-')[0]!);
}

/** Merges checked messages into the catalog of `lang` (lowercase) and re-renders every element. */
export function storeTranslation(lang: string, messages: object): void {
  registry.set(lang, { ...registry.get(lang), ...messages });
  rerender();
}
