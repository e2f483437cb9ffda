/**
 * `registerTranslation` and the catalog an element renders with: the
 * translation of its language merged over the English built-ins.
 */
import { englishMessages } from './english.js';
import type { PlatformMessages } from './english.js';
import { i18n } from './hook.js';
import { langOf, observeRoot, registered, rerender, storeTranslation } from './registry.js';

/** The canonical form of a BCP 47 tag, or `undefined` when `lang` is not one. */
function canonical(lang: unknown): string | undefined {
  try {
    return typeof lang === 'string' ? Intl.getCanonicalLocales(lang)[0] : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Adds a language, or overrides some texts of one (English included). Keys
 * left out fall back to English. Elements already on the page re-render.
 *
 * @param lang A BCP 47 language tag (`de`, `pt-BR`); matched against an
 *   element's `lang` exactly, else by its primary subtag.
 * @param messages Some or all keys of {@link PlatformMessages}: a string
 *   where the English text is a string, a function of the same named values
 *   where it is a function.
 * @throws TypeError naming the problem: a tag that is not BCP 47, a value
 *   that is not an object, an unknown key, or a value of the wrong kind.
 *   Nothing is registered then.
 */
export function registerTranslation(lang: string, messages: Partial<PlatformMessages>): void {
  const tag = canonical(lang);
  if (!tag) throw new TypeError(`registerTranslation: lang ${JSON.stringify(lang)} is not a BCP 47 tag`);
  if (typeof messages !== 'object' || messages === null || Array.isArray(messages)) {
    throw new TypeError('registerTranslation: messages must be an object');
  }
  const checked: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(messages)) {
    if (!Object.hasOwn(englishMessages, key)) throw new TypeError(`registerTranslation: unknown message key "${key}"`);
    const kind = typeof englishMessages[key as keyof PlatformMessages];
    if (typeof value !== kind) throw new TypeError(`registerTranslation: message "${key}" must be a ${kind}, got ${typeof value}`);
    checked[key] = value;
  }
  storeTranslation(tag.toLowerCase(), checked);
}

/** What an element renders its texts with. */
export interface Speech {
  /** The messages of its language, English where a key is not translated. */
  readonly m: PlatformMessages;
  /**
   * The locale for `Intl`, and the second argument of every message that shows a
   * number, so it groups as the element's own tag does (de-CH: 1’234): the element's own tag when its language is
   * registered (English always is), so `en-GB` gets British dates;
   * otherwise `en`, so formatting matches the (English) texts.
   */
  readonly locale: string;
}

/** The messages and the `Intl` locale for the language of `node`. */
export function speechOf(node: Node): Speech {
  observeRoot(node);
  const lang = langOf(node);
  // Merged afresh: an element asks once per render, and a registration is seen at once.
  const own = registered(lang);
  // English overrides, then the language's own messages; a source that is not registered adds nothing.
  const m = Object.assign({}, englishMessages, registered('en'), own) as PlatformMessages;
  const locale = ((own || lang.split('-')[0] === 'en') && canonical(lang)) || 'en';
  return { m: m as PlatformMessages, locale };
}

// The embed asks for each of its texts here (see `hook.ts`); it lists itself for re-rendering.
i18n.text = (node, key, english) =>
  english === englishMessages[key as keyof PlatformMessages] ? (speechOf(node).m[key as keyof PlatformMessages] as string) : english;
// Elements that rendered before: in English, or with another copy's catalog.
rerender();
