// Many embeds on one page: 20 `<platform-embed>`, 2 in the first viewport,
// each getting its session from the bench server's session route. Eager and
// lazy arms alternate over the rounds, each in a freshly loaded page. Before
// any scroll: iframe navigations and session requests started (counted by the
// server), and the time until the first visible embed is ready; then a scroll
// to the end, after which the lazy embeds there load too.
import { alternate, median, ratio, summary } from '../stats.mjs';

const ARMS = ['eager', 'lazy'];

export async function runMany({ page, server, options, log }) {
  const rounds = Math.max(3, Math.round(options.rounds));
  const runs = Object.fromEntries(ARMS.map((arm) => [arm, []]));
  await page.setViewportSize({ width: 1280, height: 720 });
  for (let round = 0; round <= rounds; round += 1) {
    for (const arm of alternate(ARMS, round)) {
      await page.goto(`${server.hostOrigin}/pages/many.html?tenant=${encodeURIComponent(server.tenantOrigin)}`);
      await page.waitForFunction(() => window.bench?.ready === true);
      await (await fetch(`${server.hostOrigin}/counters?reset`)).json();
      const r = await page.evaluate((loading) => window.bench.run(loading), arm);
      const before = await (await fetch(`${server.hostOrigin}/counters`)).json();
      const after = await page.evaluate(() => window.bench.scrollToEnd());
      if (round > 0) runs[arm].push({ ...r, ...after, navigationsBeforeScroll: before.embedDocuments, sessionRequestsBeforeScroll: before.sessions });
    }
    log(`many embeds: round ${round === 0 ? 'warm-up' : `${round}/${rounds}`} done`);
  }
  const pick = (arm, key) => runs[arm].map((r) => r[key]);
  const med = (arm, key) => median(pick(arm, key));
  const firstReadyRatio = ratio(med('lazy', 'firstReadyMs'), med('eager', 'firstReadyMs'));
  const count = await page.evaluate(() => window.bench.count);
  const lazyStarted = med('lazy', 'navigationsBeforeScroll');
  const lazyLoadedAfterScroll = Math.min(...pick('lazy', 'readyAfterScroll'));
  const line = (arm) => `${arm}: ${med(arm, 'navigationsBeforeScroll')} navigations, ${med(arm, 'sessionRequestsBeforeScroll')} session requests, first visible ready in ${med(arm, 'firstReadyMs').toFixed(0)} ms`;
  return {
    raw: {
      embeds: count,
      rounds,
      runs,
      firstReadyMs: Object.fromEntries(ARMS.map((arm) => [arm, summary(pick(arm, 'firstReadyMs'))])),
    },
    budgets: [
      {
        id: 'many-started',
        measure: `many embeds (${count}, 2 in view): navigations and session requests before any scroll, lazy vs eager`,
        value: `${lazyStarted} / ${med('lazy', 'sessionRequestsBeforeScroll')} vs ${med('eager', 'navigationsBeforeScroll')} / ${med('eager', 'sessionRequestsBeforeScroll')}`,
        budget: 'lazy: within one viewport of the visible area only',
        detail: `${line('eager')}; ${line('lazy')}; after scrolling to the end, ${lazyLoadedAfterScroll} lazy embeds ready`,
        // Lazy starts what is in reach (the 2 in view and those within one viewport below), far fewer than all.
        pass: lazyStarted >= 2 && lazyStarted < count / 2 && med('eager', 'navigationsBeforeScroll') === count && lazyLoadedAfterScroll > lazyStarted,
      },
      {
        id: 'many-first-ready',
        measure: 'many embeds: time until the first visible embed is ready, lazy / eager',
        value: firstReadyRatio,
        budget: '< 1',
        detail: `medians ${med('lazy', 'firstReadyMs').toFixed(0)} ms (lazy) vs ${med('eager', 'firstReadyMs').toFixed(0)} ms (eager) over ${rounds} rounds, arms alternating`,
        pass: firstReadyRatio < 1,
      },
    ],
  };
}
