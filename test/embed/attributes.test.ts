import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { PlatformEmbedElement } from '../../src/embed/platform-embed.js';
import { BASE, FIXTURE_SESSION, PORT, TENANT, actions, readyEmbed, settle, spyConsole, signed, withoutFixtureSession } from './helpers.js';
import { frameSrc } from '../navigation-spy.js';

/** Inserts `<platform-embed>` built from attribute pairs, collecting its events and warnings. */
async function withAttributes(attrs: Record<string, string>) {
  const el = document.createElement('platform-embed');
  const own = 'session' in attrs || 'session-url' in attrs;
  for (const [name, value] of Object.entries(own ? attrs : { session: FIXTURE_SESSION, ...attrs })) el.setAttribute(name, value);
  const errors: CustomEvent[] = [];
  el.addEventListener('platform-error', (e) => errors.push(e));
  const warn = spyConsole('warn');
  try {
    const container = await fixture(html`<div></div>`);
    container.append(el);
    await el.updateComplete;
    await settle(1);
  } finally {
    warn.restore();
  }
  return { el, errors, warnings: warn.calls };
}

/** The URL the element loaded, without the fixture session these tests are not about. */
const src = (el: PlatformEmbedElement) => withoutFixtureSession(frameSrc(el.iframe));

describe('<platform-embed> attributes', () => {
  it('maps every attribute to its property', async () => {
    const { el } = await withAttributes({
      'base-url': BASE,
      dashboard: 'demo',
      path: '/embed/d/42/app',
      session: 's1',
      scheme: 'dark',
      locale: 'de',
      timezone: 'Europe/Berlin',
      'allow-export': '',
      'frame-title': 'Sales dashboard',
      'ready-timeout': '5000',
      allow: 'fullscreen',
      'referrer-policy': 'no-referrer',
      debug: '',
      filters: '{"orders.status":"shipped"}',
      theme: '{"primaryColor":"#f00"}',
    });
    expect(el).to.include({
      baseUrl: BASE,
      dashboard: 'demo',
      path: '/embed/d/42/app',
      session: 's1',
      scheme: 'dark',
      locale: 'de',
      timezone: 'Europe/Berlin',
      allowExport: true,
      frameTitle: 'Sales dashboard',
      readyTimeout: 5000,
      allow: 'fullscreen',
      referrerPolicy: 'no-referrer',
      debug: true,
    });
    expect(el.filters).to.deep.equal({ 'orders.status': 'shipped' });
    expect(el.theme).to.deep.equal({ primaryColor: '#f00' });
    const frame = el.iframe!;
    expect(frame.title).to.equal('Sales dashboard');
    expect(frame.getAttribute('allow')).to.equal(`fullscreen ${TENANT}`);
    expect(frame.getAttribute('referrerpolicy')).to.equal('no-referrer');
  });

  it('has the documented defaults and reflects only ready', async () => {
    const el = await readyEmbed({ session: 'not-reflected' });
    expect(el.frameTitle).to.equal('Embedded analytics');
    expect(el.readyTimeout).to.equal(20000);
    expect(el.allow).to.equal('fullscreen; clipboard-write');
    expect(el.referrerPolicy).to.equal('strict-origin-when-cross-origin');
    expect(el.allowExport).to.equal(false);
    expect(el.debug).to.equal(false);
    expect(el.iframe!.title).to.equal('Embedded analytics');
    expect(el.iframe!.getAttribute('allow')).to.equal(`fullscreen ${TENANT}; clipboard-write ${TENANT}`);
    expect(el.iframe!.getAttribute('referrerpolicy')).to.equal('strict-origin-when-cross-origin');
    expect(el.getAttributeNames()).to.deep.equal(['ready']);
  });

  it('keeps ready read-only', async () => {
    const el = await readyEmbed();
    (el as { ready: boolean }).ready = false;
    expect(el.ready).to.equal(true);
    el.removeAttribute('ready');
    expect(el.hasAttribute('ready')).to.equal(true);
    const idle = document.createElement('platform-embed');
    idle.setAttribute('ready', '');
    const container = await fixture(html`<div></div>`);
    container.append(idle);
    expect(idle.ready).to.equal(false);
    expect(idle.hasAttribute('ready')).to.equal(false);
  });

  it('builds the dashboard URL with session, timezone, allowExport and JSON filters, encoded', async () => {
    const el = document.createElement('platform-embed');
    Object.assign(el, {
      baseUrl: `${BASE}/`,
      dashboard: 'a?b#c%d',
      session: 's 1&x=2',
      timezone: 'America/New_York',
      allowExport: true,
      filters: { 'orders.status': ['shipped', 'in "transit"'], 'orders.total': 10.5, 'customers.city': 'Zürich' },
    });
    await fixture(html`<div>${el}</div>`);
    const url = new URL(src(el)!);
    expect(url.origin).to.equal(TENANT);
    expect(url.pathname).to.equal('/test/fixtures/tenant/embed/dashboard/a%3Fb%23c%25d');
    expect([...url.searchParams]).to.deep.equal([
      ['session', 's 1&x=2'],
      ['timezone', 'America/New_York'],
      ['allowExport', 'true'],
      ['f_orders.status', '["shipped","in \\"transit\\""]'],
      ['f_orders.total', '10.5'],
      ['f_customers.city', '"Zürich"'],
    ]);
  });

  it('builds a path URL when no dashboard is set, and prefers dashboard over path', async () => {
    const el = document.createElement('platform-embed');
    Object.assign(el, signed({ baseUrl: BASE, path: '/embed/d/42/app/workbook/7' }));
    await fixture(html`<div>${el}</div>`);
    expect(src(el)).to.equal(`${BASE}/embed/d/42/app/workbook/7`);
    el.dashboard = 'demo';
    await el.updateComplete;
    expect(src(el)).to.equal(`${BASE}/embed/dashboard/demo`);
  });

  it('accepts http only for local hosts and resolves timezone auto', async () => {
    for (const base of [`http://localhost:${PORT}`, `http://[::1]:${PORT}`, 'https://acme.platform.example']) {
      const el = document.createElement('platform-embed');
      Object.assign(el, signed({ baseUrl: base, dashboard: 'x', timezone: 'auto', readyTimeout: 0 }));
      await fixture(html`<div>${el}</div>`);
      const url = new URL(src(el)!);
      expect(url.origin).to.equal(new URL(base).origin);
      expect(url.searchParams.get('timezone')).to.equal(Intl.DateTimeFormat().resolvedOptions().timeZone);
      el.remove();
    }
  });

  it('takes every attribute and property set in the insertion task into the first load', async () => {
    const container = await fixture(html`<div></div>`);
    const el = document.createElement('platform-embed');
    container.append(el);
    el.setAttribute('base-url', BASE);
    el.dashboard = 'demo';
    el.session = 'same-task';
    el.filters = { 'orders.status': 'open' };
    el.setAttribute('timezone', 'Asia/Tokyo');
    const ready = oneEvent(el, 'platform-ready');
    await el.updateComplete;
    const first = el.iframe;
    const url = new URL(src(el)!);
    expect(url.searchParams.get('session')).to.equal('same-task');
    expect(url.searchParams.get('timezone')).to.equal('Asia/Tokyo');
    expect(url.searchParams.get('f_orders.status')).to.equal('"open"');
    await ready;
    expect(el.iframe).to.equal(first);
  });

  it('applies properties set before the element was defined', async () => {
    const tag = 'platform-embed-late';
    const el = document.createElement(tag) as PlatformEmbedElement;
    Object.assign(el, signed({ baseUrl: BASE, dashboard: 'demo', scheme: 'dark', theme: { font: 'Serif' }, filters: { 'a.b': 1 } }));
    const container = await fixture(html`<div></div>`);
    container.append(el);
    customElements.define(tag, class extends PlatformEmbedElement {});
    await oneEvent(el, 'platform-ready');
    expect(el.theme).to.deep.equal({ font: 'Serif' });
    expect(new URL(src(el)!).searchParams.get('f_a.b')).to.equal('1');
    expect((await actions(el)).map((a) => a.payload)).to.deep.equal([{ scheme: 'dark' }, { font: 'Serif' }]);
  });

  const invalid: [string, Record<string, string>, string][] = [
    ['a non-https base-url', { 'base-url': 'http://acme.example', dashboard: 'demo' }, 'base-url'],
    ['a non-URL base-url', { 'base-url': 'acme.example', dashboard: 'demo' }, 'base-url'],
    ['a javascript: base-url', { 'base-url': 'javascript:alert(1)', dashboard: 'demo' }, 'base-url'],
    ['a base-url with credentials', { 'base-url': 'https://u:p@acme.example', dashboard: 'demo' }, 'base-url'],
    ['a base-url with a query', { 'base-url': 'https://acme.example/?x=1', dashboard: 'demo' }, 'base-url'],
    ['a path outside /embed/', { 'base-url': BASE, path: '/api/v1/deployments' }, 'path'],
    ['a path escaping /embed/', { 'base-url': BASE, path: '/embed/../api/v1' }, 'path'],
    ['a relative path', { 'base-url': BASE, path: 'embed/d/1' }, 'path'],
  ];
  for (const [label, attrs, attribute] of invalid) {
    it(`loads nothing for ${label}, with a ConfigError event and a warning`, async () => {
      const { el, errors, warnings } = await withAttributes(attrs);
      expect(src(el)).to.equal(null);
      expect(errors.map((e) => e.detail)).to.have.length(1);
      expect(errors[0]!.detail).to.include({ name: 'ConfigError', context: 'host', fatal: false });
      expect(errors[0]!.detail.message).to.contain(attribute);
      expect(errors[0]!.bubbles && errors[0]!.composed).to.equal(true);
      expect(warnings).to.have.length(1);
      expect(warnings[0]).to.contain(attribute);
    });
  }

  const invalidState: [string, Record<string, string>, string][] = [
    ['scheme', { scheme: 'purple' }, 'scheme'],
    ['an offset timezone +02:00', { timezone: '+02:00' }, 'timezone'],
    ['an offset timezone UTC+2', { timezone: 'UTC+2' }, 'timezone'],
    ['an offset timezone -0500', { timezone: '-0500' }, 'timezone'],
    ['an offset timezone GMT+1', { timezone: 'GMT+1' }, 'timezone'],
    ['an unknown timezone', { timezone: 'Mars/Olympus' }, 'timezone'],
    ['a locale', { locale: 'not a locale' }, 'locale'],
    ['a ready-timeout', { 'ready-timeout': 'soon' }, 'ready-timeout'],
    ['a negative ready-timeout', { 'ready-timeout': '-1' }, 'ready-timeout'],
    ['theme JSON', { theme: '{"primaryColor":' }, 'theme'],
    ['a stringified theme object', { theme: '[object Object]' }, 'theme'],
    ['filters that are not an object', { filters: '["orders.status"]' }, 'filters'],
    ['a filter key', { filters: '{"status":"open"}' }, 'filters'],
  ];
  for (const [label, attrs, attribute] of invalidState) {
    it(`never sends or loads an invalid ${label}`, async () => {
      const ready = { 'base-url': BASE, dashboard: 'demo', session: FIXTURE_SESSION };
      const el = document.createElement('platform-embed');
      for (const [name, value] of Object.entries({ ...ready, ...attrs })) el.setAttribute(name, value);
      const errors: CustomEvent[] = [];
      el.addEventListener('platform-error', (e) => errors.push(e));
      const warn = spyConsole('warn');
      const readyEvent = oneEvent(el, 'platform-ready');
      try {
        const container = await fixture(html`<div></div>`);
        container.append(el);
        await readyEvent;
      } finally {
        warn.restore();
      }
      expect(errors.map((e) => e.detail.name)).to.deep.equal(['ConfigError']);
      expect(errors[0]!.detail.message).to.contain(attribute);
      expect(warn.calls.join('\n')).to.contain(attribute);
      const url = new URL(src(el)!);
      expect([...url.searchParams.keys()]).to.deep.equal([]);
      expect(await actions(el)).to.deep.equal([]);
    });
  }

  it('reports invalid property values too, without throwing', async () => {
    const el = await readyEmbed();
    const errors: string[] = [];
    el.addEventListener('platform-error', (e) => errors.push(e.detail.message));
    const warn = spyConsole('warn');
    try {
      el.scheme = 'neon' as never;
      el.theme = [1, 2] as never;
      el.filters = { 'orders.total': 5n } as never;
      el.readyTimeout = Number.NaN;
      el.path = 'relative';
      await el.updateComplete;
    } finally {
      warn.restore();
    }
    expect(errors).to.have.length(5);
    expect(warn.calls).to.have.length(5);
    expect(await actions(el)).to.deep.equal([]);
  });

  it('dispatches configuration errors after connectedCallback, so late listeners hear them', async () => {
    const container = await fixture(html`<div></div>`);
    const el = document.createElement('platform-embed');
    el.setAttribute('scheme', 'purple');
    const warn = spyConsole('warn');
    container.append(el);
    const heard = oneEvent(el, 'platform-error'); // attached after insertion
    try {
      expect((await heard).detail.name).to.equal('ConfigError');
    } finally {
      warn.restore();
    }
  });

  it('clears theme and filters when their attributes are removed', async () => {
    const { el } = await withAttributes({ theme: '{"font":"Mono"}', filters: '{"a.b":1}' });
    el.removeAttribute('theme');
    el.removeAttribute('filters');
    expect(el.theme).to.equal(undefined);
    expect(el.filters).to.equal(undefined);
  });
});

