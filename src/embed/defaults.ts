/**
 * The iframe defaults of `<platform-embed>`, with no DOM or Lit import: the
 * element's properties and `renderEmbed` both start from these values.
 */

/** The default accessible title of the iframe (in English; the element says it in its language). */
export { embedFrameTitle as DEFAULT_TITLE } from '../i18n/embed-messages.js';

/** The iframe's default permissions policy. */
export const DEFAULT_ALLOW = 'fullscreen; clipboard-write';

/** The iframe's default referrer policy. */
export const DEFAULT_REFERRER_POLICY = 'strict-origin-when-cross-origin';
