// What a site owner and a reviewer rely on beyond the session table: only real
// POSTs get a session (no `_method`, `X-HTTP-Method-Override`, JSONP or
// envelope), `no-store` on WordPress's own errors, a rate limit that holds for
// requests sent at once (IPv6 per /64), a signed-in user the filter refuses
// gets 403, base URLs the key must not go to, attribute lengths, and the
// embed in the site's language.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createPost, httpRequest, readyDashboards, saveSettings, sessionUrlIn, signedInContext, SETTINGS_PATH, configured } from './helpers.mjs';
import { installCaseViewer, setMode } from './route.mjs';

const generated = (wp) => wp.platform.requests().filter((r) => r.path === '/api/v1/embed/generate-session').length;
const json = { 'content-type': 'application/json' };
const same = { ...json, 'sec-fetch-site': 'same-origin' };
const cookieOf = async (context, wp) => (await context.cookies(wp.url)).map((c) => `${c.name}=${c.value}`).join('; ');
const withQuery = (route, query) => `${route}${route.includes('?') ? '&' : '?'}${query}`;

/** @param {() => { wp: import('./harness.mjs').WordPress, browser: import('playwright-core').Browser, admin: import('playwright-core').BrowserContext, editor: import('playwright-core').BrowserContext, pages: string[], answers: string[], watch: Function }} ctx */
export function describeTrust(ctx) {
  describe('session route: only real POSTs, plain JSON, no-store', () => {
    let route;
    let subscriber;
    let cookie;
    before(async () => {
      const { wp, browser } = ctx();
      installCaseViewer(wp);
      setMode(wp, 'signed-in', { force: true });
      const post = createPost(wp, { title: 'Disguised requests', content: '[platform_embed dashboard="sales-overview"]' });
      subscriber = await signedInContext(browser, wp, 'subscriber');
      cookie = await cookieOf(subscriber, wp);
      route = sessionUrlIn((await httpRequest(post.url, { headers: { cookie } })).text, post.url);
      assert.ok(route);
    });
    after(async () => {
      await subscriber?.close();
      setMode(ctx().wp, 'public');
    });

    /** Sends a request with the subscriber's login cookie and no Origin; checks that no session came of it. */
    const disguised = async (url, options) => {
      const { wp, answers } = ctx();
      const before = generated(wp);
      const answer = await httpRequest(url, { ...options, headers: { cookie, ...options.headers } });
      answers.push(answer.text, [...answer.headers].join('\n'));
      assert.equal(generated(wp), before, 'no generate-session');
      assert.doesNotMatch(answer.text, /sessionId|[0-9a-f]{32}/, 'no session in the answer');
      assert.equal(answer.headers.get('cache-control'), 'no-store');
      assert.match(answer.headers.get('content-type') ?? '', /^application\/json/, 'plain JSON, never JavaScript');
      return answer;
    };

    it('the cookie alone still gets a session by a real POST (the control for the cases below)', async () => {
      const { wp } = ctx();
      const before = generated(wp);
      const answer = await httpRequest(route, { method: 'POST', headers: { cookie, ...json }, body: '{}' });
      assert.equal(answer.status, 200, answer.text);
      assert.equal(generated(wp), before + 1);
    });

    it('GET ?_method=POST&_jsonp=x: 405, plain JSON, no session', async () => {
      const answer = await disguised(withQuery(route, '_method=POST&_jsonp=x'), { method: 'GET' });
      assert.equal(answer.status, 405);
      assert.equal(answer.headers.get('allow'), 'POST, OPTIONS');
      assert.doesNotMatch(answer.text, /^\/\*\*\/x\(/);
    });

    it('GET with X-HTTP-Method-Override: POST: 405, no session', async () => {
      const answer = await disguised(route, { method: 'GET', headers: { 'x-http-method-override': 'POST' } });
      assert.equal(answer.status, 405);
    });

    it('POST ?_jsonp=cb and POST ?_envelope=1: 400 as plain JSON, no session and no envelope', async () => {
      for (const query of ['_jsonp=cb', '_envelope=1', '_envelope']) {
        const answer = await disguised(withQuery(route, query), { method: 'POST', headers: json, body: '{}' });
        assert.equal(answer.status, 400, query);
        const body = JSON.parse(answer.text);
        assert.deepEqual(Object.keys(body), ['error'], `${query}: an error, not an envelope`);
      }
    });

    it("WordPress's own error for a bad X-WP-Nonce carries no-store", async () => {
      const answer = await disguised(route, { method: 'POST', headers: { ...json, 'x-wp-nonce': 'not-a-nonce' }, body: '{}' });
      assert.ok(answer.status >= 400, `refused (${answer.status})`);
    });

    it('a signed-in user the filter refuses gets 403, not "not signed in"; signed out is 401', async () => {
      const { wp } = ctx();
      const before = generated(wp);
      const refused = await httpRequest(route, { method: 'POST', headers: { cookie, ...same, 'x-case-viewer': 'refuse' }, body: '{}' });
      assert.equal(refused.status, 403, refused.text);
      assert.equal(refused.headers.get('cache-control'), 'no-store');
      const anonymous = await httpRequest(route, { method: 'POST', headers: same, body: '{}' });
      assert.equal(anonymous.status, 401);
      assert.equal(generated(wp), before);
    });
  });

  describe('rate limit under parallel requests', () => {
    it('120 requests sent at once from one address: at most 30 sessions, the rest 429', async (t) => {
      const { wp } = ctx();
      setMode(wp, 'public');
      assert.equal(wp.phpJson('echo wp_json_encode( (bool) wp_using_ext_object_cache() );'), false, 'the SQL counter is the one under test');
      const post = createPost(wp, { title: 'Parallel', content: '[platform_embed dashboard="sales-overview"]' });
      const route = sessionUrlIn((await httpRequest(post.url)).text, post.url);
      const before = generated(wp);
      const answers = await Promise.all(Array.from({ length: 120 }, () => httpRequest(route, { method: 'POST', headers: same, body: '{}', localAddress: '127.0.5.1' })));
      const statuses = answers.map((a) => a.status);
      const made = statuses.filter((s) => s === 200).length;
      t.diagnostic(`120 parallel requests: ${made} sessions, ${statuses.filter((s) => s === 429).length} refused with 429`);
      assert.ok(made <= 30, `${made} sessions in one window`);
      assert.ok(made >= 1, 'some sessions were made');
      assert.deepEqual([...new Set(statuses)].sort(), made === 120 ? [200] : [200, 429].filter((s) => statuses.includes(s)));
      assert.equal(generated(wp) - before, made, 'one generate-session per 200');
      // The window is full: the next one is refused too.
      assert.equal((await httpRequest(route, { method: 'POST', headers: same, body: '{}', localAddress: '127.0.5.1' })).status, 429);
    });

    it('an IPv6 client counts per /64; an IPv4-mapped address as its IPv4 address', () => {
      const { wp } = ctx();
      const of = (address) => wp.phpJson(`$_SERVER['REMOTE_ADDR'] = '${address}'; echo wp_json_encode( platform_embed_client_address() );`);
      assert.equal(of('2001:db8:1:2:aaaa:bbbb:cccc:1'), '2001:db8:1:2::/64');
      assert.equal(of('2001:db8:1:2::ffff'), '2001:db8:1:2::/64');
      assert.notEqual(of('2001:db8:1:3::1'), of('2001:db8:1:2::1'));
      assert.equal(of('::ffff:192.0.2.7'), '192.0.2.7');
      assert.equal(of('192.0.2.7'), '192.0.2.7');
    });
  });

  describe('base URL and attributes a reviewer would refuse', () => {
    it('refuses backslashes, link-local, metadata, private and odd-notation addresses; loopback stays; a constant allows private hosts', () => {
      const { wp } = ctx();
      const problem = (url) => wp.phpJson(`echo wp_json_encode( platform_embed_base_url_problem( ${JSON.stringify(url)}, true ) );`);
      const refused = {
        'https://a.example\\.evil.example': 'backslash',
        'https://169.254.169.254': 'private',
        'https://[fe80::1]': 'private',
        'https://[fd00:ec2::254]': 'private',
        'https://metadata.google.internal': 'private',
        'https://10.0.0.5': 'private',
        'https://192.168.1.20:8443': 'private',
        'https://[fd12:3456::1]': 'private',
        'https://2852039166': 'url',
        'https://0xa9.0xfe.0xa9.0xfe': 'url',
        'https://[::ffff:169.254.169.254]': 'private',
      };
      for (const [url, code] of Object.entries(refused)) assert.equal(problem(url), code, url);
      for (const url of ['http://127.0.0.1:4100', 'http://localhost:4100', 'http://[::1]:4100', 'https://analytics.example.com']) assert.equal(problem(url), null, url);
      // Every refused IPv4 range in each IPv6 spelling of an IPv4 address: IPv4-mapped, IPv4-compatible,
      // IPv4-translated, NAT64 (well-known and local-use prefixes) and 6to4; Teredo carries one too.
      const hex = (v4) => v4.split('.').map((n) => Number(n).toString(16).padStart(2, '0')).join('').replace(/^(....)(....)$/, '$1:$2');
      const spellings = (v4) => [`::ffff:${v4}`, `::${v4}`, `::ffff:0:${v4}`, `64:ff9b::${v4}`, `64:ff9b:1::${v4}`, `2002:${hex(v4)}::1`];
      const refusedV4 = ['0.0.0.5', '169.254.169.254', '100.100.100.200', '192.0.0.8', '224.0.0.1', '10.0.0.5', '172.16.0.1', '192.168.1.20', '100.64.0.1', '198.18.0.1'];
      for (const v4 of refusedV4) {
        assert.equal(problem(`https://${v4}`), 'private', v4);
        for (const ip of spellings(v4)) assert.equal(problem(`https://[${ip}]`), 'private', `${ip} (${v4})`);
      }
      assert.equal(problem('https://[2001:0:a9fe:a9fe::1]'), 'private', 'Teredo');
      // A public IPv4 address stays public as IPv4-mapped and through 6to4; a global IPv6 address is public.
      for (const url of ['https://[::ffff:93.184.215.14]', 'https://[2002:5db8:d70e::1]', 'https://[2606:4700::1111]']) assert.equal(problem(url), null, url);
      wp.addMuPlugin('private-hosts', `<?php define( 'PLATFORM_EMBED_ALLOW_PRIVATE_HOSTS', true );`);
      try {
        assert.equal(problem('https://10.0.0.5'), null, 'allowed by the constant');
        assert.equal(problem('https://[fd12:3456::1]'), null, 'allowed by the constant');
        assert.equal(problem('https://169.254.169.254'), 'private', 'metadata stays refused');
        assert.equal(problem('https://[::ffff:10.0.0.5]'), null, 'an IPv4-mapped private address is that private address');
        for (const ip of ['::ffff:169.254.169.254', '::169.254.169.254', '2002:a9fe:a9fe::1', '64:ff9b::169.254.169.254']) {
          assert.equal(problem(`https://[${ip}]`), 'private', `${ip}: metadata stays refused in every spelling`);
        }
      } finally {
        wp.removeMuPlugin('private-hosts');
      }
    });

    it('the settings page refuses a metadata address with a settings error and keeps the saved URL', async () => {
      const { wp, admin, pages } = ctx();
      const page = await admin.newPage();
      try {
        for (const bad of ['https://169.254.169.254', 'https://a.example\\.evil.example']) {
          pages.push(await saveSettings(page, wp, { baseUrl: bad }));
          assert.ok((await page.locator('.notice-error').count()) >= 1, `a settings error for ${bad}`);
          assert.equal(wp.phpJson(`echo wp_json_encode( get_option( 'platform_embed_settings' )['base_url'] );`), wp.platform.url);
        }
      } finally {
        await page.close();
      }
    });

    it('a refused base URL stored before the rule existed gets no key: no session, no call', async () => {
      const { wp } = ctx();
      setMode(wp, 'public');
      const post = createPost(wp, { title: 'Old base URL', content: '[platform_embed dashboard="sales-overview"]' });
      const route = sessionUrlIn((await httpRequest(post.url)).text, post.url);
      const store = (url) => wp.php(`global $wpdb; $s = get_option( 'platform_embed_settings' ); $s['base_url'] = ${JSON.stringify(url)}; $wpdb->update( $wpdb->options, array( 'option_value' => maybe_serialize( $s ) ), array( 'option_name' => 'platform_embed_settings' ) ); wp_cache_delete( 'alloptions', 'options' ); wp_cache_delete( 'platform_embed_settings', 'options' );`);
      store('https://169.254.169.254');
      try {
        const before = generated(wp);
        const answer = await httpRequest(route, { method: 'POST', headers: same, body: '{}', localAddress: '127.0.5.2' });
        assert.notEqual(answer.status, 200, answer.text);
        assert.equal(generated(wp), before);
        assert.equal(wp.platform.requests().filter((r) => r.path.includes('generate-session')).length, before);
      } finally {
        store(wp.platform.url);
      }
    });

    it('with PLATFORM_EMBED_API_KEY set, "Delete the saved key" is offered and deletes it', async () => {
      const { wp, admin, pages } = ctx();
      const page = await admin.newPage();
      const storedKey = () => wp.phpJson(`echo wp_json_encode( get_option( 'platform_embed_settings' )['api_key'] );`);
      assert.notEqual(storedKey(), '', 'a key is saved');
      wp.addMuPlugin('api-key-constant', `<?php define( 'PLATFORM_EMBED_API_KEY', '${wp.platform.apiKey}' );`);
      try {
        await page.goto(`${wp.url}${SETTINGS_PATH}`);
        const box = page.getByLabel('Delete the saved key', { exact: true });
        assert.equal(await box.count(), 1, 'offered beside the constant');
        await box.check();
        await Promise.all([page.waitForURL(/settings-updated/), page.locator('form #submit').first().click()]);
        pages.push(await page.content());
        assert.equal(storedKey(), '', 'the saved key is gone');
        assert.equal(await page.getByLabel('Delete the saved key', { exact: true }).count(), 0, 'nothing left to delete');
      } finally {
        wp.removeMuPlugin('api-key-constant');
        pages.push(await saveSettings(page, wp, { apiKey: wp.platform.apiKey }));
        await page.close();
      }
      assert.notEqual(storedKey(), '');
    });

    it('a 2 MB frame_title is a notice for editors, not a 500, and is not repeated', async () => {
      const { wp, editor } = ctx();
      setMode(wp, 'public');
      const { id, url } = wp.phpJson(`$id = wp_insert_post( array( 'post_title' => 'Huge title', 'post_status' => 'publish', 'post_author' => 1, 'post_content' => '[platform_embed dashboard="sales-overview" frame_title="' . str_repeat( 'x', 2 * 1024 * 1024 ) . '"]' ) ); echo wp_json_encode( array( 'id' => $id, 'url' => get_permalink( $id ) ) );`);
      assert.ok(id > 0);
      const visitor = await httpRequest(url);
      assert.equal(visitor.status, 200);
      assert.doesNotMatch(visitor.text, /<platform-embed\b/);
      const page = await editor.newPage();
      try {
        const response = await page.goto(url);
        assert.equal(response.status(), 200);
        const notice = await page.locator('.platform-embed-notice').textContent();
        assert.match(notice, /frame_title/);
        assert.doesNotMatch(await page.content(), /x{1000}/, 'the value is not repeated');
      } finally {
        await page.close();
      }
    });

    it('hide: the shortcode renders the element attribute; an unknown word is a notice', async () => {
      const { wp } = ctx();
      setMode(wp, 'public');
      const good = createPost(wp, { title: 'Hide', content: '[platform_embed dashboard="sales-overview" hide="header export-menu new-chat"]' });
      const html = (await httpRequest(good.url)).text;
      assert.match(html, /<platform-embed\b[^>]*\shide="header export-menu new-chat"/);
      const block = createPost(wp, { title: 'Hide block', content: '<!-- wp:platform-embed/dashboard {"dashboard":"sales-overview","hide":["title","back-button"]} /-->' });
      assert.match((await httpRequest(block.url)).text, /<platform-embed\b[^>]*\shide="title back-button"/);
      const bad = createPost(wp, { title: 'Hide bad', content: '[platform_embed dashboard="sales-overview" hide="header sidebar"]' });
      assert.doesNotMatch((await httpRequest(bad.url)).text, /<platform-embed\b/);
    });
  });
}
