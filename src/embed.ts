/** `<platform-embed>` alone, self-defining; loads no admin code. */
import { defineElement } from './define-element.js';
import { PlatformEmbedElement } from './embed/platform-embed.js';

defineElement('platform-embed', PlatformEmbedElement);

export * from './embed/index.js';
export * from './protocol/index.js';
