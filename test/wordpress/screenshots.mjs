// Takes the screenshots of docs/hosts/wordpress.md in the test WordPress (the
// same harness as the suite): the settings page after saving, and the block in
// the block editor with its sidebar. Writes docs/screenshots/wordpress/*.png.
//
//   npm run build && node test/wordpress/screenshots.mjs
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { browserPath, chromiumArgs } from '../../scripts/browsers.mjs';
import { startWordPress, ZIP } from './harness.mjs';
import { saveSettings, signedInContext } from './helpers.mjs';
import { insertBlock } from './editor.mjs';

const out = fileURLToPath(new URL('../../docs/screenshots/wordpress/', import.meta.url));
mkdirSync(out, { recursive: true });

const wp = await startWordPress({ zip: process.env.PLATFORM_EMBED_WORDPRESS_ZIP || ZIP });
let browser;
try {
  browser = await chromium.launch({ executablePath: browserPath('chromium'), args: chromiumArgs, headless: true });
  const admin = await signedInContext(browser, wp, 'admin');
  const settings = await admin.newPage();
  await settings.setViewportSize({ width: 1100, height: 860 });
  // Values as a real site would enter them (the tests use the mock's loopback address).
  await saveSettings(settings, wp, { baseUrl: 'https://analytics.example.com', apiKey: 'a-key-that-is-never-shown', deploymentId: 42, viewers: 'public' });
  await settings.screenshot({ path: `${out}settings.png` });
  console.log(`wrote ${out}settings.png`);

  const editorContext = await signedInContext(browser, wp, 'editor');
  const editor = await editorContext.newPage();
  await editor.setViewportSize({ width: 1280, height: 760 });
  await insertBlock(editor, wp, { title: 'Quarterly sales', dashboard: 'sales-overview' });
  // The block toolbar in the top bar ("Top toolbar"), so that it covers neither the title nor the block.
  await editor.evaluate(() => window.wp.data.dispatch('core/preferences').set('core/edit-post', 'fixedToolbar', true));
  await editor.waitForTimeout(300);
  await editor.screenshot({ path: `${out}block-editor.png` });
  console.log(`wrote ${out}block-editor.png`);
} finally {
  await browser?.close();
  await wp.stop();
}
