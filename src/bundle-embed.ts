/** Entry of the embed-only script-tag bundle. */
export * from './embed.js';
export { version } from './version.js';
