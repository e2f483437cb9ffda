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
import { configured, saveSettings, signedInContext } from './helpers.mjs';
import { insertBlock } from './editor.mjs';

const out = fileURLToPath(new URL('../../docs/screenshots/wordpress/', import.meta.url));
mkdirSync(out, { recursive: true });

const wp = await startWordPress({ zip: process.env.PLATFORM_EMBED_WORDPRESS_ZIP || ZIP });
let browser;
try {
  browser = await chromium.launch({ executablePath: browserPath('chromium'), args: chromiumArgs, headless: true });
  const admin = await signedInContext(browser, wp, 'admin');
  const settings = await admin.newPage();
  await settings.setViewportSize({ width: 1100, height: 700 });
  // A base URL as a site would have it would be refused here only if it were not https; the mock's is loopback.
  await saveSettings(settings, wp, configured(wp));
  await settings.screenshot({ path: `${out}settings.png` });
  console.log(`wrote ${out}settings.png`);

  const editorContext = await signedInContext(browser, wp, 'editor');
  const editor = await editorContext.newPage();
  await editor.setViewportSize({ width: 1280, height: 760 });
  await insertBlock(editor, wp, { title: 'Quarterly sales', dashboard: 'sales-overview' });
  // Select the block again so its toolbar sits over it, not over the title.
  await editor.locator('[data-type="platform-embed/dashboard"] .components-placeholder').click();
  await editor.screenshot({ path: `${out}block-editor.png` });
  console.log(`wrote ${out}block-editor.png`);
} finally {
  await browser?.close();
  await wp.stop();
}
