// `npm run bench`: benchmarks of the built package against baselines measured
// in the same run, in headless Chromium. Prints a table, writes
// bench/results.json (raw numbers, ratios, pass/fail per budget) and the same
// table as Markdown.
//
//   npm run bench                      every benchmark, full size
//   npm run bench -- --quick           fewer rounds and cycles, for a quick look
//   npm run bench -- --only=size,leaks a subset: size, throughput, startup, leaks, many, ttd, ttd-hosts, renewal, keep-alive, lighthouse
//                                      (lighthouse: the demo's scores; installs bench/lighthouse/ on first use)
//   --hosts=astro,nuxt                   ttd-hosts: some of astro, sveltekit, nuxt, angular (builds each on Node 22)
//   npm run bench -- --check           exit 1 when a budget is not met
//   --rounds=N --startup-rounds=N --cycles=N --messages=N --kind=view|drilldown --renewal-rounds=N
//   --drain-messages=N --drain-rounds=N   the per-kind host cost (BENCH_QUICK=1 is --quick)
//
// Run `npm run build` first: the pages load dist/.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { browserPath, chromiumArgs } from '../scripts/browsers.mjs';
import { compressedSizes, measureSizes, printSizes } from '../scripts/size.mjs';
import { join } from 'node:path';
import { printTable, markdownTable } from './report.mjs';
import { startServer } from './server.mjs';
import { runKeepAlive } from './suites/keep-alive.mjs';
import { runLeaks } from './suites/leaks.mjs';
import { runLighthouse } from './suites/lighthouse.mjs';
import { runMany } from './suites/many.mjs';
import { runRenewal } from './suites/renewal.mjs';
import { runStartup } from './suites/startup.mjs';
import { runThroughput } from './suites/throughput.mjs';
import { runTtd } from './suites/ttd.mjs';
import { runTtdHosts } from './suites/ttd-hosts.mjs';

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(`--${name}`);
const value = (name, fallback) => {
  const arg = argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? arg.slice(name.length + 3) : fallback;
};

const quick = flag('quick') || process.env.BENCH_QUICK === '1';
const options = {
  quick,
  messages: Number(value('messages', quick ? 5_000 : 20_000)),
  drainMessages: Number(value('drain-messages', quick ? 2_000 : 5_000)),
  drainRounds: Number(value('drain-rounds', quick ? 2 : 5)),
  kind: value('kind', 'view'),
  rounds: Number(value('rounds', quick ? 3 : 7)),
  startupRounds: Number(value('startup-rounds', quick ? 10 : 31)),
  cycles: Number(value('cycles', quick ? 100 : 1_000)),
  renewalRounds: Number(value('renewal-rounds', quick ? 5 : 15)),
  hosts: value('hosts', '') ? value('hosts', '').split(',') : undefined,
};
const only = value('only', 'size,throughput,startup,leaks,many,ttd,ttd-hosts,renewal,keep-alive,lighthouse').split(',');
const log = (line) => console.error(`[bench] ${line}`);

