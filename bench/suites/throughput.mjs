// The throughput suite: the host's work per message of every kind (see
// host-cost.mjs), then a burst's time with delivery included and its scaling
// with the number of embeds on the page (see bench/pages/throughput.js).
import { alternate, median, ratio, summary } from '../stats.mjs';
import { runHostCost } from './host-cost.mjs';

const SIZES = [1, 10, 100];

/** The page's main-thread task and script time so far, in seconds. */
async function mainThreadSeconds(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const get = (name) => metrics.find((m) => m.name === name)?.value ?? 0;
  return { task: get('TaskDuration'), script: get('ScriptDuration') };
}

/**
 * Runs every variant once per round in rotated order, after one warm-up
 * round, forcing a GC before each measurement. Resolves with raw samples,
 * medians and the two budgets.
 */
export async function runThroughput(context) {
  const hostCost = await runHostCost(context);
  const delivery = await runDelivery(context);
  return { raw: { hostCost: hostCost.raw, delivery: delivery.raw }, budgets: [...hostCost.budgets, ...delivery.budgets] };
}

async function runDelivery({ page, cdp, server, options, log }) {
  await page.goto(`${server.hostOrigin}/pages/throughput.html?tenant=${encodeURIComponent(server.tenantOrigin)}`);
  await page.waitForFunction(() => window.bench?.ready === true);
  const variants = ['floor:1', ...SIZES.flatMap((n) => [`baseline:${n}`, `embed:${n}`])];
  const samples = Object.fromEntries(variants.map((v) => [v, []]));
  const sent = Object.fromEntries(variants.map((v) => [v, []]));
  const hostTask = Object.fromEntries(variants.map((v) => [v, []]));
  const hostScript = Object.fromEntries(variants.map((v) => [v, []]));
  await cdp.send('Performance.enable');
  const errors = [];

  for (let round = 0; round <= options.rounds; round += 1) {
    const warmUp = round === 0;
    for (const variant of alternate(variants, round)) {
      await page.evaluate((v) => window.bench.setup(v), variant);
      await cdp.send('HeapProfiler.collectGarbage');
      const before = await mainThreadSeconds(cdp);
      const r = await page.evaluate(
        ([count, kind]) => window.bench.measure(count, kind),
        [options.messages, options.kind],
      );
      const after = await mainThreadSeconds(cdp);
      await page.evaluate(() => window.bench.teardown());
      if (r.error || r.handled !== options.messages || r.crossTalk) {
        errors.push({ variant, round, ...r });
      } else if (!warmUp) {
        samples[variant].push(r.ms);
        sent[variant].push(r.sentMs);
        hostTask[variant].push((after.task - before.task) * 1000);
        hostScript[variant].push((after.script - before.script) * 1000);
      }
    }
    log(`throughput: round ${warmUp ? 'warm-up' : `${round}/${options.rounds}`} done`);
  }

  const med = Object.fromEntries(variants.map((v) => [v, median(samples[v])]));
  const perMessageUs = Object.fromEntries(variants.map((v) => [v, Number(((med[v] / options.messages) * 1000).toFixed(3))]));
  // cost(N): the element's time over the bare listener's with N iframes.
  const cost = Object.fromEntries(SIZES.map((n) => [n, ratio(med[`embed:${n}`], med[`baseline:${n}`])]));
  const hostRatio = cost[1];
  const scaling = ratio(cost[100], cost[1]);
  const rawScaling = ratio(med['embed:100'], med['embed:1']);
  const ok = errors.length === 0;

  return {
    raw: {
      messages: options.messages,
      kind: options.kind,
      rounds: options.rounds,
      samplesMs: samples,
      // Time the iframe spent posting its burst: far below samplesMs means
      // the host, not the sender, set the pace.
      senderPostMs: Object.fromEntries(variants.map((v) => [v, sent[v].length ? summary(sent[v]) : null])),
      // The host page's main-thread busy time during each run (CDP
      // Performance.getMetrics TaskDuration / ScriptDuration): the host's own
      // work, without the time it waited for messages.
      hostTaskMs: Object.fromEntries(variants.map((v) => [v, hostTask[v].length ? summary(hostTask[v]) : null])),
      hostScriptMs: Object.fromEntries(variants.map((v) => [v, hostScript[v].length ? summary(hostScript[v]) : null])),
      hostTaskRatio: Object.fromEntries(SIZES.map((n) => [n, ratio(median(hostTask[`embed:${n}`]), median(hostTask[`baseline:${n}`]))])),
      // Per-round ratios (each embed:N over the baseline:N of the same round).
      pairedRatios: Object.fromEntries(SIZES.map((n) => [n, samples[`embed:${n}`].map((ms, i) => ratio(ms, samples[`baseline:${n}`][i]))])),
      summaryMs: Object.fromEntries(variants.map((v) => [v, samples[v].length ? summary(samples[v]) : null])),
      perMessageUs,
      costVsBaseline: cost,
      // What the contract's two DOM events per message cost over the bare listener.
      floorVsBaseline: ratio(med['floor:1'], med['baseline:1']),
      embedVsFloor: ratio(med['embed:1'], med['floor:1']),
      rawTimeScaling100vs1: rawScaling,
      baselineTimeScaling100vs1: ratio(med['baseline:100'], med['baseline:1']),
      errors,
    },
    budgets: [
      {
        id: 'host-cost-delivery',
        measure: `time to handle a burst, delivery included (${options.messages.toLocaleString('en-US')} ${options.kind} events, 1 embed vs bare listener)`,
        value: hostRatio,
        budget: 'report',
        detail: `${perMessageUs['embed:1']} µs vs ${perMessageUs['baseline:1']} µs per message (medians of ${options.rounds} rounds); `
          + `host main-thread busy time ratio ${ratio(median(hostTask['embed:1']), median(hostTask['baseline:1']))}; `
          + `floor (2 DOM events, no checks) ${ratio(med['floor:1'], med['baseline:1'])}`,
        pass: ok,
      },
      {
        id: 'scaling',
        measure: 'scaling: cost(100 embeds) / cost(1), cost(N) = element / bare listener with N iframes',
        value: scaling,
        budget: 1.2,
        detail: `cost(1) ${cost[1]}, cost(10) ${cost[10]}, cost(100) ${cost[100]}; raw element time 100 vs 1: ${rawScaling} `
          + `(bare listener: ${ratio(med['baseline:100'], med['baseline:1'])})`,
        pass: ok && scaling <= 1.2,
      },
    ],
  };
}
