// The mock platform's embed page does what the platform does with its URL
// and its session settings: the filter form `{"value": …}` (and nothing
// else), `locale` resolved to a shipped language, the export menu only with
// allowExport=true and outside the header, the chat surface's switches, the
// workbook back button, the AI surfaces a session's settings withhold, and a
// `session-expiring` of its own before the credential's usable end.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { browserPath, chromiumArgs } from '../../scripts/browsers.mjs';
import { startMockPlatform } from '../../dist/testing/index.js';
import { parseFilter, parseFilterParameter } from '../../src/testing/embed/filters.js';
import { shippedLocale } from '../../src/testing/embed/format.js';

describe('mock embed page: the filter form it accepts', () => {
  it('takes the platform\'s object form, with a scalar, a list or null', () => {
    assert.deepEqual(parseFilter('f_orders.status', '{"value":"completed"}'), { member: 'orders.status', value: 'completed' });
    assert.deepEqual(parseFilter('f_orders.region', '{"value":["EU","US"]}'), { member: 'orders.region', value: ['EU', 'US'] });
    assert.deepEqual(parseFilter('f_orders.total', '{"value":10,"type":"equals"}'), { member: 'orders.total', value: 10 });
    assert.deepEqual(parseFilter('f_orders.status', '{"value":null}'), { member: 'orders.status', value: null });
    assert.deepEqual(parseFilterParameter('f_orders.status=%7B%22value%22%3A%22open%22%7D'), { member: 'orders.status', value: 'open' });
  });

  it('ignores a bare JSON value, another filter type and anything malformed', () => {
    for (const [key, json] of [
      ['f_orders.status', '"completed"'],
      ['f_orders.region', '["EU","US"]'],
      ['f_orders.total', '10'],
      ['f_orders.status', 'null'],
      ['f_orders.status', '{"values":["a"]}'],
      ['f_orders.status', '{"value":"a","type":"contains"}'],
      ['f_orders.status', '{"value":{"nested":1}}'],
      ['f_orders.status', '{"value":'],
      ['f_orders', '{"value":"a"}'],
    ]) {
      assert.equal(parseFilter(key, json), null, `${key}=${json}`);
    }
    assert.equal(parseFilterParameter('f_orders.status="open"'), null);
  });
});

describe('mock embed page: locale resolution', () => {
  it('resolves as the platform does: shipped, short code, unshipped region, or nothing', () => {
    assert.equal(shippedLocale('es-MX'), 'es-MX');
    assert.equal(shippedLocale('es'), 'es-ES');
    assert.equal(shippedLocale('es-AR'), 'es-ES');
    assert.equal(shippedLocale('de-at'), 'de-DE');
    assert.equal(shippedLocale('pt'), 'pt-BR');
    assert.equal(shippedLocale('ko-KR'), null);
    assert.equal(shippedLocale('not a tag'), null);
    assert.equal(shippedLocale(undefined), null);
  });
});

