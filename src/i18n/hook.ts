/**
 * The few bytes of language support the embed-only bundle carries: the embed
 * asks `i18n.text` for each of its texts at every render, and lists itself in
 * `i18n.hosts` for re-rendering as it makes its overlays. The language
 * resolution and the translations (`translations.ts`) fill `i18n.text` when
 * they are loaded (with the package root, the admin panel or the full
 * bundle). Without them, as in the embed-only bundle alone, the texts are
 * English and the `loading` and `error` slots are the way to change them.
 *
 * Every copy of the package on a page shares one `i18n`, on a global symbol:
 * on a page that loads the embed-only bundle and then the full one (or one
 * bundle from two URLs) a language registered through any copy reaches the
 * elements of every other, those already on screen included.
 */
import type { ReactiveControllerHost } from '@lit/reactive-element';

/** An element that renders built-in texts. */
export type TextHost = ReactiveControllerHost & Node;

/** What the copies of the package share. Plain names: each bundle mangles its private members its own way. */
export interface I18nHook {
  /**
   * Filled by `translations.ts`: the text of a key for a node's language. `english` is
   * what the element would show without translations; a text the host set itself
   * (a `frame-title`), which differs from the catalog's English, is shown as it is.
   */
  text?(node: Node, key: string, english: string): string | undefined;
  /** Registered messages by lowercase language tag (checked before they get here); made by `registry.ts`. */
  catalogs?: Map<string, Record<string, unknown>>;
  /**
   * Every element that renders built-in texts, weakly (a removed element is not kept
   * alive): re-rendered on a change of language or translations.
   */
  hosts: Set<WeakRef<TextHost>>;
}

export const i18n: I18nHook = ((globalThis as { [key: symbol]: I18nHook })[Symbol.for('platform-embed.i18n')] ??= {
  hosts: new Set(),
});
