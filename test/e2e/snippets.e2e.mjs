// End-to-end: the README's page snippets, as written, against the mock
// platform, in Chromium. The plain-HTML page runs with its own Node backend
// (docs/hosts/html/server.mjs, which creates a session per load with
// `createSessionHandler`); the server-rendered page of the README's "Server
// rendering" section runs as written (docs/hosts/server/server.mjs); the CMS markup asks
// its `session-url`, answered by `createSessionHandler`. The snippets name the tenant of `npm run mock`
// (http://127.0.0.1:4100) and a CDN: the browser's requests to both are
// answered by a mock platform on a free port and by the local dist/.
//
//   npm run build && node --test test/e2e/snippets.e2e.mjs
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { browserPath, chromiumArgs } from '../../scripts/browsers.mjs';
import { startMockServer } from '../../dist/testing/server.js';
import { createSessionHandler } from '../../dist/server/index.js';
import { eventually, forwardTo, showsData } from './helpers.mjs';

const written = 'http://127.0.0.1:4100';
const cdn = 'https://cdn.jsdelivr.net/npm/platform-embed@0.2/dist/';

let mock;
let browser;
let backend;

/** Starts a backend (docs/hosts/html/server.mjs by default) on a free port, pointed at the mock; resolves with its URL. */
function startBackend(platformUrl, script = 'docs/hosts/html/server.mjs') {
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, PORT: '0', PLATFORM_URL: platformUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const url = /^(http:\/\/localhost:\d+\/)$/m.exec(output)?.[1];
      if (url) resolve({ url, child, output: () => output });
    });
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => reject(new Error(`server.mjs exited with ${code}: ${output}`)));
  });
}

/** A browser context whose requests to the written tenant and the CDN reach the mock and dist/. */
async function context() {
  const ctx = await browser.newContext();
  await forwardTo(ctx, written, mock.url);
  await ctx.route(`${cdn}**`, async (route) => {
    const file = new URL(route.request().url()).pathname.split('/').pop();
    await route.fulfill({ contentType: 'text/javascript', body: await readFile(`dist/${file}`, 'utf8') });
  });
  return ctx;
}

const embedFrame = (page) => page.frames().find((f) => f.url().startsWith(`${written}/embed/`));

