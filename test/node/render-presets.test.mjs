// renderEmbed's hide and presets: into the iframe URL and the element's
// attributes exactly as the element would send and read them; a value the
// element would refuse throws a TypeError naming the option. Needs a built dist/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderEmbed } from '../../dist/server/index.js';

const base = { baseUrl: 'https://acme.platform.example', session: 'ses_1', dashboard: 'sales-overview' };
const srcOf = (html) => new URL(/<iframe[^>]* src="([^"]+)"/.exec(html)[1].replaceAll('&amp;', '&'));

test('hide and the presets go into the iframe URL and the element attributes', () => {
  const html = renderEmbed({
    ...base,
    hide: ['export-menu', 'header', 'header'],
    granularities: { 'orders.created_at': 'week' },
    fields: { 'orders.region': 'product' },
    tabs: { 'main-tabs': 'details' },
  });
  assert.deepEqual([...srcOf(html).searchParams], [
    ['session', 'ses_1'],
    ['showDashboardHeader', 'false'],
    ['showDashboardExportMenu', 'false'],
    ['tg_orders.created_at', 'week'],
    ['ms_orders.region', 'product'],
    ['tab_main-tabs', 'details'],
  ]);
  assert.match(html, /<platform-embed[^>]* hide="header export-menu"/);
  assert.match(html, / granularities="\{&quot;orders.created_at&quot;:&quot;week&quot;\}"/);
  assert.match(html, / tabs="\{&quot;main-tabs&quot;:&quot;details&quot;\}"/);
});

test('nothing is added when they are unset or empty', () => {
  const html = renderEmbed({ ...base, hide: '', granularities: {}, fields: {}, tabs: {} });
  assert.deepEqual([...srcOf(html).searchParams.keys()], ['session']);
  assert.doesNotMatch(html, / (hide|granularities|fields|tabs)=/);
});

test('a value the element would refuse throws a TypeError naming the option, never the session', () => {
  for (const [options, name] of [
    [{ hide: 'header sidebar' }, 'hide'],
    [{ hide: 3 }, 'hide'],
    [{ granularities: { 'orders.created_at': 'fortnight' } }, 'granularities'],
    [{ fields: { region: 'product' } }, 'fields'],
    [{ tabs: { 'main tabs': 'x' } }, 'tabs'],
    [{ tabs: 'main-tabs' }, 'tabs'],
  ]) {
    assert.throws(() => renderEmbed({ ...base, ...options }), (error) => {
      assert.equal(error.name, 'TypeError');
      assert.match(error.message, new RegExp(`^renderEmbed: ${name} `));
      assert.doesNotMatch(error.message, /ses_1/);
      return true;
    });
  }
});
