// node bench/spikes/startup/run.mjs [chromium|firefox] [rounds]
// Chromium as bench/run.mjs launches it (playwright-core, the same flags);
// Firefox ESR through puppeteer-core over WebDriver BiDi.
import { chromium } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { browserPath, chromiumArgs } from '../../../scripts/browsers.mjs';
import { start } from './server.mjs';

const which = process.argv[2] ? [process.argv[2]] : ['chromium', 'firefox'];
const rounds = Number(process.argv[3] ?? 15);
const WAYS = process.env.WAYS ? process.env.WAYS.split(',') : ['src', 'named', 'replace', 'inner', 'srcdoc-named', 'srcdoc-replace', 'open'];
const POLICIES = process.env.NO_REFERRERS ? [] : ['no-referrer', 'origin', 'strict-origin-when-cross-origin', 'unsafe-url', ''];
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const { server, port } = await start();
const host = `http://localhost:${port}`;
for (const name of which) {
  const browser = name === 'firefox'
    ? await puppeteer.launch({ browser: 'firefox', executablePath: browserPath('firefox'), headless: true })
    : await chromium.launch({ executablePath: browserPath('chromium'), headless: true, args: chromiumArgs });
  const page = await browser.newPage();
  await page.goto(`${host}/page.html?x`);
  await page.waitForFunction(() => window.ready === true);
  const isolated = await page.evaluate(() => crossOriginIsolated);
  const samples = Object.fromEntries(WAYS.map((w) => [w, []]));
  for (let r = 0; r <= rounds; r += 1) {
    // Rotated order; round 0 is a warm-up.
    for (let i = 0; i < WAYS.length; i += 1) {
      const way = WAYS[(i + r) % WAYS.length];
      const s = await page.evaluate(([w, p]) => window.round(w, p), [way, 'strict-origin-when-cross-origin']);
      if (r > 0) samples[way].push(s);
    }
  }
  await fetch(`${host}/referers`);
  for (const way of WAYS) for (const s of samples[way]) if (s.lost) console.error('lost', JSON.stringify(s));
  const out = { browser: `${name} ${await browser.version()}`, isolated, rounds, host: `${host}/page.html?x` };
  for (const way of WAYS) {
    const ok = samples[way].filter((s) => !s.lost);
    out[way] = ok.length
      ? {
          documentStart: +median(ok.map((s) => s.documentStartMs)).toFixed(2),
          insert: +median(ok.map((s) => s.insertMs)).toFixed(2),
          navigateCall: +median(ok.map((s) => s.navigateMs)).toFixed(2),
          lost: samples[way].length - ok.length,
          wrongUrl: ok.filter((s) => !s.sameUrl).length,
          loads: [...new Set(ok.map((s) => s.loads))],
          final: [...new Set(ok.map((s) => s.final))],
          fullscreen: [...new Set(ok.map((s) => s.fullscreen))],
          historyGrew: Math.max(...ok.map((s) => s.historyGrew)),
        }
      : 'all lost';
  }
  // The Referer each way sends, and document.referrer in the embed, per policy.
  const referrers = {};
  for (const way of WAYS) {
    for (const policy of POLICIES) {
      const s = await page.evaluate(([w, p]) => window.round(w, p), [way, policy]);
      const [logged] = await (await fetch(`${host}/referers`)).json();
      referrers[`${way} ${policy || '(none)'}`] = `Referer ${logged?.referer ?? '-'} | document.referrer ${s.referrer === '' ? '""' : s.referrer}`;
    }
  }
  out.referrers = referrers;
  console.log(JSON.stringify(out, null, 1));
  await browser.close();
}
server.close();
