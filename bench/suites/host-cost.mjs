// The host's work per message, for every kind of message a customer's page
// receives (see bench/pages/host-cost.js for one drain and the arms). Each
// round builds the arms one after another, in rotated order, and drains a
// queued burst of every kind in each, the kinds in rotated order too (the
// wrong-origin kind last: it moves the arm's iframe to another origin).
import { alternate, median, ratio, summary } from '../stats.mjs';

/** Accepted kinds: the spec's eight event types and a type it does not list. */
export const VALID_KINDS = ['ready', 'view', 'navigate', 'dashboard-loaded', 'download', 'drilldown', 'ai-query', 'error', 'unknown'];
/** Rejected kinds: another window of the tenant, a wrong origin, a malformed envelope, a payload breaking its schema. */
export const REJECTED_KINDS = ['foreign', 'malformed', 'invalid', 'origin'];
const ARMS = ['baseline', 'bare', 'floor', 'embed'];

/** The kinds an arm drains: the floor only accepted ones, the bare listener only `view` (for reference). */
function kindsOf(arm, round) {
  if (arm === 'bare') return ['view'];
  const valid = alternate(VALID_KINDS, round);
  if (arm === 'floor') return valid;
  return [...alternate([...valid, 'foreign', 'malformed', 'invalid'], round), 'origin'];
}

/** CPU time of the host page's main thread so far, in seconds: what the host pays, however busy the machine. */
async function threadSeconds(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'ThreadTime')?.value ?? NaN;
}

const us = (ms, count) => Number(((ms / count) * 1000).toFixed(2));

/** Resolves with raw samples, per-kind ratios and the budgets (≤ 1.5 on every accepted kind). */
export async function runHostCost({ page, cdp, server, options, log }) {
  const count = options.drainMessages;
  const rounds = options.drainRounds;
  await page.goto(`${server.hostOrigin}/pages/host-cost.html?tenant=${encodeURIComponent(server.tenantOrigin)}`);
  await page.waitForFunction(() => window.bench?.ready === true);
  const samples = {};
  const cpu = {};
  const errors = [];
  await cdp.send('Performance.enable');
  for (let round = 0; round <= rounds; round += 1) {
    for (const arm of alternate(ARMS, round)) {
      await page.evaluate((a) => window.bench.setup(a), arm);
      for (const kind of kindsOf(arm, round)) {
        await cdp.send('HeapProfiler.collectGarbage');
        const before = await threadSeconds(cdp);
        const r = await page.evaluate(([k, n]) => window.bench.drain(k, n), [kind, count]);
        r.cpuMs = (await threadSeconds(cdp) - before) * 1000;
        // Messages handled while held would mean the hold did not hold: such a run measures nothing.
        if (r.error || r.handled !== count || r.handledWhileHeld !== 0) errors.push({ arm, kind, round, ...r });
        else if (round > 0) {
          (samples[`${arm}:${kind}`] ??= []).push(r.ms);
          (cpu[`${arm}:${kind}`] ??= []).push(r.cpuMs);
        }
      }
      await page.evaluate(() => window.bench.teardown());
    }
    log(`host cost: round ${round === 0 ? 'warm-up' : `${round}/${rounds}`} done`);
  }

  const stat = (set) => (arm, kind) => median(set[`${arm}:${kind}`] ?? []);
  const wall = stat(samples);
  const work = stat(cpu);
  const perKind = {};
  for (const kind of [...VALID_KINDS, ...REJECTED_KINDS]) {
    const accepted = VALID_KINDS.includes(kind);
    const baseCpu = cpu[`baseline:${kind}`] ?? [];
    perKind[kind] = {
      // Main-thread CPU time of the drain: the budgeted figure.
      cpu: ratio(work('embed', kind), work('baseline', kind)),
      // Wall time of the drain: the same work plus whatever else the machine made the page wait for.
      wall: ratio(wall('embed', kind), wall('baseline', kind)),
      floorCpu: accepted ? ratio(work('floor', kind), work('baseline', kind)) : null,
      floorWall: accepted ? ratio(wall('floor', kind), wall('baseline', kind)) : null,
      embedUs: us(work('embed', kind), count),
      floorUs: accepted ? us(work('floor', kind), count) : null,
      baselineUs: us(work('baseline', kind), count),
      // Each embed drain over the baseline drain of the same round (CPU time).
      paired: (cpu[`embed:${kind}`] ?? []).map((ms, i) => ratio(ms, baseCpu[i])),
    };
  }
  const bare = {
    embedCpu: ratio(work('embed', 'view'), work('bare', 'view')),
    embedWall: ratio(wall('embed', 'view'), wall('bare', 'view')),
    baselineCpu: ratio(work('baseline', 'view'), work('bare', 'view')),
    baselineWall: ratio(wall('baseline', 'view'), wall('bare', 'view')),
    bareUs: us(work('bare', 'view'), count),
  };
  const ok = errors.length === 0;
  const line = (kind) => {
    const k = perKind[kind];
    const floor = k.floorCpu === null ? '' : `, floor ${k.floorCpu}`;
    return `${kind} ${k.cpu} (${k.embedUs} vs ${k.baselineUs} µs CPU${floor}; wall ${k.wall})`;
  };
  return {
    raw: {
      messages: count,
      rounds,
      wallMs: samples,
      cpuMs: cpu,
      summaryCpuMs: Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, summary(v)])),
      summaryWallMs: Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, summary(v)])),
      perKind,
      bare,
      errors,
    },
    budgets: [
      ...VALID_KINDS.map((kind) => ({
        id: `host-cost:${kind}`,
        measure: `host cost per accepted ${kind} message, main-thread CPU, element / bare listener (${count.toLocaleString('en-US')} queued)`,
        value: perKind[kind].cpu,
        budget: 1.5,
        detail: `${line(kind)}; paired ${perKind[kind].paired.join(', ')}`,
        pass: ok && perKind[kind].cpu <= 1.5,
      })),
      {
        id: 'host-cost:rejected',
        measure: 'host cost per rejected message, main-thread CPU, element / bare listener',
        value: Math.max(...REJECTED_KINDS.map((k) => perKind[k].cpu)),
        budget: 'report',
        detail: REJECTED_KINDS.map(line).join('; '),
        pass: ok,
      },
      {
        id: 'host-cost:bare',
        measure: 'view: element / a listener checking only origin and window, never reading data',
        value: bare.embedCpu,
        budget: 'report',
        detail: `${us(work('embed', 'view'), count)} vs ${bare.bareUs} µs CPU (wall ${bare.embedWall}); `
          + `the bare listener reading data / not reading it: ${bare.baselineCpu} CPU, ${bare.baselineWall} wall`
          + `${ok ? '' : `; ${errors.length} failed drains: ${errors.slice(0, 3).map((e) => `${e.arm}:${e.kind} ${e.error ?? `handled ${e.handled}, ${e.handledWhileHeld} while held`}`).join('; ')}`}`,
        pass: ok,
      },
    ],
  };
}
