// The SvelteKit app from the package, as its README prints it (the
// `<!-- commands: from-package -->` block of docs/hosts/sveltekit/README.md):
// in an empty folder, every printed line in order on Node 22, with the packed
// tarball in place of the registry's package. The one other change: the app
// gets a free port in place of 3000 (in `ORIGIN` and as `PORT`), and the mock
// one too (`--port 0`, its URL given to the app as PLATFORM_URL), so nothing
// else running on this machine answers instead. Then, in Chromium, on
// http://localhost (no proxy, no forwarded headers): the server-rendered
// embed is ready, `reload()` gets a session from the app's route, and the
// element page gets ready with one.
//
//   npm run build && node --test test/e2e/sveltekit-package.e2e.mjs
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { envWithNode, nodeBinary } from '../../scripts/node-versions.mjs';
import { guideCommands } from '../guide/commands.mjs';
import { eventually, freePort } from './helpers.mjs';
import { packedScratch, runPrinted } from './printed-steps.mjs';
import { offlineEnv, root } from './ssr-hosts.mjs';

const steps = guideCommands(join(root, 'docs/hosts/sveltekit/README.md'))['from-package'];

const scratch = packedScratch('platform-embed-sveltekit-');

describe('SvelteKit host from the package, as docs/hosts/sveltekit/README.md prints it', () => {
  it('the printed steps on Node 22 in an empty folder: the embed, reload() and the element page on http://localhost', async () => {
    const env = envWithNode(nodeBinary(22), { ...process.env, ...offlineEnv });
    const port = await freePort();
    const origin = `http://localhost:${port}`;
    const startLine = steps.at(-1);
    assert.equal(startLine, 'node build', 'the last step starts the server');
    assert.ok(steps.includes('ORIGIN=http://localhost:3000 npx vite build'), `the build names the origin the guide opens: ${steps.join(' / ')}`);
    let cwd = mkdtempSync(join(scratch.work, 'project-'));
    let mock;
    for (const line of steps.slice(0, -1)) {
      const dir = /^cd (\S+)$/.exec(line);
      if (dir) cwd = join(cwd, dir[1]);
      else if (/^npx platform-embed-mock\b/.test(line)) mock = await scratch.processes.startMock(cwd, line, env);
      else runPrinted(cwd, line.replaceAll('localhost:3000', `localhost:${port}`), scratch.tarball, env);
    }
    assert.ok(mock, 'the steps start the mock');
    const app = await scratch.processes.start(cwd, startLine, { PORT: String(port), PLATFORM_URL: mock.url }, /Listening on \S+/, env);

    const context = await scratch.browser.newContext();
    const sessionAnswers = [];
    try {
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('response', (r) => {
        if (new URL(r.url()).pathname === '/api/embed-session') sessionAnswers.push(r.status());
      });
      // The sessions of the embed's navigations, in order.
      const loads = [];
      page.on('request', (r) => {
        const url = new URL(r.url());
        if (r.isNavigationRequest() && url.origin === new URL(mock.url).origin && url.pathname.startsWith('/embed/')) loads.push(url.searchParams.get('session'));
      });
      const ready = (id) => page.evaluate((id) => document.getElementById(id)?.ready === true, id);

      await page.goto(`${origin}/`);
      await eventually(() => ready('dashboard'), 'the server-rendered embed is ready', { timeoutMs: 60_000 });
      assert.equal(loads.length, 1);
      // The provider's POST from the http:// page passes SvelteKit's cross-site check.
      await page.evaluate(() => document.getElementById('dashboard').reload());
      await eventually(async () => sessionAnswers.length === 1 && loads.length === 2 && (await ready('dashboard')), 'ready again after reload()', { timeoutMs: 60_000 });
      assert.deepEqual(sessionAnswers, [200]);
      assert.match(loads[1] ?? '', /^[0-9a-f]{32}$/, 'a session id of the platform\'s form');
      assert.notEqual(loads[1], loads[0], 'reload() loads a fresh session from the route');

      await page.goto(`${origin}/element`);
      await eventually(() => ready('element-dashboard'), 'the element page is ready', { timeoutMs: 60_000 });
      assert.deepEqual(sessionAnswers, [200, 200]);
      assert.equal(loads.length, 3);
      assert.match(loads[2] ?? '', /^[0-9a-f]{32}$/);
      assert.deepEqual(errors, []);
      assert.doesNotMatch(app.output(), /Cross-site|403/);
    } finally {
      await context.close();
    }
  });
});
