// Time to dashboard: how soon the embed's iframe starts navigating after the
// page's own navigation started (the browser's Resource Timing; the server's
// clock, page request to embed request, is kept beside it), and the layout shift the page shows meanwhile, for a
// plain iframe, the server-rendered element and the client-rendered element
// (bench/ttd-server.mjs has the pages). The page's module script arrives
// `scriptMs` late and a session takes `sessionMs` to create, on the server
// (plain iframe, server-rendered) or through the session route (client). Each
// run is a fresh browser context (no warm connection, no cache), arms
// alternating over the rounds.
import { ARMS, startTtdServer } from '../ttd-server.mjs';
import { alternate, median, ratio, summary } from '../stats.mjs';

async function runOnce(browser, ttd, arm) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const tenant = arm.startsWith('slow-') ? ttd.slowTenantOrigin : ttd.tenantOrigin;
    await page.goto(`${ttd.hostOrigin}/ttd/page?arm=${arm}&tenant=${encodeURIComponent(tenant)}`, { waitUntil: 'commit' });
    const done = arm === 'plain' ? 'window.loaded === true && window.scriptRan === true' : "window.scriptRan === true && document.querySelector('platform-embed').ready === true";
    await page.waitForFunction(done, null, { timeout: 20_000 });
    // A shift is reported a frame after it happened.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100)))));
    const cls = await page.evaluate(() => window.cls);
    const preconnects = await page.evaluate(() => document.querySelectorAll('link[rel=preconnect]').length);
    // The browser's clock: the embed iframe's navigation start (Resource Timing) from the document's own start.
    const { ttn, firstByte } = await page.evaluate(() => ({
      ttn: performance.getEntriesByType('resource').find((e) => e.initiatorType === 'iframe' && e.name.includes('/embed/'))?.startTime ?? null,
      firstByte: performance.getEntriesByType('navigation')[0].responseStart,
    }));
    const log = await (await fetch(`${ttd.hostOrigin}/ttd/log`)).json();
    if (ttn === null) throw new Error(`${arm}: no Resource Timing entry for the embed iframe`);
    // Connections the slow tenant's relay accepted well before the navigation: what a preconnect opened.
    const early = log.connections.filter((t) => t < log.embeds[0] - ttd.settings.connectMs - 20).length;
    return { ttn, afterFirstByte: ttn - firstByte, serverTtn: log.embeds[0] - log.documentAt, early, navigations: log.embeds.length, cls, preconnects };
  } finally {
    await context.close();
  }
}

