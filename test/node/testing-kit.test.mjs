// platform-embed/testing as a customer uses it: startMockPlatform(), its API
// (requests, sessions, failure rules) and MockEmbed driving a real embed page
// in Chromium, cross-origin inside a host page (host on localhost, mock on
// 127.0.0.1) that uses the built bundle and a backend session route.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { browserPath, chromiumArgs } from '../../scripts/browsers.mjs';
import { PlatformApiClient, PlatformApiError } from '../../dist/index.js';
import { startMockPlatform } from '../../dist/testing/index.js';

const bundle = new URL('../../dist/platform-embed.min.js', import.meta.url);

/** The customer's host application: a page with one embed, and a backend that holds the API key. */
async function startHost(platform) {
  const page = `<!doctype html><html lang="en"><title>Host</title>
<script type="module" src="/bundle.js"></script>
<main><h1>Orders</h1><aside id="drawer" hidden></aside>
<platform-embed base-url="${platform.url}" dashboard="sales-overview" frame-title="Sales"></platform-embed></main>
<script type="module">
  window.events = [];
  const embed = document.querySelector('platform-embed');
  embed.sessionProvider = async () => (await (await fetch('/session', { method: 'POST' })).json()).sessionId;
  for (const type of ['platform-ready', 'platform-drilldown', 'platform-error']) {
    embed.addEventListener(type, (e) => window.events.push({ type, detail: e.detail }));
  }
  embed.addEventListener('platform-drilldown', (e) => {
    const drawer = document.getElementById('drawer');
    drawer.textContent = e.detail.member + ' = ' + e.detail.value;
    drawer.hidden = false;
  });
</script></html>`;
  const api = new PlatformApiClient({ baseUrl: platform.url, token: platform.apiKey });
  const server = createServer(async (req, res) => {
    if (req.url === '/bundle.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript' });
      return res.end(await readFile(bundle));
    }
    if (req.url === '/session' && req.method === 'POST') {
      const { sessionId } = await api.generateSession({ deploymentId: platform.deployments[0], externalId: 'ada@example.com' });
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return res.end(JSON.stringify({ sessionId }));
    }
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end(page);
  });
  await new Promise((resolve) => server.listen(0, 'localhost', resolve));
  return {
    url: `http://localhost:${server.address().port}/`,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve))),
  };
}

describe('startMockPlatform: options and API', () => {
  let platform;
  before(async () => (platform = await startMockPlatform()));
  after(() => platform.close());

  it('names an unknown option, a bad port and a taken port', async () => {
    await assert.rejects(startMockPlatform({ prot: 4100 }), { name: 'TypeError', message: /unknown option "prot"/ });
    await assert.rejects(startMockPlatform({ port: -1 }), { name: 'RangeError', message: /port/ });
    const port = Number(new URL(platform.url).port);
    await assert.rejects(startMockPlatform({ port }), (error) => error.message.includes(`port ${port}`) && /in use/.test(error.message));
  });

  it('offers its url, a random API key, dashboards and deployments', async () => {
    assert.match(platform.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.match(platform.apiKey, /^mock_/);
    assert.deepEqual([...platform.dashboards], ['sales-overview', 'ops-health', 'marketing-funnel']);
    assert.deepEqual([...platform.deployments], [42, 43]);
    const page = await fetch(`${platform.url}/embed/dashboard/${platform.dashboards[1]}`);
    assert.equal(page.status, 200);
  });

  it('records requests and sessions, and accepts only its own key', async () => {
    const api = new PlatformApiClient({ baseUrl: platform.url, token: platform.apiKey });
    const { sessionId } = await api.generateSession({ deploymentId: 42, externalId: 'bo@example.com' });
    const wrong = new PlatformApiClient({ baseUrl: platform.url, token: 'mock-key-acme-admin-7f3c9a2e' });
    await assert.rejects(wrong.getDeploymentSettings(42), (e) => e instanceof PlatformApiError && e.status === 401);
    const requests = platform.requests();
    const generate = requests.find((r) => r.path === '/api/v1/embed/generate-session');
    assert.deepEqual(generate, {
      method: 'POST',
      path: '/api/v1/embed/generate-session',
      query: {},
      body: { deploymentId: 42, externalId: 'bo@example.com' },
      authorized: true,
    });
    assert.equal(requests.at(-1).authorized, false);
    assert.deepEqual(platform.sessions().at(-1), { sessionId, externalId: 'bo@example.com', used: false });
  });

  it('fails the next matching request as a rule says, then answers normally', async () => {
    const api = new PlatformApiClient({ baseUrl: platform.url, token: platform.apiKey });
    platform.fail({ operation: 'updateDeploymentSettings', status: 409 });
    await assert.rejects(api.updateDeploymentSettings(42, { name: 'Renamed' }), (e) => e instanceof PlatformApiError && e.status === 409);
    assert.deepEqual(platform.requests().at(-1).body, { name: 'Renamed' }, 'a failed write is logged with its body');
    assert.equal((await api.updateDeploymentSettings(42, { name: 'Renamed' })).name, 'Renamed');
    platform.fail({ operation: 'generateSession', status: 503, times: 2 });
    await assert.rejects(api.generateSession({ deploymentId: 42, externalId: 'c@example.com' }), (e) => e.status === 503);
  });

  it('names what is wrong with a malformed rule', () => {
    assert.throws(() => platform.fail({ operation: 'getDeploymentSettings', statuss: 500 }), { name: 'TypeError', message: /"statuss"/ });
    assert.throws(() => platform.fail({ operation: 'updateSettings', status: 500 }), { name: 'TypeError', message: /unknown operation "updateSettings"/ });
    assert.throws(() => platform.fail({ status: 500 }), { name: 'TypeError', message: /"operation" or "path"/ });
    assert.throws(() => platform.fail({ path: '/api', status: 99 }), { name: 'TypeError', message: /"status"/ });
    assert.throws(() => platform.fail('409'), TypeError);
  });

  it('keeps two mocks in one process apart', async () => {
    const other = await startMockPlatform({ apiKey: 'key-of-the-other-mock' });
    try {
      assert.notEqual(other.url, platform.url);
      assert.equal(other.apiKey, 'key-of-the-other-mock');
      const api = new PlatformApiClient({ baseUrl: other.url, token: platform.apiKey });
      await assert.rejects(api.getDeploymentSettings(42), (e) => e.status === 401);
      other.fail({ path: '/api/', status: 500, times: null });
      const mine = new PlatformApiClient({ baseUrl: platform.url, token: platform.apiKey });
      assert.equal((await mine.getDeploymentSettings(43)).id, 43);
      assert.equal(other.sessions().length, 0);
    } finally {
      await other.close();
    }
  });

  it('rejects nextEmbed with a clear message when no page connects', async () => {
    await assert.rejects(platform.nextEmbed({ timeout: 100 }), /nextEmbed: no embed page connected within 100 ms/);
    assert.throws(() => platform.nextEmbed({ timeout: -1 }), RangeError);
    assert.throws(() => platform.nextEmbed({ wait: 1 }), { name: 'TypeError', message: /"wait"/ });
  });

  it('waits 5 s by default, as the contract says (a mocked clock, no real wait)', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    let outcome;
    const waiting = platform.nextEmbed().then(
      () => (outcome = 'resolved'),
      (error) => (outcome = error.message),
    );
    t.mock.timers.tick(4_999);
    await Promise.resolve();
    assert.equal(outcome, undefined, 'still waiting just before 5 s');
    t.mock.timers.tick(1);
    await waiting;
    assert.match(outcome, /^nextEmbed: no embed page connected within 5000 ms/);
  });
});

