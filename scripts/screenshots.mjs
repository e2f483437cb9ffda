// `node scripts/screenshots.mjs`: the admin panel in every shipped language,
// for docs/ (docs/screenshots/<lang>-settings.png, -delete-dialog.png,
// -error.png). Runs the built package (`npm run build` first) against the mock
// platform, through the demo's admin view and its language switcher, in
// headless Chromium. Every language is shot with the same viewport and the
// same clip, so the images have the same size and can be compared side by
// side; a text that does not fit shows as cut off at the edge.
//
//   node scripts/screenshots.mjs [--browser /usr/bin/chromium] [--out docs/screenshots]
//
// Japanese needs a CJK font on the machine (Debian: fonts-ipafont-gothic or fonts-noto-cjk).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startMockServer } from '../dist/testing/server.js';
import { startDemoServer } from '../demo/server.mjs';
import { browserPath, chromiumArgs } from './browsers.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const out = option('--out', 'docs/screenshots');
const executablePath = option('--browser', browserPath('chromium'));
const languages = ['en', 'de', 'fr', 'es', 'ja'];
/** The height of the shots (the error's section ends the page); the width is the panel's, the same in every language at this viewport. */
const height = 640;
const errorHeight = 300;

mkdirSync(out, { recursive: true });
const platform = await startMockServer({ port: 0, host: '127.0.0.1' });
const demo = await startDemoServer({ port: 0, host: '127.0.0.1', platform });
const browser = await chromium.launch({ executablePath, args: chromiumArgs });
try {
  for (const lang of languages) {
    await fetch(`${platform.url}/__mock/reset`, { method: 'POST' });
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 });
    await page.goto(demo.url);
    await page.click('#tab-admin');
    const panel = page.locator('platform-admin-panel');
    await panel.locator('#field-name').waitFor();
    if (lang !== 'en') {
      await page.selectOption('#admin-lang', lang);
      await page.waitForFunction((l) => document.querySelector('#admin-host')?.lang === l, lang);
    }
    // A shot from the top of an element, below the demo's sticky header, in the one size.
    const shoot = async (locator, name, h = height) => {
      await locator.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 80));
      const box = await locator.boundingBox();
      const clip = { x: box.x - 8, y: box.y - 8, width: Math.round(box.width) + 16, height: h };
      await page.screenshot({ path: join(out, `${lang}-${name}.png`), clip });
    };

    // The settings form with an edit pending, so the change summary and its badge show.
    await panel.locator('#field-releaseChannel').selectOption('latest');
    await shoot(panel.locator('[part~="settings-section"]'), 'settings');

    // The delete confirmation, over the page.
    await panel.locator('#branch-name').fill('feature/orders-eu');
    await panel.locator('#branch-delete').click();
    await panel.locator('dialog[open]').waitFor();
    const dialog = await panel.locator('dialog[open]').boundingBox();
    const section = await panel.locator('[part~="branch-section"]').boundingBox();
    const y = Math.max(0, dialog.y + dialog.height / 2 - height / 2);
    const width = Math.round(section.width) + 16;
    const clip = { x: Math.max(0, dialog.x + dialog.width / 2 - width / 2), y, width, height };
    await page.screenshot({ path: join(out, `${lang}-delete-dialog.png`), clip });

    // A failure: the platform answers the deletion with a server error.
    await fetch(`${platform.url}/__mock/fail`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify([{ operation: 'deleteBranch', status: 503 }]),
    });
    await panel.locator('.confirm-delete').click();
    await panel.locator('[part~="branch-section"] [role="alert"]:not(:empty)').waitFor();
    await shoot(panel.locator('[part~="branch-section"]'), 'error', errorHeight);
    await page.close();
    console.log(`screenshots: ${lang}`);
  }
} finally {
  await browser.close();
  await demo.close();
  await platform.close();
}
