/**
 * Time to dashboard on the page's performance timeline: User Timing marks
 * and measures per load (eager, lazy, reload(), renewal, fatal), and the
 * preconnect link to the tenant added before the session provider is asked.
 */
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { BASE, HOST_ORIGIN, TENANT, envelope, settle, connected } from './helpers.js';

type Entry = PerformanceEntry & { detail: { id: string | null; target: string; load: number } };

const NAMES = ['load', 'ready', 'dashboard-loaded', 'time-to-ready', 'time-to-dashboard'].map((n) => `platform-embed:${n}`);

/** Every platform-embed entry of the element with `id`. */
function entriesOf(id: string): Entry[] {
  return (performance.getEntries() as Entry[]).filter((e) => NAMES.includes(e.name) && e.detail?.id === id);
}
/** The entries of the element with `id` as `name load` strings, sorted (a measure sorts with its start, before its end mark). */
const summary = (id: string) => entriesOf(id).map((e) => `${e.name.slice('platform-embed:'.length)} ${e.detail.load}`).sort();
const sorted = (list: string[]) => [...list].sort();

let count = 0;
const uniqueId = () => `embed-${Date.now()}-${++count}`;

const dashboardLoaded = envelope('platform:event:dashboard-loaded', { publicId: 'demo', widgetCount: 4, loadDurationMs: 12 });
/** The fixture posts these right after its ready. */
const sending = (...messages: unknown[]) => `/embed/dashboard/demo/?send=${encodeURIComponent(JSON.stringify(messages))}`;

describe('<platform-embed> User Timing marks', () => {
  it('an eager load: load, ready, dashboard-loaded and both measures, with { id, target, load } and nothing secret', async () => {
    const id = uniqueId();
    const before = performance.now();
    const el = await connected({ id, path: sending(dashboardLoaded), sessionProvider: async () => 'secret-session-1' });
    await oneEvent(el, 'platform-dashboard-loaded');
    expect(summary(id)).to.have.members(['load 1', 'ready 1', 'time-to-ready 1', 'dashboard-loaded 1', 'time-to-dashboard 1']);
    const [load, ready, loaded] = ['load', 'ready', 'dashboard-loaded'].map((n) => entriesOf(id).find((e) => e.name === `platform-embed:${n}`)!);
    expect(load!.startTime).to.be.at.least(before);
    expect(ready!.startTime).to.be.at.least(load!.startTime);
    expect(loaded!.startTime).to.be.at.least(ready!.startTime);
    const toReady = entriesOf(id).find((e) => e.name === 'platform-embed:time-to-ready')!;
    expect(toReady.startTime).to.equal(load!.startTime);
    expect(toReady.duration).to.be.closeTo(ready!.startTime - load!.startTime, 0.001);
    for (const entry of entriesOf(id)) {
      expect(entry.detail).to.deep.equal({ id, target: '/embed/dashboard/demo/', load: 1 });
      expect(JSON.stringify(entry.detail) + entry.name).not.to.match(/secret|session|\?/);
    }
  });

  it('reload() is load 2; a second ready of the same load is not marked again', async () => {
    const id = uniqueId();
    const el = await connected({ id, dashboard: 'demo', sessionProvider: async () => 'x' });
    await oneEvent(el, 'platform-ready');
    el.iframe!.contentWindow!.postMessage({ fixtureCommand: 'post', messages: [envelope('platform:event:ready', { embedTenant: 'acme', deploymentId: 42, mode: 'signed', surface: 'dashboard' })] }, '*');
    await oneEvent(el, 'platform-ready');
    el.reload();
    await oneEvent(el, 'platform-ready');
    expect(summary(id)).to.deep.equal(sorted(['load 1', 'ready 1', 'time-to-ready 1', 'load 2', 'ready 2', 'time-to-ready 2']));
    expect(entriesOf(id).every((e) => e.detail.target === 'demo')).to.equal(true);
  });

  it('a fatal load gets no ready mark; a renewal is the next load', async () => {
    const id = uniqueId();
    let calls = 0;
    const el = await connected({ id, dashboard: 'demo', sessionProvider: async () => (++calls === 1 ? 'expired-1' : 'fresh-2') });
    await oneEvent(el, 'platform-ready');
    expect(summary(id)).to.deep.equal(sorted(['load 1', 'load 2', 'ready 2', 'time-to-ready 2']));

    const fatalId = uniqueId();
    const fatal = await connected({ id: fatalId, dashboard: 'demo', session: 'expired-fixed' });
    await oneEvent(fatal, 'platform-error');
    await settle();
    expect(summary(fatalId)).to.deep.equal(['load 1']);
  });

  it('a lazy element marks its load when it comes into reach, not before', async () => {
    const id = uniqueId();
    const spacer = await fixture<HTMLDivElement>(html`<div style="height:${innerHeight * 4}px"></div>`);
    const el = document.createElement('platform-embed');
    Object.assign(el, { id, baseUrl: BASE, dashboard: 'demo', loading: 'lazy', sessionProvider: async () => 'lazy-1' });
    spacer.after(el);
    scrollTo(0, 0);
    await settle();
    expect(summary(id)).to.deep.equal([]);
    el.scrollIntoView();
    await oneEvent(el, 'platform-ready');
    expect(summary(id)).to.deep.equal(sorted(['load 1', 'ready 1', 'time-to-ready 1']));
    el.remove();
  });

  it('marks nothing, and throws nothing, where performance.mark is missing', async () => {
    const id = uniqueId();
    const { mark } = performance;
    (performance as { mark?: unknown }).mark = undefined;
    try {
      const el = await connected({ id, dashboard: 'demo', sessionProvider: async () => 's' });
      await oneEvent(el, 'platform-ready');
    } finally {
      performance.mark = mark;
    }
    expect(summary(id).filter((s) => !s.startsWith('time-to'))).to.deep.equal([]);
  });
});

