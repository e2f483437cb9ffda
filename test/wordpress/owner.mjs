// The owner's side: "Test connection" in plain words, sign-out revoking the
// sessions handed to a user, and visitors reading the embed in the site's
// language (regional locales falling back to their language).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { configured, createPost, httpRequest, readyDashboards, saveSettings, sessionUrlIn, signedInContext, SETTINGS_PATH } from './helpers.mjs';
import { setMode } from './route.mjs';

const REVOKE = '/api/v1/embed/session/revoke';
const generated = (wp) => wp.platform.requests().filter((r) => r.path === '/api/v1/embed/generate-session').length;

/** @param {() => { wp: import('./harness.mjs').WordPress, browser: import('playwright-core').Browser, admin: import('playwright-core').BrowserContext, editor: import('playwright-core').BrowserContext, pages: string[], answers: string[], watch: Function }} ctx */
export function describeOwner(ctx) {
  describe('Test connection (settings page)', () => {
    let page;
    before(async () => {
      page = await ctx().admin.newPage();
    });
    after(async () => {
      const { wp, pages } = ctx();
      pages.push(await saveSettings(page, wp, configured(wp)));
      await page.close();
    });

    /** Saves `settings`, clicks "Test connection", returns the outcome's notice. */
    const test = async (settings) => {
      const { wp, pages } = ctx();
      pages.push(await saveSettings(page, wp, settings));
      await Promise.all([page.waitForURL(/platform_embed_test=/), page.getByRole('button', { name: 'Test connection' }).click()]);
      const html = await page.content();
      pages.push(html);
      assert.ok(!html.includes(wp.platform.apiKey), 'the key is not in the page');
      const notice = page.locator('.platform-embed-test-result');
      assert.equal(await notice.count(), 1);
      return { text: (await notice.textContent()).trim(), success: (await notice.getAttribute('class')).includes('notice-success'), url: page.url() };
    };

    it('works: a session for a test viewer, said in plain words', async () => {
      const { wp } = ctx();
      const before = generated(wp);
      const outcome = await test(configured(wp));
      assert.ok(outcome.success, outcome.text);
      assert.match(outcome.text, /connection works/);
      assert.equal(generated(wp), before + 1);
      assert.equal(wp.platform.requests().filter((r) => r.path === '/api/v1/embed/generate-session').at(-1).body.externalId, 'wp-connection-test');
    });

    it('a refused key, an unknown deployment, an unreachable platform and a failed TLS handshake, each in its words', async () => {
      const { wp } = ctx();
      let outcome = await test({ ...configured(wp), apiKey: 'wrong-key-5d1f' });
      assert.ok(!outcome.success);
      assert.match(outcome.text, /refused the API key/);
      assert.doesNotMatch(await page.content(), /wrong-key-5d1f/, 'the wrong key is not shown either');

      outcome = await test({ ...configured(wp), deploymentId: 9999 });
      assert.match(outcome.text, /does not know this deployment ID/);

      outcome = await test({ ...configured(wp), baseUrl: 'http://127.0.0.1:9' });
      assert.match(outcome.text, /could not be reached/);

      // HTTPS to the mock, which speaks plain HTTP: the handshake fails.
      outcome = await test({ ...configured(wp), baseUrl: wp.platform.url.replace('http://', 'https://') });
      assert.match(outcome.text, /secure connection \(TLS\)/);
    });

    it('needs the nonce and manage_options: no session otherwise', async () => {
      const { wp, admin, editor } = ctx();
      const before = generated(wp);
      const form = { action: 'platform_embed_test_connection' };
      const noNonce = await admin.request.post(`${wp.url}/wp-admin/admin-post.php`, { form, maxRedirects: 0 });
      assert.equal(noNonce.status(), 403, 'an administrator without the nonce');
      const editorPage = await editor.newPage();
      try {
        await editorPage.goto(`${wp.url}/wp-admin/`);
        const asEditor = await editor.request.post(`${wp.url}/wp-admin/admin-post.php`, { form, maxRedirects: 0 });
        assert.equal(asEditor.status(), 403, 'an editor');
      } finally {
        await editorPage.close();
      }
      assert.equal(generated(wp), before);
      await page.goto(`${wp.url}${SETTINGS_PATH}`);
    });
  });

  describe('sign-out ends the sessions handed to the user', () => {
    const OBSERVER = `<?php
// Records each revoke request the site sends: its session id, whether it carried the API key, and the answer's status.
add_action( 'http_api_debug', function ( $response, $context, $class, $args, $url ) {
	if ( false === strpos( $url, '${REVOKE}' ) ) {
		return;
	}
	$log   = get_option( 'test_revoke_log', array() );
	$log[] = array(
		'sessionId' => json_decode( $args['body'], true )['sessionId'] ?? null,
		'keyed'     => isset( $args['headers']['Authorization'] ) && hash_equals( 'Bearer ' . platform_embed_api_key(), $args['headers']['Authorization'] ),
		'status'    => is_wp_error( $response ) ? 0 : (int) wp_remote_retrieve_response_code( $response ),
	);
	update_option( 'test_revoke_log', $log, false );
}, 10, 5 );
`;
    let post;
    before(() => {
      const { wp } = ctx();
      wp.addMuPlugin('revoke-observer', OBSERVER);
      setMode(wp, 'signed-in');
      post = createPost(wp, { title: 'Sign-out', content: '[platform_embed dashboard="sales-overview"]' });
    });
    after(() => {
      const { wp } = ctx();
      wp.removeMuPlugin('revoke-observer');
      wp.php(`delete_option( 'test_revoke_log' );`);
      setMode(wp, 'public');
    });

    const revokeLog = (wp) => wp.phpJson(`echo wp_json_encode( get_option( 'test_revoke_log', array() ) );`);
    const remembered = (wp) => wp.phpJson(`echo wp_json_encode( array_column( (array) get_user_meta( ${wp.userIds.subscriber}, 'platform_embed_sessions', true ), 'id' ) );`);

    /** Signs the subscriber in, gets `count` sessions through the route with the login cookie; returns the context and the ids. */
    const sessionsFor = async (count) => {
      const { wp, browser } = ctx();
      const context = await signedInContext(browser, wp, 'subscriber');
      const cookie = (await context.cookies(wp.url)).map((c) => `${c.name}=${c.value}`).join('; ');
      const route = sessionUrlIn((await httpRequest(post.url, { headers: { cookie } })).text, post.url);
      const ids = [];
      for (let i = 0; i < count; i += 1) {
        const answer = await httpRequest(route, { method: 'POST', headers: { cookie, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' }, body: '{}' });
        assert.equal(answer.status, 200, answer.text);
        ids.push(JSON.parse(answer.text).sessionId);
      }
      return { context, ids, cookie, route };
    };

    /** Signs out through WordPress's own confirmation link. */
    const signOut = async (context) => {
      const { wp } = ctx();
      const page = await context.newPage();
      await page.goto(`${wp.url}/wp-login.php?action=logout`);
      await Promise.all([page.waitForURL(/loggedout=true/), page.locator('a[href*="action=logout"][href*="_wpnonce"]').click()]);
      await page.close();
    };

    it('the ids are remembered for the user and revoked with the API key at sign-out; the user is signed out', async () => {
      const { wp } = ctx();
      wp.php(`delete_option( 'test_revoke_log' ); delete_user_meta( ${wp.userIds.subscriber}, 'platform_embed_sessions' );`);
      const { context, ids, cookie, route } = await sessionsFor(2);
      assert.deepEqual(remembered(wp), ids, 'remembered in the user meta');
      // The platform's answer to a revoke (also set so where the mock has no revoke route).
      wp.platform.fail({ path: REVOKE, status: 204, times: 2 });
      const seen = wp.platform.requests().length;
      try {
        await signOut(context);
        const reached = wp.platform.requests().slice(seen).filter((r) => r.path === REVOKE);
        assert.equal(reached.length, 2, 'both revoke requests reached the platform');
        assert.deepEqual(reached.map((r) => r.method), ['POST', 'POST']);
        assert.deepEqual(reached.map((r) => r.body?.sessionId).sort(), [...ids].sort(), 'the ids handed to the user');
        const log = revokeLog(wp);
        assert.deepEqual(log.map((e) => e.sessionId).sort(), [...ids].sort());
        assert.ok(log.every((e) => e.keyed === true), 'each request carried the API key');
        assert.ok(log.every((e) => e.status === 204), JSON.stringify(log));
        assert.deepEqual(remembered(wp), [], 'nothing left to revoke');
        const after = await httpRequest(route, { method: 'POST', headers: { cookie, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' }, body: '{}' });
        assert.equal(after.status, 401, 'the old cookie no longer signs in');
      } finally {
        await context.close();
      }
    });

    it('a platform without the revoke endpoint (404): sign-out goes on quietly', async () => {
      const { wp } = ctx();
      wp.php(`delete_option( 'test_revoke_log' );`);
      const { context, ids } = await sessionsFor(2);
      wp.platform.fail({ path: REVOKE, status: 404, times: 2 });
      const logBefore = wp.log();
      try {
        await signOut(context);
      } finally {
        await context.close();
      }
      const log = revokeLog(wp);
      assert.equal(log.length, 1, 'stops at the first 404');
      assert.ok(ids.includes(log[0].sessionId));
      assert.equal(log[0].status, 404);
      // WordPress's own wp-login.php raises PHP 8.2 warnings of its own at sign-out; the plugin's would name it.
      const logged = wp.log().slice(logBefore.length).split(/\n(?=\[)/).filter((entry) => /plugins\/platform-embed\/|Platform Embed:|platform_embed_/.test(entry));
      assert.deepEqual(logged, [], 'nothing logged by the plugin');
      assert.deepEqual(remembered(wp), []);
    });
  });

  describe("visitors read the site's language", () => {
    let anonymous;
    let blockPost;
    before(async () => {
      const { wp, browser, watch } = ctx();
      setMode(wp, 'public');
      anonymous = await browser.newContext();
      watch(anonymous);
      blockPost = createPost(wp, { title: 'Sprache', content: '<!-- wp:platform-embed/dashboard {"dashboard":"sales-overview"} /-->' });
    });
    after(async () => {
      await anonymous?.close();
      const { wp } = ctx();
      wp.removeMuPlugin('site-locale');
      wp.php(`update_option( 'WPLANG', '' );`);
      setMode(wp, 'public');
    });

    /** What the shipped catalogue of `locale` says for `english`. */
    const shipped = (wp, locale, english) =>
      wp.phpJson(`$mo = new MO(); $mo->import_from_file( WP_PLUGIN_DIR . '/platform-embed/languages/platform-embed-${locale}.mo' ); echo wp_json_encode( $mo->translate( ${JSON.stringify(english)} ) );`);

    it('de_DE: the element says its texts in German, its frame title too, and the embed gets locale de-DE', async () => {
      const { wp, pages } = ctx();
      wp.php(`update_option( 'WPLANG', 'de_DE' );`);
      const page = await anonymous.newPage();
      try {
        const html = await (await page.goto(blockPost.url)).text();
        pages.push(html);
        assert.match(html, /<platform-embed\b[^>]*\slocale="de-DE"/);
        assert.match(html, /<platform-embed\b[^>]*\sframe-title="Eingebettete Analysen"/);
        await readyDashboards(page);
        const element = await page.evaluate(() => {
          const e = document.querySelector('platform-embed');
          return { title: e.shadowRoot.querySelector('iframe').title, text: e.shadowRoot.textContent };
        });
        assert.equal(element.title, 'Eingebettete Analysen');
        assert.match(element.text, /Wird geladen…/);
        assert.match(element.text, /Der eingebettete Inhalt konnte nicht geladen werden\./);
        assert.doesNotMatch(element.text, /Loading…|could not be loaded/);
      } finally {
        await page.close();
      }
    });

    it('regional locales without a file get their language; de_DE says du, de_DE_formal says Sie', async () => {
      const { wp, pages } = ctx();
      const english = 'Sign in to see this dashboard.';
      const cases = [
        ['de_DE', 'de_DE', 'de-DE', 'de'],
        ['de_DE_formal', 'de_DE_formal', 'de-DE', 'de'],
        ['de_AT', 'de_DE', 'de-AT', 'de'],
        ['de_CH', 'de_DE', 'de-CH', 'de'],
        ['fr_CA', 'fr_FR', 'fr-CA', 'fr'],
        ['es_MX', 'es_ES', 'es-MX', 'es'],
        ['ja', 'ja', 'ja', 'ja'],
      ];
      assert.equal(shipped(wp, 'de_DE', english), 'Melde dich an, um dieses Dashboard zu sehen.');
      assert.equal(shipped(wp, 'de_DE_formal', english), 'Melden Sie sich an, um dieses Dashboard zu sehen.');
      for (const [locale, file, tag, lang] of cases) {
        // WPLANG takes only installed core languages; a site's locale filter takes any. A file of
        // its own per locale: a file rewritten within the same second can be served from a cache.
        wp.removeMuPlugin('site-locale');
        for (const [other] of cases) wp.removeMuPlugin(`site-locale-${other}`);
        wp.addMuPlugin(`site-locale-${locale}`, `<?php add_filter( 'locale', function () { return '${locale}'; } );`);
        setMode(wp, 'signed-in');
        const link = (await httpRequest(blockPost.url)).text;
        pages.push(link);
        const text = /<a [^>]*href="[^"]*\/wp-login\.php[^"]*"[^>]*>([^<]+)<\/a>/.exec(link)?.[1];
        assert.equal(text, shipped(wp, file, english), `${locale}: the sign-in link`);
        setMode(wp, 'public');
        const html = (await httpRequest(blockPost.url)).text;
        pages.push(html);
        assert.match(html, new RegExp(`<platform-embed\\b[^>]*\\slocale="${tag}"`), `${locale}: locale`);
        const loading = shipped(wp, file, 'Loading…');
        assert.notEqual(loading, 'Loading…');
        assert.ok(html.includes(`PlatformEmbed.registerTranslation("${lang}", {"embedLoading":"${loading}"`), `${locale}: the element's texts`);
        const editorJson = wp.phpJson(`echo wp_json_encode( false !== load_script_textdomain( 'platform-embed-editor', 'platform-embed', WP_PLUGIN_DIR . '/platform-embed/languages' ) );`);
        assert.equal(editorJson, true, `${locale}: the editor script's translations`);
      }
      for (const [other] of cases) wp.removeMuPlugin(`site-locale-${other}`);
      wp.php(`update_option( 'WPLANG', '' );`);
      const english_ = (await httpRequest(blockPost.url)).text;
      assert.doesNotMatch(english_, /registerTranslation/, 'an English site registers nothing');
      assert.doesNotMatch(english_, /<platform-embed\b[^>]*\sframe-title=/, 'and keeps the element\'s own title');
      assert.match(english_, /<platform-embed\b[^>]*\slocale="en-US"/);
      wp.php(`update_option( 'WPLANG', '' );`);
    });
  });
}
