// End-to-end: the `npm start` demo in Chromium. Starts it as `npm start`
// does, drives every control of the demo page and checks the effect inside
// the cross-origin embed and the event in the page's log. Screenshots of the
// demo in light and dark land in test-results/screenshots/.
//
//   npm run build && node --test test/e2e/demo.e2e.mjs
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';
import { browserPath, chromiumArgs } from '../../scripts/browsers.mjs';
import { eventually, plain, readLog, startDemo } from './helpers.mjs';
import { describeEmbedSurfaces } from './embed-surfaces.mjs';

// E2E_SCREENSHOTS redirects the artifacts (e.g. outside test-results/, which `npm test` empties first).
const screenshots = process.env.E2E_SCREENSHOTS ?? 'test-results/screenshots';
let demo;
let browser;
let page;

// axe-core comes with @open-wc/testing (through chai-a11y-axe).
const axePath = createRequire(import.meta.resolve('@open-wc/testing')).resolve('axe-core/axe.min.js');

/** WCAG 2 A/AA violations (or those of other axe `tags`) in `target` (a page or a frame), as readable lines. */
async function axeViolations(target, tags = ['wcag2a', 'wcag2aa']) {
  await target.addScriptTag({ path: axePath });
  const violations = await target.evaluate(async (runOnly) => {
    const result = await window.axe.run(document, { runOnly });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, tags);
  return violations;
}

/** The embed's frame (the one iframe on a platform `/embed/` page). */
const embedFrame = () => page.frames().find((f) => new URL(f.url()).pathname.startsWith('/embed/'));

const frame = () => page.frameLocator('platform-embed iframe');
const byTestId = (id) => `[data-testid="${id}"]`;
const inFrame = (id) => frame().locator(byTestId(id));

/** Clears the demo's log, so a step sees only its own entries. */
async function clearLog() {
  await page.click(byTestId('log-clear'));
}

/** Resolves with the first log entry matching `predicate`. */
function logged(predicate, message) {
  return eventually(async () => (await readLog(page)).find(predicate), message);
}

/** Picks a dashboard with the content controls and waits until the embed shows it. */
async function showDashboard(publicId, title) {
  await page.click(`label:has(${byTestId('content-dashboard')})`);
  await page.selectOption(byTestId('dashboard-select'), publicId);
  await eventually(async () => (await inFrame('dashboard-title').textContent()) === title, `${publicId} is shown`);
}

const isEvent = (name) => (entry) => entry.kind === 'event' && entry.type === `platform-${name}`;

/** Today's date (`YYYY-MM-DD`) in `zone`, as seen from Node. */
const todayIn = (zone) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

before(async () => {
  mkdirSync(screenshots, { recursive: true });
  demo = await startDemo();
  browser = await chromium.launch({ executablePath: browserPath('chromium'), args: chromiumArgs });
  page = await browser.newPage({ viewport: { width: 1440, height: 1100 } });
});

after(async () => {
  await browser?.close();
  if (demo) {
    const code = await demo.stop();
    // Ctrl-C must stop both servers and end the process cleanly.
    assert.equal(code, 0, 'start.mjs exits with 0 on SIGINT');
  }
});

describe('npm start: the demo page', () => {
  it('serves the demo and the platform on two origins', async () => {
    assert.notEqual(new URL(demo.demoUrl).origin, new URL(demo.platformUrl).origin);
    const config = await (await fetch(`${demo.demoUrl}/backend/config`)).json();
    assert.equal(config.platformUrl, demo.platformUrl);
    const html = await (await fetch(demo.demoUrl)).text();
    assert.match(html, /<script type="module" src="\/dist\/platform-embed-embed\.min\.js"><\/script>/);
    assert.match(html, /<meta name="description" content="[^"]{50,160}"/);
    const bundle = await fetch(`${demo.demoUrl}/dist/platform-embed.min.js`);
    assert.equal(bundle.status, 200);
    assert.match(bundle.headers.get('content-type'), /javascript/);
    assert.equal((await fetch(`${demo.demoUrl}/server.mjs`)).status, 404, 'the demo server does not serve its own source');
    assert.equal((await fetch(`${demo.demoUrl}/favicon.ico`)).status, 204, 'no 404 for the icon in the console');
  });

  it('sends its page, scripts and styles compressed to a browser that accepts it', async () => {
    const { request } = await import('node:http');
    /** The status and headers of a GET with `accept-encoding`. */
    const head = (path, encoding) =>
      new Promise((resolve, reject) => {
        const req = request(`${demo.demoUrl}${path}`, { headers: { 'accept-encoding': encoding } }, (res) => {
          res.resume();
          resolve({ status: res.statusCode, encoding: res.headers['content-encoding'] ?? null, vary: res.headers.vary });
        });
        req.on('error', reject);
        req.end();
      });
    for (const path of ['/', '/demo.css', '/demo.js', '/dist/platform-embed-embed.min.js', '/dist/platform-embed.min.js']) {
      assert.deepEqual(await head(path, 'gzip, deflate, br'), { status: 200, encoding: 'br', vary: 'Accept-Encoding' }, path);
      assert.deepEqual(await head(path, 'gzip'), { status: 200, encoding: 'gzip', vary: 'Accept-Encoding' }, path);
      assert.equal((await head(path, 'identity')).encoding, null, path);
    }
    // Decoded, it is the file itself.
    const served = await (await fetch(`${demo.demoUrl}/dist/platform-embed-embed.min.js`)).text();
    const { readFile } = await import('node:fs/promises');
    assert.equal(served, await readFile('dist/platform-embed-embed.min.js', 'utf8'));
  });

  it('the embed tab loads the embed-only bundle, shifts nothing, and the admin bundle only comes with its tab', async () => {
    const fresh = await browser.newPage({ viewport: { width: 1350, height: 940 } });
    try {
      const scripts = [];
      fresh.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
      // Layout shifts from the first paint on, as Lighthouse counts them (none within 500 ms of an input).
      await fresh.addInitScript(() => {
        window.__shifts = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts.push({ value: e.value, sources: e.sources.map((s) => (s.node?.nodeName ?? '?') + (s.node?.className ? '.' + s.node.className : '')) });
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await fresh.goto(demo.demoUrl);
      await eventually(async () => (await fresh.$$eval('[data-testid="log-entry"]', (items) => items.map((i) => i.dataset.type))).includes('platform-dashboard-loaded'), 'the dashboard is loaded');
      await fresh.waitForTimeout(500);
      assert.deepEqual(await fresh.evaluate(() => window.__shifts), [], 'no layout shift while the embed tab loads and logs');
      assert.ok(scripts.includes('/dist/platform-embed-embed.min.js'));
      assert.ok(!scripts.includes('/dist/platform-embed.min.js') && !scripts.includes('/admin.js'), `embed tab scripts: ${scripts.join(', ')}`);
      await fresh.click(byTestId('tab-admin'));
      await fresh.locator('platform-admin-panel #field-name').waitFor();
      assert.ok(scripts.includes('/admin.js') && scripts.includes('/dist/platform-embed.min.js'), 'the admin tab loads its bundle');
    } finally {
      await fresh.close();
    }
  });

  it('the backend hands out sessions, never the API key, and only to its own page', async () => {
    const { token: apiKey } = await (await fetch(`${demo.demoUrl}/backend/admin-key`)).json();
    const response = await fetch(`${demo.demoUrl}/backend/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    assert.equal(response.status, 201);
    const body = await response.json();
    assert.deepEqual(Object.keys(body), ['sessionId']);
    assert.ok(!JSON.stringify(body).includes(apiKey));
    const foreign = await fetch(`${demo.demoUrl}/backend/session`, { method: 'POST', headers: { Origin: 'http://127.0.0.2:9' }, body: '{}' });
    assert.equal(foreign.status, 403);
  });

  it('loads the dashboard: ready, then view, then dashboard-loaded', async () => {
    await page.goto(demo.demoUrl);
    await logged(isEvent('dashboard-loaded'), 'dashboard-loaded is logged');
    const events = (await readLog(page)).filter((e) => e.kind === 'event').map((e) => e.type);
    // Named as a listener writes them.
    assert.deepEqual(events.slice(0, 3), ['platform-ready', 'platform-view', 'platform-dashboard-loaded']);
    const log = await readLog(page);
    assert.deepEqual(log.find(isEvent('ready')).detail, { embedTenant: 'acme', deploymentId: 42, mode: 'signed', surface: 'dashboard', publicId: 'sales-overview' });
    assert.equal(log.find(isEvent('dashboard-loaded')).detail.widgetCount, 5);
    assert.equal(await inFrame('dashboard-title').textContent(), 'Sales overview');
    assert.equal(await page.getAttribute(byTestId('status-ready'), 'data-ready'), 'true');
    assert.equal(await page.textContent(byTestId('status-path')), '/embed/dashboard/sales-overview');
    // The iframe carries a session id, and nothing of the API key.
    const { token: apiKey } = await (await fetch(`${demo.demoUrl}/backend/admin-key`)).json();
    // The element navigates by name: its iframe has no src, so the session never stands in the DOM.
    assert.equal(await page.locator('platform-embed iframe').getAttribute('src'), null);
    const src = embedFrame().url();
    assert.match(src, /[?&]session=[0-9a-f]{32}(&|$)/);
    assert.ok(!src.includes(apiKey));
  });

  it('color scheme: dark and light reach the embed and the page', async () => {
    await page.click(`label:has(${byTestId('scheme-dark')})`);
    await eventually(async () => (await frame().locator('html').getAttribute('data-resolved-scheme')) === 'dark', 'the embed turns dark');
    assert.equal(await page.getAttribute('html', 'data-resolved-scheme'), 'dark', 'the page follows');
    await page.click(`label:has(${byTestId('scheme-light')})`);
    await eventually(async () => (await frame().locator('html').getAttribute('data-resolved-scheme')) === 'light', 'the embed turns light');
  });

  it('color scheme auto follows the viewer’s OS preference, live', async () => {
    const resolved = () => frame().locator('html').getAttribute('data-resolved-scheme');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.click(`label:has(${byTestId('scheme-auto')})`);
    await eventually(async () => (await frame().locator('html').getAttribute('data-scheme')) === 'auto', 'the embed is set to auto');
    assert.equal(await resolved(), 'dark');
    assert.equal(await page.getAttribute('html', 'data-resolved-scheme'), 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await eventually(async () => (await resolved()) === 'light', 'the embed follows the OS back to light');
    await page.click(`label:has(${byTestId('scheme-light')})`);
  });

  it('theme: primary color, radius and font become the embed’s CSS variables', async () => {
    await page.fill(byTestId('theme-color'), '#e11d48');
    await page.fill(byTestId('theme-radius'), '4');
    await page.selectOption(byTestId('theme-font'), 'Georgia');
    await page.click(byTestId('theme-apply'));
    const fill = frame().locator('.bar-fill').first();
    await eventually(async () => (await fill.evaluate((el) => getComputedStyle(el).backgroundColor)) === 'rgb(225, 29, 72)', 'bars take the primary color');
    const styles = await frame().locator('[data-testid="widget-kpi-revenue"]').evaluate((el) => ({ radius: getComputedStyle(el).borderTopLeftRadius, font: getComputedStyle(document.body).fontFamily }));
    assert.equal(styles.radius, '4px');
    assert.match(styles.font, /^Georgia/);
  });

  it('locale: numbers are formatted for the chosen locale', async () => {
    await page.selectOption(byTestId('locale-select'), 'de-DE');
    const kpi = inFrame('kpi-kpi-revenue');
    await eventually(async () => (await inFrame('status-locale').textContent()) === 'de-DE', 'the embed reports de-DE');
    const value = Number(await kpi.getAttribute('data-value'));
    const expected = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(value);
    assert.equal(plain(await kpi.textContent()), plain(expected));
    await page.selectOption(byTestId('locale-select'), 'en-US');
    await eventually(async () => (await inFrame('status-locale').textContent()) === 'en-US', 'back to en-US');
  });

  it('timezone: an IANA zone changes "today"; an offset is refused at the host', async () => {
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      await page.fill(byTestId('timezone-input'), zone);
      await page.click(byTestId('timezone-apply'));
      const today = inFrame('status-today');
      await eventually(async () => (await today.getAttribute('data-timezone')) === zone, `the embed switches to ${zone}`);
      // Read before and after, so a date change at midnight cannot make this flaky.
      const before = todayIn(zone);
      const shown = await today.getAttribute('data-date');
      assert.ok([before, todayIn(zone)].includes(shown), `${zone}: today is ${shown}`);
      const cell = inFrame('cell-date').first();
      const iso = await cell.getAttribute('data-iso');
      const expected = new Intl.DateTimeFormat('en-US', { timeZone: zone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
      assert.equal(plain(await cell.textContent()), plain(expected), 'row dates follow the zone');
    }
    await clearLog();
    await page.fill(byTestId('timezone-input'), '+02:00');
    await page.click(byTestId('timezone-apply'));
    await page.locator(byTestId('timezone-error')).waitFor({ state: 'visible' });
    await logged((e) => e.kind === 'host-error' && e.type.includes('setTimezone'), 'the refused call is logged');
    assert.equal(await inFrame('status-today').getAttribute('data-timezone'), 'Pacific/Pago_Pago');
    await page.fill(byTestId('timezone-input'), 'UTC');
    await page.click(byTestId('timezone-apply'));
    await page.locator(byTestId('timezone-error')).waitFor({ state: 'hidden' });
  });

  it('filter: setFilter shows a chip and filters the rows; clearing removes it', async () => {
    await page.fill(byTestId('filter-member'), 'orders.region');
    await page.fill(byTestId('filter-value'), 'EMEA');
    await page.click(byTestId('filter-apply'));
    const chip = inFrame('filter-chip');
    await chip.waitFor();
    assert.equal(plain(await chip.textContent()), 'orders.region = EMEA');
    const regions = await frame().locator('[data-field="region"]').allTextContents();
    assert.ok(regions.length > 0 && regions.every((r) => r === 'EMEA'), `only EMEA rows: ${regions}`);
    assert.equal(await frame().locator('.bar').count(), 1);
    await page.click(byTestId('filter-clear'));
    await eventually(async () => (await chip.count()) === 0, 'the chip goes away');
    assert.equal(await frame().locator('.bar').count(), 3);
  });

  it('drilldown: a bar and a table cell report the measure', async () => {
    await clearLog();
    await frame().locator('.bar').first().click();
    const bar = await logged(isEvent('drilldown'), 'a bar click is logged');
    assert.equal(bar.detail.member, 'orders.total_amount');
    assert.equal(bar.detail.widgetId, 'bar-region');
    assert.equal(typeof bar.detail.value, 'number');
    await clearLog();
    await inFrame('cell-table-orders').first().click();
    const cell = await logged(isEvent('drilldown'), 'a cell click is logged');
    assert.deepEqual(Object.keys(cell.detail).sort(), ['member', 'value', 'widgetId']);
    assert.equal(cell.detail.widgetId, 'table-orders');
  });

  it('download: only with allow-export, from a widget and from the dashboard\'s menu', async () => {
    assert.equal(await inFrame('download-dashboard-pdf').count(), 0, 'no dashboard export without allow-export');
    assert.equal(await inFrame('download-table-orders-csv').count(), 0, 'no CSV without allow-export');

    await clearLog();
    await page.check(byTestId('allow-export-toggle'));
    await logged(isEvent('dashboard-loaded'), 'the embed reloads with allowExport=true');
    assert.match(embedFrame().url(), /allowExport=true/);
    await clearLog();
    await inFrame('download-dashboard-pdf').click();
    const pdf = await logged(isEvent('download'), 'the PDF export is logged');
    assert.deepEqual(pdf.detail, { format: 'pdf', target: 'dashboard', title: 'Sales overview' });
    await clearLog();
    await inFrame('download-table-orders-csv').click();
    const csv = await logged((e) => isEvent('download')(e) && e.detail.format === 'csv', 'the CSV export is logged');
    assert.equal(csv.detail.target, 'widget');
    assert.equal(csv.detail.widgetId, 'table-orders');
    assert.equal(csv.detail.rowCount, 36);
  });

  it('navigate: the embed changes route and reports navigate and view', async () => {
    await clearLog();
    await page.fill(byTestId('navigate-path'), '/embed/d/42/app/workbook/7');
    await page.click(byTestId('navigate-go'));
    const nav = await logged(isEvent('navigate'), 'navigate is logged');
    assert.deepEqual(nav.detail, { path: '/embed/d/42/app/workbook/7', previousPath: '/embed/dashboard/sales-overview' });
    const view = await logged(isEvent('view'), 'view is logged');
    assert.equal(view.detail.surface, 'app');
    assert.equal(await inFrame('surface-title').textContent(), 'Quarterly revenue review');
    await eventually(async () => (await page.textContent(byTestId('status-path'))) === '/embed/d/42/app/workbook/7', 'currentPath follows');
  });

  it('in-app chat reports ai-query with the app surface', async () => {
    await clearLog();
    await inFrame('chat-input').fill('What was revenue?');
    await inFrame('chat-submit').click();
    await logged((e) => isEvent('ai-query')(e) && e.detail.status === 'completed', 'the answer is logged');
    const queries = (await readLog(page)).filter(isEvent('ai-query'));
    assert.deepEqual(queries.map((e) => e.detail.status), ['submitted', 'completed']);
    const done = queries[1];
    assert.equal(done.detail.chatId, queries[0].detail.chatId);
    assert.equal(done.surface, 'app');
    assert.equal(done.detail.query, 'What was revenue?');
    await inFrame('chat-answer').waitFor();
    assert.deepEqual(await axeViolations(embedFrame()), [], 'the app surface passes axe');
  });

  it('switching content: dashboard, refresh and reload', async () => {
    await showDashboard('ops-health', 'Operations health');

    await clearLog();
    const before = await inFrame('status-refreshed').getAttribute('data-refreshed-at');
    await page.click(byTestId('action-refresh'));
    const loaded = await logged(isEvent('dashboard-loaded'), 'refresh loads the dashboard again');
    assert.equal(loaded.detail.publicId, 'ops-health');
    await eventually(async () => (await inFrame('status-refreshed').getAttribute('data-refreshed-at')) !== before, 'a new "last refreshed" time');

    await clearLog();
    await page.click(byTestId('action-reload'));
    await logged(isEvent('ready'), 'reload brings a new ready');
    await logged((e) => e.kind === 'call' && e.type === 'sessionProvider()', 'reload asks for a fresh session');
    await logged((e) => e.kind === 'call' && e.type === 'whenReady() resolved', 'whenReady resolves');
  });

  it('standalone chat: completed, failing query and a simulated error', async () => {
    await page.click(`label:has(${byTestId('content-chat')})`);
    await inFrame('chat-page').waitFor();
    await clearLog();
    await inFrame('chat-input').fill('please fail this query');
    await inFrame('chat-submit').click();
    const failed = await logged((e) => isEvent('ai-query')(e) && e.detail.status === 'error', 'the failed query is logged');
    assert.equal(failed.surface, 'chat');
    await inFrame('chat-error').waitFor();

    await clearLog();
    await inFrame('simulate-error').click();
    const error = await logged(isEvent('error'), 'the simulated error is logged');
    assert.equal(error.detail.fatal, false);
    assert.equal(error.detail.name, 'QueryError');
    await inFrame('error-banner').waitFor();
    assert.deepEqual(await axeViolations(embedFrame()), [], 'the chat surface passes axe');
  });

  it('expire the credential: the embed reports it, the element renews it in place, nothing reloads', async () => {
    await showDashboard('sales-overview', 'Sales overview');
    await page.waitForFunction(() => document.querySelector('platform-embed').ready);
    const frame = embedFrame();
    const before = frame.url();
    await clearLog();
    await page.click(byTestId('action-expire'));
    await logged(isEvent('session-expired'), 'the expired credential is logged');
    const renewal = await logged(isEvent('session-renewal'), 'the renewal is logged');
    assert.deepEqual(renewal.detail, { attempt: 1, error: null, trigger: 'expired', inPlace: true });
    await eventually(async () => (await frame.getByTestId('session-expired').count()) === 0, 'the embed takes the new session');
    const log = (await readLog(page)).filter((e) => e.kind === 'event').map((e) => e.type);
    assert.ok(!log.includes('platform-ready'), `no reload: ${log.join(', ')}`);
    assert.ok(!log.includes('platform-error'), `no error: ${log.join(', ')}`);
    assert.equal(embedFrame(), frame, 'the same document');
    assert.equal(frame.url(), before);
    assert.equal(await page.evaluate(() => document.querySelector('platform-embed').ready), true);
    assert.equal(await inFrame('dashboard-title').textContent(), 'Sales overview');
  });

  it('fail fatally: the error slot shows the embed message, and a reload recovers', async () => {
    await clearLog();
    await page.click(byTestId('action-fail'));
    const error = await logged(isEvent('error'), 'the fatal error is logged');
    assert.deepEqual([error.detail.name, error.detail.fatal], ['RenderError', true]);
    const slot = page.locator('platform-embed').locator('[part="error"]');
    await slot.waitFor({ state: 'visible' });
    assert.match(await slot.textContent(), /could not be rendered/);
    assert.equal(await page.getAttribute(byTestId('status-ready'), 'data-ready'), 'false');
    await eventually(async () => (await page.textContent(byTestId('status-ready'))) === 'Error', 'the status pill says Error');
    await page.click(byTestId('action-reload'));
    await logged(isEvent('ready'), 'reload recovers');
    await eventually(async () => (await page.textContent(byTestId('status-ready'))) === 'Ready', 'the status pill says Ready again');
    await slot.waitFor({ state: 'hidden' });
  });

  it('the listener card shows the code for the selected event', async () => {
    const ready = page.locator(`${byTestId('log-entry')}[data-type="platform-ready"]`).first();
    await ready.click();
    const code = await page.textContent(byTestId('listener-code'));
    assert.match(code, /embed\.addEventListener\('platform-ready', \(event\) => \{/);
    // Long lines wrap: nothing of the code is hidden past the box's right edge.
    assert.equal(await page.$eval(byTestId('listener-code'), (pre) => pre.scrollWidth - pre.clientWidth), 0, 'the listener code fits its box');
    assert.match(code, /const \{ embedTenant, deploymentId, mode, surface/);
  });

  it('the demo page and the embed pass axe (WCAG 2 A/AA) in light and dark', async () => {
    await showDashboard('sales-overview', 'Sales overview');
    await logged(isEvent('dashboard-loaded'), 'the dashboard is loaded');
    for (const scheme of ['light', 'dark']) {
      await page.click(`label:has(${byTestId(`scheme-${scheme}`)})`);
      await eventually(async () => (await frame().locator('html').getAttribute('data-resolved-scheme')) === scheme, `the embed is ${scheme}`);
      assert.deepEqual(await axeViolations(page), [], `demo page, ${scheme}`);
      assert.deepEqual(await axeViolations(embedFrame()), [], `embed, ${scheme}`);
    }
    await page.click(`label:has(${byTestId('scheme-light')})`);
  });

  it('the demo page has one h1 and passes axe best-practice rules on both tabs', async () => {
    await showDashboard('sales-overview', 'Sales overview');
    assert.deepEqual(await page.locator('h1').allTextContents(), ['Acme Insights']);
    assert.deepEqual(await axeViolations(page, ['best-practice']), [], 'embed tab');
    await page.click(byTestId('tab-admin'));
    assert.deepEqual(await axeViolations(page, ['best-practice']), [], 'admin tab');
    await page.click(byTestId('tab-embed'));
  });

  it('screenshots of the demo in light and dark', async () => {
    await showDashboard('sales-overview', 'Sales overview');
    await page.fill(byTestId('theme-color'), '#4f46e5');
    await page.fill(byTestId('theme-radius'), '10');
    await page.selectOption(byTestId('theme-font'), 'Inter');
    await page.click(byTestId('theme-apply'));
    await page.fill(byTestId('filter-value'), '["EMEA","APAC"]');
    await page.click(byTestId('filter-apply'));
    await inFrame('filter-chip').waitFor();
    for (const scheme of ['light', 'dark']) {
      await page.click(`label:has(${byTestId(`scheme-${scheme}`)})`);
      await eventually(async () => (await frame().locator('html').getAttribute('data-resolved-scheme')) === scheme, `the embed is ${scheme}`);
      await page.screenshot({ path: `${screenshots}/demo-${scheme}.png` });
    }
    await page.click(`label:has(${byTestId('scheme-light')})`);
  });

  it('the admin tab loads the deployment settings', async () => {
    await page.click(byTestId('tab-admin'));
    const loaded = await eventually(
      async () => (await readLog(page, 'admin-log-entry')).find((e) => e.type === 'platform-settings-loaded'),
      'platform-settings-loaded is logged',
    );
    assert.equal(loaded.detail.id, 42);
    assert.equal(loaded.detail.name, 'Orders analytics');
    const panel = page.locator('platform-admin-panel');
    // Text and field values of the panel's whole (shadow) tree.
    const shown = () =>
      panel.evaluate((root) => {
        const parts = [];
        const walk = (node) => {
          if (node.nodeType === Node.TEXT_NODE) parts.push(node.textContent);
          if (node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement) parts.push(node.value);
          for (const child of node.shadowRoot ? [...node.shadowRoot.childNodes, ...node.childNodes] : node.childNodes) walk(child);
        };
        walk(root);
        return parts.join(' ');
      });
    await eventually(async () => (await shown()).includes('Orders analytics'), 'the panel shows the deployment');
    assert.equal(await panel.getAttribute('token'), null, 'the token is a property, never an attribute');
    const { token } = await (await fetch(`${demo.demoUrl}/backend/admin-key`)).json();
    assert.ok(!(await page.content()).includes(token), 'the key is not in the page markup');
    for (const scheme of ['dark', 'light']) {
      await page.click(byTestId('tab-embed'));
      await page.click(`label:has(${byTestId(`scheme-${scheme}`)})`);
      await page.click(byTestId('tab-admin'));
      assert.equal(await page.getAttribute('html', 'data-resolved-scheme'), scheme);
      await page.screenshot({ path: `${screenshots}/admin-${scheme}.png` });
    }
  });
});

describeEmbedSurfaces(() => ({ demo, browser }));
