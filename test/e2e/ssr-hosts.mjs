// Helpers of the meta-framework host tests (test/e2e/<framework>.e2e.mjs) and
// of the time-to-dashboard rows of those apps (bench/suites/ttd-hosts.mjs):
// install and build an app of docs/hosts/ on Node 22 (their current majors need
// it), start its production server, put a proxy in front of it that makes the
// app's scripts late, and drive Chromium (playwright-core) and Firefox
// (puppeteer-core over WebDriver BiDi) through one small interface.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { browserPath, chromiumArgs } from '../../scripts/browsers.mjs';
import { envWithNode, nodeBinary } from '../../scripts/node-versions.mjs';
import { eventually } from './helpers.mjs';

export const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The meta-framework host apps: folder, build and start commands (run on Node 22
 * from the app's folder), and what their servers need.
 * `typecheck`: a type check of the app's pages against platform-embed's types,
 * with the repository's own checker (run from the root after the build).
 * @type {Record<string, { name: string, dir: string, build: string[], start: string[], env?: Record<string, string>, platformUrlEnv?: string, typecheck?: string[] }>}
 */
export const hosts = {
  astro: { name: 'Astro', dir: 'docs/hosts/astro', build: ['node_modules/astro/bin/astro.mjs', 'build'], start: ['dist/server/entry.mjs'] },
  sveltekit: {
    name: 'SvelteKit',
    dir: 'docs/hosts/sveltekit',
    build: ['node_modules/vite/bin/vite.js', 'build'],
    start: ['build/index.js'],
    // adapter-node takes the scheme from this header (else https): the proxy in front sets it, as a TLS proxy does.
    env: { PROTOCOL_HEADER: 'x-forwarded-proto' },
    typecheck: ['node_modules/svelte-check/bin/svelte-check', '--workspace', 'docs/hosts/sveltekit', '--tsconfig', './tsconfig.json'],
  },
  nuxt: {
    name: 'Nuxt',
    dir: 'docs/hosts/nuxt',
    build: ['node_modules/@nuxt/cli/bin/nuxi.mjs', 'build'],
    start: ['.output/server/index.mjs'],
    platformUrlEnv: 'NUXT_PLATFORM_URL', // runtimeConfig.platformUrl
    typecheck: ['node_modules/vue-tsc/bin/vue-tsc.js', '--noEmit', '-p', 'docs/hosts/nuxt/.nuxt/tsconfig.app.json'],
  },
  // `ng build` type-checks the templates itself (strictTemplates).
  angular: { name: 'Angular', dir: 'docs/hosts/angular', build: ['node_modules/@angular/cli/bin/ng.js', 'build'], start: ['dist/angular-host/server/server.mjs'] },
};

/** Telemetry off for every framework CLI: the builds run offline. */
export const offlineEnv = {
  NUXT_TELEMETRY_DISABLED: '1',
  ASTRO_TELEMETRY_DISABLED: '1',
  NG_CLI_ANALYTICS: 'false',
  NEXT_TELEMETRY_DISABLED: '1',
  // Any CLI that still looks for a newer version of itself gets no answer here.
  NO_UPDATE_NOTIFIER: '1',
  CI: '1',
};

export async function freePort() {
  const probe = createNetServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Installs the app's dependencies from its own lockfile (`npm ci`, once: again
 * only when the lockfile is newer than the install) and builds it, both on
 * Node 22. Returns the seconds each took (`installSeconds` null when the
 * install was already there).
 * @param {{ dir: string, build: string[], env?: Record<string, string> }} app
 */
export function installAndBuild(app) {
  const node = nodeBinary(22);
  const env = envWithNode(node, { ...process.env, ...offlineEnv, ...app.env });
  const dir = `${root}${app.dir}/`;
  const marker = `${dir}node_modules/.package-lock.json`;
  let installSeconds = null;
  if (!existsSync(marker) || statSync(marker).mtimeMs < statSync(`${dir}package-lock.json`).mtimeMs) {
    const start = performance.now();
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, env, stdio: ['ignore', 'inherit', 'inherit'] });
    installSeconds = (performance.now() - start) / 1000;
  }
  const start = performance.now();
  const output = execFileSync(node, app.build, { cwd: dir, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  return { installSeconds, buildSeconds: (performance.now() - start) / 1000, output };
}

/**
 * Starts the app's production server on Node 22 on a free port of 127.0.0.1
 * (HOST/PORT, and NITRO_* for Nuxt); resolves once `/` answers.
 * @param {{ dir: string, start: string[], env?: Record<string, string> }} app
 */
export async function startApp(app, env = {}) {
  const node = nodeBinary(22);
  const port = await freePort();
  const ports = { PORT: String(port), HOST: '127.0.0.1', NITRO_PORT: String(port), NITRO_HOST: '127.0.0.1' };
  const child = spawn(node, app.start, {
    cwd: `${root}${app.dir}/`,
    env: envWithNode(node, { ...process.env, ...offlineEnv, NODE_ENV: 'production', ...app.env, ...ports, ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server = { url: `http://127.0.0.1:${port}`, output: '', child };
  child.stdout.on('data', (chunk) => (server.output += chunk));
  child.stderr.on('data', (chunk) => (server.output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  server.stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  try {
    await eventually(async () => {
      if (child.exitCode !== null) throw new Error(`the server exited: ${server.output.slice(-2000)}`);
      return (await fetch(server.url).catch(() => null))?.status === 200;
    }, `${app.dir} answers on ${server.url}`, { timeoutMs: 60_000 });
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

/**
 * A proxy in front of the app that holds every JavaScript response (by its
 * content type) `delayMs`, or until `release()` while `hold()` is on: the
 * page's HTML arrives as served, its scripts late, as on a slow network. It
 * logs every request it passes (`requests`: `{ method, path }`).
 */
export async function startScriptProxy(target, { delayMs = 0 } = {}) {
  const upstream = new URL(target);
  let gate = null;
  const requests = [];
  const server = createServer((req, res) => {
    requests.push({ method: req.method, path: req.url });
    // As a TLS-terminating reverse proxy does: the app learns the scheme the browser used.
    const headers = { ...req.headers, 'x-forwarded-proto': 'http' };
    const out = request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers }, async (answer) => {
      if (/javascript/.test(answer.headers['content-type'] ?? '')) {
        if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
        if (gate) await gate.promise;
      }
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    out.on('error', () => res.headersSent || res.writeHead(502).end());
    req.pipe(out);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    requests,
    /** Holds scripts from now until `release()`. */
    hold() {
      let release;
      const promise = new Promise((r) => (release = r));
      gate = { promise, release };
    },
    release() {
      gate?.release();
      gate = null;
    },
    close: async () => {
      gate?.release();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/**
 * Recorded in every page before its own scripts: the embed messages the window
 * received, the element's DOM events (document, capture), Chromium's layout
 * shifts and, in every browser, the embed's box (top, height) on every frame.
 */
export const RECORDER = `(() => {
  const rec = (window.__ssr = { messages: [], events: [], cls: 0, clsSupported: false, boxes: [], messagesAtDefine: null });
  addEventListener('message', (e) => {
    const d = e.data;
    if (d && d.source === 'platform-embed' && typeof d.type === 'string') rec.messages.push(d.type);
  });
  for (const type of ['platform-ready', 'platform-view', 'platform-dashboard-loaded', 'platform-error']) {
    document.addEventListener(type, (e) => rec.events.push({ type, id: e.target.id || null }), true);
  }
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (!e.hadRecentInput) rec.cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
    rec.clsSupported = PerformanceObserver.supportedEntryTypes.includes('layout-shift');
  } catch {}
  const sample = () => {
    const el = document.querySelector('platform-embed');
    if (el) {
      const r = el.getBoundingClientRect();
      const box = Math.round(r.top) + ',' + Math.round(r.height);
      if (rec.boxes[rec.boxes.length - 1] !== box) rec.boxes.push(box);
    }
    requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
  customElements.whenDefined('platform-embed').then(() => (rec.messagesAtDefine = rec.messages.slice()));
})();`;

/**
 * Opens `name` ("chromium" or "firefox"). Each `newPage()` is a fresh context
 * (no cache, no cookies) with the recorder installed.
 */
export async function openBrowser(name) {
  if (name === 'chromium') {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: browserPath('chromium'), args: chromiumArgs, headless: true });
    return {
      name,
      close: () => browser.close(),
      async newPage() {
        const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
        const page = await context.newPage();
        await page.addInitScript(RECORDER);
        const errors = [];
        page.on('pageerror', (e) => errors.push(e.message));
        return {
          errors,
          // Only the response's start: the page's scripts may be held.
          goto: (url) => page.goto(url, { waitUntil: 'commit' }).then(() => undefined),
          evaluate: (fn, arg) => page.evaluate(fn, arg),
          click: (selector) => page.click(selector),
          close: () => context.close(),
        };
      },
    };
  }
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.launch({ browser: 'firefox', executablePath: browserPath('firefox'), headless: true });
  return {
    name,
    close: () => browser.close(),
    async newPage() {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width: 1280, height: 1000 });
      await page.evaluateOnNewDocument(RECORDER);
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      return {
        errors,
        // Not awaited to the end: with the page's scripts held, DOMContentLoaded waits for them.
        goto: async (url) => {
          page.goto(url, { waitUntil: 'load', timeout: 60_000 }).catch(() => {});
          await eventually(() => page.evaluate(() => location.href === 'about:blank' ? false : document.readyState !== 'uninitialized'), `${url} commits`);
        },
        evaluate: (fn, arg) => page.evaluate(fn, arg),
        click: (selector) => page.click(selector),
        close: () => context.close(),
      };
    },
  };
}

/** The session in the iframe src of the server-rendered element in `html`. */
export function renderedSession(html) {
  const src = /<iframe [^>]*src="([^"]+)"/.exec(html)?.[1];
  return src ? new URL(src.replaceAll('&amp;', '&')).searchParams.get('session') : null;
}

/** The browsers the host tests run in: both, or the one in SSR_BROWSERS. */
export const testBrowsers = process.env.SSR_BROWSERS?.split(',') ?? ['chromium', 'firefox'];