describe('mock embed page in a browser', () => {
  let platform;
  let browser;
  before(async () => {
    platform = await startMockPlatform();
    browser = await chromium.launch({ executablePath: browserPath('chromium'), args: chromiumArgs });
  });
  after(async () => {
    await browser?.close();
    await platform?.close();
  });

  /** A fresh session for a viewer with `settings`. */
  async function session(settings) {
    const response = await fetch(`${platform.url}/api/v1/embed/generate-session`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${platform.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ deploymentId: platform.deployments[0], externalId: 'ada@example.com', ...(settings ? { settings } : {}) }),
    });
    assert.equal(response.status, 200);
    return (await response.json()).sessionId;
  }

  /** Opens `path?query` with a fresh session; resolves once the surface shows. */
  async function open(path, query = '', settings, setup) {
    const page = await browser.newPage();
    const events = [];
    page.on('console', (message) => {
      const text = message.text();
      if (text.startsWith('[mock embed] →')) events.push(text.split(' ')[3]);
    });
    await setup?.(page);
    await page.goto(`${platform.url}${path}?session=${await session(settings)}${query}`);
    await page.locator('[data-testid="status-mode"]').waitFor();
    return { page, events, count: (testid) => page.locator(`[data-testid="${testid}"]`).count() };
  }

  it('applies a filter in the object form and shows no chip for a bare value', async () => {
    const filter = (json) => encodeURIComponent(json);
    const { page, count } = await open('/embed/dashboard/sales-overview', `&f_orders.region=${filter('{"value":"APAC"}')}&f_orders.plan=${filter('"Pro"')}`);
    await page.locator('[data-testid="filter-chip"]').first().waitFor();
    assert.equal(await count('filter-chip'), 1);
    assert.equal(await page.locator('[data-testid="filter-chip"]').getAttribute('data-member'), 'orders.region');
    await page.close();
  });

  it('shows export only with allowExport=true: per widget and a menu outside the header', async () => {
    const without = await open('/embed/dashboard/sales-overview');
    await without.page.locator('[data-testid="widget-grid"][aria-busy="false"]').waitFor();
    assert.equal(await without.count('export-menu'), 0);
    assert.equal(await without.page.locator('[data-testid^="download-"]').count(), 0);
    await without.page.close();

    for (const [query, menu] of [
      ['&allowExport=true', 1],
      ['&allowExport=true&showDashboardHeader=false', 1],
      ['&allowExport=true&showDashboardExportMenu=false', 0],
      ['&allowExport=TRUE', 0],
    ]) {
      const { page, count } = await open('/embed/dashboard/sales-overview', query);
      await page.locator('[data-testid="widget-grid"][aria-busy="false"]').waitFor();
      assert.equal(await count('export-menu'), menu, query);
      assert.equal(await page.locator('[data-testid="dashboard-header"] [data-testid="export-menu"]').count(), 0, `${query}: not in the header`);
      assert.equal(await count('download-table-orders-csv'), query.includes('=true') ? 1 : 0, `${query}: widget CSV`);
      await page.close();
    }
  });

  it('paints in the URL\'s locale, before the session\'s, falling through one it cannot use', async () => {
    for (const [query, settings, shown] of [
      ['&locale=es', undefined, 'es-ES'],
      ['&locale=de-AT', { locale: 'fr' }, 'de-DE'],
      ['&locale=xx-YY', { locale: 'fr' }, 'fr-FR'],
      ['', { locale: 'ja' }, 'ja-JP'],
      ['', undefined, 'en-US'],
    ]) {
      const { page } = await open('/embed/dashboard/sales-overview', query, settings);
      assert.equal(await page.locator('[data-testid="status-locale"]').textContent(), shown, `${query} ${JSON.stringify(settings)}`);
      assert.equal(await page.evaluate(() => document.documentElement.lang), shown);
      await page.close();
    }
  });

  it('honours the chat surface\'s switches, and withholds the chat when the session has no AI', async () => {
    const all = await open('/embed/chat');
    assert.deepEqual([await all.count('chat-new'), await all.count('chat-history'), await all.count('chat-input')], [1, 1, 1]);
    await all.page.close();
    const some = await open('/embed/chat', '&showNewChat=false&showChatInput=false&showChatHistory=0');
    assert.deepEqual([await some.count('chat-new'), await some.count('chat-history'), await some.count('chat-input')], [0, 1, 0]);
    await some.page.close();
    const none = await open('/embed/chat', '', { allowAi: false });
    assert.equal(await none.count('chat'), 0);
    assert.equal(await none.count('chat-unavailable'), 1);
    await none.page.close();
  });

  it('shows the dashboard\'s AI chat unless showDashboardChat or allowAi is false', async () => {
    for (const [settings, launcher] of [[undefined, 1], [{ showDashboardChat: false }, 0], [{ allowAi: false, showDashboardChat: true }, 0], [{ showDashboardChat: true }, 1]]) {
      const { page, count } = await open('/embed/dashboard/ops-health', '', settings);
      await page.locator('[data-testid="dashboard"]').waitFor();
      assert.equal(await count('dashboard-chat-launcher'), launcher, JSON.stringify(settings));
      await page.close();
    }
  });

  it('shows the workbook back button unless showWorkbookBackButton=false, and it leads to the workbooks', async () => {
    const path = `/embed/d/${platform.deployments[0]}/app/workbook/7`;
    const shown = await open(path);
    await shown.page.locator('[data-testid="workbook-back"]').click();
    await shown.page.locator('[data-testid="workbook-card-7"]').waitFor();
    await shown.page.close();
    const hidden = await open(path, '&showWorkbookBackButton=false');
    await hidden.page.locator('[data-testid="workbook-table"]').waitFor();
    assert.equal(await hidden.count('workbook-back'), 0);
    await hidden.page.close();
  });

  it('sends session-expiring once on its own before the credential\'s usable end', async () => {
    const { page, events } = await open('/embed/dashboard/sales-overview', '', undefined, (p) => p.clock.install());
    await page.locator('[data-testid="widget-grid"][aria-busy="false"]').waitFor();
    assert.ok(events.includes('platform:event:ready'));
    assert.ok(!events.includes('platform:event:session-expiring'));
    const expiring = page.waitForEvent('console', { predicate: (m) => m.text().includes('platform:event:session-expiring') });
    // Past the usable end less the notice (23 h less 10 min), with the credential still good on the mock.
    await page.clock.fastForward('22:55:00');
    await expiring;
    // Later checks of the same credential say nothing more.
    await page.clock.fastForward('00:01:00');
    await page.evaluate(() => new Promise((r) => setTimeout(r, 0)));
    assert.equal(events.filter((e) => e === 'platform:event:session-expiring').length, 1);
    assert.ok(!events.includes('platform:event:session-expired'));
    await page.close();
  });
});
