// End-to-end: the Next.js App Router host (docs/hosts/nextjs/) in its real
// runtime. `next build` and `next start` run offline with telemetry off,
// against the mock platform on a free port; the server HTML must carry the
// server-rendered element (the session only in its iframe's src), and in
// Chromium the element must take that load over with exactly one navigation
// of the embed. The React component page is imported from a Server Component
// file and must render and get ready too. No "window is not defined" anywhere.
//
// The app links the package from this repository (file:../../..):
//   npm run build && node --test test/e2e/nextjs.e2e.mjs
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { browserPath, chromiumArgs } from '../../scripts/browsers.mjs';
import { startMockServer } from '../../dist/testing/server.js';
import { eventually, freePort } from './helpers.mjs';

const app = fileURLToPath(new URL('../../docs/hosts/nextjs/', import.meta.url));
const next = [fileURLToPath(new URL('node_modules/next/dist/bin/next', `file://${app}`))];
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' };

let mock;
let server;
let browser;
let output = '';


/** The embed navigations the mock saw for `session`. */
const navigations = (session) => mock.state.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/embed/') && r.query.session === session);

/** The session in the iframe src of the server-rendered element in `html`. */
function renderedSession(html) {
  const src = /<iframe [^>]*src="([^"]+)"/.exec(html)?.[1];
  return src ? new URL(src.replaceAll('&amp;', '&')).searchParams.get('session') : null;
}

describe('Next.js App Router host (next build, next start)', () => {
  before(async () => {
    assert.ok(existsSync(fileURLToPath(new URL('../../dist/server/index.js', import.meta.url))), 'run `npm run build` first');
    if (!existsSync(`${app}node_modules/next/package.json`)) {
      execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: app, stdio: 'inherit' });
    }
    const build = execFileSync(process.execPath, [...next, 'build'], { cwd: app, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    output += build;
    mock = await startMockServer({ port: 0 });
    const port = await freePort();
    server = spawn(process.execPath, [...next, 'start', '-p', String(port), '-H', '127.0.0.1'], {
      cwd: app,
      env: { ...env, PLATFORM_URL: mock.url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout.on('data', (chunk) => (output += chunk));
    server.stderr.on('data', (chunk) => (output += chunk));
    server.url = `http://127.0.0.1:${port}`;
    await eventually(async () => (await fetch(server.url).catch(() => null))?.ok, 'next start answers', 60_000);
    browser = await chromium.launch({ executablePath: browserPath('chromium'), args: chromiumArgs, headless: true });
  });

  after(async () => {
    await browser?.close();
    server?.kill();
    await mock?.close();
    assert.doesNotMatch(output, /window is not defined|document is not defined|HTMLElement is not defined/);
  });

  it('the server HTML holds the server-rendered element; the session is in its iframe src only', async () => {
    const html = await (await fetch(server.url)).text();
    const element = /<platform-embed ([^>]*)><template shadowrootmode="open">/.exec(html);
    assert.ok(element, 'a server-rendered <platform-embed> in the HTML');
    assert.match(element[1], /^base-url="http:\/\/127\.0\.0\.1:\d+" dashboard="sales-overview" id="dashboard" server-rendered$/);
    const session = renderedSession(html);
    assert.match(session ?? '', /^[0-9a-f]{32}$/);
    assert.equal(navigations(session).length, 0, 'fetching the HTML loads nothing');
  });

  it('in Chromium, the element takes the load over: ready, one navigation with the server session, no provider call', async () => {
    const page = await browser.newPage();
    const errors = [];
    const sessionCalls = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('request', (r) => r.url().endsWith('/embed-session') && sessionCalls.push(r.url()));
    try {
      const response = await page.goto(server.url);
      const session = renderedSession(await response.text());
      await eventually(() => page.evaluate(() => document.querySelector('#dashboard')?.ready === true), 'the element is ready', 20_000);
      const frame = page.frames().find((f) => f.url().includes('/embed/dashboard/sales-overview'));
      assert.equal(new URL(frame.url()).searchParams.get('session'), session);
      await eventually(async () => (await frame.textContent('[data-testid="dashboard-title"]')) === 'Sales overview', 'the dashboard is shown');
      assert.equal(navigations(session).length, 1, 'exactly one navigation of the embed');
      assert.equal(await page.evaluate(() => document.querySelector('#dashboard').hasAttribute('server-rendered')), false, 'taken over');
      assert.deepEqual(sessionCalls, [], 'no provider call for the server-rendered load');
      // A reload afterwards asks the provider (the app's session route) for a fresh session.
      await page.evaluate(() => document.querySelector('#dashboard').reload());
      await eventually(() => page.evaluate(() => document.querySelector('#dashboard').ready === true) && sessionCalls.length === 1, 'ready again with a session from the route', 20_000);
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });

  it('the React component imported in a Server Component file renders and gets ready', async () => {
    const html = await (await fetch(`${server.url}/react`)).text();
    assert.match(html, /<platform-embed[^>]*id="react-dashboard"/);
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.goto(`${server.url}/react`);
      await eventually(() => page.evaluate(() => document.querySelector('#react-dashboard')?.ready === true), 'the React embed is ready', 20_000);
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });

  it('a client-side navigation back to the server-rendered page (inserted by React, no declarative root) loads once with its session', async () => {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.goto(`${server.url}/react`);
      await eventually(() => page.evaluate(() => document.querySelector('#react-dashboard')?.ready === true), 'the React embed is ready', 20_000);
      const before = mock.state.requests.length;
      await page.click('a[href="/"]');
      await eventually(() => page.evaluate(() => document.querySelector('#dashboard')?.ready === true), 'the embed is ready after a client-side navigation', 20_000);
      const loads = mock.state.requests.slice(before).filter((r) => r.method === 'GET' && r.path.startsWith('/embed/'));
      assert.equal(loads.length, 1, 'one navigation');
      assert.match(loads[0].query.session, /^[0-9a-f]{32}$/);
      assert.deepEqual(errors, []);
    } finally {
      await page.close();
    }
  });
});
