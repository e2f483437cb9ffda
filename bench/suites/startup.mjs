// Start-up: inserting <platform-embed> against inserting a plain iframe with
// the same URL and attributes (see bench/pages/startup.js). With
// BENCH_BASELINE_DIST set (another build, e.g. the last release's dist/), the
// same rounds run against that build too, page by page in alternation, so both
// builds are compared in one run.
import { alternate, median, ratio, summary } from '../stats.mjs';

const VARIANTS = ['element', 'iframe', 'microtask', 'reactive', 'lit'];
/** Rounds per page visit: each visit starts with an unmeasured warm-up round. */
const BLOCK = 5;

/** Measures `rounds` rounds of every variant on the start-up page of `dist` (`current` or `baseline`). */
async function measure(page, server, dist, rounds, samples, mismatched) {
  await page.goto(`${server.hostOrigin}/pages/startup.html?isolated&dist=${dist}&tenant=${encodeURIComponent(server.tenantOrigin)}`);
  await page.waitForFunction(() => window.bench?.ready === true);
  // The element goes first in the warm-up round: the others copy its iframe's attributes.
  for (let round = 0; round <= rounds; round += 1) {
    for (const variant of alternate(VARIANTS, round)) {
      const r = await page.evaluate((v) => window.bench.round(v), variant);
      if (!r.sameUrl) mismatched.push({ dist, round, variant });
      if (round > 0) samples[variant].push(r);
    }
  }
  return page.evaluate(() => ({ isolated: window.bench.isolated, attributes: window.bench.iframeAttributes() }));
}

/** Figures of one build's samples. */
function figures(samples) {
  const pick = (variant, key) => samples[variant].map((s) => s[key]).filter((v) => v !== null);
  const med = (variant, key) => (pick(variant, key).length ? median(pick(variant, key)) : null);
  return {
    pick,
    med,
    docRatio: ratio(med('element', 'documentStart'), med('iframe', 'documentStart')),
    floorRatio: ratio(med('element', 'documentStart'), med('microtask', 'documentStart')),
    extra: med('element', 'documentStart') - med('iframe', 'documentStart'),
  };
}

/** Rounds of every variant in rotated order after one warm-up round per page visit; resolves with samples and the budgets. */
export async function runStartup({ page, server, options, log }) {
  const builds = process.env.BENCH_BASELINE_DIST ? ['current', 'baseline'] : ['current'];
  const samples = Object.fromEntries(builds.map((b) => [b, Object.fromEntries(VARIANTS.map((v) => [v, []]))]));
  const mismatched = [];
  let info;
  for (let done = 0; done < options.startupRounds; done += BLOCK) {
    const rounds = Math.min(BLOCK, options.startupRounds - done);
    // Alternate which build goes first, so neither always follows the other.
    const order = (done / BLOCK) % 2 ? [...builds].reverse() : builds;
    for (const build of order) {
      const got = await measure(page, server, build, rounds, samples[build], mismatched);
      if (build === 'current') info = got;
    }
  }
  log(`start-up: ${options.startupRounds} rounds done (${builds.join(' and ')})`);

  const current = figures(samples.current);
  const { med, pick } = current;
  const raw = {
    rounds: options.startupRounds,
    crossOriginIsolated: info.isolated,
    iframeAttributes: info.attributes,
    mismatchedUrls: mismatched,
    navigationStartMs: Object.fromEntries(VARIANTS.map((v) => [v, pick(v, 'navigationStart').length ? summary(pick(v, 'navigationStart'), 4) : null])),
    documentStartMs: Object.fromEntries(VARIANTS.map((v) => [v, summary(pick(v, 'documentStart'), 4)])),
    blockedMs: Object.fromEntries(VARIANTS.map((v) => [v, summary(pick(v, 'blocked'), 4)])),
    documentStartRatio: current.docRatio,
    floorRatios: Object.fromEntries(
      ['microtask', 'reactive', 'lit'].map((v) => [v, ratio(med(v, 'documentStart'), med('iframe', 'documentStart'))]),
    ),
    elementVsMicrotaskFloor: current.floorRatio,
    samples: samples.current,
  };
  const budgets = [
    {
      id: 'startup',
      measure: "start-up as the viewer feels it: insert to the embed document's own start (performance.timeOrigin), element / plain iframe",
      value: current.docRatio,
      // Accepted at parity; a few milliseconds of cross-process navigation vary from run to run.
      budget: 'report',
      detail: `${med('element', 'documentStart').toFixed(2)} ms vs ${med('iframe', 'documentStart').toFixed(2)} ms (medians of ${options.startupRounds} rounds); `
        + `main thread held ${med('element', 'blocked').toFixed(2)} ms vs ${med('iframe', 'blocked').toFixed(2)} ms`,
      pass: mismatched.length === 0,
    },
    {
      id: 'startup-floor',
      measure: 'start-up guard: insert to the embed document\'s start, element / plain iframe appended in a microtask (the least the contract allows)',
      value: current.floorRatio,
      budget: 2.5,
      detail: `${med('element', 'documentStart').toFixed(3)} ms vs ${med('microtask', 'documentStart').toFixed(3)} ms; `
        + `plain iframe inserted directly ${med('iframe', 'documentStart').toFixed(3)} ms, `
        + `minimal ReactiveElement ${med('reactive', 'documentStart').toFixed(3)} ms, minimal LitElement ${med('lit', 'documentStart').toFixed(3)} ms`,
      pass: mismatched.length === 0 && current.floorRatio <= 2.5,
    },
  ];
  if (samples.baseline) {
    const baseline = figures(samples.baseline);
    raw.baseline = { documentStartMs: Object.fromEntries(VARIANTS.map((v) => [v, summary(baseline.pick(v, 'documentStart'), 4)])), samples: samples.baseline };
    budgets.push({
      id: 'startup-vs-baseline',
      measure: `start-up against ${process.env.BENCH_BASELINE_DIST} in the same run: element / plain iframe, this build and the baseline build`,
      value: ratio(current.docRatio, baseline.docRatio),
      budget: 'report',
      detail: `this build ${med('element', 'documentStart').toFixed(2)} ms vs plain ${med('iframe', 'documentStart').toFixed(2)} ms (+${current.extra.toFixed(2)} ms, ×${current.docRatio}); `
        + `baseline ${baseline.med('element', 'documentStart').toFixed(2)} ms vs plain ${baseline.med('iframe', 'documentStart').toFixed(2)} ms (+${baseline.extra.toFixed(2)} ms, ×${baseline.docRatio})`,
      pass: mismatched.length === 0,
    });
  }
  return { raw, budgets };
}