describe('<platform-embed> rendering', () => {
  it('shows the default loading status until ready, and is accessible in both states', async () => {
    const el = document.createElement('platform-embed');
    Object.assign(el, signed({ baseUrl: BASE, dashboard: 'demo' }));
    const ready = oneEvent(el, 'platform-ready');
    await fixture(html`<div>${el}</div>`);
    const loading = el.shadowRoot!.querySelector<HTMLElement>('[part="loading"]')!;
    const status = loading.querySelector('[role="status"]')!;
    expect(loading.hidden).to.equal(false);
    expect(status.textContent).to.equal('Loading…');
    expect(status.getClientRects().length).to.be.greaterThan(0);
    await expect(el).to.be.accessible();
    await ready;
    await el.updateComplete;
    expect(loading.hidden).to.equal(true);
    expect(status.getClientRects().length).to.equal(0);
    expect(el.shadowRoot!.querySelector<HTMLElement>('[part="error"]')!.hidden).to.equal(true);
    await expect(el).to.be.accessible();
  });

  it('uses slotted loading and error content', async () => {
    const el = await fixture<PlatformEmbedElement>(html`
      <platform-embed base-url=${BASE} session="fixture" dashboard="silent" ready-timeout="100">
        <p slot="loading">Preparing your dashboard</p>
        <p slot="error">Sorry, try again later</p>
      </platform-embed>
    `);
    const custom = el.querySelector<HTMLElement>('[slot="loading"]')!;
    const error = el.querySelector<HTMLElement>('[slot="error"]')!;
    expect(custom.assignedSlot!.name).to.equal('loading');
    expect(custom.getClientRects().length).to.be.greaterThan(0);
    expect(error.getClientRects().length).to.equal(0);
    await oneEvent(el, 'platform-error');
    await el.updateComplete;
    expect(custom.getClientRects().length).to.equal(0);
    expect(error.getClientRects().length).to.be.greaterThan(0);
    await expect(el).to.be.accessible();
  });

  it('shows the default error alert after a fatal error', async () => {
    const el = await fixture<PlatformEmbedElement>(html`<platform-embed base-url=${BASE} session="fixture" dashboard="silent" ready-timeout="50"></platform-embed>`);
    await oneEvent(el, 'platform-error');
    await el.updateComplete;
    const alert = el.shadowRoot!.querySelector('[part="error"] [role="alert"]')!;
    expect(alert.textContent).to.equal('The embedded content could not be loaded.');
    expect(alert.getClientRects().length).to.be.greaterThan(0);
  });

  it('exposes the iframe as ::part(iframe), filling the element', async () => {
    const style = document.createElement('style');
    style.textContent = 'platform-embed.parted::part(iframe) { outline: 3px solid rgb(1, 2, 3); }';
    document.head.append(style);
    try {
      const el = await fixture<PlatformEmbedElement>(
        html`<platform-embed class="parted" style="--platform-embed-height: 321px; width: 400px"></platform-embed>`,
      );
      const frame = el.iframe!;
      expect(frame.part.contains('iframe')).to.equal(true);
      expect(getComputedStyle(frame).outlineColor).to.equal('rgb(1, 2, 3)');
      expect(getComputedStyle(el).display).to.equal('block');
      expect(el.getBoundingClientRect().height).to.equal(321);
      expect(frame.getBoundingClientRect().height).to.equal(321);
      expect(frame.getBoundingClientRect().width).to.equal(400);
    } finally {
      style.remove();
    }
  });

  it('defaults to 600px high', async () => {
    const el = await fixture<PlatformEmbedElement>(html`<platform-embed></platform-embed>`);
    expect(el.getBoundingClientRect().height).to.equal(600);
  });

  it('carries its package version', () => {
    expect(PlatformEmbedElement.version).to.match(/^\d+\.\d+\.\d+/);
  });
});
