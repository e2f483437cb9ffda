// The block in the block editor, as an editor uses it: found in the inserter
// by "dashboard" or "Platform", configured in the sidebar's "Dashboard"
// field with a placeholder in the canvas, published, and shown to visitors.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eventually, readyDashboards } from './helpers.mjs';

/**
 * Opens a new post in the block editor, inserts the block through the
 * inserter's search for `search` and sets its "Dashboard" field. Leaves the
 * block selected with its sidebar open. Also used by screenshots.mjs.
 */
export async function insertBlock(page, wp, { title, search = 'dashboard', dashboard }) {
  await page.goto(`${wp.url}/wp-admin/post-new.php`);
  const titleField = page.getByRole('textbox', { name: 'Add title' });
  await titleField.waitFor({ timeout: 30_000 });
  await titleField.fill(title);
  await page.getByRole('button', { name: 'Toggle block inserter' }).click();
  const searchBox = page.locator('.block-editor-inserter__search input');
  await searchBox.fill(search);
  await page.getByRole('option', { name: 'Platform dashboard' }).click();
  // The inserter stays open over the sidebar; close it and open the settings sidebar (the block's tab, as the block is selected).
  await page.getByRole('button', { name: 'Toggle block inserter' }).click();
  const settings = page.locator('.edit-post-header__settings button[aria-label="Settings"]');
  if ((await settings.getAttribute('aria-pressed')) !== 'true') await settings.click();
  const field = page.getByLabel('Dashboard', { exact: true });
  await field.waitFor();
  await field.fill(dashboard);
  return field;
}

/** @param {() => { wp: import('./harness.mjs').WordPress, editor: import('playwright-core').BrowserContext, browser: import('playwright-core').Browser, pages: string[], watch: Function }} ctx */
export function describeEditor(ctx) {
  describe('block editor (editor)', () => {
    it('searching "Platform" or "dashboard" in the inserter finds the block', async () => {
      const { wp, editor } = ctx();
      const page = await editor.newPage();
      try {
        await page.goto(`${wp.url}/wp-admin/post-new.php`);
        await page.getByRole('textbox', { name: 'Add title' }).waitFor({ timeout: 30_000 });
        await page.getByRole('button', { name: 'Toggle block inserter' }).click();
        const searchBox = page.locator('.block-editor-inserter__search input');
        for (const search of ['Platform', 'dashboard']) {
          await searchBox.fill(search);
          await page.getByRole('option', { name: 'Platform dashboard' }).waitFor();
        }
      } finally {
        await page.close();
      }
    });

    it('the sidebar\'s "Hide" checkboxes set hide; an invalid setting makes the placeholder say no dashboard will show', async () => {
      const { wp, editor } = ctx();
      const page = await editor.newPage();
      try {
        await insertBlock(page, wp, { title: 'Hide and invalid', dashboard: 'sales-overview' });
        await page.getByRole('button', { name: 'Hide', exact: true }).click();
        await page.getByLabel('Header bar', { exact: true }).check();
        await page.getByLabel('Export menu', { exact: true }).check();
        const hide = () => page.evaluate(() => wp.data.select('core/block-editor').getSelectedBlock().attributes.hide);
        assert.deepEqual(await hide(), ['header', 'export-menu']);
        await page.getByLabel('Header bar', { exact: true }).uncheck();
        assert.deepEqual(await hide(), ['export-menu']);
        const placeholder = page.locator('[data-type="platform-embed/dashboard"] .components-placeholder');
        assert.match(await placeholder.textContent(), /sales-overview/);
        await page.getByRole('button', { name: 'Appearance', exact: true }).click();
        await page.getByLabel('Height', { exact: true }).fill('tall');
        await eventually(async () => /“Height” is not valid/.test(await placeholder.textContent()), 'the placeholder says the height is not valid');
        assert.doesNotMatch(await placeholder.textContent(), /shows the dashboard/);
      } finally {
        await page.close();
      }
    });

    it('inserts the block, sets its dashboard in the sidebar with a placeholder preview, publishes; a visitor gets the dashboard', async () => {
      const { wp, editor, browser, pages, watch } = ctx();
      const page = await editor.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      try {
        await insertBlock(page, wp, { title: 'Published from the editor', dashboard: 'marketing-funnel' });
        const placeholder = page.locator('[data-type="platform-embed/dashboard"] .components-placeholder');
        await placeholder.waitFor();
        assert.match(await placeholder.textContent(), /marketing-funnel/, 'the placeholder names the dashboard');
        assert.equal(await page.locator('[data-type="platform-embed/dashboard"] iframe').count(), 0, 'no live embed in the editor');

        await page.locator('.editor-post-publish-panel__toggle').click();
        await page.locator('.editor-post-publish-panel__header-publish-button button').click();
        await page.locator('.post-publish-panel__postpublish').waitFor({ timeout: 30_000 });
        const { id, link } = await page.evaluate(() => ({ id: wp.data.select('core/editor').getCurrentPostId(), link: wp.data.select('core/editor').getPermalink() }));
        const saved = wp.phpJson(`echo wp_json_encode( get_post( ${Number(id)} )->post_content );`);
        assert.match(saved, /<!-- wp:platform-embed\/dashboard \{"dashboard":"marketing-funnel"\} \/-->/);
        assert.deepEqual(errors, []);

        const visitor = await browser.newContext();
        watch(visitor);
        try {
          const view = await visitor.newPage();
          pages.push(await (await view.goto(link)).text());
          const [frame] = await readyDashboards(view);
          assert.equal(await frame.textContent('[data-testid="dashboard-title"]'), 'Marketing funnel');
        } finally {
          await visitor.close();
        }
      } finally {
        await page.close();
      }
    });
  });
}
