// `node scripts/screenshots.mjs`: the whole admin panel in every shipped
// language, for translators and reviewers (docs/screenshots/<lang>-*.png).
// Runs the built package (`npm run build` first) against the mock platform,
// through the demo's admin view and its language switcher, in headless
// Chromium. Each section is shot whole, however tall it is in that language:
//
//   <lang>-settings.png       the settings form with edits of every kind pending
//                             (a select, switches, a list, template variables,
//                             private storage), the change summary, and the
//                             platform's refusal of the save (400)
//   <lang>-token.png          the token section with an issued token and its expiry
//   <lang>-delete-dialog.png  the delete confirmation over the page (a 900 px window)
//   <lang>-error.png          the branch section after a failed deletion (503)
//
// The viewport is as wide in every language, and for the section shots as tall
// as the page, so no section is cut and nothing scrolls under the demo's
// sticky header.
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
const width = 1280;
/** Room around a shot, so a focus ring or a shadow at the edge shows. */
const margin = 8;

mkdirSync(out, { recursive: true });
const platform = await startMockServer({ port: 0, host: '127.0.0.1' });
const demo = await startDemoServer({ port: 0, host: '127.0.0.1', platform });
const browser = await chromium.launch({ executablePath, args: chromiumArgs });

/** Makes the viewport as tall as the page, so every element is on screen at once. */
async function fitPage(page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width, height });
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** A shot of a box of the page, with a margin, clipped to the page. */
async function shootBox(page, box, path) {
  const x = Math.max(0, box.x - margin);
  const y = Math.max(0, box.y - margin);
  await page.screenshot({
    path,
    clip: { x, y, width: Math.min(width - x, Math.ceil(box.width) + 2 * margin), height: Math.ceil(box.height) + 2 * margin },
  });
}

try {
  for (const lang of languages) {
    await fetch(`${platform.url}/__mock/reset`, { method: 'POST' });
    const page = await browser.newPage({ viewport: { width, height: 900 }, deviceScaleFactor: 1 });
    await page.goto(demo.url);
    await page.click('#tab-admin');
    const panel = page.locator('platform-admin-panel');
    await panel.locator('#field-name').waitFor();
    if (lang !== 'en') {
      await page.selectOption('#admin-lang', lang);
      await page.waitForFunction((l) => document.querySelector('#admin-host')?.lang === l, lang);
    }
    const shoot = async (locator, name) => {
      await fitPage(page);
      await shootBox(page, await locator.boundingBox(), join(out, `${lang}-${name}.png`));
    };

    // Edits of every kind, so each kind of change summary line shows.
    await panel.locator('#field-releaseChannel').selectOption('latest');
    await panel.locator('#field-isPlatformSqlEnabled').click();
    await panel.locator('#field-deployBranchReadOnly').click();
    await panel.locator('#field-cspsConfig-enabled').click();
    await panel.locator('#field-customDomain').fill('');
    // The last launchpad tab removed (✕ of its row), and another added.
    const tabs = panel.locator('fieldset.editor').first();
    await tabs.locator('li.row').last().locator('button.icon').last().click();
    await tabs.locator('button[id$="-add"]').click();
    await tabs.locator('li.row').last().locator('input').fill('reports');
    // Template variables: one emptied, one removed, one added.
    const variables = panel.locator('fieldset.editor').nth(1);
    await variables.locator('li.row').nth(1).locator('input').nth(1).fill('');
    await variables.locator('li.row').nth(2).locator('button.icon').click();
    await variables.locator('button[id$="-add"]').click();
    await variables.locator('li.row').last().locator('input').first().fill('region');
    await variables.locator('li.row').last().locator('input').nth(1).fill('emea');
    // The platform refuses the save: the alert points at the change summary.
    await fetch(`${platform.url}/__mock/fail`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify([{ operation: 'updateDeploymentSettings', status: 400 }]),
    });
    await panel.locator('[part~="settings-section"] button[type="submit"]').click();
    await panel.locator('form [role="alert"]:not(:empty)').waitFor();
    await shoot(panel.locator('[part~="settings-section"]'), 'settings');

    // An issued token, with its expiry counting down.
    await panel.locator('[part~="token-section"] button[part~="primary"]').click();
    await panel.locator('[part~="token-section"] time').waitFor();
    await shoot(panel.locator('[part~="token-section"]'), 'token');

    // The delete confirmation over the page, in a window of the usual height.
    await page.setViewportSize({ width, height: 900 });
    const branches = panel.locator('[part~="branch-section"]');
    await branches.scrollIntoViewIfNeeded();
    await panel.locator('#branch-name').fill('feature/orders-eu');
    await panel.locator('#branch-delete').click();
    await panel.locator('dialog[open]').waitFor();
    // As wide as the section and the dialog together (the dialog is centred in the window, not on the section).
    const section = await branches.boundingBox();
    const dialog = await panel.locator('dialog[open]').boundingBox();
    const left = Math.min(section.x, dialog.x);
    const right = Math.max(section.x + section.width, dialog.x + dialog.width);
    await shootBox(page, { x: left, y: margin, width: right - left, height: 900 - 2 * margin }, join(out, `${lang}-delete-dialog.png`));

    // A failure: the platform answers the deletion with a server error.
    await fetch(`${platform.url}/__mock/fail`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify([{ operation: 'deleteBranch', status: 503, times: null }]),
    });
    await panel.locator('.confirm-delete').click();
    await panel.locator('[part~="branch-section"] [role="alert"]:not(:empty)').waitFor();
    await shoot(panel.locator('[part~="branch-section"]'), 'error');
    await page.close();
    console.log(`screenshots: ${lang}`);
  }
} finally {
  await browser.close();
  await demo.close();
  await platform.close();
}
