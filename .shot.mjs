import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { chromiumArgs } from '/work/wt-kit/scripts/browsers.mjs';
const [out] = process.argv.slice(2);
const child = spawn('node', ['scripts/start.mjs', '--port', '0', '--no-build'], { cwd: '/work/wt-kit', stdio: ['ignore', 'pipe', 'inherit'] });
let text = '';
const demoUrl = await new Promise((resolve) => child.stdout.on('data', (d) => { text += d; const m = /Demo:\s+(\S+)/.exec(text); if (m) resolve(m[1]); }));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
await page.goto(demoUrl);
await page.waitForTimeout(4000);
await page.screenshot({ path: out, fullPage: true });
const frame = page.frames().find((f) => f.url().includes('/embed/'));
if (frame) { const el = await frame.frameElement(); await el.screenshot({ path: out.replace('.png', '-embed.png') }); }
await browser.close();
child.kill('SIGTERM');
