/**
 * `platform-embed/server`: server-rendered `<platform-embed>` HTML for the
 * host's backend or SSR framework, and the session endpoint behind
 * `session-url`. DOM-free: it runs in Node ≥ 20 and in runtimes without a
 * DOM, and defines nothing.
 */
export { renderEmbed } from './render.js';
export type { RenderEmbedOptions } from './options.js';
export { createSessionHandler } from './session-handler.js';
export type { SessionContext, SessionHandler, SessionHandlerOptions, SessionViewer, SessionWanted } from './session-handler.js';
