/**
 * What the element puts in the platform's URL, and what it refuses to: the
 * `locale` parameter of the first paint, filters as the JSON of the value
 * given, ids that cannot name a dashboard, reserved keys and the size limit of
 * every keyed attribute.
 */
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import type { PlatformEmbedElement } from '../../src/embed/platform-embed.js';
import { MAX_DASHBOARD_LENGTH } from '../../src/embed/config.js';
import { MAX_KEYED_LENGTH } from '../../src/embed/url.js';
import { BASE, FIXTURE_SESSION, actions, settle, spyConsole } from './helpers.js';
import { frameSrc } from '../navigation-spy.js';

/** The embed URL's query parameters other than the session. */
const params = (el: PlatformEmbedElement) => [...new URL(frameSrc(el.iframe)!).searchParams].filter(([name]) => name !== 'session');

/** An element with `attrs` and `props`, inserted; with its host errors and warnings once it is ready (or has settled, when `ready` is false). */
async function embed(attrs: Record<string, string>, props: Partial<PlatformEmbedElement> = {}, ready = true) {
  const el = document.createElement('platform-embed');
  for (const [name, value] of Object.entries({ 'base-url': BASE, session: FIXTURE_SESSION, ...attrs })) el.setAttribute(name, value);
  Object.assign(el, props);
  const errors: CustomEvent[] = [];
  el.addEventListener('platform-error', (e) => errors.push(e));
  const warn = spyConsole('warn');
  const readied = ready ? oneEvent(el, 'platform-ready') : null;
  try {
    (await fixture(html`<div></div>`)).append(el);
    await el.updateComplete;
    if (readied) await readied;
    else await settle(2);
  } finally {
    warn.restore();
  }
  return { el, errors: errors.map((e) => e.detail as { name: string; message: string; context: string }), warnings: warn.calls.join('\n') };
}

describe('<platform-embed> locale in the embed URL', () => {
  it('sends locale with the load, and set-locale after ready as before', async () => {
    const { el, errors } = await embed({ dashboard: 'demo', locale: 'de-DE' });
    expect(errors).to.deep.equal([]);
    expect(params(el)).to.deep.equal([['locale', 'de-DE']]);
    expect((await actions(el)).map((a) => [a.type, a.payload])).to.deep.equal([['platform:action:set-locale', { locale: 'de-DE' }]]);
  });

  it('sends the viewer\'s language for auto, and a later change as an action without a reload', async () => {
    const { el } = await embed({ dashboard: 'demo', locale: 'auto', timezone: 'Europe/Oslo' });
    expect(params(el)).to.deep.equal([
      ['timezone', 'Europe/Oslo'],
      ['locale', navigator.language],
    ]);
    const frame = el.iframe;
    el.locale = 'ja';
    await el.updateComplete;
    expect(el.iframe).to.equal(frame);
    expect((await actions(el)).map((a) => a.payload).at(-1)).to.deep.equal({ locale: 'ja' });
  });

  it('leaves out a locale that is no language tag', async () => {
    const { el, errors } = await embed({ dashboard: 'demo', locale: 'not a locale' });
    expect(errors.map((e) => e.name)).to.deep.equal(['ConfigError']);
    expect(params(el)).to.deep.equal([]);
  });
});

