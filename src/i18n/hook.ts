/**
 * The few bytes of language support the embed-only bundle carries. The
 * element registers here and asks `i18n.text` for its texts; the language
 * resolution and the translations (`registry.ts`) fill `i18n` when they are
 * loaded (with the package root, the admin panel or the full bundle).
 * Without them, as in the embed-only bundle, the texts are English and the
 * `loading` and `error` slots are the way to change them.
 */
import type { ReactiveControllerHost } from '@lit/reactive-element';

/** The connected elements that render built-in texts. */
export const hosts = new Set<ReactiveControllerHost>();

/** Filled by `registry.ts`: the translated text of a key for a node's language, and the `lang` watch. */
export const i18n: { text?(node: Node, key: string): string | undefined; observe?(host: Element): void } = {};

/**
 * Keeps `host` in its language while it is connected: a change of `lang`
 * or of the translations re-renders it.
 */
export function watch(host: ReactiveControllerHost & Element): void {
  host.addController({
    hostConnected() {
      hosts.add(host);
      i18n.observe?.(host);
    },
    hostDisconnected() {
      hosts.delete(host);
    },
  });
}
