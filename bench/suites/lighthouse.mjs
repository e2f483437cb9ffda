// The demo page (`npm start`) under Lighthouse, desktop and mobile: the four
// category scores and the Cumulative Layout Shift. Lighthouse is heavy and
// only this benchmark needs it, so it lives in bench/lighthouse/ with its own
// package.json and lockfile, installed with `npm ci` the first time this runs
// (registry only: it drives the machine's Chromium, downloads no browser).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { browserPath } from '../../scripts/browsers.mjs';

const dir = fileURLToPath(new URL('../lighthouse/', import.meta.url));
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];

/** bench/lighthouse/node_modules, installed from its lockfile when missing. */
function install(log) {
  if (existsSync(`${dir}node_modules/lighthouse/package.json`)) return;
  log('installing Lighthouse into bench/lighthouse/ (npm ci, once)');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: 'inherit' });
}

export async function runLighthouse({ log }) {
  install(log);
  const { default: lighthouse } = await import(`${dir}node_modules/lighthouse/core/index.js`);
  const { default: desktopConfig } = await import(`${dir}node_modules/lighthouse/core/config/desktop-config.js`);
  const chromeLauncher = await import(`${dir}node_modules/chrome-launcher/dist/index.js`);
  const { startMockServer } = await import('../../dist/testing/server.js');
  const { startDemoServer } = await import('../../demo/server.mjs');

  const platform = await startMockServer({ port: 0, host: '127.0.0.1' });
  const demo = await startDemoServer({ port: 0, host: '127.0.0.1', platform });
  const raw = { url: demo.url };
  const budgets = [];
  try {
    for (const [form, config] of [['desktop', desktopConfig], ['mobile', undefined]]) {
      // A fresh browser per run: no cache, no warm connection from the run before.
      const chrome = await chromeLauncher.launch({
        chromePath: process.env.CHROME_PATH ?? browserPath('chromium'),
        chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
      });
      try {
        const result = await lighthouse(demo.url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories }, config);
        const { lhr } = result;
        const scores = Object.fromEntries(categories.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
        const cls = lhr.audits['cumulative-layout-shift']?.numericValue ?? null;
        const failing = Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable' && a.scoreDisplayMode !== 'manual')
          .map((a) => `${a.id} (${a.displayValue ?? a.score})`);
        // What moved, when anything did: the elements Lighthouse names for each shift.
        const shifts = (lhr.audits['layout-shifts']?.details?.items ?? []).map((item) => ({ score: item.score, node: item.node?.selector ?? item.node?.snippet ?? null, causes: (item.subItems?.items ?? []).map((cause) => cause.cause ?? cause.extra?.value ?? null) }));
        raw[form] = { scores, cls, shifts, lighthouse: lhr.lighthouseVersion, browser: lhr.environment?.hostUserAgent, below90: failing };
        log(`lighthouse ${form}: ${categories.map((c) => `${c} ${scores[c]}`).join(', ')}, CLS ${cls}`);
        budgets.push({
          id: `lighthouse:${form}:cls`,
          measure: `demo, Lighthouse ${form}: Cumulative Layout Shift`,
          value: cls,
          budget: '0',
          detail: `scores ${categories.map((c) => `${c} ${scores[c]}`).join(', ')}`,
          pass: cls === 0,
        });
      } finally {
        await chrome.kill();
      }
    }
  } finally {
    await demo.close();
    await platform.close();
  }
  return { raw, budgets };
}
