/**
 * The embeds kept alive in this document after their element left it: at
 * most `MAX_KEPT`, each for at most `KEEP_MS`. A kept embed's messages reach
 * no element; the store hears them only to drop an embed whose credential
 * expired or that reported a fatal error.
 */
import { MESSAGE_SOURCE } from '../../protocol/catalog.js';
import type { LiveEmbed } from '../add-on.js';
import type { Placement } from './placement.js';

export const MAX_KEPT = 4;
export const KEEP_MS = 10 * 60 * 1000;

/** A live embed whose element left the document. */
export interface Kept {
  /** The `keep-alive` value. */
  scope: string;
  live: LiveEmbed;
  placement: Placement;
}

interface Entry extends Kept {
  timer: ReturnType<typeof setTimeout>;
  onLoad: () => void;
}

const kept: Entry[] = [];

/**
 * A kept embed's own messages (its window, its tenant origin) that end it:
 * an expired credential or a fatal error. Nothing else is read, and no
 * element hears them.
 */
function onMessage(event: MessageEvent): void {
  const entry = kept.find(({ live }) => event.source === live.iframe.contentWindow && event.origin === live.origin);
  const data = event.data as { source?: unknown; type?: unknown; payload?: { fatal?: unknown } } | null;
  if (!entry || data?.source !== MESSAGE_SOURCE) return;
  if (data.type === 'platform:event:session-expired' || (data.type === 'platform:event:error' && data.payload?.fatal === true)) drop(entry);
}

function drop(entry: Entry): void {
  if (release(entry)) entry.placement.remove();
}

/** Keeps `embed`; the one kept longest goes when more than `MAX_KEPT` are kept. */
export function keep(embed: Kept): void {
  const entry = embed as Entry;
  const { live } = entry;
  entry.onLoad = () => (live.loaded = true);
  live.iframe.addEventListener('load', entry.onLoad);
  entry.timer = setTimeout(() => drop(entry), KEEP_MS);
  if (!kept.length) addEventListener('message', onMessage);
  kept.push(entry);
  while (kept.length > MAX_KEPT) drop(kept[0]!);
}

/** Takes the kept embed of `scope` and `shape` out of the store, for an element that adopts it. */
export function take(scope: string, shape: string): Kept | undefined {
  const entry = kept.find((candidate) => candidate.scope === scope && candidate.live.shape === shape);
  if (entry) release(entry);
  return entry;
}

/** Takes the entry out of the store, stops its timer and stops hearing its iframe; false when it was not kept. */
function release(entry: Entry): boolean {
  const index = kept.indexOf(entry);
  if (index < 0) return false;
  kept.splice(index, 1);
  if (!kept.length) removeEventListener('message', onMessage);
  clearTimeout(entry.timer);
  entry.live.iframe.removeEventListener('load', entry.onLoad);
  return true;
}

/** Drops every kept embed, or those of one `keep-alive` value. */
export function discard(scope?: string): void {
  for (const entry of [...kept]) if (scope === undefined || entry.scope === scope) drop(entry);
}

/** How many embeds are kept, per scope when given. */
export function keptCount(scope?: string): number {
  return kept.filter((entry) => scope === undefined || entry.scope === scope).length;
}
