/**
 * What loads cost the host's backend and the platform: at most one provider
 * call in flight, an unused session serving the next load, no session used for
 * two navigations, and moves (appendChild, moveBefore) that waste nothing. The
 * test server logs every navigation to the fixture tenant with its session
 * (scripts/wtr-takeover-plugins.mjs), so "one navigation" is counted where the
 * platform would count it.
 */
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import type { PlatformEmbedElement } from '../../src/embed/platform-embed.js';
import { BASE, actions, eventsFor, envelope, settle, connected, moveKeepsShadowIframes, type Movable } from './helpers.js';
import { frameSrc, onFrameNavigation } from '../navigation-spy.js';
import { until } from './server-page.js';

type Log = { path: string; session: string | null }[];
const embedLog = async (): Promise<Log> => (await fetch('/__embed-log')).json();
const clearLog = () => fetch('/__embed-log?clear');
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A provider that answers after `delay` ms and records its calls and the most calls in flight at once. */
function countingProvider(delay = 40, prefix = `s${Date.now()}`) {
  const stats = { calls: 0, inFlight: 0, maxInFlight: 0, issued: [] as string[] };
  const provider = async () => {
    stats.calls++;
    stats.inFlight++;
    stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight);
    await wait(delay);
    stats.inFlight--;
    const id = `${prefix}-${stats.calls}`;
    stats.issued.push(id);
    return id;
  };
  return { provider, stats };
}

/**
 * The sessions of the navigations the element starts (each link click that
 * targets one of its iframes), as they start; a superseded one may be
 * cancelled before it reaches the server, but its session is spent all the same.
 */
function startedSessions(el: PlatformEmbedElement): string[] {
  const started: string[] = [];
  stops.push(onFrameNavigation(el.shadowRoot!, (href) => started.push(new URL(href).searchParams.get('session')!)));
  return started;
}
const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

/** Waits for the element's ready, then until the navigation log has settled. */
async function readyAndLogged(el: PlatformEmbedElement): Promise<Log> {
  if (!el.ready) await oneEvent(el, 'platform-ready');
  await settle();
  return embedLog();
}

/** Every session navigated at most once, and only sessions the provider issued. */
function expectNoSessionTwice(log: Log, issued: string[]) {
  const sessions = log.map((e) => e.session);
  expect(new Set(sessions).size, `sessions navigated: ${sessions.join(', ')}`).to.equal(sessions.length);
  for (const s of sessions) expect(issued).to.include(s);
}

