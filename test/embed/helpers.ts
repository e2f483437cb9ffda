/**
 * Shared helpers of the `<platform-embed>` browser tests. The test page runs
 * on http://localhost:PORT; the fixture embed (test/fixtures/embed.js) is
 * served from http://127.0.0.1:PORT, a real second origin, and
 * http://127.0.0.2:PORT is a third.
 */
import { fixture, html, oneEvent } from '@open-wc/testing';
import '../../src/embed.js';
import type { PlatformEmbedElement } from '../../src/embed/platform-embed.js';

export const PORT = location.port;
export const HOST_ORIGIN = location.origin;
export const TENANT = `http://127.0.0.1:${PORT}`;
export const THIRD = `http://127.0.0.2:${PORT}`;
/** A base URL with a path prefix: dashboards `demo` and path `/embed/d/42/app` exist under it. */
export const BASE = `${TENANT}/test/fixtures/tenant`;

export interface Received {
  origin: string;
  data: { source: string; direction: string; type: string; payload: Record<string, unknown>; timestamp: number; surface?: unknown };
}

let nextId = 0;

/** Asks a fixture frame for the actions it received (in order) and its location. */
export async function report(target: Window | PlatformEmbedElement): Promise<{ actions: Received[]; href: string; origin: string; fullscreen: boolean }> {
  const win = target instanceof Window ? target : target.iframe!.contentWindow!;
  const id = ++nextId;
  const reply = new Promise<{ actions: Received[]; href: string; origin: string; fullscreen: boolean }>((resolve) => {
    const onMessage = (event: MessageEvent) => {
      if (event.data?.fixtureReply === id) {
        window.removeEventListener('message', onMessage);
        resolve(event.data);
      }
    };
    window.addEventListener('message', onMessage);
  });
  win.postMessage({ fixtureCommand: 'report', id }, '*');
  return reply;
}

/** The actions (envelopes) a fixture frame received. */
export async function actions(el: PlatformEmbedElement): Promise<Received['data'][]> {
  return (await report(el)).actions.map((a) => a.data);
}

/** Makes the element's fixture post `messages` to the page, in order. */
export function postFromFrame(el: PlatformEmbedElement, ...messages: unknown[]): void {
  el.iframe!.contentWindow!.postMessage({ fixtureCommand: 'post', messages }, '*');
}

/** An event envelope as the platform sends it. */
export function envelope(type: string, payload: Record<string, unknown>, overrides: Record<string, unknown> = {}) {
  return { source: 'platform-embed', direction: 'event', type, surface: 'dashboard', timestamp: 1700000000000, payload, ...overrides };
}

/** A message the element accepts, posted last to know that everything before it was processed. */
export const sentinel = () => envelope('platform:event:navigate', { path: '/sentinel' });

/**
 * Posts `messages` then the sentinel from the element's own fixture, and
 * returns every `platform-event` detail dispatched before the sentinel's.
 */
export async function eventsFor(el: PlatformEmbedElement, ...messages: unknown[]): Promise<CustomEvent['detail'][]> {
  const seen: CustomEvent['detail'][] = [];
  const listener = (e: Event) => seen.push((e as CustomEvent).detail);
  el.addEventListener('platform-event', listener);
  const done = new Promise<void>((resolve) => {
    const check = (e: Event) => {
      if ((e as CustomEvent).detail?.path === '/sentinel') {
        el.removeEventListener('platform-navigate', check);
        resolve();
      }
    };
    el.addEventListener('platform-navigate', check);
  });
  postFromFrame(el, ...messages, sentinel());
  await done;
  el.removeEventListener('platform-event', listener);
  return seen.slice(0, -1);
}

/** Records every call of `console[method]` until `restore()`. */
export function spyConsole(method: 'debug' | 'warn') {
  const original = console[method];
  const calls: string[] = [];
  console[method] = (...args: unknown[]) => {
    calls.push(args.map(String).join(' '));
  };
  return { calls, restore: () => (console[method] = original) };
}

/** The session `signed` gives: the fixture tenant takes any (an element with none waits for one). */
export const FIXTURE_SESSION = 'fixture';

/** `attrs` with the fixture session, unless they bring their own session, provider or session URL. */
export function signed<T extends Partial<PlatformEmbedElement>>(attrs: T): T {
  const own = 'session' in attrs || 'sessionProvider' in attrs || 'sessionUrl' in attrs;
  return own ? attrs : { session: FIXTURE_SESSION, ...attrs };
}

/** An embed URL without the fixture session, for tests about the rest of it. */
export function withoutFixtureSession(url: string | null): string | null {
  if (!url) return url;
  const parsed = new URL(url);
  if (parsed.searchParams.get('session') === FIXTURE_SESSION) parsed.searchParams.delete('session');
  return parsed.href;
}

/** A connected embed of the `demo` fixture dashboard, ready. */
export async function readyEmbed(attrs: Partial<PlatformEmbedElement> = {}): Promise<PlatformEmbedElement> {
  const el = document.createElement('platform-embed');
  Object.assign(el, { baseUrl: BASE, dashboard: 'demo', ...signed(attrs) });
  const ready = oneEvent(el, 'platform-ready');
  await fixture(html`<div>${el}</div>`);
  await ready;
  return el;
}

/** An embed of the fixture tenant with `attrs`, inserted in a fresh container after the container rendered. */
export async function connected(attrs: Partial<PlatformEmbedElement>): Promise<PlatformEmbedElement> {
  const el = document.createElement('platform-embed');
  Object.assign(el, { baseUrl: BASE, ...signed(attrs) });
  const container = await fixture(html`<div></div>`);
  container.append(el);
  return el;
}

/** Resolves at the next `platform-ready` of `el`. */
export const nextReady = (el: PlatformEmbedElement) => oneEvent(el, 'platform-ready');

/** Waits for a few rendering frames (for "nothing happened" checks that have no event to await). */
export async function settle(frames = 3): Promise<void> {
  for (let i = 0; i < frames; i++) await new Promise((r) => requestAnimationFrame(() => r(undefined)));
}

/** `Element.moveBefore()`, which TypeScript's DOM types do not know yet. */
export type Movable = Element & { moveBefore(node: Node, child: Node | null): void };

/** Whether this browser's moveBefore() keeps the document of an iframe inside a moved shadow tree. */
export async function moveKeepsShadowIframes(): Promise<boolean> {
  if (!('moveBefore' in Element.prototype)) return false;
  const host = document.createElement('div');
  const frame = document.createElement('iframe');
  frame.src = '/test/fixtures/embed.html';
  host.attachShadow({ mode: 'open' }).append(frame);
  const [a, b] = [document.createElement('div'), document.createElement('div')];
  document.body.append(a, b);
  a.append(host);
  await new Promise((resolve) => (frame.onload = resolve));
  let reloaded = false;
  frame.onload = () => (reloaded = true);
  (b as unknown as Movable).moveBefore(host, null);
  await new Promise((r) => setTimeout(r, 300));
  a.remove();
  b.remove();
  return !reloaded;
}