describe('MockEmbed drives the embed page in the browser', () => {
  let browser;
  let platform;
  let host;
  let page;
  const events = (type) => page.evaluate((t) => window.events.filter((e) => e.type === t), type);
  const until = async (fn, what) => {
    for (let i = 0; i < 100; i += 1) {
      const value = await fn();
      if (value) return value;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`never: ${what}`);
  };

  before(async () => {
    browser = await chromium.launch({ executablePath: browserPath('chromium'), args: chromiumArgs });
    platform = await startMockPlatform();
    host = await startHost(platform);
    page = await browser.newPage();
    await page.goto(host.url);
  });
  after(async () => {
    await browser?.close();
    await host?.close();
    await platform?.close();
  });

  it('connects the page with its session; the host sees ready', async () => {
    const embed = await platform.nextEmbed();
    assert.equal(embed.path, '/embed/dashboard/sales-overview');
    assert.equal(embed.session, true);
    assert.deepEqual(platform.embeds(), [embed]);
    await until(async () => (await events('platform-ready')).length === 1, 'ready');
    assert.equal(platform.sessions()[0].used, true);
  });

  it('send() posts an event the host reacts to', async () => {
    const [embed] = platform.embeds();
    await embed.send('drilldown', { widgetId: 'bar-region', member: 'orders.region', value: 'EMEA' });
    await page.locator('#drawer').waitFor({ state: 'visible' });
    assert.equal(await page.locator('#drawer').textContent(), 'orders.region = EMEA');
    const [drilldown] = await events('platform-drilldown');
    assert.deepEqual(drilldown.detail, { widgetId: 'bar-region', member: 'orders.region', value: 'EMEA' });
  });

  it('waitForAction() resolves with an action the host sent, earlier ones included', async () => {
    const [embed] = platform.embeds();
    await page.evaluate(() => document.querySelector('platform-embed').setFilter('orders.region', ['EMEA', 'APAC']));
    const action = await embed.waitForAction('set-filter');
    assert.equal(action.type, 'set-filter');
    assert.equal(typeof action.payload.filterUrlParameter, 'string');
    assert.deepEqual(await embed.waitForAction('set-filter', { timeout: 10 }), action);
    assert.deepEqual(embed.actions().filter((a) => a.type === 'set-filter').length, 1);
    await assert.rejects(embed.waitForAction('set-locale', { timeout: 100 }), /waitForAction\("set-locale"\): .*no such action within 100 ms \(received: .*set-filter/);
  });

  it('fail() with context auth ends the session, and the host renews it', async () => {
    const [embed] = platform.embeds();
    await embed.fail('The session has expired.', { context: 'auth' });
    const renewed = await platform.nextEmbed();
    assert.notEqual(renewed, embed);
    assert.equal(renewed.session, true);
    await until(async () => (await events('platform-ready')).length === 2, 'a second ready');
    assert.equal(platform.sessions().length, 2);
    assert.ok(platform.sessions().every((s) => s.used));
  });

  it('fail() without auth is a non-fatal error event', async () => {
    const embed = platform.embeds().at(-1);
    await embed.fail('A query failed.', { name: 'QueryError', context: 'query' });
    const error = await until(async () => (await events('platform-error')).find((e) => e.detail.name === 'QueryError'), 'the error');
    assert.deepEqual(error.detail, { message: 'A query failed.', name: 'QueryError', context: 'query', fatal: false });
    assert.throws(() => embed.fail('x', { severity: 'high' }), { name: 'TypeError', message: /"severity"/ });
  });

  it('reload() keeps the MockEmbed, which drives the reloaded page', async () => {
    const embed = platform.embeds().at(-1);
    const count = platform.embeds().length;
    await embed.reload();
    assert.equal(platform.embeds().length, count);
    assert.equal(embed.session, true);
    await embed.send('drilldown', { member: 'orders.product', value: 'Pro' });
    await until(async () => (await page.locator('#drawer').textContent()) === 'orders.product = Pro', 'the drawer after a reload');
  });

  it('a load that reload() did not ask for is a new embed page, even at the same URL', async () => {
    const direct = await browser.newPage();
    try {
      for (let i = 0; i < 2; i += 1) {
        await direct.goto(`${platform.url}/embed/dashboard/ops-health?session=unknown`);
        const embed = await platform.nextEmbed();
        assert.equal(embed.path, '/embed/dashboard/ops-health');
        assert.equal(embed.session, false);
      }
    } finally {
      await direct.close();
    }
  });

  it('a page that is gone rejects every wait promptly, not at its timeout', async () => {
    const embed = platform.embeds().at(-1);
    await page.evaluate(() => document.querySelector('platform-embed').remove());
    const started = Date.now();
    await assert.rejects(embed.waitForAction('navigate', { timeout: 4000 }), /is gone/);
    await assert.rejects(embed.send('drilldown', { member: 'a', value: 1 }), /is gone/);
    assert.ok(Date.now() - started < 3900, 'rejected before the timeout');
  });
});

it('close() leaves no handle open: a script that drives an embed exits by itself', { timeout: 60_000 }, () => {
  const script = `
    import { chromium } from 'playwright-core';
    import { startMockPlatform } from './dist/testing/index.js';
    import { chromiumArgs } from './scripts/browsers.mjs';
    const platform = await startMockPlatform();
    const browser = await chromium.launch({ executablePath: ${JSON.stringify(browserPath('chromium'))}, args: chromiumArgs });
    const page = await browser.newPage();
    await page.goto(platform.url + '/embed/dashboard/sales-overview?session=none');
    const embed = await platform.nextEmbed();
    if (embed.session !== false) throw new Error('an unknown session was accepted');
    const waiting = embed.waitForAction('navigate', { timeout: 60000 }).catch((e) => e.message);
    await platform.close();
    console.log(await waiting);
    await browser.close();`;
  const run = spawnSync('node', ['--input-type=module', '-e', script], { cwd: new URL('../..', import.meta.url), encoding: 'utf8', timeout: 30_000 });
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /is gone/);
});

