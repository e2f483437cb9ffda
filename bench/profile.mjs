// `node bench/profile.mjs [variant] [messages]`: where the host's time goes in
// one throughput run. Builds a variant of bench/pages/throughput.js
// (`embed:1` by default; `baseline:1`, `floor:1`, `embed:100`, …), warms it
// up, records a CPU profile of one run through the DevTools protocol and
// prints the functions with the most self time. Run `npm run build` first.
import { chromium } from 'playwright-core';
import { browserPath, chromiumArgs } from '../scripts/browsers.mjs';
import { startServer } from './server.mjs';

const variant = process.argv[2] ?? 'embed:1';
const messages = Number(process.argv[3] ?? 20_000);

const server = await startServer();
const browser = await chromium.launch({ executablePath: browserPath('chromium'), headless: true, args: chromiumArgs });
try {
  const page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await page.goto(`${server.hostOrigin}/pages/throughput.html?tenant=${encodeURIComponent(server.tenantOrigin)}`);
  await page.waitForFunction(() => window.bench?.ready === true);
  await page.evaluate((v) => window.bench.setup(v), variant);
  await page.evaluate((n) => window.bench.measure(n, 'view'), Math.min(messages, 5_000));
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  const run = await page.evaluate((n) => window.bench.measure(n, 'view'), messages);
  const { profile } = await cdp.send('Profiler.stop');
  console.log(`${variant}: ${messages} messages handled in ${run.ms?.toFixed(1)} ms (the iframe posted them in ${run.sentMs?.toFixed(1)} ms)`);

  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map();
  profile.samples.forEach((id, i) => {
    const { functionName, url, lineNumber, columnNumber } = nodes.get(id).callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}:${columnNumber + 1}`;
    selfUs.set(key, (selfUs.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  for (const [key, us] of [...selfUs].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    console.log(`${(us / 1000).toFixed(1).padStart(9)} ms  ${key}`);
  }
} finally {
  await browser.close();
  await server.close();
}
