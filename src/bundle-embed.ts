/**
 * Entry of the embed-only script-tag bundle: `<platform-embed>` defined, with
 * its class, errors and the package version. The protocol helpers
 * (`buildAction`, `parseEventMessage`, the catalog) come with the full bundle
 * and the package root; this one carries only what a page that embeds needs.
 */
// First in the bundle, by measure (-6 B gzip): it runs nothing on import, and the
// bundle places modules in the order of their first import.
import './embed/lazy.js';
import { defineElement } from './define-element.js';
import { PlatformEmbedElement } from './embed/platform-embed.js';

defineElement('platform-embed', PlatformEmbedElement);

export * from './embed/index.js';
export { version } from './version.js';