describe('<platform-embed> filters: the JSON value as given', () => {
  it('sends each value\'s JSON as it is, the platform\'s form { value } and a bare value alike', async () => {
    const { el } = await embed({ dashboard: 'demo' }, {
      filters: { 'orders.status': { value: 'completed' }, 'orders.region': ['EU', 'US'], 'orders.total': { value: 10, type: 'equals' }, 'orders.note': null },
    });
    expect(params(el)).to.deep.equal([
      ['f_orders.status', '{"value":"completed"}'],
      ['f_orders.region', '["EU","US"]'],
      ['f_orders.total', '{"value":10,"type":"equals"}'],
      ['f_orders.note', 'null'],
    ]);
  });

  it('sends setFilter\'s value as JSON.stringify(value), wrapping nothing', async () => {
    const { el } = await embed({ dashboard: 'demo' });
    el.setFilter('orders.status', { value: 'shipped' });
    el.setFilter('orders.city', { name: 'Oslo' });
    el.setFilter('orders.year', 2024);
    expect((await actions(el)).map((a) => a.payload)).to.deep.equal([
      { filterUrlParameter: 'f_orders.status={"value":"shipped"}' },
      { filterUrlParameter: 'f_orders.city={"name":"Oslo"}' },
      { filterUrlParameter: 'f_orders.year=2024' },
    ]);
  });

  it('clears a removed key with a JSON null', async () => {
    const { el } = await embed({ dashboard: 'demo' }, { filters: { 'orders.status': { value: 'open' } } });
    el.filters = {};
    await el.updateComplete;
    expect((await actions(el)).map((a) => a.payload)).to.deep.equal([{ filterUrlParameter: 'f_orders.status=null' }]);
  });
});

describe('<platform-embed> ids that cannot name a dashboard', () => {
  const refused: [string, string][] = [
    ['empty', ''],
    ['.', '.'],
    ['..', '..'],
    ['a slash', 'sales/../../api'],
    ['a backslash', '..\\api'],
    ['white space', 'sales overview'],
    ['a control character', 'sales\u0000'],
    ['too long', 'x'.repeat(MAX_DASHBOARD_LENGTH + 1)],
  ];
  for (const [label, id] of refused) {
    it(`loads nothing for ${label}, not even the path, with a ConfigError naming dashboard`, async () => {
      const { el, errors, warnings } = await embed({ dashboard: id, path: '/embed/d/42/app' }, {}, false);
      expect(frameSrc(el.iframe)).to.equal(null);
      expect(errors.map((e) => [e.name, e.context])).to.deep.equal([['ConfigError', 'host']]);
      expect(errors[0]!.message).to.match(/^dashboard /);
      expect(warnings).to.contain('dashboard');
      expect(el.ready).to.equal(false);
    });
  }

  it('loads an id of the longest length and one with characters the URL encodes', async () => {
    const longest = 'x'.repeat(MAX_DASHBOARD_LENGTH);
    // The fixture tenant serves no such dashboard: the URL is what counts here, not a ready.
    const { el, errors } = await embed({ dashboard: longest }, {}, false);
    expect(errors).to.deep.equal([]);
    expect(new URL(frameSrc(el.iframe)!).pathname.endsWith(`/embed/dashboard/${longest}`)).to.equal(true);
    el.dashboard = 'q3?x#1%';
    await el.updateComplete;
    expect(new URL(frameSrc(el.iframe)!).pathname.endsWith('/embed/dashboard/q3%3Fx%231%25')).to.equal(true);
  });

  it('loads again once a refused id is replaced by a valid one', async () => {
    const { el } = await embed({ dashboard: '..' }, {}, false);
    expect(frameSrc(el.iframe)).to.equal(null);
    const ready = oneEvent(el, 'platform-ready');
    el.dashboard = 'demo';
    await ready;
    expect(new URL(frameSrc(el.iframe)!).pathname.endsWith('/embed/dashboard/demo')).to.equal(true);
  });
});

