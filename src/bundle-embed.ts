/**
 * Entry of the embed-only script-tag bundle: `<platform-embed>` defined, with
 * its class, errors and the package version. The protocol helpers
 * (`buildAction`, `parseEventMessage`, the catalog) come with the full bundle
 * and the package root; this one carries only what a page that embeds needs.
 */
import { defineElement } from './define-element.js';
import { PlatformEmbedElement } from './embed/platform-embed.js';

defineElement('platform-embed', PlatformEmbedElement);

export * from './embed/index.js';
export { version } from './version.js';