describe('<platform-embed> sessions: one call in flight, nothing wasted', () => {
  beforeEach(clearLog);

  for (const [name, change] of [
    ['dashboard', (el: PlatformEmbedElement, i: number) => (el.dashboard = i % 2 ? 'demo' : 'late')],
    ['path', (el: PlatformEmbedElement, i: number) => (el.path = `/embed/d/42/app?v=${i}`)],
    ['base-url', (el: PlatformEmbedElement, i: number) => (el.baseUrl = i % 2 ? BASE : `${BASE}/`)],
  ] as const) {
    it(`${name} changed 50 times, 5 ms apart: one call in flight, every session created is navigated at most once`, async () => {
      const { provider, stats } = countingProvider(40);
      const el = await connected({ ...(name === 'path' ? { path: '/embed/d/42/app' } : { dashboard: 'demo' }), sessionProvider: provider });
      const started = startedSessions(el);
      for (let i = 0; i < 50; i++) {
        change(el, i);
        await wait(5);
      }
      const log = await readyAndLogged(el);
      expect(stats.maxInFlight).to.equal(1);
      expectNoSessionTwice(log, stats.issued);
      expect(new Set(started).size, `navigations started: ${started.join(', ')}`).to.equal(started.length);
      // Every session the backend created was navigated, but for at most one kept for the next load.
      expect(stats.issued.length - started.length).to.be.at.most(1);
      for (const { session } of log) expect(started).to.include(session);
    });
  }

  it('a reload() storm makes one call per navigation, never two in flight', async () => {
    const { provider, stats } = countingProvider(30);
    const el = await connected({ dashboard: 'demo', sessionProvider: provider });
    await oneEvent(el, 'platform-ready');
    for (let i = 0; i < 20; i++) {
      el.reload();
      if (i % 4 === 0) await wait(5);
    }
    const log = await readyAndLogged(el);
    expect(stats.maxInFlight).to.equal(1);
    expectNoSessionTwice(log, stats.issued);
  });

  it('a session that no navigation used serves the next load; reload() after a navigation gets a fresh one', async () => {
    let release!: () => void;
    let calls = 0;
    const provider = () => {
      calls++;
      return new Promise<string>((resolve) => (release = () => resolve(`kept-${calls}`)));
    };
    const el = await connected({ dashboard: 'demo', sessionProvider: provider });
    await el.updateComplete;
    el.dashboard = ''; // nothing to load mid-call: the answer is kept (a removal would drop it: see below)
    await el.updateComplete;
    release();
    await settle();
    expect(await embedLog()).to.deep.equal([]);
    el.dashboard = 'demo';
    const log = await readyAndLogged(el);
    expect(calls).to.equal(1);
    expect(log.map((e) => e.session)).to.deep.equal(['kept-1']);
    el.reload();
    await settle();
    release();
    await oneEvent(el, 'platform-ready');
    expect(calls).to.equal(2);
    expect((await embedLog()).map((e) => e.session)).to.deep.equal(['kept-1', 'kept-2']);
  });

  it('disconnected and reconnected while the call is in flight: waits for that call, whose answer serves no load, then asks again', async () => {
    const { provider, stats } = countingProvider(60);
    const el = await connected({ dashboard: 'demo', sessionProvider: provider });
    await el.updateComplete;
    const container = el.parentElement!;
    el.remove();
    container.append(el);
    const log = await readyAndLogged(el);
    expect(stats.calls).to.equal(2);
    expect(stats.maxInFlight).to.equal(1);
    expect(log.map((e) => e.session)).to.deep.equal([stats.issued[1]]);
  });

  it('a provider that rejects while a newer load waits for it: the newer load fails with SessionError', async () => {
    let reject!: (error: Error) => void;
    let calls = 0;
    const el = await connected({
      dashboard: 'demo',
      sessionProvider: () => {
        calls++;
        return new Promise<string>((_, rej) => (reject = rej));
      },
    });
    await el.updateComplete;
    el.dashboard = 'late';
    await el.updateComplete;
    const waiting = el.whenReady();
    const error = oneEvent(el, 'platform-error');
    reject(new Error('backend down'));
    expect((await error).detail).to.include({ name: 'SessionError', context: 'host', fatal: true });
    expect(((await waiting.catch((e: unknown) => e)) as Error).name).to.equal('SessionError');
    expect(calls).to.equal(1);
    expect(await embedLog()).to.deep.equal([]);
  });

  it('with neither a session nor a provider it waits: no navigation, no timeout, then one load when a provider is set', async () => {
    const el = document.createElement('platform-embed');
    Object.assign(el, { baseUrl: BASE, dashboard: 'demo', readyTimeout: 200 });
    const errors: unknown[] = [];
    el.addEventListener('platform-error', (e) => errors.push((e as CustomEvent).detail));
    (await fixture(html`<div></div>`)).append(el);
    await wait(400);
    expect(await embedLog()).to.deep.equal([]);
    expect(errors).to.deep.equal([]);
    expect(el.ready).to.equal(false);
    const { provider, stats } = countingProvider(10, `late${Date.now()}`);
    const ready = oneEvent(el, 'platform-ready');
    el.sessionProvider = provider;
    await ready;
    await settle();
    expect(stats.calls).to.equal(1);
    expect((await embedLog()).map((e) => e.session)).to.deep.equal(stats.issued);
    // Once loading, a replaced provider reloads nothing.
    el.sessionProvider = countingProvider(10).provider;
    await wait(200);
    expect((await embedLog()).length).to.equal(1);
    expect(el.ready).to.equal(true);
  });

  it('a session older than a minute is not used', async () => {
    // Date.now() moved forward: the kept session is too old for the next load.
    let calls = 0;
    let release!: () => void;
    const el = await connected({
      dashboard: 'demo',
      sessionProvider: () => {
        calls++;
        return new Promise<string>((resolve) => (release = () => resolve(`aged-${calls}`)));
      },
    });
    await el.updateComplete;
    const container = el.parentElement!;
    el.remove();
    release();
    await settle();
    const realNow = Date.now;
    const start = realNow();
    Date.now = () => realNow() - start + start + 61_000;
    try {
      container.append(el);
      await el.updateComplete;
      expect(calls).to.equal(2);
      release();
      await oneEvent(el, 'platform-ready');
    } finally {
      Date.now = realNow;
    }
    expect((await embedLog()).map((e) => e.session)).to.deep.equal(['aged-2']);
  });
});

