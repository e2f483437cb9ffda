// The tests every meta-framework host app (docs/hosts/<framework>/) must pass,
// in its real runtime: installed from its own lockfile, built offline with
// telemetry off and served by its production server on Node 22, against the
// mock platform; then, in Chromium and in Firefox:
//
// - hydration: the server's element is taken over with exactly one navigation
//   of the embed, with the server's session, no provider call, the same element
//   node (the framework did not replace the markup), the embed's early events
//   replayed in order, and no layout shift (Chromium's layout-shift entries;
//   in both browsers the embed's box sampled on every frame);
// - client-side navigation to that page: one load, with a session used by no
//   other load, in a box with a height;
// - the element page (the framework's own binding of the element) gets ready.
//
// Each app has: `/` (renderEmbed, element id "dashboard"), `/element` (element
// id "element-dashboard", a link to "/"), POST /api/embed-session (the
// provider's route) and `/plain` (the benchmark's plain iframe).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { startMockServer } from '../../dist/testing/server.js';
import { eventually } from './helpers.mjs';
import { installAndBuild, openBrowser, renderedSession, root, startApp, startScriptProxy, testBrowsers } from './ssr-hosts.mjs';

const SESSION_ROUTE = '/api/embed-session';

/**
 * @param {{ name: string, dir: string, build: string[], start: string[], env?: Record<string, string>, platformUrlEnv?: string }} app
 *   `platformUrlEnv`: the variable the app reads the platform's URL from (default PLATFORM_URL)
 */
