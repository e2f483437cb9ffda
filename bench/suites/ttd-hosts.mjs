// Time to dashboard in the meta-framework host apps (docs/hosts/astro,
// sveltekit, nuxt, angular), each built and served by its production server on
// Node 22 as the host tests do (test/e2e/ssr-hosts.mjs), against the mock
// platform. Per app, two pages of the same app alternate in fresh browser
// contexts: "/" (renderEmbed's element, taken over when the app's script runs)
// and "/plain" (a plain iframe with a server-made session, put in the page the
// same way). A proxy in front of the app holds every script `scriptMs`, so
// the app's code (and the element's definition) arrives late. Measured: when
// the embed iframe's navigation starts (Resource Timing, from the document's
// start), and the layout shift through hydration.
import { startMockServer } from '../../dist/testing/server.js';
import { hosts, installAndBuild, startApp, startScriptProxy } from '../../test/e2e/ssr-hosts.mjs';
import { alternate, median, ratio, summary } from '../stats.mjs';

const RECORD_CLS = `window.__cls = 0; try { new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.__cls += e.value; }).observe({ type: 'layout-shift', buffered: true }); } catch {}`;

async function runOnce(browser, proxy, mock, arm) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(RECORD_CLS);
    const before = mock.state.requests.length;
    await page.goto(`${proxy.url}${arm === 'plain' ? '/plain' : '/'}`, { waitUntil: 'commit' });
    // Until the app has run: for "/", the element took over and is ready.
    const done = arm === 'plain' ? "document.readyState === 'complete'" : "document.readyState === 'complete' && document.querySelector('platform-embed')?.ready === true";
    await page.waitForFunction(done, null, { timeout: 30_000 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100)))));
    const { ttn, firstByte, cls } = await page.evaluate(() => ({
      ttn: performance.getEntriesByType('resource').find((e) => e.initiatorType === 'iframe' && e.name.includes('/embed/'))?.startTime ?? null,
      firstByte: performance.getEntriesByType('navigation')[0].responseStart,
      cls: window.__cls,
    }));
    if (ttn === null) throw new Error(`${arm}: no Resource Timing entry for the embed iframe`);
    const navigations = mock.state.requests.slice(before).filter((r) => r.method === 'GET' && r.path.startsWith('/embed/')).length;
    return { ttn, afterFirstByte: ttn - firstByte, cls, navigations };
  } finally {
    await context.close();
  }
}

async function benchHost(browser, host, { rounds, scriptMs, log }) {
  const built = installAndBuild(host);
  log(`${host.name}: ${built.installSeconds === null ? 'installed' : `npm ci ${built.installSeconds.toFixed(1)} s`}, build ${built.buildSeconds.toFixed(1)} s`);
  const mock = await startMockServer({ port: 0 });
  let server;
  let proxy;
  const runs = { plain: [], server: [] };
  try {
    server = await startApp(host, { [host.platformUrlEnv ?? 'PLATFORM_URL']: mock.url });
    proxy = await startScriptProxy(server.url, { delayMs: scriptMs });
    for (let round = 0; round <= rounds; round += 1) {
      for (const arm of alternate(['plain', 'server'], round)) {
        // A stuck page fails this app's row instead of holding the whole bench.
        let timer;
        const stuck = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`${host.name} ${arm}: no result in 60 s`)), 60_000)));
        const r = await Promise.race([runOnce(browser, proxy, mock, arm), stuck]).finally(() => clearTimeout(timer));
        if (round > 0) runs[arm].push(r);
      }
      log(`${host.name}: round ${round === 0 ? 'warm-up' : `${round}/${rounds}`} done`);
    }
  } finally {
    await proxy?.close();
    await server?.stop();
    await mock.close();
  }
  const pick = (arm, key) => runs[arm].map((r) => r[key]);
  const med = (arm, key) => median(pick(arm, key));
  const oneNavigation = ['plain', 'server'].every((arm) => pick(arm, 'navigations').every((n) => n === 1));
  const maxCls = (arm) => Number(Math.max(...pick(arm, 'cls')).toFixed(4));
  return {
    raw: {
      buildSeconds: Number(built.buildSeconds.toFixed(1)),
      installSeconds: built.installSeconds === null ? null : Number(built.installSeconds.toFixed(1)),
      timeToNavigationMs: { plain: summary(pick('plain', 'ttn')), server: summary(pick('server', 'ttn')) },
      afterFirstByteMs: { plain: summary(pick('plain', 'afterFirstByte')), server: summary(pick('server', 'afterFirstByte')) },
      cls: { plain: summary(pick('plain', 'cls'), 4), server: summary(pick('server', 'cls'), 4) },
      runs,
    },
    budget: {
      id: `ttd-host:${host.dir.split('/').pop()}`,
      measure: `${host.name}: time to navigation, renderEmbed's element / plain iframe in the same app (scripts ${scriptMs} ms late)`,
      value: ratio(med('server', 'ttn'), med('plain', 'ttn')),
      budget: '≤ 1.05 (+2 ms)',
      detail: `medians: plain ${med('plain', 'ttn').toFixed(1)} ms, server-rendered ${med('server', 'ttn').toFixed(1)} ms (document start to the iframe's navigation start; from the first byte: ${med('plain', 'afterFirstByte').toFixed(1)} vs ${med('server', 'afterFirstByte').toFixed(1)} ms); CLS through hydration, worst run: plain ${maxCls('plain')}, server-rendered ${maxCls('server')}; one navigation per load: ${oneNavigation}; ${rounds} rounds, arms alternating; build ${built.buildSeconds.toFixed(1)} s on Node 22`,
      pass: med('server', 'ttn') <= 1.05 * med('plain', 'ttn') + 2 && oneNavigation && maxCls('server') === 0,
    },
  };
}

export async function runTtdHosts({ page, options, log }) {
  const browser = page.context().browser();
  const rounds = options.quick ? 3 : 11;
  const scriptMs = 600;
  const raw = { settings: { scriptMs, rounds } };
  const budgets = [];
  const only = options.hosts ?? Object.keys(hosts);
  for (const key of only) {
    const host = hosts[key];
    try {
      const r = await benchHost(browser, host, { rounds, scriptMs, log });
      raw[key] = r.raw;
      budgets.push(r.budget);
    } catch (error) {
      log(`${host.name} failed: ${error.stack ?? error}`);
      raw[key] = { error: String(error) };
      budgets.push({ id: `ttd-host:${key}`, measure: `${host.name}: time to navigation`, value: 'error', budget: '≤ 1.05 (+2 ms)', detail: String(error.message ?? error), pass: false });
    }
  }
  return { raw, budgets };
}
