/** `<platform-embed>`: the element class, its errors and event types. Defines nothing. */
export { PlatformEmbedElement } from './platform-embed.js';
export { discardKeptAlive, keptCount } from './kept.js';
export { ConfigError, EmbedError, ReadyTimeoutError, SessionError, type HostErrorDetail } from './errors.js';
export type { PlatformEmbedEventMap, PlatformErrorDetail, SessionRenewalDetail } from './inbound.js';
export { DEFAULT_READY_TIMEOUT } from './config.js';
