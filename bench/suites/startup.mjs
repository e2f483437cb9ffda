// Start-up: inserting <platform-embed> against inserting a plain iframe with
// the same URL and attributes (see bench/pages/startup.js).
import { alternate, median, ratio, summary } from '../stats.mjs';

/** Rounds of every variant in rotated order after one warm-up round; resolves with samples and the budget. */
export async function runStartup({ page, server, options, log }) {
  await page.goto(`${server.hostOrigin}/pages/startup.html?isolated&tenant=${encodeURIComponent(server.tenantOrigin)}`);
  await page.waitForFunction(() => window.bench?.ready === true);
  const isolated = await page.evaluate(() => window.bench.isolated);
  const variants = ['element', 'iframe', 'microtask', 'reactive', 'lit'];
  const samples = Object.fromEntries(variants.map((v) => [v, []]));
  const mismatched = [];

  // The element goes first in the warm-up round: the others copy its iframe's attributes.
  for (let round = 0; round <= options.startupRounds; round += 1) {
    for (const variant of alternate(variants, round)) {
      const r = await page.evaluate((v) => window.bench.round(v), variant);
      if (!r.sameUrl) mismatched.push({ round, variant });
      if (round > 0) samples[variant].push(r);
    }
  }
  log(`start-up: ${options.startupRounds} rounds done`);

  const pick = (variant, key) => samples[variant].map((s) => s[key]);
  const med = (variant, key) => median(pick(variant, key));
  const navRatio = ratio(med('element', 'navigationStart'), med('iframe', 'navigationStart'));
  const docRatio = ratio(med('element', 'documentStart'), med('iframe', 'documentStart'));
  const attributes = await page.evaluate(() => window.bench.iframeAttributes());

  return {
    raw: {
      rounds: options.startupRounds,
      crossOriginIsolated: isolated,
      iframeAttributes: attributes,
      mismatchedUrls: mismatched,
      navigationStartMs: Object.fromEntries(variants.map((v) => [v, summary(pick(v, 'navigationStart'), 4)])),
      documentStartMs: Object.fromEntries(variants.map((v) => [v, summary(pick(v, 'documentStart'), 4)])),
      blockedMs: Object.fromEntries(variants.map((v) => [v, summary(pick(v, 'blocked'), 4)])),
      documentStartRatio: docRatio,
      floorRatios: Object.fromEntries(
        ['microtask', 'reactive', 'lit'].map((v) => [v, ratio(med(v, 'navigationStart'), med('iframe', 'navigationStart'))]),
      ),
      elementVsMicrotaskFloor: ratio(med('element', 'navigationStart'), med('microtask', 'navigationStart')),
      samples,
    },
    budgets: [
      {
        id: 'startup',
        measure: 'start-up: insert to iframe navigation start, element / plain iframe',
        value: navRatio,
        budget: 1.05,
        detail: `${med('element', 'navigationStart').toFixed(3)} ms vs ${med('iframe', 'navigationStart').toFixed(3)} ms `
          + `(floors: iframe appended in a microtask ${med('microtask', 'navigationStart').toFixed(3)} ms, `
          + `minimal ReactiveElement ${med('reactive', 'navigationStart').toFixed(3)} ms, `
          + `minimal LitElement ${med('lit', 'navigationStart').toFixed(3)} ms); `
          + `to the embed document's own start: ${med('element', 'documentStart').toFixed(2)} ms vs ${med('iframe', 'documentStart').toFixed(2)} ms (${docRatio}); `
          + `main thread held ${med('element', 'blocked').toFixed(2)} ms vs ${med('iframe', 'blocked').toFixed(2)} ms`,
        pass: mismatched.length === 0 && navRatio <= 1.05,
      },
    ],
  };
}
