// The start-up suite (bench/suites/startup.mjs) in Firefox ESR: the same page,
// server and rounds as `npm run bench -- --only=startup`, driven through
// puppeteer-core over WebDriver BiDi (the bench runner drives Chromium only).
//   BENCH_BASELINE_DIST=/path/to/other/dist node bench/spikes/startup/firefox-startup.mjs [rounds]
import os from 'node:os';
import puppeteer from 'puppeteer-core';
import { browserPath } from '../../../scripts/browsers.mjs';
import { startServer } from '../../server.mjs';
import { runStartup } from '../../suites/startup.mjs';

const startupRounds = Number(process.argv[2] ?? 31);
const log = (line) => console.error(`[firefox] ${line}`);
const server = await startServer();
const browser = await puppeteer.launch({ browser: 'firefox', executablePath: browserPath('firefox'), headless: true });
const loadBefore = os.loadavg().map((n) => n.toFixed(2)).join(' ');
try {
  const page = await browser.newPage();
  page.on('pageerror', (error) => log(`page error: ${error.message}`));
  log(`${await browser.version()}, load average ${loadBefore}`);
  const { raw, budgets } = await runStartup({ page, server, options: { startupRounds }, log });
  log(`cross-origin isolated: ${raw.crossOriginIsolated}; mismatched URLs: ${raw.mismatchedUrls.length}`);
  for (const b of budgets) console.log(`${b.id}: ${b.value} (${b.budget}) ${b.pass ? 'pass' : 'FAIL'}: ${b.detail}`);
} finally {
  await browser.close();
  await server.close();
  log(`load average after ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
}
