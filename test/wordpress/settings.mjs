// The settings page, as an administrator uses it: Settings → Platform Embed,
// four labelled fields, the key never shown again, invalid values refused
// with a settings error while the valid ones stay saved.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { configured, httpRequest, saveSettings, sessionUrlIn, createPost, SETTINGS_PATH } from './helpers.mjs';

/** The stored option, as PHP reads it. */
const storedOption = (wp) => wp.phpJson(`echo wp_json_encode( get_option( 'platform_embed_settings', null ) );`);

/** @param {() => { wp: import('./harness.mjs').WordPress, admin: import('playwright-core').BrowserContext, editor: import('playwright-core').BrowserContext, pages: string[] }} ctx */
export function describeSettings(ctx) {
  describe('settings page (administrator)', () => {
    it('is the Settings submenu entry "Platform Embed"; an editor may not open it', async () => {
      const { wp, admin, editor } = ctx();
      const page = await admin.newPage();
      await page.goto(`${wp.url}/wp-admin/options-general.php`);
      const entry = page.locator('#menu-settings a', { hasText: /^Platform Embed$/ });
      assert.equal(await entry.count(), 1);
      assert.match(await entry.getAttribute('href'), /options-general\.php\?page=platform-embed$/);
      await page.close();
      const other = await editor.newPage();
      const answer = await other.goto(`${wp.url}${SETTINGS_PATH}`);
      assert.equal(await other.locator('#platform_embed_base_url, [name="platform_embed_settings[base_url]"]').count(), 0, 'no settings form for an editor');
      assert.ok(answer.status() >= 400 || /not allowed/i.test(await other.content()));
      await other.close();
    });

    it('saves the four fields; the key is never printed back, and the form has a nonce', async () => {
      const { wp, admin, pages } = ctx();
      const page = await admin.newPage();
      const html = await saveSettings(page, wp, configured(wp));
      pages.push(html);
      assert.equal(await page.locator('.notice-error').count(), 0, 'no error');
      assert.ok(!html.includes(wp.platform.apiKey), 'the key is not in the page after saving');
      assert.equal(await page.getByLabel('API key', { exact: true }).inputValue(), '', 'the key field is empty');
      assert.equal(await page.getByLabel('Base URL', { exact: true }).inputValue(), wp.platform.url);
      assert.equal(await page.getByLabel('Deployment ID', { exact: true }).inputValue(), '42');
      assert.equal(await page.getByLabel('Who may view', { exact: true }).inputValue(), 'public');
      assert.equal(await page.locator('form input[name="_wpnonce"]').count(), 1, 'a nonce on the form');
      // Reloaded from scratch, too.
      await page.goto(`${wp.url}${SETTINGS_PATH}`);
      const again = await page.content();
      pages.push(again);
      assert.ok(!again.includes(wp.platform.apiKey));
      await page.close();
      const stored = storedOption(wp);
      assert.equal(stored.base_url, wp.platform.url, 'the base URL is stored as given');
      assert.equal(Number(stored.deployment_id), 42);
      assert.equal(stored.viewers, 'public');
    });

    it('a blank API key on save keeps the saved key (sessions still work)', async () => {
      const { wp, admin, pages } = ctx();
      const page = await admin.newPage();
      pages.push(await saveSettings(page, wp, { apiKey: '', deploymentId: 42 }));
      assert.equal(await page.locator('.notice-error').count(), 0);
      await page.close();
      const post = createPost(wp, { title: 'Key kept', content: '[platform_embed dashboard="sales-overview"]' });
      const html = (await httpRequest(post.url)).text;
      const route = sessionUrlIn(html, post.url);
      assert.ok(route, 'the page renders an embed with a session-url');
      const answer = await httpRequest(route, { method: 'POST', headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' }, body: '{"dashboard":"sales-overview"}', localAddress: '127.0.0.9' });
      assert.equal(answer.status, 200, answer.text);
      assert.ok(wp.platform.sessions().some((s) => s.sessionId === JSON.parse(answer.text).sessionId));
    });

    it('PLATFORM_EMBED_API_KEY takes precedence over the saved key, and is not printed either', async () => {
      const { wp, admin, pages } = ctx();
      const post = createPost(wp, { title: 'Key from the constant', content: '[platform_embed dashboard="sales-overview"]' });
      const route = sessionUrlIn((await httpRequest(post.url)).text, post.url);
      const ask = () => httpRequest(route, { method: 'POST', headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' }, body: '{}', localAddress: '127.0.0.8' });
      const page = await admin.newPage();
      try {
        // A saved key the platform refuses: sessions fail with 502 …
        pages.push(await saveSettings(page, wp, { apiKey: 'not-the-platform-key' }));
        assert.equal((await ask()).status, 502);
        // … until wp-config.php (here a must-use plugin, loaded before plugins) defines the right one.
        wp.addMuPlugin('api-key-constant', `<?php define( 'PLATFORM_EMBED_API_KEY', '${wp.platform.apiKey}' );`);
        assert.equal((await ask()).status, 200);
        await page.goto(`${wp.url}${SETTINGS_PATH}`);
        const html = await page.content();
        pages.push(html);
        assert.ok(!html.includes(wp.platform.apiKey));
        assert.ok(!html.includes('not-the-platform-key'));
      } finally {
        wp.removeMuPlugin('api-key-constant');
        pages.push(await saveSettings(page, wp, { apiKey: wp.platform.apiKey }));
        await page.close();
      }
      assert.equal((await ask()).status, 200, 'the saved key works again');
    });

    it('an invalid base URL or deployment ID is a settings error; the valid values stay saved', async () => {
      const { wp, admin, pages } = ctx();
      const page = await admin.newPage();
      // Not https and not a loopback address; the viewer mode beside it is valid.
      pages.push(await saveSettings(page, wp, { baseUrl: 'http://dashboards.example.com', viewers: 'signed-in' }));
      assert.ok((await page.locator('.notice-error').count()) >= 1, 'a settings error for the base URL');
      let stored = storedOption(wp);
      assert.equal(stored.base_url, wp.platform.url, 'the old base URL stays');
      assert.equal(stored.viewers, 'signed-in', 'the valid field is saved');
      assert.equal(Number(stored.deployment_id), 42);

      for (const bad of ['abc', '0', '-3', '4.5']) {
        pages.push(await saveSettings(page, wp, { baseUrl: wp.platform.url, deploymentId: bad, viewers: 'public' }));
        assert.ok((await page.locator('.notice-error').count()) >= 1, `a settings error for deployment ID ${bad}`);
        stored = storedOption(wp);
        assert.equal(Number(stored.deployment_id), 42, `the old deployment ID stays (${bad})`);
        assert.equal(stored.viewers, 'public');
        assert.equal(stored.base_url, wp.platform.url);
      }
      for (const html of pages) assert.ok(!html.includes(wp.platform.apiKey));
      await page.close();
    });
  });
}
