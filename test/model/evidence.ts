/**
 * Small readings of the page for the model test's invariants: the element's
 * load marks (CONTRACT "Marks"), its iframe's sandbox, whether a frame is
 * painted or takes focus, and the list of what broke.
 */
import type { PlatformEmbedElement } from '../../src/index.js';

/** One embed page of the mock, as the `model` server command reports it. */
export interface Page {
  index: number;
  path: string;
  /** The page opened with a valid session. */
  ok: boolean;
  sessionId: string | null;
  /** The external viewer of that session. */
  viewer: string | null;
  /** Why the mock refused the session, when it did. */
  refusal: string | null;
  gone: boolean;
  /** The page address's parameters, the session left out. */
  query: Record<string, string> | null;
  /** The document's own `document.fullscreenEnabled`, as it reported it (null: it did not). */
  fullscreen: boolean | null;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Start times of the `platform-embed:load` marks of the element with id `id`, oldest first. */
export function loadMarks(id: string): number[] {
  return performance
    .getEntriesByName('platform-embed:load', 'mark')
    .filter((entry) => ((entry as PerformanceMark).detail as { id?: string } | null)?.id === id)
    .map((entry) => entry.startTime);
}

export const frameOf = (el: PlatformEmbedElement): HTMLIFrameElement | null => el.iframe;

/** The element's sandbox tokens, sorted (unset and empty are both ""). */
export function sandboxOf(el: PlatformEmbedElement): string {
  return (el.sandbox ?? '').split(/\s+/).filter(Boolean).sort().join(' ');
}

/** The frame is in a document, visible by its styles, has a size and lies in the viewport. */
export function isPainted(frame: HTMLIFrameElement): boolean {
  if (!frame.isConnected || !frame.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return false;
  const r = frame.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && r.right > 0 && r.bottom > 0 && r.left < innerWidth && r.top < innerHeight;
}

function deepActive(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** `focus()` reaches the frame (the focus is given back afterwards). */
export function isFocusable(frame: HTMLIFrameElement): boolean {
  if (!frame.isConnected) return false;
  const before = deepActive();
  frame.focus({ preventScroll: true });
  const focused = deepActive() === frame;
  if (focused) {
    frame.blur();
    (before as HTMLElement | null)?.focus?.({ preventScroll: true });
  }
  return focused;
}

/** What broke, in the order seen (each once). */
export class Findings {
  private readonly _seen: string[] = [];

  add(message: string): void {
    if (!this._seen.includes(message)) this._seen.push(message);
  }

  throwIfAny(): void {
    if (!this._seen.length) return;
    throw new Error(`invariant broken:\n  - ${this._seen.join('\n  - ')}`);
  }
}

/**
 * Whether `moveBefore()` keeps the document of an iframe inside a shadow root
 * (where the element holds its iframe) in this browser: a same-origin frame
 * keeps a value set on its window across the move.
 */
export async function moveBeforeKeepsShadowFrames(): Promise<boolean> {
  if (!('moveBefore' in Element.prototype)) return false;
  const [from, to] = [document.createElement('div'), document.createElement('div')];
  const host = document.createElement('div');
  const frame = document.createElement('iframe');
  host.attachShadow({ mode: 'open' }).append(frame);
  from.append(host);
  document.body.append(from, to);
  try {
    await new Promise((resolve) => {
      frame.addEventListener('load', resolve, { once: true });
      frame.srcdoc = '<p>probe</p>';
    });
    (frame.contentWindow as Window & { kept?: boolean }).kept = true;
    (to as unknown as { moveBefore(node: Node, child: Node | null): void }).moveBefore(host, null);
    await sleep(150);
    return (frame.contentWindow as (Window & { kept?: boolean }) | null)?.kept === true;
  } finally {
    from.remove();
    to.remove();
  }
}

/** A bound on a wait ran out: the machine was too slow to judge the sequence (skipped and counted, never a broken invariant). */
export class TooSlow extends Error {
  override name = 'TooSlow';
}