describe("the README's per-dashboard access line, as printed", () => {
  it('opens ops-health only to a session with the operations group; other dashboards stay open', async () => {
    const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
    const call = /`(startMockPlatform\(\{ dashboardAccess: [^`]+\}\))`/.exec(readme)?.[1];
    assert.ok(call, 'the README shows a startMockPlatform({ dashboardAccess }) call');
    const platform = await new Function('startMockPlatform', `return ${call};`)(startMockPlatform);
    try {
      const api = new PlatformApiClient({ baseUrl: platform.url, token: platform.apiKey });
      /** Trades a fresh session of `groups` for `path` as the embed page does: the answer's status and body. */
      const trade = async (groups, path) => {
        const { sessionId } = await api.generateSession({ deploymentId: 42, externalId: `viewer-${groups.join('-') || 'none'}-${Math.random()}`, groups });
        const response = await fetch(`${platform.url}/mock-embed/session`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ session: sessionId, path }),
        });
        return { status: response.status, body: await response.json() };
      };
      const refused = await trade(['sales'], '/embed/dashboard/ops-health');
      assert.equal(refused.status, 404);
      assert.equal(refused.body.notAllowed, true);
      assert.match(refused.body.error.message, /ops-health is not allowed for this viewer/);
      assert.equal((await trade(['operations'], '/embed/dashboard/ops-health')).status, 200);
      assert.equal((await trade(['sales'], '/embed/dashboard/sales-overview')).status, 200);
      platform.setDashboardAccess('ops-health', null);
      assert.equal((await trade(['sales'], '/embed/dashboard/ops-health')).status, 200);
    } finally {
      await platform.close();
    }
  });
});
