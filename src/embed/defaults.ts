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

/**
 * `allow` as the iframe gets it: a feature written without an allowlist, or
 * with `'src'` alone, is granted to `origin` (the tenant's). Either means the origin
 * of the iframe's `src` attribute, and an iframe navigated any other way has
 * none, so the feature would reach nothing. Features with their own
 * allowlist stay as written. A removed attribute (`null`) is no policy to grant.
 */
export const grantAllow = (allow: string, origin: string): string => `${allow}`.replace(/(^|;)(\s*[\w-]+)(\s+'src')?\s*(?=;|$)/gi, `$1$2 ${origin}`);
