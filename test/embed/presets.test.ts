/**
 * `hide`, `granularities`, `fields` and `tabs`: the platform's switches and
 * presets in the embed URL (and nothing else), invalid values reported and
 * left out, and the reload with a fresh session when one changes after the
 * load started.
 */
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import type { PlatformEmbedElement } from '../../src/embed/platform-embed.js';
import { BASE, FIXTURE_SESSION, nextReady, readyEmbed, settle, spyConsole } from './helpers.js';
import { frameSrc } from '../navigation-spy.js';

/** The embed URL's query parameters other than the session. */
const params = (el: PlatformEmbedElement) => [...new URL(frameSrc(el.iframe)!).searchParams].filter(([name]) => name !== 'session');
const sessionOf = (el: PlatformEmbedElement) => new URL(frameSrc(el.iframe)!).searchParams.get('session');

/** An element with `attrs` (attributes) and `props` (properties), inserted, with its errors and warnings. */
async function embed(attrs: Record<string, string>, props: Partial<PlatformEmbedElement> = {}) {
  const el = document.createElement('platform-embed');
  for (const [name, value] of Object.entries({ 'base-url': BASE, dashboard: 'demo', session: FIXTURE_SESSION, ...attrs })) el.setAttribute(name, value);
  Object.assign(el, props);
  const errors: CustomEvent[] = [];
  el.addEventListener('platform-error', (e) => errors.push(e));
  const warn = spyConsole('warn');
  const ready = oneEvent(el, 'platform-ready');
  try {
    (await fixture(html`<div></div>`)).append(el);
    await ready;
  } finally {
    warn.restore();
  }
  return { el, errors: errors.map((e) => e.detail), warnings: warn.calls.join('\n') };
}

/** A provider that counts its calls and hands out `p-1`, `p-2`, … */
function counting() {
  const fn = Object.assign(async () => `p-${++fn.calls}`, { calls: 0 });
  return fn;
}

describe('<platform-embed> hide and presets in the embed URL', () => {
  it('sends each hide token as its show…=false switch, in a fixed order, once each', async () => {
    const { el, errors } = await embed({ hide: 'chat-history chat-input new-chat workbook-back-button export-menu duplicate-button edit-button back-button title header title' });
    expect(errors).to.deep.equal([]);
    expect(params(el)).to.deep.equal([
      ['showDashboardHeader', 'false'],
      ['showDashboardTitle', 'false'],
      ['showDashboardBackButton', 'false'],
      ['showDashboardEditButton', 'false'],
      ['showDashboardDuplicateButton', 'false'],
      ['showDashboardExportMenu', 'false'],
      ['showWorkbookBackButton', 'false'],
      ['showNewChat', 'false'],
      ['showChatInput', 'false'],
      ['showChatHistory', 'false'],
    ]);
  });

  it('sends the chat surface\'s tokens alone as showChatInput and showChatHistory', async () => {
    const { el, errors } = await embed({}, { hide: ['chat-input', 'chat-history'] });
    expect(errors).to.deep.equal([]);
    expect(params(el)).to.deep.equal([
      ['showChatInput', 'false'],
      ['showChatHistory', 'false'],
    ]);
  });

  it('takes hide as an array property', async () => {
    const { el } = await embed({}, { hide: ['export-menu', 'header'] });
    expect(params(el)).to.deep.equal([
      ['showDashboardHeader', 'false'],
      ['showDashboardExportMenu', 'false'],
    ]);
  });

  it('sends granularities, fields and tabs from JSON attributes as tg_, ms_ and tab_ parameters', async () => {
    const { el, errors } = await embed({
      granularities: '{"orders.created_at":"week","orders.shipped_at":"hour"}',
      fields: '{"orders.region":"product"}',
      tabs: '{"main-tabs":"details"}',
    });
    expect(errors).to.deep.equal([]);
    expect(params(el)).to.deep.equal([
      ['tg_orders.created_at', 'week'],
      ['tg_orders.shipped_at', 'hour'],
      ['ms_orders.region', 'product'],
      ['tab_main-tabs', 'details'],
    ]);
    expect(el.granularities).to.deep.equal({ 'orders.created_at': 'week', 'orders.shipped_at': 'hour' });
  });

  it('sends the presets set as object properties, with filters and allowExport beside them', async () => {
    const { el } = await embed(
      { 'allow-export': '' },
      { filters: { 'orders.region': 'EMEA' }, granularities: { 'orders.created_at': 'quarter' }, fields: { 'orders.amount': 'profit' }, tabs: { w1: 't_2' }, hide: 'header' },
    );
    expect(params(el)).to.deep.equal([
      ['allowExport', 'true'],
      ['f_orders.region', '"EMEA"'],
      ['showDashboardHeader', 'false'],
      ['tg_orders.created_at', 'quarter'],
      ['ms_orders.amount', 'profit'],
      ['tab_w1', 't_2'],
    ]);
  });

  it('adds nothing to the URL when none is set, or when they are empty', async () => {
    expect(params((await embed({})).el)).to.deep.equal([]);
    expect(params((await embed({ hide: '', granularities: '{}', fields: '{}', tabs: '{}' })).el)).to.deep.equal([]);
  });
});

