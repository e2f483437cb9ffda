// End-to-end: the WordPress plugin in a real WordPress (Debian's 6.1, PHP's
// built-in server, a private MariaDB) with the mock platform behind it, in
// Chromium. The harness installs what is missing and starts everything
// itself (harness.mjs); the plugin is the zip `npm run build` makes.
//
//   npm run build && TEST_ONLY=wordpress npm test
//
// PLATFORM_EMBED_WORDPRESS_ZIP=<file> tests another zip of the plugin (e.g. a release).
import { after, before, describe } from 'node:test';
import { chromium } from 'playwright-core';
import { browserPath, chromiumArgs } from '../../scripts/browsers.mjs';
import { startWordPress, ZIP } from './harness.mjs';
import { signedInContext } from './helpers.mjs';
import { describeSettings } from './settings.mjs';
import { describeRoute } from './route.mjs';
import { describeVisitors } from './visitors.mjs';
import { describeEditor } from './editor.mjs';
import { describeDocs } from './docs.mjs';
import { describeHygiene } from './hygiene.mjs';
import { describeTrust } from './trust.mjs';
import { describeOwner } from './owner.mjs';

const state = {
  wp: null,
  browser: null,
  admin: null,
  editor: null,
  /** Every page HTML the tests saw, searched for the key at the end. */
  pages: [],
  /** Every REST answer (body and headers) the tests saw, searched too. */
  answers: [],
  /** Records the site's HTML and JSON answers to every request of `context`. */
  watch(context) {
    context.on('response', async (response) => {
      if (!response.url().startsWith(state.wp.url)) return;
      const type = response.headers()['content-type'] ?? '';
      if (!/html|json/.test(type)) return;
      try {
        const text = `${await response.text()}\n${JSON.stringify(response.headers())}`;
        (type.includes('json') ? state.answers : state.pages).push(text);
      } catch {
        // A redirect or a closed page has no body to read.
      }
    });
  },
};
const ctx = () => state;
const started = performance.now();

describe('WordPress plugin', () => {
  before(async () => {
    state.wp = await startWordPress({ zip: process.env.PLATFORM_EMBED_WORDPRESS_ZIP || ZIP });
    const t = performance.now();
    state.browser = await chromium.launch({ executablePath: browserPath('chromium'), args: chromiumArgs, headless: true });
    state.admin = await signedInContext(state.browser, state.wp, 'admin');
    state.editor = await signedInContext(state.browser, state.wp, 'editor');
    state.watch(state.admin);
    state.watch(state.editor);
    console.log(`# wordpress harness: chromium and sign-ins ${((performance.now() - t) / 1000).toFixed(1)} s`);
  });

  after(async () => {
    await state.browser?.close();
    await state.wp?.stop();
    console.log(`# wordpress suite: ${((performance.now() - started) / 1000).toFixed(1)} s in all`);
  });

  describeSettings(ctx);
  describeRoute(ctx);
  describeVisitors(ctx);
  describeEditor(ctx);
  describeTrust(ctx);
  describeOwner(ctx);
  describeDocs(ctx);
  describeHygiene(ctx);
});
