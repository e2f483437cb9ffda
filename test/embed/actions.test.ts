import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import type { PlatformEmbedElement } from '../../src/embed/platform-embed.js';
import { BASE, HOST_ORIGIN, THIRD, actions, envelope, postFromFrame, readyEmbed, report, settle, signed } from './helpers.js';

const readyEnvelope = envelope('platform:event:ready', { embedTenant: null, deploymentId: null, mode: 'private', surface: 'dashboard' });

/** A connected embed of the fixture dashboard that never sends ready by itself, loaded. */
async function silentEmbed(attrs: Partial<PlatformEmbedElement> = {}): Promise<PlatformEmbedElement> {
  const el = document.createElement('platform-embed');
  Object.assign(el, signed({ baseUrl: BASE, dashboard: 'silent', ...attrs }));
  const container = await fixture(html`<div></div>`);
  container.append(el);
  // `load` does not bubble, but a capturing listener on the shadow root sees the iframe's: the fixture's
  // (another origin, so unreadable), not the initial about:blank of the iframe before its navigation.
  await new Promise<void>((resolve) => {
    const root = el.shadowRoot!;
    root.addEventListener('load', function loaded(event) {
      if ((event.target as HTMLIFrameElement).contentDocument !== null) return;
      root.removeEventListener('load', loaded, true);
      resolve();
    }, true);
  });
  return el;
}

/** Makes the silent fixture send ready now. */
async function makeReady(el: PlatformEmbedElement): Promise<void> {
  const ready = oneEvent(el, 'platform-ready');
  postFromFrame(el, readyEnvelope);
  await ready;
}