/**
 * Two viewers' providers sharing one count of calls in flight: every session
 * is tagged with its viewer, so "no viewer's session under another viewer's
 * element" is one check of the navigation log.
 */
function viewers() {
  const stats = { inFlight: 0, maxInFlight: 0, calls: [] as string[] };
  const make = (viewer: string, delay: number) => async () => {
    const id = `${viewer}-${Date.now()}-${stats.calls.length + 1}`;
    stats.calls.push(id);
    stats.maxInFlight = Math.max(stats.maxInFlight, ++stats.inFlight);
    await wait(delay);
    stats.inFlight--;
    return id;
  };
  return { stats, make };
}

describe('<platform-embed> a session serves only loads under the provider that made it', () => {
  beforeEach(clearLog);

  /** The sessions the tenant saw, once the element is ready and the log settled. */
  const navigated = async (el: PlatformEmbedElement) => (await readyAndLogged(el)).map((e) => e.session!);

  for (const [name, later] of [
    ['removed, provider B set, inserted again 1.5 s later', 1500],
    ['removed, provider B set, inserted again 0.3 s later while A is in flight', 300],
  ] as const) {
    it(`${name}: B's session loads, never A's`, async () => {
      const { stats, make } = viewers();
      const el = await connected({ dashboard: 'demo', sessionProvider: make('A', 1000) });
      const container = el.parentElement!;
      await wait(150);
      el.remove();
      el.sessionProvider = make('B', 40);
      await wait(later);
      container.append(el);
      const sessions = await navigated(el);
      expect(sessions).to.have.length(1);
      expect(sessions[0]).to.match(/^B-/);
      expect(frameSrc(el.iframe) ?? '').not.to.contain('session=A-');
      expect(stats.maxInFlight, 'calls in flight at once').to.equal(1);
      await wait(later === 300 ? 800 : 0);
      expect(stats.calls.filter((c) => c.startsWith('B-'))).to.have.length(1);
    });
  }

  it("provider replaced and reload() in place while A's call is in flight: B's session loads, after A's call settled", async () => {
    const { stats, make } = viewers();
    const el = await connected({ dashboard: 'demo', sessionProvider: make('A', 1000) });
    await wait(150);
    el.sessionProvider = make('B', 40);
    el.reload();
    const sessions = await navigated(el);
    expect(sessions).to.have.length(1);
    expect(sessions[0]).to.match(/^B-/);
    expect(stats.calls.map((c) => c[0])).to.deep.equal(['A', 'B']);
    expect(stats.maxInFlight, 'calls in flight at once').to.equal(1);
  });

  it("provider replaced without a reload while A's call is in flight: the load waits, then loads B's session", async () => {
    const { stats, make } = viewers();
    const el = await connected({ dashboard: 'demo', sessionProvider: make('A', 500) });
    await wait(100);
    el.sessionProvider = make('B', 40);
    const sessions = await navigated(el);
    expect(sessions).to.have.length(1);
    expect(sessions[0]).to.match(/^B-/);
    expect(stats.maxInFlight).to.equal(1);
  });

  it('an unused session of A is dropped when B is set, and B serves the next load', async () => {
    const { stats, make } = viewers();
    const el = await connected({ dashboard: 'demo', sessionProvider: make('A', 100) });
    await wait(20);
    // Nothing to load while A's call runs: its session arrives and stays unused.
    el.dashboard = '';
    await wait(250);
    expect(stats.calls).to.have.length(1);
    el.sessionProvider = make('B', 20);
    el.dashboard = 'demo';
    const sessions = await navigated(el);
    expect(sessions).to.have.length(1);
    expect(sessions[0]).to.match(/^B-/);
  });

  it('a re-render storm (a new provider function every 30 ms for 1 s) during a load: it still ends ready, one call in flight, with the newest provider\'s session', async () => {
    const { stats, make } = viewers();
    const el = await connected({ dashboard: 'demo', sessionProvider: make('R0', 200), readyTimeout: 10000 });
    for (let i = 1; i <= 33; i++) {
      await wait(30);
      el.sessionProvider = make(`R${i}`, 200);
    }
    const sessions = await navigated(el);
    expect(sessions).to.have.length(1);
    expect(sessions[0]).to.match(/^R33-/);
    expect(stats.maxInFlight).to.equal(1);
  });
});