describe('<platform-embed> keyed attributes: one set of key rules and a size limit', () => {
  const keyed: [attribute: 'filters' | 'granularities' | 'fields' | 'tabs', key: string, value: string, prefix: string][] = [
    ['filters', 'orders.status', '"open"', 'f_'],
    ['granularities', 'orders.created_at', '"week"', 'tg_'],
    ['fields', 'orders.region', '"product"', 'ms_'],
    ['tabs', 'main-tabs', '"details"', 'tab_'],
  ];
  for (const [attribute, key, value, prefix] of keyed) {
    for (const reserved of ['__proto__', 'constructor', 'prototype']) {
      it(`refuses the key ${reserved} in ${attribute} with an error, and keeps the valid entry`, async () => {
        const { el, errors } = await embed({ dashboard: 'demo', [attribute]: `{"${reserved}":${value},"${key}":${value}}` });
        expect(errors.map((e) => e.name)).to.deep.equal(['ConfigError']);
        expect(errors[0]!.message).to.equal(`${attribute} key "${reserved}" is a reserved name`);
        expect(params(el).map(([name]) => name)).to.deep.equal([prefix + key]);
      });
    }
  }

  const huge: [attribute: 'filters' | 'fields' | 'tabs', json: string][] = [
    ['fields', JSON.stringify({ 'orders.region': 'a'.repeat(100_000) })],
    ['tabs', JSON.stringify(Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`w${i}`, 'details'])))],
    ['filters', JSON.stringify({ 'orders.status': 'x'.repeat(300_000) })],
  ];
  for (const [attribute, json] of huge) {
    it(`refuses ${attribute} of ${Math.round(json.length / 1000)} KB past the limit, with one error, and keeps the URL short`, async () => {
      const { el, errors } = await embed({ dashboard: 'demo', [attribute]: json });
      expect(errors.map((e) => e.name)).to.deep.equal(['ConfigError']);
      expect(errors[0]!.message).to.contain(`${attribute} adds over ${MAX_KEYED_LENGTH} characters to the embed URL`);
      expect(frameSrc(el.iframe)!.length).to.be.below(MAX_KEYED_LENGTH + 500);
    });
  }

  it('keeps the entries before the limit, in order, and none after it', async () => {
    const tabs = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`w${i}`, 'details']));
    const { el, errors } = await embed({ dashboard: 'demo' }, { tabs });
    expect(errors).to.have.length(1);
    const sent = params(el).map(([name]) => name);
    expect(sent.length).to.be.above(50);
    expect(sent).to.deep.equal(Object.keys(tabs).slice(0, sent.length).map((id) => `tab_${id}`));
    expect(new URL(frameSrc(el.iframe)!).search.length).to.be.at.most(MAX_KEYED_LENGTH + 100);
  });

  it('refuses a setFilter that would take filters past the limit, sending nothing', async () => {
    const { el } = await embed({ dashboard: 'demo' }, { filters: { 'orders.status': 'open' } });
    expect(() => el.setFilter('orders.note', 'n'.repeat(MAX_KEYED_LENGTH))).to.throw(RangeError, /filters adds over 1500 characters/);
    expect(el.filters).to.deep.equal({ 'orders.status': 'open' });
    el.setFilter('orders.note', 'short');
    expect((await actions(el)).map((a) => a.payload)).to.deep.equal([{ filterUrlParameter: 'f_orders.note="short"' }]);
  });

  it('counts a filter as its key and its JSON, quotes included, URL-encoded', async () => {
    // `f_`, `=` and `&` (6), the key (11) and the JSON string: the value and its two quotes, each `%22`.
    const fits = MAX_KEYED_LENGTH - 6 - 'orders.note'.length - 6;
    const { el, errors } = await embed({ dashboard: 'demo' }, { filters: { 'orders.note': 'n'.repeat(fits) } });
    expect(errors).to.deep.equal([]);
    expect(params(el)).to.deep.equal([['f_orders.note', JSON.stringify('n'.repeat(fits))]]);
    expect(() => el.setFilter('orders.note', 'n'.repeat(fits + 1))).to.throw(RangeError, /filters adds over 1500 characters/);
  });

  it('accepts entries that fit exactly as before', async () => {
    const { el, errors } = await embed({ dashboard: 'demo', tabs: '{"main-tabs":"details"}', fields: '{"orders.region":"product"}' });
    expect(errors).to.deep.equal([]);
    expect(params(el)).to.deep.equal([
      ['ms_orders.region', 'product'],
      ['tab_main-tabs', 'details'],
    ]);
  });
});
