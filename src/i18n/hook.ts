/**
 * The few bytes of language support the embed-only bundle carries. Each
 * element that renders built-in texts is listed here (weakly: a removed
 * element is not kept alive) and asks `i18n.text` for them. The language
 * resolution and the translations (`registry.ts`) fill `i18n` when they are
 * loaded (with the package root, the admin panel or the full bundle), and
 * then re-render the listed elements on a change. Without them, as in the
 * embed-only bundle, the texts are English and the `loading` and `error`
 * slots are the way to change them.
 */
import type { ReactiveControllerHost } from '@lit/reactive-element';

/** Every element that has rendered built-in texts. */
export const hosts = new Set<WeakRef<ReactiveControllerHost & Element>>();

/** Filled by `registry.ts`: the translated text of a key for a node's language. */
export const i18n: { text?(node: Node, key: string): string | undefined } = {};
