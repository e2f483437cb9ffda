/**
 * `platform-embed/keep-alive`: importing it gives `<platform-embed>` its
 * `keep-alive` behaviour. An element with `keep-alive` holds its iframe in a
 * holder of the document rather than in its shadow tree, so its removal by a
 * router does not destroy the embed: the live embed is kept, and an element
 * inserted later with the same `keep-alive` value that would load it the
 * same way adopts it with no navigation and no session (see
 * embed/keep-alive/).
 *
 * The behaviour lives in this entry, not in the element, so that a page that
 * does not keep embeds alive pays nothing for it; it takes part through the
 * element's add-on interface only (embed/add-on.ts). Import it with the
 * element: `import 'platform-embed/embed'; import 'platform-embed/keep-alive';`.
 * Script-tag pages load `dist/platform-embed-keep-alive.iife.min.js` after a
 * bundle of the element.
 */
import { install } from './embed/keep-alive/install.js';
import { PlatformEmbedElement } from './embed/platform-embed.js';

export { KEEP_MS, keptCount, MAX_KEPT } from './embed/keep-alive/store.js';

install(PlatformEmbedElement);
