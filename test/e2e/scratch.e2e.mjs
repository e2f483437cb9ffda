// The guides as a new customer follows them: each in a new project made by
// `npm init -y`, the package installed from the packed tarball (`npm pack`)
// in place of the registry's, and the commands each guide prints, read from
// its markdown (`<!-- commands: NAME -->` blocks), so guide and test cannot
// drift. Runs the README's quick start (docs/hosts/html/server.mjs and its
// page) and the Next.js page (docs/hosts/nextjs/); the testing guide has its
// own suite (test/guide/). The one other change: the servers get free ports
// (`--port 0` for the mock, `PORT`, and the `PLATFORM_URL` the mock's banner
// prints), so a mock or app already running on this machine cannot answer
// instead. The API key is never passed: the snippets' fallback must be the
// key the packaged mock takes by default.
//
//   npm run build && node --test test/e2e/scratch.e2e.mjs
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { guideCommands } from '../guide/commands.mjs';
import { eventually, forwardTo, freePort, showsData } from './helpers.mjs';
import { packedScratch, runPrinted } from './printed-steps.mjs';

const root = resolve('.');
const quickStart = guideCommands(join(root, 'README.md'))['quick-start'];
const nextjs = guideCommands(join(root, 'docs/hosts/nextjs/README.md')).nextjs;
const longRunning = /^(NEXT_TELEMETRY_DISABLED=1 )?(npx platform-embed-mock|node server\.mjs|npx next start)\b/;

const scratch = packedScratch('platform-embed-scratch-');
const run = (cwd, line) => runPrinted(cwd, line, scratch.tarball);
const start = (cwd, line, env, ready) => scratch.processes.start(cwd, line, env, ready);
const startMock = (cwd, line) => scratch.processes.startMock(cwd, line);

/** A new folder holding only what a customer's would: nothing. */
function project(name) {
  const dir = join(scratch.work, name);
  mkdirSync(dir);
  return dir;
}

