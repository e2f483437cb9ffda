// End-to-end checks of the mock platform's embed side on its own: the
// generate-session operation over HTTP, and the embed pages' protocol role
// seen from a plain host page on another origin (no <platform-embed>).
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { apiKeys } from '../../dist/testing/state.js';
import { eventually } from './helpers.mjs';

/**
 * Registers the suite. `context()` returns the running demo (its platform URL)
 * and the launched browser, both set up by the caller.
 * @param {() => { demo: { demoUrl: string, platformUrl: string }, browser: import('playwright-core').Browser }} context
 */
export function describeEmbedSurfaces(context) {
  describe('mock platform: generate-session', () => {
    const sessions = () => `${context().demo.platformUrl}/api/v1/embed/generate-session`;
    const post = (body, key = apiKeys.admin, headers = {}) =>
      fetch(sessions(), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(key ? { Authorization: `Bearer ${key}` } : {}), ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });

    it('creates a session for an API key, answering { sessionId }', async () => {
      const response = await post({ deploymentId: 42, externalId: 'u-1', userAttributes: [{ name: 'region', value: 'EMEA' }] });
      assert.equal(response.status, 200);
      const body = await response.json();
      assert.deepEqual(Object.keys(body), ['sessionId']);
      assert.match(body.sessionId, /^[0-9a-f]{32}$/);
    });

    it('refuses a missing key, bad bodies and content the key cannot see', async () => {
      const cases = [
        [await post({ deploymentId: 42, externalId: 'u-1' }, null), 401],
        [await post({ deploymentId: 42, externalId: 'u-1' }, 'not-a-key'), 401],
        [await post('{not json'), 400],
        [await post({}), 400],
        [await post({ deploymentId: 42 }), 400],
        [await post({ deploymentId: 42, externalId: 'u-1', internalId: 'x' }), 400],
        [await post({ deploymentId: 42, externalId: ' U-1' }), 400],
        [await post({ deploymentId: -1, externalId: 'u-1' }), 400],
        [await post({ deploymentId: 42, externalId: 'u-1', userAttributes: [{ value: 1 }] }), 400],
        [await post({ deploymentId: 42, externalId: 'u-1', embedTenantName: 'Bad Name' }), 400],
        [await post({ deploymentId: 42, externalId: 'u-1', dashboardPublicId: 'x' }), 400],
        [await post({ deploymentId: 77, externalId: 'u-1' }), 404],
      ];
      for (const [response, status] of cases) {
        assert.equal(response.status, status, `${response.url}: ${status}`);
        const body = await response.json();
        assert.equal(typeof body.error?.message, 'string');
        assert.ok(!JSON.stringify(body).includes(apiKeys.admin), 'an error never repeats the key');
      }
    });

    it('answers loopback origins only (CORS)', async () => {
      const local = await post({ deploymentId: 42, externalId: 'u-1' }, apiKeys.admin, { Origin: 'http://localhost:5173' });
      assert.equal(local.headers.get('access-control-allow-origin'), 'http://localhost:5173');
      const foreign = await post({ deploymentId: 42, externalId: 'u-1' }, apiKeys.admin, { Origin: 'https://evil.example' });
      assert.equal(foreign.headers.get('access-control-allow-origin'), null);
      const get = await fetch(sessions());
      assert.equal(get.status, 405);
    });
  });

  describe('mock platform: embed pages speak the protocol', () => {
    let page;
    let platform;
    let hostOrigin;

    async function createSession(body = {}, key = apiKeys.admin) {
      const response = await fetch(`${platform}/api/v1/embed/generate-session`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ deploymentId: 42, externalId: 'viewer-1', ...body }),
      });
      assert.equal(response.status, 200);
      return (await response.json()).sessionId;
    }

    /** Loads `src` in a plain iframe of a page on the demo's origin; messages are collected. */
    async function host(src) {
      await page.goto(`${context().demo.demoUrl}/e2e-blank`);
      await page.setContent('<iframe id="f" style="width:1100px;height:700px;border:0"></iframe>');
      await page.evaluate((url) => {
        window.msgs = [];
        window.addEventListener('message', (e) => window.msgs.push({ origin: e.origin, fromFrame: e.source === document.getElementById('f').contentWindow, data: e.data }));
        document.getElementById('f').src = url;
      }, src);
      return page.frameLocator('#f');
    }

    const messages = () => page.evaluate(() => window.msgs);
    const types = async () => (await messages()).map((m) => m.data.type.replace('platform:event:', ''));
    const waitForType = (type, n = 1) =>
      eventually(async () => (await types()).filter((t) => t === type).length >= n, `${type} ×${n} arrives`);
    const action = (type, payload, extra = {}) =>
      page.evaluate(
        ([t, p, x, target]) =>
          document.getElementById('f').contentWindow.postMessage({ source: 'platform-embed', direction: 'action', type: `platform:action:${t}`, payload: p, timestamp: Date.now(), ...x }, target),
        [type, payload, extra, platform],
      );

    before(async () => {
      platform = context().demo.platformUrl;
      hostOrigin = new URL(context().demo.demoUrl).origin;
      page = await context().browser.newPage();
    });
    after(async () => page?.close());

    for (const [label, makeSrc] of [
      ['a missing session', async () => `${platform}/embed/dashboard/sales-overview`],
      ['an unknown session', async () => `${platform}/embed/dashboard/sales-overview?session=ses_unknown`],
      [
        'an expired session',
        async () => {
          const id = await createSession();
          const r = await fetch(`${platform}/mock-embed/sessions/expire`, { method: 'POST', body: JSON.stringify({ sessionId: id }) });
          assert.equal(r.status, 200);
          return `${platform}/embed/dashboard/sales-overview?session=${id}`;
        },
      ],
      ['a session of another deployment', async () => `${platform}/embed/d/42/app?session=${await createSession({ deploymentId: 77 }, apiKeys.noAnalytics)}`],
      [
        'a session used once already',
        async () => {
          const id = await createSession();
          const spent = await fetch(`${platform}/mock-embed/session`, { method: 'POST', body: JSON.stringify({ session: id, path: '/embed/dashboard/sales-overview' }) });
          assert.equal(spent.status, 200);
          return `${platform}/embed/dashboard/sales-overview?session=${id}`;
        },
      ],
    ]) {
      it(`${label}: one fatal SessionError and an error screen, nothing else`, async () => {
        const frame = await host(await makeSrc());
        await frame.locator('[data-testid="error-screen"]').waitFor();
        await waitForType('error');
        const all = await messages();
        assert.equal(all.length, 1, JSON.stringify(all));
        const [{ origin, fromFrame, data }] = all;
        assert.equal(origin, platform);
        assert.ok(fromFrame);
        assert.equal(data.source, 'platform-embed');
        assert.equal(data.direction, 'event');
        assert.equal(typeof data.timestamp, 'number');
        assert.equal(data.payload.name, 'SessionError');
        assert.equal(data.payload.context, 'auth');
        assert.equal(data.payload.fatal, true);
        assert.equal(typeof data.payload.message, 'string');
      });
    }

    it('ready first, then view, then dashboard-loaded; URL parameters are honoured', async () => {
      const id = await createSession({ externalId: 'viewer-7' });
      const frame = await host(`${platform}/embed/dashboard/sales-overview?session=${id}&timezone=Asia/Tokyo&allowExport=true&f_orders.region=${encodeURIComponent('{"value":"APAC"}')}`);
      await waitForType('dashboard-loaded');
      const all = await messages();
      assert.deepEqual(all.map((m) => m.data.type), ['platform:event:ready', 'platform:event:view', 'platform:event:dashboard-loaded']);
      for (const m of all) {
        assert.equal(m.origin, platform);
        assert.equal(m.data.surface, 'dashboard');
        assert.equal(m.data.direction, 'event');
      }
      assert.deepEqual(all[0].data.payload, { embedTenant: 'acme', deploymentId: 42, mode: 'signed', surface: 'dashboard', publicId: 'sales-overview' });
      assert.deepEqual(all[1].data.payload, { surface: 'dashboard', path: '/embed/dashboard/sales-overview', publicId: 'sales-overview', title: 'Sales overview' });
      assert.equal(all[2].data.payload.publicId, 'sales-overview');
      assert.equal(all[2].data.payload.widgetCount, 5);
      assert.equal(typeof all[2].data.payload.loadDurationMs, 'number');
      assert.equal(await frame.locator('[data-testid="status-timezone"]').textContent(), 'Asia/Tokyo');
      assert.equal(await frame.locator('[data-testid="filter-chip"]').getAttribute('data-member'), 'orders.region');
      const regions = await frame.locator('[data-field="region"]').allTextContents();
      assert.ok(regions.length > 0 && regions.every((r) => r === 'APAC'));
      assert.ok((await frame.locator('[data-testid="download-table-orders-csv"]').count()) === 1, 'CSV export with allowExport=true');
      assert.equal(await frame.locator('[data-testid="status-user"]').textContent(), 'Viewing as viewer-7');
    });

    it('row-level security: a region user attribute restricts the data, and the viewer line says so', async () => {
      const id = await createSession({ externalId: 'ada@example.com', userAttributes: [{ name: 'region', value: 'EMEA' }] });
      const frame = await host(`${platform}/embed/dashboard/sales-overview?session=${id}`);
      await waitForType('dashboard-loaded');
      const regions = await frame.locator('[data-field="region"]').allTextContents();
      assert.ok(regions.length > 0 && regions.every((r) => r === 'EMEA'), regions.join());
      assert.equal(await frame.locator('[data-testid="status-user"]').textContent(), 'Viewing as ada@example.com (region EMEA)');
    });

    it('a reload of the embed page keeps its credential; an expired one is reported and renewed in place by set-session', async () => {
      const id = await createSession();
      const frame = await host(`${platform}/embed/dashboard/sales-overview?session=${id}`);
      await waitForType('ready');
      // The embed reloads itself: it presents its credential, not the spent session.
      await page.evaluate(() => document.getElementById('f').contentWindow.postMessage({ source: 'platform-embed', direction: 'action', type: 'platform:action:refresh', payload: {}, timestamp: Date.now() }, '*'));
      const expire = await fetch(`${platform}/mock-embed/sessions/expire`, { method: 'POST', body: JSON.stringify({ sessionId: id }) });
      assert.equal(expire.status, 200);
      // As the platform does after about 23 hours: it says so once and waits for a new session.
      await frame.locator('[data-testid="session-expired"]').waitFor();
      await waitForType('session-expired');
      assert.ok(!(await types()).includes('error'));
      // A spent session is refused with the platform's fatal auth error; a fresh one renews in place.
      const fresh = await createSession();
      await action('set-session', { sessionId: fresh });
      await frame.locator('[data-testid="session-expired"]').waitFor({ state: 'detached' });
      assert.equal(await frame.locator('[data-testid="dashboard-title"]').textContent(), 'Sales overview');
      assert.deepEqual((await types()).filter((t) => t === 'ready'), ['ready'], 'no reload');
      await action('set-session', { sessionId: fresh });
      await frame.locator('[data-testid="error-screen"]').waitFor();
      const errors = (await messages()).filter((m) => m.data.type === 'platform:event:error').map((m) => m.data.payload);
      assert.deepEqual(errors.map((p) => [p.name, p.context, p.fatal]), [['SessionError', 'auth', true]]);
    });

    it('a platform failure ends the open embed with a fatal, non-session error', async () => {
      const id = await createSession();
      const frame = await host(`${platform}/embed/dashboard/sales-overview?session=${id}`);
      await waitForType('ready');
      const fail = await fetch(`${platform}/mock-embed/sessions/fail`, { method: 'POST', body: JSON.stringify({ sessionId: id, message: 'The warehouse is down.' }) });
      assert.equal(fail.status, 200);
      await frame.locator('[data-testid="error-screen"]').waitFor();
      const errors = (await messages()).filter((m) => m.data.type === 'platform:event:error').map((m) => m.data.payload);
      assert.deepEqual(errors, [{ name: 'RenderError', message: 'The warehouse is down.', context: 'render', fatal: true }]);
    });

    it('an offset timezone parameter is ignored', async () => {
      const id = await createSession();
      const frame = await host(`${platform}/embed/chat?session=${id}&timezone=${encodeURIComponent('+02:00')}`);
      await waitForType('view');
      assert.equal(await frame.locator('[data-testid="status-timezone"]').textContent(), 'UTC');
      assert.deepEqual((await messages()).map((m) => m.data.surface), ['chat', 'chat']);
    });

    it('ignores malformed actions and actions from other origins', async () => {
      const id = await createSession();
      const frame = await host(`${platform}/embed/d/42/app?session=${id}`);
      await waitForType('view');
      const zone = frame.locator('[data-testid="status-timezone"]');
      await action('set-timezone', { timezone: 'Asia/Tokyo' }, { surface: 'app' });
      await action('set-timezone', { timezone: 'Asia/Tokyo' }, { direction: 'event' });
      await action('set-timezone', { timezone: 'Asia/Tokyo' }, { timestamp: 'now' });
      await action('set-timezone', ['Asia/Tokyo']);
      await action('set-timezone', { timezone: 'UTC+2' });
      // A third origin (the demo server reached as 127.0.0.1) posting into the embed.
      await page.evaluate(([src]) => {
        const other = document.createElement('iframe');
        other.src = src;
        other.id = 'other';
        document.body.append(other);
        return new Promise((resolve) => other.addEventListener('load', resolve));
      }, [`${context().demo.demoUrl.replace('localhost', '127.0.0.1')}/e2e-blank`]);
      const other = page.frames().find((f) => f.url().includes('127.0.0.1') && f.url().endsWith('/e2e-blank'));
      assert.ok(other, 'the foreign frame loaded');
      assert.notEqual(new URL(other.url()).origin, hostOrigin);
      await other.evaluate(() =>
        window.parent.frames[0].postMessage({ source: 'platform-embed', direction: 'action', type: 'platform:action:set-timezone', payload: { timezone: 'Asia/Tokyo' }, timestamp: Date.now() }, '*'),
      );
      // Messages are handled in order: once this one shows, the ones before were seen and dropped.
      await action('set-locale', { locale: 'de-DE' });
      await eventually(async () => (await frame.locator('[data-testid="status-locale"]').textContent()) === 'de-DE', 'the valid action applies');
      assert.equal(await zone.textContent(), 'UTC');
    });

    it('navigate: known paths report navigate and view, unknown ones a non-fatal error', async () => {
      const id = await createSession();
      const frame = await host(`${platform}/embed/d/42/app?session=${id}`);
      await waitForType('view');
      await action('navigate', { path: '/embed/d/42/app/workbook/12' });
      await waitForType('view', 2);
      await action('navigate', { path: '/embed/nowhere' });
      await waitForType('error');
      await action('navigate', { path: '/embed/d/42/chat' });
      await waitForType('view', 3);
      const all = (await messages()).map((m) => [m.data.type.replace('platform:event:', ''), m.data.surface, m.data.payload]);
      assert.deepEqual(all.slice(2), [
        ['navigate', 'app', { path: '/embed/d/42/app/workbook/12', previousPath: '/embed/d/42/app' }],
        ['view', 'app', { surface: 'app', path: '/embed/d/42/app/workbook/12', title: 'Incident retrospective' }],
        ['error', 'app', { message: 'Cannot navigate to /embed/nowhere: no such page.', name: 'NavigationError', context: 'navigate', fatal: false }],
        ['navigate', 'chat', { path: '/embed/d/42/chat', previousPath: '/embed/d/42/app/workbook/12' }],
        ['view', 'chat', { surface: 'chat', path: '/embed/d/42/chat', title: 'Analytics chat' }],
      ]);
      await frame.locator('[data-testid="chat-page"]').waitFor();
    });

    it('an unpublished dashboard mounts, then reports the platform\'s fatal NotFoundError', async () => {
      const id = await createSession();
      const frame = await host(`${platform}/embed/dashboard/retired-report?session=${id}`);
      await waitForType('error');
      const all = await messages();
      assert.deepEqual(all.map((m) => m.data.type.replace('platform:event:', '')), ['ready', 'view', 'error']);
      assert.equal(all[2].data.payload.fatal, true);
      assert.equal(all[2].data.payload.name, 'NotFoundError');
      await frame.locator('[data-testid="not-found"]').waitFor();
    });
  });
}