describe('README page snippets against the mock platform', () => {
  before(async () => {
    mock = await startMockServer({ port: 0 });
    backend = await startBackend(mock.url);
    browser = await chromium.launch({ executablePath: browserPath('chromium'), args: chromiumArgs, headless: true });
  });

  after(async () => {
    await browser?.close();
    backend?.child.kill();
    await mock?.close();
  });

  it('docs/hosts/html: the page and its Node backend, a fresh session per load', async () => {
    const ctx = await context();
    const page = await ctx.newPage();
    const sessionRequests = [];
    page.on('request', (r) => r.url().endsWith('/embed-session') && sessionRequests.push(r.method()));
    try {
      await page.goto(backend.url);
      const status = () => page.evaluate(() => document.getElementById('status').value);
      await eventually(async () => /^Ready \(signed, SDK \d+\.\d+\.\d+/.test(await status()), 'the page says Ready');
      const frame = embedFrame(page);
      assert.ok(frame, 'the embed frame is on the tenant the snippet names');
      assert.equal(new URL(frame.url()).pathname, '/embed/dashboard/sales-overview');
      await eventually(async () => (await frame.textContent('[data-testid="dashboard-title"]')) === 'Sales overview', 'the dashboard is shown');
      await showsData(frame, 1);
      // The viewer the backend named is the one the platform shows.
      await eventually(async () => (await frame.textContent('body')).includes('ada@example.com'), 'the viewer is shown in the embed');
      assert.deepEqual(sessionRequests, ['POST']);
      // A reload asks the backend for another single-use session.
      await page.evaluate(() => document.getElementById('dashboard').reload());
      await eventually(async () => sessionRequests.length === 2 && (await page.evaluate(() => document.getElementById('dashboard').ready)), 'ready again with a second session');
      assert.doesNotMatch(backend.output(), /mock-key|Bearer/);
      // The first page a customer opens logs no 404 for its icon.
      assert.equal((await fetch(new URL('/favicon.ico', backend.url))).status, 204);
    } finally {
      await ctx.close();
    }
  });

  it('docs/sessions.md: the plain page\'s sign-out script as printed, on the quick start\'s backend, discards the kept-alive embeds', async () => {
    const doc = await readFile('docs/sessions.md', 'utf8');
    const section = doc.slice(doc.indexOf('## Signing out'), doc.indexOf('## Testing your endpoint'));
    const script = /```html\n([\s\S]*?)```/.exec(section)?.[1];
    assert.ok(script?.includes('discardKeptAlive'), 'the section prints the page script');
    const ctx = await context();
    // A page of the quick start's origin: its button and the printed script; the sign-out route answers 204.
    await ctx.route(new URL('/account', backend.url).href, (route) =>
      route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>Account</title><button id="sign-out">Sign out</button>${script}` }),
    );
    const signOuts = [];
    await ctx.route(new URL('/sign-out', backend.url).href, (route) => {
      signOuts.push(route.request().method());
      return route.fulfill({ status: 204 });
    });
    const page = await ctx.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.goto(new URL('/account', backend.url).href);
      // The class the script imported is the defined element's: count its calls across the navigation that follows.
      await page.waitForFunction(() => customElements.get('platform-embed'));
      await page.evaluate(() => {
        const element = customElements.get('platform-embed');
        const discard = element.discardKeptAlive;
        element.discardKeptAlive = (...args) => {
          sessionStorage.setItem('discarded', String(Number(sessionStorage.getItem('discarded') ?? 0) + 1));
          return discard.apply(element, args);
        };
      });
      await Promise.all([page.waitForURL(backend.url), page.click('#sign-out')]);
      assert.deepEqual(signOuts, ['POST']);
      assert.equal(await page.evaluate(() => sessionStorage.getItem('discarded')), '1');
      assert.deepEqual(errors, []);
    } finally {
      await ctx.close();
    }
  });

  it('docs/hosts/README.md: the CMS markup with the self-hosted script as printed, nothing asked of the CDN', async () => {
    const guide = await readFile('docs/hosts/README.md', 'utf8');
    const section = guide.slice(guide.indexOf('**A site that cannot reach the CDN**'));
    const line = /```html\n(<script src="[^"]+"><\/script>)\n```/.exec(section)?.[1];
    assert.ok(line, 'the guide prints the self-hosted script line');
    const copied = /copy\s+`node_modules\/platform-embed\/(dist\/[\w.-]+)`/.exec(section)?.[1];
    assert.equal(copied, 'dist/platform-embed.iife.min.js');
    const markup = (await readFile('docs/hosts/cms/dashboard.html', 'utf8')).replace(/<script src="https:\/\/cdn\.[^"]+"><\/script>/, line);
    assert.ok(markup.includes(line), 'the printed line replaced the CDN one');
    const ctx = await cmsContext(markup, 'linus@example.com');
    const cdnRequests = [];
    await ctx.route('https://**', (route) => {
      cdnRequests.push(route.request().url());
      return route.abort();
    });
    // The site's copy of the package's file, at the path the printed line names.
    const src = /src="([^"]+)"/.exec(line)[1];
    await ctx.route(new URL(src, 'http://localhost:4301/').href, async (route) =>
      route.fulfill({ contentType: 'text/javascript', body: await readFile(copied, 'utf8') }),
    );
    const page = await ctx.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      await page.goto('http://localhost:4301/cms.html');
      await eventually(() => page.evaluate(() => document.getElementById('sales-dashboard').ready), 'the CMS embed is ready');
      assert.deepEqual(cdnRequests, []);
      assert.deepEqual(errors, []);
    } finally {
      await ctx.close();
    }
  });

  it('docs/hosts/server: the server-rendered page, the dashboard loading from the HTML and taken over by the element once', async () => {
    const rendered = await startBackend(mock.url, 'docs/hosts/server/server.mjs');
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      // What the server sends: the element with its declarative root, the session only in the iframe's src.
      const html = await (await fetch(rendered.url)).text();
      const element = /<platform-embed ([^>]*)><template shadowrootmode="open">/.exec(html);
      assert.ok(element, 'a server-rendered element in the HTML');
      assert.match(element[1], /server-rendered$/);
      assert.doesNotMatch(element[1], /[0-9a-f]{32}/);
      assert.match(html, /<iframe [^>]*src="[^"]*\/embed\/dashboard\/sales-overview\?session=[0-9a-f]{32}"/);

      await page.goto(rendered.url);
      await eventually(() => page.evaluate(() => document.getElementById('dashboard').ready), 'the element took over and is ready');
      const frame = page.frames().find((f) => f.url().startsWith(`${mock.url}/embed/`));
      const session = new URL(frame.url()).searchParams.get('session');
      assert.match(session, /^[0-9a-f]{32}$/);
      await eventually(async () => (await frame.textContent('[data-testid="dashboard-title"]')) === 'Sales overview', 'the dashboard is shown');
      const navigations = mock.state.requests.filter((r) => r.path.startsWith('/embed/') && r.query.session === session);
      assert.equal(navigations.length, 1, 'one navigation of the embed with the server session');
      assert.equal(await page.evaluate(() => document.getElementById('dashboard').hasAttribute('server-rendered')), false);
      assert.deepEqual(errors, []);
      assert.doesNotMatch(rendered.output(), /mock-key|Bearer|[0-9a-f]{32}/);
      assert.equal((await fetch(new URL('/favicon.ico', rendered.url))).status, 204);
    } finally {
      await ctx.close();
      rendered.child.kill();
    }
  });

  /** A context serving `markup` as a CMS page of http://localhost:4301, its session route answered by createSessionHandler for `externalId`. */
  async function cmsContext(markup, externalId) {
    const handler = createSessionHandler({ baseUrl: mock.url, apiKey: mock.keys.admin, deploymentId: 42, viewer: () => ({ externalId }) });
    const ctx = await context();
    // One cached copy of the page, served again and again; the session route is the host's own backend.
    await ctx.route('http://localhost:4301/cms.html', (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><title>CMS page</title>${markup}` }));
    await ctx.route('http://localhost:4301/embed-session', async (route) => {
      const request = route.request();
      const answer = await handler(new Request(request.url(), { method: request.method(), headers: await request.allHeaders(), body: request.postData() ?? undefined }));
      await route.fulfill({ status: answer.status, headers: Object.fromEntries(answer.headers), body: await answer.text() });
    });
    return ctx;
  }

  it('docs/hosts/cms: the markup and classic script, sessions from createSessionHandler, twice from one cached page', async () => {
    const markup = await readFile('docs/hosts/cms/dashboard.html', 'utf8');
    assert.doesNotMatch(markup, /\bsession="/, 'no session baked into the page');
    const ctx = await cmsContext(markup, 'grace@example.com');
    const page = await ctx.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    try {
      const sessions = [];
      for (const view of [1, 2]) {
        await page.goto('http://localhost:4301/cms.html');
        await eventually(() => page.evaluate(() => document.getElementById('sales-dashboard').ready), `the CMS embed is ready (view ${view})`);
        const frame = embedFrame(page);
        assert.equal(new URL(frame.url()).pathname, '/embed/dashboard/sales-overview');
        sessions.push(new URL(frame.url()).searchParams.get('session'));
        await eventually(async () => (await frame.textContent('[data-testid="dashboard-title"]')) === 'Sales overview', 'the dashboard is shown');
        await showsData(frame, 2);
      }
      assert.match(sessions[0], /^[0-9a-f]{32}$/);
      assert.notEqual(sessions[0], sessions[1], 'each view gets a fresh session');
      const made = mock.state.requests.filter((r) => r.path === '/api/v1/embed/generate-session' && r.body?.externalId === 'grace@example.com');
      assert.equal(made.length, 2, 'one session per view, from the handler');
      assert.deepEqual(errors, []);
    } finally {
      await ctx.close();
    }
  });
});
