// Helpers of the end-to-end tests: start the demo as `npm start` does, wait
// for conditions, read the demo's event log.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Spawns `node scripts/start.mjs --port 0` (free ports for both servers) and
 * resolves once it printed both addresses.
 * @returns {Promise<{ demoUrl: string, platformUrl: string, child: import('node:child_process').ChildProcess, stop: () => Promise<number | null> }>}
 */
export function startDemo({ timeoutMs = 300_000 } = {}) {
  const child = spawn(process.execPath, ['scripts/start.mjs', '--port', '0'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
    return exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`start.mjs printed no addresses in time.\nstdout: ${stdout}\nstderr: ${stderr.slice(-2000)}`));
    }, timeoutMs);
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const platformUrl = /^Mock platform:\s+(\S+)$/m.exec(stdout)?.[1];
      const demoUrl = /^Demo:\s+(\S+)$/m.exec(stdout)?.[1];
      if (platformUrl && demoUrl) {
        clearTimeout(timer);
        resolve({ demoUrl, platformUrl, child, stop });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`start.mjs exited with ${code} before it was ready.\nstderr: ${stderr.slice(-2000)}`));
    });
  });
}

/**
 * Polls `condition` until it returns a truthy value, which it resolves with;
 * rejects with `message` (and the last value seen) when it never does.
 */
export async function eventually(condition, message, { timeoutMs = 15_000, intervalMs = 100 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last;
  for (;;) {
    try {
      last = await condition();
      if (last) return last;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`${message} (last: ${last instanceof Error ? last.message : JSON.stringify(last)})`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/**
 * The demo log's entries, oldest first: `{ kind, type, surface, detail }`.
 * @param {import('playwright-core').Page} page
 */
export function readLog(page, testid = 'log-entry') {
  return page.$$eval(`[data-testid="${testid}"]`, (items) =>
    items
      .map((item) => {
        const text = item.querySelector('.entry-detail')?.textContent ?? '';
        let detail = null;
        try {
          detail = text ? JSON.parse(text) : null;
        } catch {
          detail = text;
        }
        return { kind: item.dataset.kind, type: item.dataset.type, surface: item.querySelector('.entry-surface')?.textContent ?? null, detail };
      }),
  );
}

/** Spaces as ICU prints them (NBSP, narrow NBSP) made plain, so browser and Node formats compare. */
export const plain = (text) => String(text).replace(/[\s\u00a0\u202f]+/g, ' ').trim();

/** A TCP port free on 127.0.0.1 right now. */
export async function freePort() {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Waits until a mock dashboard in `frame` (a Playwright frame) shows data under
 * the filters the page set: every filter chip applies (none struck through as
 * "not a field of this dashboard"), `chips` of them, and the table has rows.
 */
export async function showsData(frame, chips) {
  await eventually(async () => (await frame.$$('[data-testid="filter-chip"]')).length === chips, `${chips} filter chip(s) on the dashboard`);
  const inactive = await frame.$$eval('[data-testid="filter-chip"].chip-inactive', (els) => els.map((el) => el.getAttribute('title')));
  if (inactive.length) throw new Error(`filters the dashboard cannot apply: ${inactive.join('; ')}`);
  await eventually(async () => (await frame.$$('table[data-testid^="table-"] tbody tr')).length > 0, 'the dashboard shows rows under its filters');
  if (await frame.$('[data-testid="widget-empty"]')) throw new Error('a widget says no rows match the filters');
}

/**
 * Sends the browser context's requests to `from` (the address a page names) to `to` (the mock), as
 * `route.fetch()` reads them. The testing kit's control stream never ends, and these pages are not
 * driven from Node, so it is refused: the embed goes on without its channel. A request still in flight
 * when its test closed the page (or the context) has nothing left to answer: that is no failure.
 */
export async function forwardTo(ctx, from, to) {
  const closed = (error) => {
    if (!/disposed|closed/i.test(String(error?.message ?? error))) throw error;
  };
  await ctx.route(`${from}/**`, async (route) => {
    try {
      if (new URL(route.request().url()).pathname === '/mock-embed/control') return await route.abort();
      await route.fulfill({ response: await route.fetch({ url: route.request().url().replace(from, to) }) });
    } catch (error) {
      closed(error);
    }
  });
}