export function describeSsrHost(app) {
  describe(`${app.name} host (${app.dir}, built and served on Node 22)`, () => {
    let built;
    let mock;
    let server;
    let proxy;

    /** The embed navigations the mock saw, all or for `session`. */
    const navigations = (session) =>
      mock.state.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/embed/') && (session === undefined || r.query.session === session));
    const embedLoadsSince = (index) => mock.state.requests.slice(index).filter((r) => r.method === 'GET' && r.path.startsWith('/embed/'));
    const sessionCalls = () => proxy.requests.filter((r) => r.method === 'POST' && r.path === SESSION_ROUTE).length;

    before(async () => {
      built = installAndBuild(app);
      mock = await startMockServer({ port: 0 });
      server = await startApp(app, { [app.platformUrlEnv ?? 'PLATFORM_URL']: mock.url });
      proxy = await startScriptProxy(server.url);
    });

    after(async () => {
      await proxy?.close();
      await server?.stop();
      await mock?.close();
      assert.doesNotMatch(`${built?.output ?? ''}${server?.output ?? ''}`, /window is not defined|document is not defined|HTMLElement is not defined|customElements is not defined/);
    });

    it('installs from its own lockfile and builds offline (times reported)', (t) => {
      t.diagnostic(`${app.name}: npm ci ${built.installSeconds === null ? 'skipped (installed)' : `${built.installSeconds.toFixed(1)} s`}, build ${built.buildSeconds.toFixed(1)} s`);
      assert.ok(built.buildSeconds > 0);
    });

    if (app.typecheck) {
      it("its pages type-check against platform-embed's types", () => {
        const r = spawnSync(process.execPath, app.typecheck, { cwd: root, encoding: 'utf8' });
        assert.equal(r.status, 0, `${r.stdout}${r.stderr}`);
      });
    }

    it('answers /favicon.ico without a 404, so the first page logs no error', async () => {
      assert.equal((await fetch(`${server.url}/favicon.ico`)).status, 204);
    });

    it('the server HTML holds the server-rendered element; the session is in its iframe src only; fetching it loads nothing', async () => {
      const html = await (await fetch(`${server.url}/`)).text();
      const element = /<platform-embed ([^>]*)><template shadowrootmode="open">/.exec(html);
      assert.ok(element, `a server-rendered <platform-embed> in the HTML:\n${html.slice(0, 3000)}`);
      assert.match(element[1], /base-url="http:\/\/127\.0\.0\.1:\d+"/);
      assert.match(element[1], /dashboard="sales-overview"/);
      assert.match(element[1], /id="dashboard"/);
      assert.match(element[1], /server-rendered/);
      assert.doesNotMatch(element[1], /session/);
      const session = renderedSession(html);
      assert.match(session ?? '', /^[0-9a-f]{32}$/);
      // Outside the element, a framework's hydration data may carry the HTML string again (said in the docs).
      const markup = html.slice(element.index, html.indexOf('</platform-embed>', element.index));
      assert.equal(markup.split(session).length - 1, 1, 'in the element, the session is in the iframe src only');
      assert.equal(navigations(session).length, 0);
    });

    for (const browserName of testBrowsers) {
      describe(`in ${browserName}`, () => {
        let browser;
        before(async () => {
          browser = await openBrowser(browserName);
        });
        after(async () => {
          await browser?.close();
        });

        it('hydration: one navigation with the server session, the same element, early events replayed in order, no layout shift', async () => {
          const page = await browser.newPage();
          const callsBefore = sessionCalls();
          const requestsBefore = mock.state.requests.length;
          proxy.hold();
          try {
            await page.goto(`${proxy.url}/`);
            // With the app's scripts held, the embed loads from the server HTML alone and sends its events.
            const early = await eventually(
              () => page.evaluate(() => {
                const rec = window.__ssr;
                const el = document.querySelector('platform-embed#dashboard');
                if (!rec || !el || customElements.get('platform-embed')) return null;
                el.__original = true; // survives only if the framework keeps this node
                return rec.messages.includes('platform:event:dashboard-loaded') ? rec.messages.slice() : null;
              }),
              'the embed sends its events before any script of the app ran',
              { timeoutMs: 20_000 },
            );
            assert.deepEqual(early.slice(0, 3), ['platform:event:ready', 'platform:event:view', 'platform:event:dashboard-loaded']);
            const src = await page.evaluate(() => document.querySelector('platform-embed#dashboard').shadowRoot?.querySelector('iframe')?.src ?? null);
            const session = new URL(src).searchParams.get('session');
            proxy.release();
            // The app's client code sets the provider once it has hydrated.
            await eventually(
              () => page.evaluate(() => {
                const el = document.querySelector('platform-embed#dashboard');
                return el?.ready === true && typeof el.sessionProvider === 'function' && !el.hasAttribute('server-rendered');
              }),
              'taken over, ready, and the app has hydrated (its provider is set)',
              { timeoutMs: 30_000 },
            );
            // Anything hydration would redo (a replaced node, a second navigation) happens by now.
            await new Promise((r) => setTimeout(r, 1000));
            const state = await page.evaluate(() => {
              const el = document.querySelector('platform-embed#dashboard');
              return { original: el.__original === true, ready: el.ready, events: window.__ssr.events.filter((e) => e.id === 'dashboard').map((e) => e.type), atDefine: window.__ssr.messagesAtDefine, cls: window.__ssr.cls, clsSupported: window.__ssr.clsSupported, boxes: window.__ssr.boxes };
            });
            assert.equal(state.original, true, 'the framework kept the server-rendered node');
            assert.equal(navigations(session).length, 1, 'exactly one navigation of the embed, with the server session');
            assert.equal(embedLoadsSince(requestsBefore).length, 1, 'no other navigation');
            assert.ok(state.atDefine.includes('platform:event:dashboard-loaded'), 'the events arrived before the element was defined');
            assert.deepEqual(state.events.slice(0, 3), ['platform-ready', 'platform-view', 'platform-dashboard-loaded'], 'early events replayed in order');
            assert.equal(state.events.filter((e) => e === 'platform-ready').length, 1);
            assert.equal(sessionCalls(), callsBefore, 'no provider call for the server-rendered load');
            if (browserName === 'chromium') assert.equal(state.clsSupported, true);
            if (state.clsSupported) assert.equal(state.cls, 0, 'Cumulative Layout Shift');
            assert.equal(state.boxes.length, 1, `the embed's box never moved or resized: ${state.boxes.join(' → ')}`);
            // A reload afterwards asks the provider (the app's session route) for a fresh session.
            await page.evaluate(() => document.querySelector('platform-embed#dashboard').reload());
            await eventually(async () => sessionCalls() === callsBefore + 1 && (await page.evaluate(() => document.querySelector('platform-embed#dashboard').ready)), 'ready again with a session from the route', { timeoutMs: 20_000 });
            assert.equal(navigations(session).length, 1, 'the spent session is not used again');
            assert.deepEqual(page.errors, []);
          } finally {
            proxy.release();
            await page.close();
          }
        });

        it('client-side navigation to the server-rendered page: one load, with a session of its own', async () => {
          const page = await browser.newPage();
          try {
            await page.goto(`${proxy.url}/element`);
            await eventually(() => page.evaluate(() => document.querySelector('platform-embed#element-dashboard')?.ready === true), 'the element page is ready', { timeoutMs: 30_000 });
            const before = mock.state.requests.length;
            await page.evaluate(() => (window.__sameDocument = true));
            await page.click('a[href="/"]');
            const state = await eventually(
              () => page.evaluate(() => {
                const el = document.querySelector('platform-embed#dashboard');
                return el?.ready === true ? { height: el.getBoundingClientRect().height, hasProvider: typeof el.sessionProvider === 'function', sameDocument: window.__sameDocument === true } : null;
              }),
              'the server-rendered page is ready after a client-side navigation',
              { timeoutMs: 30_000 },
            );
            await new Promise((r) => setTimeout(r, 1000));
            assert.ok(page.errors.length === 0, page.errors.join('\n'));
            assert.equal(state.sameDocument, true, 'a client-side navigation, not a document load');
            const loads = embedLoadsSince(before);
            assert.equal(loads.length, 1, `one navigation: ${JSON.stringify(loads.map((r) => r.query.session))}`);
            assert.match(loads[0].query.session ?? '', /^[0-9a-f]{32}$/);
            assert.equal(navigations(loads[0].query.session).length, 1, 'a session no other load used');
            assert.ok(state.height > 0, 'never an empty box');
            assert.equal(state.hasProvider, true, 'the provider serves its later loads');
          } finally {
            await page.close();
          }
        });

        it("the element page (the framework's own binding, platform-embed's types) gets ready with a session from the provider", async () => {
          const page = await browser.newPage();
          const calls = sessionCalls();
          const before = mock.state.requests.length;
          try {
            await page.goto(`${proxy.url}/element`);
            await eventually(() => page.evaluate(() => document.querySelector('platform-embed#element-dashboard')?.ready === true), 'the element is ready', { timeoutMs: 30_000 });
            await new Promise((r) => setTimeout(r, 500));
            assert.equal(sessionCalls(), calls + 1);
            const loads = embedLoadsSince(before);
            assert.equal(loads.length, 1, `one navigation, never one without a session: ${JSON.stringify(loads.map((r) => r.query.session ?? null))}`);
            assert.match(loads[0].query.session ?? '', /^[0-9a-f]{32}$/);
            assert.deepEqual(page.errors, []);
          } finally {
            await page.close();
          }
        });
      });
    }
  });
}
