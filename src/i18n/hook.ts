/**
 * The few bytes of language support the embed-only bundle carries: the
 * embed asks `i18n.text` for each of its texts at every render. The language
 * resolution and the translations (`translations.ts`) fill `i18n` when they are
 * loaded (with the package root, the admin panel or the full bundle); an
 * element that asks is then listed there and re-rendered on a change. Without
 * them, as in the embed-only bundle, the texts are English and the `loading`
 * and `error` slots are the way to change them.
 */

/**
 * Filled by `translations.ts`: the text of a key for a node's language. `english` is
 * what the element would show without translations; a text the host set itself
 * (a `frame-title`), which differs from the catalog's English, is shown as it is.
 */
export const i18n: { text?(node: Node, key: string, english: string): string | undefined } = {};