describe('<platform-embed> invalid hide and presets', () => {
  const cases: [string, Record<string, string>, Partial<PlatformEmbedElement>, string, string[][]][] = [
    ['an unknown hide token', { hide: 'header sidebar Title' }, {}, 'hide', [['showDashboardHeader', 'false']]],
    ['a hide array with a non-token', {}, { hide: ['title', 7 as never] }, 'hide', [['showDashboardTitle', 'false']]],
    ['a hide value of the wrong type', {}, { hide: 5 as never }, 'hide', []],
    ['an invalid granularity', { granularities: '{"orders.created_at":"fortnight","orders.sent_at":"day"}' }, {}, 'granularities', [['tg_orders.sent_at', 'day']]],
    ['an upper-case granularity', {}, { granularities: { 'orders.created_at': 'Week' } }, 'granularities', []],
    ['a granularity key without a view', { granularities: '{"created_at":"day"}' }, {}, 'granularities', []],
    ['a field value that is not a string', {}, { fields: { 'orders.region': 3 as never } }, 'fields', []],
    ['a malformed field key', { fields: '{"orders.region.x":"product","orders.amount":"profit"}' }, {}, 'fields', [['ms_orders.amount', 'profit']]],
    ['a field value that is no member name', { fields: '{"orders.region":"a&b=c"}' }, {}, 'fields', []],
    ['a malformed tab id', { tabs: '{"main tabs":"details"}' }, {}, 'tabs', []],
    ['a tab value that is no id', { tabs: '{"main-tabs":"x?y"}' }, {}, 'tabs', []],
    ['tabs that are not JSON', { tabs: '{"main-tabs":' }, {}, 'tabs', []],
    ['granularities that are an array', { granularities: '["day"]' }, {}, 'granularities', []],
    ['fields of the wrong type', {}, { fields: 'orders.region' as never }, 'fields', []],
  ];
  for (const [label, attrs, props, attribute, sent] of cases) {
    it(`reports ${label} as a host ConfigError and leaves it out`, async () => {
      const { el, errors, warnings } = await embed(attrs, props);
      expect(errors.map((d) => [d.name, d.context, d.fatal])).to.deep.equal([['ConfigError', 'host', false]]);
      expect(errors[0].message).to.contain(attribute);
      expect(warnings).to.contain(`invalid ${attribute}`);
      expect(params(el)).to.deep.equal(sent);
    });
  }

  it('warns that only the refused token or entry is ignored when the rest applies, and that the value is when nothing does', async () => {
    const partial = await embed({ hide: 'header bogus' });
    expect(params(partial.el)).to.deep.equal([['showDashboardHeader', 'false']]);
    expect(partial.warnings).to.contain('invalid hide: hide has unknown token bogus; only that part is ignored, the rest applies.');
    expect(partial.warnings).not.to.contain('the value is ignored');
    const entries = await embed({ tabs: '{"main-tabs":"details","main tabs":"overview"}' });
    expect(params(entries.el)).to.deep.equal([['tab_main-tabs', 'details']]);
    expect(entries.warnings).to.contain('only that part is ignored, the rest applies.');
    const whole = await embed({ hide: 'bogus', scheme: 'sepia' });
    expect(params(whole.el)).to.deep.equal([]);
    expect(whole.warnings).to.contain('invalid hide: hide has unknown token bogus; the value is ignored.');
    expect(whole.warnings).to.contain('invalid scheme: scheme must be one of light, dark, auto; the value is ignored.');
    expect(whole.warnings).not.to.contain('the rest applies');
  });

  it('never throws on a hostile object', async () => {
    const hostile = new Proxy({}, { ownKeys: () => { throw new Error('nope'); } });
    const { el, errors } = await embed({}, { tabs: hostile as never });
    expect(errors.map((d) => d.message)).to.deep.equal(['tabs could not be read']);
    expect(params(el)).to.deep.equal([]);
  });
});

