/**
 * The iframe defaults of `<platform-embed>`, with no DOM or Lit import: the
 * element's properties and `renderEmbed` both start from these values.
 */

/** The default accessible title of the iframe. */
export const DEFAULT_TITLE = 'Embedded analytics';

/** The iframe's default permissions policy. */
export const DEFAULT_ALLOW = 'fullscreen; clipboard-write';

/** The iframe's default referrer policy. */
export const DEFAULT_REFERRER_POLICY = 'strict-origin-when-cross-origin';