const results = {
  meta: {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}`,
    // Load averages before and after: a busy machine makes every figure noisy.
    loadBefore: os.loadavg().map((n) => Number(n.toFixed(2))),
    options,
  },
  budgets: [],
  raw: {},
};

async function benchSizes() {
  const sizes = await measureSizes();
  printSizes(sizes);
  console.log('');
  results.raw.size = sizes;
  const kb = (b) => `${b.gzip.toLocaleString('en-US')} B gzip (${b.brotli.toLocaleString('en-US')} B brotli)`;
  // BENCH_BASELINE_DIST (the last release's dist/, say): the same bundles of that build, measured the same way.
  const baselineDist = process.env.BENCH_BASELINE_DIST;
  for (const bundle of baselineDist ? sizes.bundles.filter((b) => b.budgetGzip !== null) : []) {
    // A bundle the baseline build does not have yet is measured against nothing.
    const baseFile = join(baselineDist, bundle.file.replace(/^dist\//, ''));
    if (!existsSync(baseFile)) continue;
    const base = compressedSizes(readFileSync(baseFile));
    results.budgets.push({
      id: `size-vs-baseline:${bundle.file}`,
      measure: `${bundle.file} against ${baselineDist}, gzip`,
      value: bundle.gzip - base.gzip,
      budget: 'report',
      detail: `${bundle.gzip.toLocaleString('en-US')} B vs ${base.gzip.toLocaleString('en-US')} B gzip (${bundle.gzip - base.gzip >= 0 ? '+' : ''}${bundle.gzip - base.gzip} B)`,
      pass: true,
    });
  }
  for (const bundle of sizes.bundles.filter((b) => b.budgetGzip !== null)) {
    results.budgets.push({
      id: `size:${bundle.file}`,
      measure: `${bundle.file.includes('embed-embed') ? 'embed-only' : 'full'} ${bundle.file.includes('.iife.') ? 'classic script' : 'bundle'}, min + gzip`,
      value: bundle.gzip,
      budget: bundle.budgetGzip,
      detail: kb(bundle),
      pass: bundle.pass,
    });
  }
  results.budgets.push({
    id: 'size:admin',
    measure: 'admin cost on top of the embed (full − embed-only), gzip',
    value: sizes.admin.fullMinusEmbed.gzip,
    budget: 'report',
    detail: `dist/admin.js closure: ${kb(sizes.admin.closureWithLit)} with Lit, ${kb(sizes.admin.closureWithoutLit)} without`,
    pass: sizes.checks.every((c) => c.pass),
  });
}

async function benchBrowser() {
  const server = await startServer();
  const executablePath = browserPath('chromium');
  // playwright-core's own `--headless` is the new headless mode on this Chromium.
  const browser = await chromium.launch({ executablePath, headless: true, args: chromiumArgs });
  results.meta.browser = `Chromium ${browser.version()}`;
  log(`${results.meta.browser}, pages on ${server.hostOrigin}, embeds on ${server.tenantOrigin}`);
  try {
    const suites = [
      ['throughput', runThroughput],
      ['startup', runStartup],
      ['leaks', runLeaks],
      ['many', runMany],
      ['ttd', runTtd],
      ['ttd-hosts', runTtdHosts],
      ['renewal', runRenewal],
      ['keep-alive', runKeepAlive],
    ].filter(([name]) => only.includes(name));
    for (const [name, run] of suites) {
      // A fresh page per benchmark: nothing one leaves behind skews another.
      const context = await browser.newContext();
      const page = await context.newPage();
      page.on('pageerror', (error) => log(`${name} page error: ${error.message}`));
      page.on('console', (msg) => { if (msg.type() === 'error') log(`${name} console: ${msg.text()}`); });
      const cdp = await context.newCDPSession(page);
      try {
        const r = await run({ page, cdp, server, options, log });
        results.raw[name] = r.raw;
        results.budgets.push(...r.budgets);
      } catch (error) {
        log(`${name} failed: ${error.stack ?? error}`);
        results.raw[name] = { error: String(error) };
        results.budgets.push({ id: name, measure: name, value: 'error', budget: '', detail: String(error.message ?? error), pass: false });
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

let exitCode = 0;
try {
  if (only.includes('size')) await benchSizes();
  if (only.some((name) => ['throughput', 'startup', 'leaks', 'many', 'ttd', 'ttd-hosts', 'renewal', 'keep-alive'].includes(name))) await benchBrowser();
  if (only.includes('lighthouse')) {
    const r = await runLighthouse({ log });
    results.raw.lighthouse = r.raw;
    results.budgets.push(...r.budgets);
  }
} catch (error) {
  log(error.stack ?? String(error));
  exitCode = 1;
}

results.meta.loadAfter = os.loadavg().map((n) => Number(n.toFixed(2)));
const out = fileURLToPath(new URL('./results.json', import.meta.url));
writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
printTable(results.budgets);
console.log(`\n${markdownTable(results.budgets)}`);
console.log(`\nload average before/after (1, 5, 15 min): ${results.meta.loadBefore.join(' ')} / ${results.meta.loadAfter.join(' ')}`);
console.log(`wrote ${out}`);
if (flag('check') && results.budgets.some((b) => !b.pass)) exitCode = 1;
process.exit(exitCode);
