/**
 * The English texts of `<platform-embed>`: the only part of the catalog
 * the embed-only bundle carries (the full catalog is `englishMessages`).
 */
export const embedMessages = {
  /** The iframe's accessible title when `frame-title` is not set. */
  embedFrameTitle: 'Embedded analytics',
  /** The default content of the `loading` slot. */
  embedLoading: 'Loading…',
  /** The default content of the `error` slot when the failure has no message of its own. */
  embedFailed: 'The embedded content could not be loaded.',
};