describe('guides in a new npm init -y project, from the packed package', () => {
  it('README quick start: the mock, server.mjs and index.html as printed, a dashboard in the browser', async () => {
    const dir = project('quick-start');
    const [install, mockLine, serverLine, ...rest] = quickStart;
    assert.deepEqual(rest, []);
    assert.equal(install, 'npm install platform-embed @hono/node-server');
    // The quick start assumes a folder with a package.json, as every guide does after `npm init -y`.
    run(dir, 'npm init -y');
    run(dir, install);
    const mock = await startMock(dir, mockLine);
    // The two files the quick start says to save beside server.mjs, from the README, as printed.
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    for (const file of ['server.mjs', 'index.html']) {
      const quoted = new RegExp(`<!-- snippet:docs/hosts/html/${file.replace('.', '\\.')} -->\\n\`[^\`]+\`:\\n\\n\`\`\`\`\\w*\\n([\\s\\S]*?)\\n\`\`\`\``).exec(readme);
      assert.ok(quoted, `the README quotes ${file}`);
      cpSync(join(root, 'docs/hosts/html', file), join(dir, file));
      assert.equal(readFileSync(join(dir, file), 'utf8').trimEnd(), quoted[1]);
    }
    assert.match(serverLine, /^node server\.mjs\b/);
    const app = await start(dir, serverLine, { PORT: '0', PLATFORM_URL: mock.url }, /^(http:\/\/localhost:\d+\/)$/m);
    const ctx = await scratch.browser.newContext();
    try {
      const page = await ctx.newPage();
      // The page names the mock's default address; the browser's requests to it go to this mock.
      await forwardTo(ctx, 'http://127.0.0.1:4100', mock.url);
      await page.goto(app.match[1]);
      const status = () => page.evaluate(() => document.getElementById('status').value);
      await eventually(async () => /^Ready \(signed, SDK /.test(await status()), 'the page says Ready');
      const frame = page.frames().find((f) => f.url().startsWith('http://127.0.0.1:4100/embed/dashboard/sales-overview'));
      assert.ok(frame, 'the dashboard is in the page');
      await eventually(async () => (await frame.textContent('[data-testid="dashboard-title"]')) === 'Sales overview', 'the dashboard is shown');
      // The page's filter names a field and a value of the mock: it applies, and rows show.
      await showsData(frame, 1);
      assert.doesNotMatch(app.output(), /failed|mock-key/);
    } finally {
      await ctx.close();
    }
    // The first backend a customer copies refuses other sites' pages: a cross-site POST
    // (what a browser sends from another site's form or fetch) gets no session.
    const session = (headers) =>
      fetch(new URL('/embed-session', app.match[1]), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ dashboard: 'sales-overview' }),
      });
    for (const headers of [
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example' },
      { origin: new URL(app.match[1]).origin.replace('localhost', 'attacker.localhost'), 'sec-fetch-site': 'same-site' },
    ]) {
      const refused = await session(headers);
      assert.equal(refused.status, 403, `${JSON.stringify(headers)} is refused`);
      assert.doesNotMatch(await refused.text(), /sessionId|[0-9a-f]{32}/);
    }
    // The page's own request still gets one.
    const own = await session({ origin: new URL(app.match[1]).origin, 'sec-fetch-site': 'same-origin' });
    assert.equal(own.status, 200);
    assert.match((await own.json()).sessionId, /^[0-9a-f]{32}$/);
    // And the first page logs no 404 for its icon.
    assert.equal((await fetch(new URL('/favicon.ico', app.match[1]))).status, 204);
  });

  it('Next.js page: npm init -y, the install, next build and next start as printed, both pages ready', async () => {
    const dir = project('nextjs');
    const mockIndex = nextjs.findIndex((line) => /^npx platform-embed-mock\b/.test(line));
    const startLine = nextjs.at(-1);
    assert.equal(nextjs[0], 'npm init -y');
    assert.match(startLine, /^NEXT_TELEMETRY_DISABLED=1 npx next start$/);
    assert.ok(nextjs.some((line) => /^NEXT_TELEMETRY_DISABLED=1 npx next build$/.test(line)));
    // Every file the customer saves is shown whole on the page (scripts/readme.mjs keeps the copies true).
    const guide = readFileSync(join(root, 'docs/hosts/nextjs/README.md'), 'utf8');
    for (const file of readdirSync(join(root, 'docs/hosts/nextjs/app'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile())) {
      const path = join(file.parentPath ?? file.path, file.name).slice(root.length + 1);
      assert.ok(guide.includes(`<!-- snippet:${path} -->`), `docs/hosts/nextjs/README.md shows ${path}`);
    }
    let mock;
    for (const [i, line] of nextjs.entries()) {
      if (i === mockIndex) {
        mock = await startMock(dir, line);
        continue;
      }
      if (line === startLine) break;
      assert.doesNotMatch(line, longRunning, `${line} is run to its end`);
      // The page says: save its files (all of app/, each shown whole there) before `next build`.
      if (/next build/.test(line)) cpSync(join(root, 'docs/hosts/nextjs/app'), join(dir, 'app'), { recursive: true });
      run(dir, line);
    }
    const port = await freePort();
    await start(dir, startLine, { PORT: String(port), PLATFORM_URL: mock.url }, /Ready in|started server/i);
    const ctx = await scratch.browser.newContext();
    try {
      const page = await ctx.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      for (const [path, id] of [['/', 'dashboard'], ['/react', 'react-dashboard']]) {
        await page.goto(`http://localhost:${port}${path}`);
        await eventually(() => page.evaluate((id) => document.getElementById(id)?.ready === true, id), `${path}: the embed is ready`);
      }
      assert.deepEqual(errors, []);
      // The site has no icon, and the browser's request for one gets no 404.
      assert.equal((await fetch(`http://localhost:${port}/favicon.ico`)).status, 204);
    } finally {
      await ctx.close();
    }
  });
});