describe('<platform-embed> preconnect', () => {
  const links = (origin: string) =>
    [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=preconnect]')].filter((l) => l.href === `${origin}/`);
  beforeEach(() => document.head.querySelectorAll('link[rel=preconnect]').forEach((l) => l.remove()));

  it('one link per tenant origin, added before the provider is asked, however many elements', async () => {
    let linksAtCall = -1;
    const provider = async () => {
      linksAtCall = links(TENANT).length;
      return 'p';
    };
    const first = await connected({ dashboard: 'demo', sessionProvider: provider });
    await first.updateComplete;
    expect(linksAtCall).to.equal(1);
    const second = await connected({ dashboard: 'demo', sessionProvider: provider });
    const third = await connected({ baseUrl: `${HOST_ORIGIN}/test/fixtures/tenant`, dashboard: 'demo', sessionProvider: provider });
    await Promise.all([first, second, third].map((el) => el.whenReady()));
    second.reload();
    await oneEvent(second, 'platform-ready');
    expect(links(TENANT).length).to.equal(1);
    expect(links(HOST_ORIGIN).length).to.equal(1);
  });

  it("the page's own link counts; a fixed session needs none; a lazy element adds none before it is in reach", async () => {
    const own = document.createElement('link');
    own.rel = 'preconnect';
    own.href = `${TENANT}/`;
    document.head.append(own);
    const el = await connected({ dashboard: 'demo', sessionProvider: async () => 'p' });
    await el.whenReady();
    expect(links(TENANT)).to.deep.equal([own]);

    const fixed = await connected({ baseUrl: `${HOST_ORIGIN}/test/fixtures/tenant`, dashboard: 'demo', session: 'fixed' });
    await fixed.whenReady();
    expect(links(HOST_ORIGIN).length).to.equal(0);
    fixed.remove();

    const spacer = await fixture<HTMLDivElement>(html`<div style="height:${innerHeight * 4}px"></div>`);
    const lazy = document.createElement('platform-embed');
    Object.assign(lazy, { baseUrl: `${HOST_ORIGIN}/test/fixtures/tenant`, dashboard: 'demo', loading: 'lazy', sessionProvider: async () => 'l' });
    spacer.after(lazy);
    scrollTo(0, 0);
    await settle();
    expect(links(HOST_ORIGIN).length).to.equal(0);
    lazy.scrollIntoView();
    await lazy.whenReady();
    expect(links(HOST_ORIGIN).length).to.equal(1);
    lazy.remove();
  });
});