export async function runTtd({ page, options, log }) {
  const browser = page.context().browser();
  const ttd = await startTtdServer();
  const arms = Object.keys(ARMS);
  const rounds = options.quick ? 3 : 11;
  const runs = Object.fromEntries(arms.map((arm) => [arm, []]));
  try {
    for (let round = 0; round <= rounds; round += 1) {
      for (const arm of alternate(arms, round)) {
        const r = await runOnce(browser, ttd, arm);
        if (round > 0) runs[arm].push(r);
      }
      log(`time to dashboard: round ${round === 0 ? 'warm-up' : `${round}/${rounds}`} done`);
    }
  } finally {
    await ttd.close();
  }
  const pick = (arm, key) => runs[arm].map((r) => r[key]);
  const med = (arm, key) => median(pick(arm, key));
  const ms = (arm) => `${med(arm, 'ttn').toFixed(1)} ms`;
  const serverMs = (arm) => `${med(arm, 'serverTtn').toFixed(0)} ms`;
  const { scriptMs, sessionMs, connectMs } = ttd.settings;
  const serverRatio = ratio(med('server', 'ttn'), med('plain', 'ttn'));
  // The connection's cost is paid after the navigation starts: compare when the request reached the tenant.
  const preconnectGain = med('slow-no-preconnect', 'serverTtn') - med('slow-preconnect', 'serverTtn');
  const oneNavigation = arms.every((arm) => pick(arm, 'navigations').every((n) => n === 1));
  const maxCls = (arm) => Number(Math.max(...pick(arm, 'cls')).toFixed(4));
  const setting = `script ${scriptMs} ms late, session ${sessionMs} ms`;
  return {
    raw: {
      settings: ttd.settings,
      rounds,
      arms: ARMS,
      timeToNavigationMs: Object.fromEntries(arms.map((arm) => [arm, summary(pick(arm, 'ttn'))])),
      afterFirstByteMs: Object.fromEntries(arms.map((arm) => [arm, summary(pick(arm, 'afterFirstByte'))])),
      serverClockMs: Object.fromEntries(arms.map((arm) => [arm, summary(pick(arm, 'serverTtn'))])),
      cls: Object.fromEntries(arms.map((arm) => [arm, summary(pick(arm, 'cls'), 4)])),
      runs,
    },
    budgets: [
      {
        id: 'ttd-server-vs-plain',
        measure: `time to navigation, server-rendered element / plain iframe (${setting})`,
        value: serverRatio,
        budget: '≤ 1.05 (+2 ms)',
        detail: `medians: plain ${ms('plain')}, server-rendered ${ms('server')}, client-rendered ${ms('client')} (document start to the iframe's navigation start, Resource Timing; from the document's first byte: ${med('plain', 'afterFirstByte').toFixed(1)} ms vs ${med('server', 'afterFirstByte').toFixed(1)} ms; on the server's clock, page request to embed request: ${serverMs('plain')}, ${serverMs('server')}, ${serverMs('client')}), ${rounds} rounds, arms alternating; one navigation per load in every arm: ${oneNavigation}`,
        pass: med('server', 'ttn') <= 1.05 * med('plain', 'ttn') + 2 && oneNavigation,
      },
      {
        id: 'ttd-client-vs-plain',
        measure: 'time to navigation, client-rendered element / plain iframe',
        value: ratio(med('client', 'ttn'), med('plain', 'ttn')),
        budget: 'report',
        detail: `the client element waits for its script (${scriptMs} ms) and then its session route (${sessionMs} ms)`,
        pass: true,
      },
      {
        id: 'ttd-preconnect',
        measure: `preconnect: time to navigation of the client element on a tenant whose new connections cost ${connectMs} ms, without − with`,
        value: `${preconnectGain.toFixed(1)} ms`,
        budget: `≥ ${connectMs / 2} ms (half the connection's cost)`,
        detail: `medians on the server's clock (page request to the embed request reaching the tenant): with the element's preconnect ${serverMs('slow-preconnect')}, without ${serverMs('slow-no-preconnect')}; links in the page: ${med('slow-preconnect', 'preconnects')} vs ${med('slow-no-preconnect', 'preconnects')}; runs in which the relay accepted a connection before the navigation (what a preconnect opens): ${pick('slow-preconnect', 'early').filter(Boolean).length}/${rounds} vs ${pick('slow-no-preconnect', 'early').filter(Boolean).length}/${rounds} (connection cost emulated by a TCP relay that holds each new connection ${connectMs} ms)`,
        pass: preconnectGain >= connectMs / 2 && med('slow-preconnect', 'preconnects') === 1,
      },
      {
        id: 'ttd-cls',
        measure: 'Cumulative Layout Shift with two paragraphs below the embed and a late script (worst run)',
        value: `plain ${maxCls('plain')}, server ${maxCls('server')}, client ${maxCls('client')}, client + rule ${maxCls('client-rule')}`,
        budget: 'server-rendered and client + rule: 0, as the plain iframe',
        detail: `medians: plain ${med('plain', 'cls')}, server-rendered ${med('server', 'cls')}, client without the :not(:defined) rule ${med('client', 'cls').toFixed(4)}, with it ${med('client-rule', 'cls')}`,
        pass: maxCls('server') === 0 && maxCls('client-rule') === 0 && maxCls('plain') === 0,
      },
    ],
  };
}
