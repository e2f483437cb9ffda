// `node bench/profile.mjs [arm] [kind] [messages]`: where the host's time goes
// while it drains a queued burst (bench/pages/host-cost.js). Builds the arm
// (`embed` by default; `baseline`, `bare`, `floor`), warms it up with the same
// kind, records a CPU profile of one drain through the DevTools protocol and
// prints the functions with the most self time, then the same grouped by
// script. Run `npm run build` first; BENCH_DIST profiles another build.
import { chromium } from 'playwright-core';
import { browserPath, chromiumArgs } from '../scripts/browsers.mjs';
import { startServer } from './server.mjs';

const arm = process.argv[2] ?? 'embed';
const kind = process.argv[3] ?? 'view';
const messages = Number(process.argv[4] ?? 20_000);

const server = await startServer();
const browser = await chromium.launch({ executablePath: browserPath('chromium'), headless: true, args: chromiumArgs });
try {
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await page.goto(`${server.hostOrigin}/pages/host-cost.html?tenant=${encodeURIComponent(server.tenantOrigin)}`);
  await page.waitForFunction(() => window.bench?.ready === true);
  await page.evaluate((a) => window.bench.setup(a), arm);
  for (let i = 0; i < 3; i += 1) await page.evaluate(([k, n]) => window.bench.drain(k, n), [kind, 5_000]);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
  await cdp.send('Profiler.start');
  const run = await page.evaluate(([k, n]) => window.bench.drain(k, n), [kind, messages]);
  const { profile } = await cdp.send('Profiler.stop');
  console.log(`${arm} ${kind}: ${messages} queued messages drained in ${run.ms?.toFixed(1)} ms${run.error ? ` (${run.error})` : ''}`);

  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map();
  const byScript = new Map();
  profile.samples.forEach((id, i) => {
    const { functionName, url, lineNumber, columnNumber } = nodes.get(id).callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}:${columnNumber + 1}`;
    const us = profile.timeDeltas[i] ?? 0;
    selfUs.set(key, (selfUs.get(key) ?? 0) + us);
    const script = url ? url.split('/').pop() : functionName || '(native)';
    byScript.set(script, (byScript.get(script) ?? 0) + us);
  });
  for (const [key, us] of [...selfUs].sort((a, b) => b[1] - a[1]).slice(0, 30)) {
    console.log(`${(us / 1000).toFixed(1).padStart(9)} ms  ${key}`);
  }
  console.log('by script or native bucket:');
  for (const [key, us] of [...byScript].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
    console.log(`${(us / 1000).toFixed(1).padStart(9)} ms  ${key}`);
  }
} finally {
  await browser.close();
  await server.close();
}
