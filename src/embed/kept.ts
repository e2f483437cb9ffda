/**
 * The keep-alive calls of the element's class as plain functions, so that
 * the global of a classic build has them: `PlatformEmbed.discardKeptAlive()`
 * and `PlatformEmbed.keptCount()` on a script-tag page work as written.
 */
import { PlatformEmbedElement } from './platform-embed.js';

/** `PlatformEmbedElement.discardKeptAlive(scope)`: call it when the viewer signs out. */
export const discardKeptAlive = (scope?: string): void => PlatformEmbedElement.discardKeptAlive(scope);

/** `PlatformEmbedElement.keptCount(scope)`: how many embeds are kept alive. */
export const keptCount = (scope?: string): number => PlatformEmbedElement.keptCount(scope);