describe('<platform-embed> actions', () => {
  it('posts each method as the spec envelope to the tenant origin', async () => {
    const el = await readyEmbed();
    el.setColorScheme('dark');
    el.setTheme({ primaryColor: '#ff0000', borderRadius: 4, font: 'Inter', brandExtra: 'kept' });
    el.setLocale('de-DE');
    el.setTimezone('Europe/Berlin');
    el.setFilter('orders.status', ['shipped', 'open']);
    el.navigate('/embed/dashboard/demo?tab=2');
    el.refresh();
    el.sendAction('platform:action:highlight-widget', { widgetId: 'w1' });
    const { actions: received } = await report(el);
    for (const { origin, data } of received) {
      expect(origin).to.equal(HOST_ORIGIN);
      expect(data).to.have.keys(['source', 'direction', 'type', 'payload', 'timestamp']);
      expect(data).to.include({ source: 'platform-embed', direction: 'action' });
      expect(data.timestamp).to.be.a('number');
    }
    expect(received.map(({ data }) => [data.type, data.payload])).to.deep.equal([
      ['platform:action:set-color-scheme', { scheme: 'dark' }],
      ['platform:action:set-theme', { primaryColor: '#ff0000', borderRadius: 4, font: 'Inter', brandExtra: 'kept' }],
      ['platform:action:set-locale', { locale: 'de-DE' }],
      ['platform:action:set-timezone', { timezone: 'Europe/Berlin' }],
      ['platform:action:set-filter', { filterUrlParameter: 'f_orders.status=["shipped","open"]' }],
      ['platform:action:navigate', { path: '/embed/dashboard/demo?tab=2' }],
      ['platform:action:refresh', {}],
      ['platform:action:highlight-widget', { widgetId: 'w1' }],
    ]);
  });

  it('state setters update the properties without sending twice', async () => {
    const el = await readyEmbed();
    el.setColorScheme('light');
    el.setTheme({ primaryColor: '#00ff00' });
    el.setLocale('fr');
    el.setTimezone('Asia/Tokyo');
    el.setFilter('orders.city', 'Paris');
    await el.updateComplete;
    expect(el.scheme).to.equal('light');
    expect(el.theme).to.deep.equal({ primaryColor: '#00ff00' });
    expect(el.locale).to.equal('fr');
    expect(el.timezone).to.equal('Asia/Tokyo');
    expect(el.filters).to.deep.equal({ 'orders.city': 'Paris' });
    expect((await actions(el)).map((a) => a.type)).to.deep.equal([
      'platform:action:set-color-scheme',
      'platform:action:set-theme',
      'platform:action:set-locale',
      'platform:action:set-timezone',
      'platform:action:set-filter',
    ]);
  });

  it('sends plain copies of proxy objects', async () => {
    const el = await readyEmbed();
    const theme = new Proxy({ primaryColor: '#123456' }, {});
    el.setTheme(theme);
    el.filters = new Proxy({ 'orders.status': new Proxy(['a'], {}) }, {});
    await el.updateComplete;
    expect((await actions(el)).map((a) => a.payload)).to.deep.equal([
      { primaryColor: '#123456' },
      { filterUrlParameter: 'f_orders.status=["a"]' },
    ]);
  });

  it('notices a theme or filters object changed in place and set again, and sends each value once', async () => {
    const theme: Record<string, string> = { primaryColor: '#111111' };
    const filters: Record<string, unknown> = { 'orders.status': 'open' };
    const el = await readyEmbed({ theme, filters });
    theme.primaryColor = '#222222';
    filters['orders.status'] = 'shipped';
    el.theme = theme;
    el.filters = filters;
    await el.updateComplete;
    // The same object with the same content again: nothing new to send.
    el.theme = theme;
    el.filters = filters;
    await el.updateComplete;
    expect((await actions(el)).map((a) => [a.type, a.payload])).to.deep.equal([
      ['platform:action:set-theme', { primaryColor: '#111111' }],
      ['platform:action:set-theme', { primaryColor: '#222222' }],
      ['platform:action:set-filter', { filterUrlParameter: 'f_orders.status="shipped"' }],
    ]);
  });

  it('sends the matching action when an attribute or property changes after ready', async () => {
    const el = await readyEmbed({ filters: { 'orders.status': 'open', 'orders.city': 'Rome' } });
    el.setAttribute('scheme', 'dark');
    el.setAttribute('locale', 'it');
    el.setAttribute('timezone', 'Europe/Rome');
    el.theme = { primaryColor: '#abcdef' };
    el.filters = { 'orders.status': 'open', 'orders.city': 'Milan', 'orders.year': 2024 };
    await el.updateComplete;
    el.filters = { 'orders.status': 'open', 'orders.city': 'Milan' };
    el.theme = { primaryColor: '#abcdef' }; // equal value: not sent again
    await el.updateComplete;
    expect((await actions(el)).map((a) => [a.type, a.payload])).to.deep.equal([
      ['platform:action:set-color-scheme', { scheme: 'dark' }],
      ['platform:action:set-theme', { primaryColor: '#abcdef' }],
      ['platform:action:set-locale', { locale: 'it' }],
      ['platform:action:set-timezone', { timezone: 'Europe/Rome' }],
      ['platform:action:set-filter', { filterUrlParameter: 'f_orders.city="Milan"' }],
      ['platform:action:set-filter', { filterUrlParameter: 'f_orders.year=2024' }],
      ['platform:action:set-filter', { filterUrlParameter: 'f_orders.year=null' }],
    ]);
  });

  it('resolves locale and timezone "auto" to the viewer', async () => {
    const el = await readyEmbed();
    el.setLocale('auto');
    el.setTimezone('auto');
    expect(el.locale).to.equal('auto');
    expect((await actions(el)).map((a) => a.payload)).to.deep.equal([
      { locale: navigator.language },
      { timezone: Intl.DateTimeFormat().resolvedOptions().timeZone },
    ]);
  });

  it('changes of path after ready navigate instead of reloading', async () => {
    const el = await readyEmbed({ dashboard: undefined, path: '/embed/d/42/app' });
    const frame = el.iframe;
    const before = await report(el);
    let readies = 0;
    el.addEventListener('platform-ready', () => readies++);
    el.path = '/embed/d/42/app/workbook/7';
    await el.updateComplete;
    const after = await report(el);
    expect(el.iframe).to.equal(frame);
    expect(after.href).to.equal(before.href);
    expect(after.actions.map((a) => [a.data.type, a.data.payload])).to.deep.equal([
      ['platform:action:navigate', { path: '/embed/d/42/app/workbook/7' }],
    ]);
    expect(readies).to.equal(0);
    expect(el.ready).to.equal(true);
  });

  it('posts with the tenant origin as target: a frame that moved to another origin receives nothing', async () => {
    const el = await readyEmbed();
    const moved = new Promise<void>((resolve) => {
      const onMessage = (event: MessageEvent) => {
        if (event.origin === THIRD && event.data?.done) {
          window.removeEventListener('message', onMessage);
          resolve();
        }
      };
      window.addEventListener('message', onMessage);
    });
    const send = encodeURIComponent(JSON.stringify([{ done: true }]));
    el.iframe!.contentWindow!.postMessage({ fixtureCommand: 'navigate', href: `${THIRD}/test/fixtures/embed.html?noready&send=${send}` }, '*');
    await moved;
    el.refresh();
    el.setColorScheme('dark');
    el.sendAction('platform:action:custom', {});
    const seen = await report(el);
    expect(seen.origin).to.equal(THIRD);
    expect(seen.actions).to.deep.equal([]);
  });

  it('waits for ready, coalesces state actions and keeps call order', async () => {
    const el = await silentEmbed();
    el.setColorScheme('light');
    el.refresh();
    el.setLocale('fr');
    el.setColorScheme('dark');
    el.setFilter('orders.status', 'open');
    el.refresh();
    el.sendAction('platform:action:custom', { n: 1 });
    el.setFilter('orders.city', 'Oslo');
    el.setFilter('orders.status', 'closed');
    el.sendAction('platform:action:custom', { n: 2 });
    el.navigate('/embed/a');
    el.navigate('/embed/b');
    await el.updateComplete;
    expect(el.ready).to.equal(false);
    expect(await actions(el)).to.deep.equal([]);
    await makeReady(el);
    expect((await actions(el)).map((a) => [a.type, a.payload])).to.deep.equal([
      ['platform:action:set-locale', { locale: 'fr' }],
      ['platform:action:set-color-scheme', { scheme: 'dark' }],
      ['platform:action:refresh', {}],
      ['platform:action:custom', { n: 1 }],
      ['platform:action:set-filter', { filterUrlParameter: 'f_orders.city="Oslo"' }],
      ['platform:action:set-filter', { filterUrlParameter: 'f_orders.status="closed"' }],
      ['platform:action:custom', { n: 2 }],
      ['platform:action:navigate', { path: '/embed/b' }],
    ]);
    expect(el.readyInfo).to.deep.equal(readyEnvelope.payload);
  });

  it('applies attribute state at ready, before waiting calls, with the latest value', async () => {
    const el = await silentEmbed({ scheme: 'dark', theme: { font: 'Inter' } });
    el.setLocale('es');
    el.refresh();
    el.setAttribute('locale', 'pt'); // changes the waiting set-locale's value
    el.setAttribute('timezone', 'America/Sao_Paulo');
    await el.updateComplete;
    await makeReady(el);
    expect((await actions(el)).map((a) => [a.type, a.payload])).to.deep.equal([
      ['platform:action:set-color-scheme', { scheme: 'dark' }],
      ['platform:action:set-theme', { font: 'Inter' }],
      ['platform:action:set-timezone', { timezone: 'America/Sao_Paulo' }],
      ['platform:action:set-locale', { locale: 'pt' }],
      ['platform:action:refresh', {}],
    ]);
  });

  it('queues filter changes made while loading, and sends a filter only once', async () => {
    const el = await silentEmbed({ filters: { 'orders.status': 'open' } });
    el.filters = { 'orders.status': 'open', 'orders.city': 'Lima' };
    await el.updateComplete;
    await makeReady(el);
    expect((await actions(el)).map((a) => a.payload)).to.deep.equal([{ filterUrlParameter: 'f_orders.city="Lima"' }]);
  });

  const invalid: [string, (el: PlatformEmbedElement) => unknown, typeof TypeError | typeof RangeError][] = [
    ['setColorScheme(5)', (el) => el.setColorScheme(5 as never), TypeError],
    ['setColorScheme("purple")', (el) => el.setColorScheme('purple' as never), RangeError],
    ['setTheme(null)', (el) => el.setTheme(null as never), TypeError],
    ['setTheme([])', (el) => el.setTheme([] as never), TypeError],
    ['setTheme({ primaryColor: 5 })', (el) => el.setTheme({ primaryColor: 5 } as never), TypeError],
    ['setTheme({ borderRadius: true })', (el) => el.setTheme({ borderRadius: true } as never), TypeError],
    ['setTheme(cyclic)', (el) => { const t: Record<string, unknown> = {}; t.self = t; el.setTheme(t); }, TypeError],
    ['setLocale(1)', (el) => el.setLocale(1 as never), TypeError],
    ['setLocale("")', (el) => el.setLocale(''), RangeError],
    ['setLocale("not a tag")', (el) => el.setLocale('not a tag'), RangeError],
    ['setTimezone(1)', (el) => el.setTimezone(1 as never), TypeError],
    ['setTimezone("+02:00")', (el) => el.setTimezone('+02:00'), RangeError],
    ['setTimezone("UTC+2")', (el) => el.setTimezone('UTC+2'), RangeError],
    ['setTimezone("-0500")', (el) => el.setTimezone('-0500'), RangeError],
    ['setTimezone("GMT+1")', (el) => el.setTimezone('GMT+1'), RangeError],
    ['setTimezone("Mars/Olympus")', (el) => el.setTimezone('Mars/Olympus'), RangeError],
    ['setFilter(1, "x")', (el) => el.setFilter(1 as never, 'x'), TypeError],
    ['setFilter("orders", "x")', (el) => el.setFilter('orders', 'x'), RangeError],
    ['setFilter("orders.", "x")', (el) => el.setFilter('orders.', 'x'), RangeError],
    ['setFilter("1a.b", "x")', (el) => el.setFilter('1a.b', 'x'), RangeError],
    ['setFilter("a.b.c", "x")', (el) => el.setFilter('a.b.c', 'x'), RangeError],
    ['setFilter("a.b", undefined)', (el) => el.setFilter('a.b', undefined), TypeError],
    ['setFilter("a.b", function)', (el) => el.setFilter('a.b', () => 1), TypeError],
    ['setFilter("a.b", symbol)', (el) => el.setFilter('a.b', Symbol('s')), TypeError],
    ['setFilter("a.b", bigint)', (el) => el.setFilter('a.b', 1n), TypeError],
    ['setFilter("a.b", cyclic)', (el) => { const v: unknown[] = []; v.push(v); el.setFilter('a.b', v); }, TypeError],
    ['setFilter("a.b", NaN)', (el) => el.setFilter('a.b', NaN), RangeError],
    ['navigate(1)', (el) => el.navigate(1 as never), TypeError],
    ['navigate("embed/x")', (el) => el.navigate('embed/x'), RangeError],
    ['sendAction(1)', (el) => el.sendAction(1 as never), TypeError],
    ['sendAction("platform:event:x")', (el) => el.sendAction('platform:event:x'), RangeError],
    ['sendAction("other")', (el) => el.sendAction('other'), RangeError],
    ['sendAction(type, "x")', (el) => el.sendAction('platform:action:x', 'x' as never), TypeError],
    ['sendAction(type, bigint)', (el) => el.sendAction('platform:action:x', { n: 1n }), TypeError],
    ['sendAction(set-color-scheme, pink)', (el) => el.sendAction('platform:action:set-color-scheme', { scheme: 'pink' }), RangeError],
    ['sendAction(navigate, {})', (el) => el.sendAction('platform:action:navigate', {}), TypeError],
  ];

  it('throws synchronously on every invalid argument and sends nothing', async () => {
    const el = await readyEmbed();
    for (const [label, call, ErrorClass] of invalid) {
      expect(() => call(el), label).to.throw(ErrorClass);
    }
    await el.updateComplete;
    expect(await actions(el)).to.deep.equal([]);
    expect(el.scheme).to.equal(undefined);
    expect(el.filters).to.equal(undefined);
  });

  it('sends nothing for methods called on an element that never loads', async () => {
    const el = document.createElement('platform-embed');
    el.refresh();
    el.setColorScheme('dark');
    expect(el.scheme).to.equal('dark');
    await settle();
    expect(el.iframe).to.equal(null);
  });
});
