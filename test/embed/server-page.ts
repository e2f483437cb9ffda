/**
 * Server-rendered pages for the takeover tests: each is a real document served
 * by the test server (scripts/wtr-server-plugins.mjs) in a same-origin iframe,
 * whose embed is the cross-origin fixture tenant; the server logs its
 * navigations (scripts/wtr-takeover-plugins.mjs).
 */
import { fixture, html } from '@open-wc/testing';
import type { PlatformEmbedElement } from '../../src/embed/platform-embed.js';
import { BASE, envelope } from './helpers.js';

export type Log = { path: string; session: string | null }[];

export const embedLog = async (): Promise<Log> => (await fetch('/__embed-log')).json();
export const clearLog = () => fetch('/__embed-log?clear');

/** Waits until `check` is true (polling each frame), failing with `what` after `ms`. */
export async function until(check: () => boolean, what: string, ms = 8000): Promise<void> {
  const end = performance.now() + ms;
  while (!check()) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** An early message for the fixture's `send` parameter: posted by the embed right after ready. */
export const view = (path: string) => envelope('platform:event:view', { surface: 'dashboard', path });
export const early = [
  view('/embed/dashboard/demo/a'),
  envelope('platform:event:view', { surface: 'dashboard', path: '/x' }, { surface: 'nowhere' }),
  envelope('platform:event:navigate', { path: '/embed/dashboard/demo/b' }),
  { source: 'platform-embed', direction: 'event', type: 'platform:event:drilldown', timestamp: 1, surface: 'dashboard' },
  envelope('platform:event:download', { format: 'zip', target: 'widget' }),
  envelope('platform:event:custom-thing', { n: 1 }),
  envelope('platform:event:dashboard-loaded', { publicId: 'demo', widgetCount: 3 }),
];
/** The valid ones, as `platform-event` details record them (type, and path where there is one). */
export const expectedEarly = [
  'platform:event:ready',
  'platform:event:view /embed/dashboard/demo/a',
  'platform:event:navigate /embed/dashboard/demo/b',
  'platform:event:custom-thing',
  'platform:event:dashboard-loaded',
];
export const describeSeen = (seen: { type: string; payload: { path?: string } }[]) =>
  seen.map((d) => (d.payload.path ? `${d.type} ${d.payload.path}` : d.type));

let sessionCount = 0;
export function pageOptions(extra: Record<string, unknown> = {}) {
  const session = `ssr-${Date.now()}-${++sessionCount}`;
  const path = `/embed/dashboard/demo/?send=${encodeURIComponent(JSON.stringify(early))}`;
  return { session, options: { baseUrl: BASE, path, session, scheme: 'dark', attributes: { id: 'sales' }, ...extra } };
}

/** Loads a server-rendered page in a same-origin iframe. */
export async function openPage(order: 'first' | 'late' | 'never', extra: Record<string, unknown> = {}) {
  const { session, options } = pageOptions(extra);
  const frame = document.createElement('iframe');
  frame.style.cssText = 'width:800px;height:900px';
  frame.src = `/__server/page?record${order === 'first' ? '&classic' : ''}&options=${encodeURIComponent(JSON.stringify(options))}`;
  await fixture(html`<div>${frame}</div>`);
  await until(() => frame.contentWindow?.location.pathname === '/__server/page' && frame.contentDocument?.readyState === 'complete', 'the page to load');
  const win = frame.contentWindow as Window & typeof globalThis & { seen: { type: string; payload: { path?: string } }[]; definedFirst: boolean };
  const el = frame.contentDocument!.querySelector('platform-embed') as PlatformEmbedElement & { platformEmbedEarly?: { messages: unknown[] } };
  return { frame, win, el, session, doc: frame.contentDocument! };
}