describe('<platform-embed> moves', () => {
  beforeEach(clearLog);

  it('appendChild of a ready element: one navigation, with a fresh session', async () => {
    const { provider, stats } = countingProvider(10, `mv${Date.now()}`);
    const el = await connected({ dashboard: 'demo', sessionProvider: provider });
    await readyAndLogged(el);
    const started = startedSessions(el);
    const other = document.createElement('section');
    el.parentElement!.after(other);
    other.appendChild(el);
    await oneEvent(el, 'platform-ready');
    await wait(300);
    const [first, fresh] = stats.issued;
    expect(stats.issued.length).to.equal(2);
    expect(started, 'navigations the element started').to.deep.equal([fresh]);
    expect(el.shadowRoot!.querySelectorAll('iframe').length).to.equal(1);
    // The browser re-inserts the moved iframe, and starts its navigation to the old URL, before any script
    // runs; the element drops that iframe in the same task. Whether the request has left by then is the
    // browser's race (about one move in four in Chromium 156, measured; Firefox ESR too): the element itself
    // never navigates a session twice, and the only other request is that one, never shown.
    const log = (await embedLog()).map((e) => e.session);
    expect(log.filter((session) => session !== first)).to.deep.equal([fresh]);
    expect(log.filter((session) => session === first).length).to.be.within(1, 2);
  });

  it('a live embed whose document the browser replaces with a blank one loads anew with a fresh session, never stays ready on a blank frame', async () => {
    // What Firefox ESR does to an iframe moved with moveBefore() inside a shadow tree; here the parent sends
    // the frame to about:blank, the same outcome in every browser.
    const { provider, stats } = countingProvider(10, `blank${Date.now()}`);
    const el = await connected({ dashboard: 'demo', sessionProvider: provider });
    await readyAndLogged(el);
    const started = startedSessions(el);
    let readies = 0;
    el.addEventListener('platform-ready', () => readies++);
    el.iframe!.contentWindow!.location.href = 'about:blank';
    await until(() => readies === 1, 'ready again after the blank document');
    expect(el.ready).to.equal(true);
    expect(el.iframe!.contentDocument, 'the embed document, not a blank one').to.equal(null);
    expect(stats.issued.length, 'sessions').to.equal(2);
    expect(started, 'navigations the element started').to.deep.equal([stats.issued[1]]);
  });

  it('moveBefore() in a browser that drops the moved iframe\'s document: ready again on the embed, with a fresh session', async function () {
    if (!('moveBefore' in Element.prototype) || (await moveKeepsShadowIframes())) this.skip();
    const { provider, stats } = countingProvider(10, `fx${Date.now()}`);
    const el = await connected({ dashboard: 'demo', sessionProvider: provider });
    await readyAndLogged(el);
    const other = document.createElement('section');
    el.parentElement!.after(other);
    let readies = 0;
    el.addEventListener('platform-ready', () => readies++);
    (other as unknown as Movable).moveBefore(el, null);
    await until(() => readies === 1, 'ready again after the move');
    expect(el.iframe!.contentDocument, 'the embed document, not a blank one').to.equal(null);
    expect(stats.issued.length, 'sessions').to.equal(2);
    expectNoSessionTwice(await embedLog(), stats.issued);
  });

  it('moveBefore() keeps the live embed: no navigation, no provider call, ready kept, actions and events flow', async function () {
    // Firefox ESR 153 reloads an iframe inside a moved shadow tree (a browser bug); the element cannot prevent it.
    if (!(await moveKeepsShadowIframes())) this.skip();
    const { provider, stats } = countingProvider(10);
    const el = await connected({ dashboard: 'demo', sessionProvider: provider });
    await readyAndLogged(el);
    const frame = el.iframe;
    const other = document.createElement('section');
    el.parentElement!.after(other);
    let readies = 0;
    el.addEventListener('platform-ready', () => readies++);
    (other as unknown as Movable).moveBefore(el, null);
    await wait(300);
    expect(el.parentElement).to.equal(other);
    expect(el.ready).to.equal(true);
    expect(el.iframe).to.equal(frame);
    expect(readies).to.equal(0);
    expect(stats.calls).to.equal(1);
    expect((await embedLog()).length).to.equal(1);
    el.setColorScheme('dark');
    expect((await actions(el)).map((a) => a.type)).to.include('platform:action:set-color-scheme');
    const events = await eventsFor(el, envelope('platform:event:view', { surface: 'dashboard', path: '/moved' }));
    expect(events.map((e) => e.payload.path)).to.deep.equal(['/moved']);
  });
});
