/**
 * The English texts of `<platform-embed>`: the only part of the catalog the
 * embed-only bundle carries (the full catalog, `englishMessages`, holds them
 * under the keys `embedLoading` and `embedFailed`).
 */

/** The default content of the `loading` slot. */
export const embedLoading = 'Loading…';

/** The default content of the `error` slot when the failure has no message of its own. */
export const embedFailed = 'The embedded content could not be loaded.';

/** The iframe's accessible title when `frame-title` is not set. */
export const embedFrameTitle = 'Embedded analytics';