describe('<platform-embed> a change of hide or a preset reloads', () => {
  it('reloads with a fresh session and the new parameters when hide changes after ready', async () => {
    const provider = counting();
    const el = await readyEmbed({ sessionProvider: provider });
    expect(sessionOf(el)).to.equal('p-1');
    const ready = nextReady(el);
    el.hide = 'header';
    await ready;
    expect(sessionOf(el)).to.equal('p-2');
    expect(params(el)).to.deep.equal([['showDashboardHeader', 'false']]);
  });

  for (const [key, value, param] of [
    ['granularities', { 'orders.created_at': 'year' }, ['tg_orders.created_at', 'year']],
    ['fields', { 'orders.region': 'product' }, ['ms_orders.region', 'product']],
    ['tabs', { 'main-tabs': 'details' }, ['tab_main-tabs', 'details']],
  ] as const) {
    it(`reloads with a fresh session when ${key} changes after ready`, async () => {
      const provider = counting();
      const el = await readyEmbed({ sessionProvider: provider });
      const ready = nextReady(el);
      (el as unknown as Record<string, unknown>)[key] = value;
      await ready;
      expect(sessionOf(el)).to.equal('p-2');
      expect(params(el)).to.deep.equal([param]);
    });

    it(`reloads when the ${key} attribute changes`, async () => {
      const provider = counting();
      const el = await readyEmbed({ sessionProvider: provider });
      const ready = nextReady(el);
      el.setAttribute(key, JSON.stringify(value));
      await ready;
      expect(provider.calls).to.equal(2);
      expect(params(el)).to.deep.equal([param]);
    });
  }

  it('does not reload for an equal value set again (a new array or object each render)', async () => {
    const provider = counting();
    const el = await readyEmbed({ sessionProvider: provider, hide: ['title', 'header'], granularities: { 'orders.created_at': 'day' } });
    const frame = el.iframe;
    el.hide = ['header', 'title'];
    el.granularities = { 'orders.created_at': 'day' };
    el.setAttribute('hide', 'title header');
    await el.updateComplete;
    await settle();
    expect(el.iframe).to.equal(frame);
    expect(provider.calls).to.equal(1);
    expect(el.ready).to.equal(true);
  });

  it('does not reload for a refused value that leaves the sent parameters as they were', async () => {
    const provider = counting();
    const el = await readyEmbed({ sessionProvider: provider, hide: 'header' });
    const frame = el.iframe;
    el.hide = 'header bogus';
    await el.updateComplete;
    await settle();
    expect(el.iframe).to.equal(frame);
    expect(provider.calls).to.equal(1);
  });
});
