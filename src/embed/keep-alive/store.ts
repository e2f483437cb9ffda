/**
 * The embeds kept alive in this document after their element left it: at
 * most `MAX_KEPT`, each for at most `KEEP_MS`. A kept embed's messages reach
 * no element; the store hears them only to drop an embed whose credential
 * expired or that reported a fatal error.
 */
import type { ReadyPayload } from '../../protocol/catalog.js';
import type { PlatformEventMessage } from '../../protocol/envelope.js';
import { acceptFrameMessage } from '../inbound.js';
import { registerFrame } from '../router.js';
import type { Placement } from './placement.js';

export const MAX_KEPT = 4;
export const KEEP_MS = 10 * 60 * 1000;

/** A live embed whose element left the document, and what an adopting element takes over. */
export interface Kept {
  /** The `keep-alive` value. */
  scope: string;
  /** Base URL and content (`dashboard`, or `path`). */
  key: string;
  placement: Placement;
  src: string;
  origin: string;
  ready: PlatformEventMessage;
  info: ReadyPayload;
  currentPath: string | null;
  /** State key → JSON of the payload the embed last received. */
  applied: Map<string, string>;
  /** Filter member → JSON value the embed has. */
  filters: Map<string, string>;
  credentialAt: number;
  /** The document's `load` event was seen (it may come after the ready, and while kept). */
  loaded: boolean;
}

interface Entry extends Kept {
  timer: ReturnType<typeof setTimeout>;
  unroute: () => void;
  onLoad: () => void;
}

const kept: Entry[] = [];

function drop(entry: Entry): void {
  const index = kept.indexOf(entry);
  if (index < 0) return;
  kept.splice(index, 1);
  release(entry);
  entry.placement.remove();
}

/** Keeps `embed`; the one kept longest goes when more than `MAX_KEPT` are kept. */
export function keep(embed: Kept): void {
  const entry = embed as Entry;
  entry.onLoad = () => (entry.loaded = true);
  embed.placement.frame.addEventListener('load', entry.onLoad);
  entry.timer = setTimeout(() => drop(entry), KEEP_MS);
  entry.unroute = registerFrame(embed.placement.frame, (event) => {
    const parsed = acceptFrameMessage(event, embed.origin);
    if (!parsed.ok) return;
    const { type, payload } = parsed.message;
    if (type === 'platform:event:session-expired' || (type === 'platform:event:error' && (payload as { fatal?: unknown }).fatal)) drop(entry);
  });
  kept.push(entry);
  while (kept.length > MAX_KEPT) drop(kept[0]!);
}

/** Takes the kept embed of `scope` and `key` out of the store, for an element that adopts it. */
export function take(scope: string, key: string): Kept | undefined {
  const entry = kept.find((candidate) => candidate.scope === scope && candidate.key === key);
  if (!entry) return undefined;
  kept.splice(kept.indexOf(entry), 1);
  release(entry);
  return entry;
}

/** Stops the entry's timer and stops hearing its iframe. */
function release(entry: Entry): void {
  clearTimeout(entry.timer);
  entry.unroute();
  entry.placement.frame.removeEventListener('load', entry.onLoad);
}

/** Drops every kept embed, or those of one `keep-alive` value. */
export function discard(scope?: string): void {
  for (const entry of [...kept]) if (scope === undefined || entry.scope === scope) drop(entry);
}

/** Test hook: how many embeds are kept, per scope when given. */
export function keptCount(scope?: string): number {
  return kept.filter((entry) => scope === undefined || entry.scope === scope).length;
}
