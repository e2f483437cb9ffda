// `npm run bench:mock`: what the testing kit costs a customer's test suite.
//
// 1. startMockPlatform() until it resolves (listening, ready to answer), and
//    close() until the port is free, against a bare node:http server's
//    listen() and close() in the same run.
// 2. An embed from navigation to ready: a host page with <platform-embed>
//    and a sessionProvider backed by a session route (the customer's setup),
//    from the host page's navigation start to `platform-ready`, and to
//    nextEmbed() resolving in Node. Baseline: the same page with the kit's
//    control channel refused, which is the embed page without the kit. The
//    figures are the whole page (host page, bundle, session route, embed
//    page); on a busy machine they vary a lot, the ratio much less.
//
//   node bench/mock.mjs [--rounds=N]      (run `npm run build` first)
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { browserPath, chromiumArgs } from '../scripts/browsers.mjs';
import { PlatformApiClient } from '../dist/index.js';
import { startMockPlatform } from '../dist/testing/index.js';
import { alternate, median, ratio, summary } from './stats.mjs';

const rounds = Number(process.argv.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 21);
const log = (line) => console.error(`[bench:mock] ${line}`);

async function time(fn) {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/** Start and close of the mock against a bare HTTP server's, alternating. */
async function startAndClose() {
  const samples = { mockStart: [], mockClose: [], bareStart: [], bareClose: [] };
  for (let round = 0; round <= rounds; round += 1) {
    for (const variant of alternate(['mock', 'bare'], round)) {
      let close;
      const started = await time(async () => {
        if (variant === 'mock') {
          const platform = await startMockPlatform();
          close = () => platform.close();
        } else {
          const server = createServer();
          await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
          close = () => new Promise((resolve) => server.close(resolve));
        }
      });
      const closed = await time(close);
      if (round === 0) continue; // warm-up
      samples[`${variant}Start`].push(started);
      samples[`${variant}Close`].push(closed);
    }
  }
  return samples;
}

/** The customer's host app: one embed, and a session route holding the key. */
async function startHost(platform) {
  const bundle = await readFile(new URL('../dist/platform-embed.min.js', import.meta.url));
  const api = new PlatformApiClient({ baseUrl: platform.url, token: platform.apiKey });
  const page = `<!doctype html><html lang="en"><title>Host</title><script type="module" src="/bundle.js"></script>
<platform-embed base-url="${platform.url}" dashboard="sales-overview"></platform-embed>
<script type="module">
  const embed = document.querySelector('platform-embed');
  embed.sessionProvider = async () => (await (await fetch('/session', { method: 'POST' })).json()).sessionId;
  embed.addEventListener('platform-ready', () => (window.readyAt = performance.now()), { once: true });
</script></html>`;
  const server = createServer(async (req, res) => {
    if (req.url === '/bundle.js') return res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(bundle);
    if (req.url === '/session') {
      const { sessionId } = await api.generateSession({ deploymentId: 42, externalId: 'bench@example.com' });
      return res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ sessionId }));
    }
    res.writeHead(200, { 'Content-Type': 'text/html' }).end(page);
  });
  await new Promise((resolve) => server.listen(0, 'localhost', resolve));
  return { url: `http://localhost:${server.address().port}/`, close: () => new Promise((r) => (server.closeAllConnections(), server.close(r))) };
}

/** Navigation start to ready, with the control channel and without it. */
async function embedReady() {
  const platform = await startMockPlatform();
  const host = await startHost(platform);
  const browser = await chromium.launch({ executablePath: browserPath('chromium'), args: chromiumArgs });
  const samples = { kit: [], kitNextEmbed: [], plain: [] };
  try {
    const context = await browser.newContext();
    for (let round = 0; round <= rounds; round += 1) {
      for (const variant of alternate(['kit', 'plain'], round)) {
        const page = await context.newPage();
        // Both arms route the stream, so request interception costs both the same.
        await page.route((url) => url.pathname === '/mock-embed/control', (route) => (variant === 'plain' ? route.abort() : route.continue()));
        const next = variant === 'kit' ? platform.nextEmbed({ timeout: 10_000 }).then(() => performance.now()) : null;
        const navigated = performance.now();
        await page.goto(host.url);
        await page.waitForFunction(() => typeof window.readyAt === 'number', null, { timeout: 10_000 });
        const ready = await page.evaluate(() => window.readyAt);
        if (round > 0) {
          samples[variant].push(ready);
          if (next) samples.kitNextEmbed.push((await next) - navigated);
        } else await next;
        await page.close();
      }
    }
  } finally {
    await browser.close();
    await host.close();
    await platform.close();
  }
  return samples;
}

const lifecycle = await startAndClose();
log(`start/close: ${rounds} rounds`);
const embeds = await embedReady();
log(`embed ready: ${rounds} rounds`);

const med = (values) => Number(median(values).toFixed(2));
const results = {
  rounds,
  startMockPlatformMs: summary(lifecycle.mockStart),
  closeMs: summary(lifecycle.mockClose),
  bareListenMs: summary(lifecycle.bareStart),
  bareCloseMs: summary(lifecycle.bareClose),
  startRatio: ratio(median(lifecycle.mockStart), median(lifecycle.bareStart)),
  embedReadyMs: summary(embeds.kit),
  embedReadyWithoutControlMs: summary(embeds.plain),
  nextEmbedFromGotoMs: summary(embeds.kitNextEmbed),
  embedReadyRatio: ratio(median(embeds.kit), median(embeds.plain)),
};
console.log(`startMockPlatform() ready      ${med(lifecycle.mockStart)} ms   (bare node:http listen ${med(lifecycle.bareStart)} ms, ×${results.startRatio})`);
console.log(`close() until the port is free ${med(lifecycle.mockClose)} ms   (bare ${med(lifecycle.bareClose)} ms)`);
console.log(`embed: navigation → ready      ${med(embeds.kit)} ms   (control channel refused ${med(embeds.plain)} ms, ×${results.embedReadyRatio})`);
console.log(`embed: goto → nextEmbed()      ${med(embeds.kitNextEmbed)} ms   (Node side)`);
console.log(`medians of ${rounds} rounds after a warm-up`);
console.log(JSON.stringify(results));
