// Visitors in Chromium: anonymous and signed-in viewers get a ready dashboard
// with data; the shortcode; one script for two embeds; a page that holds no
// session, so one cached copy served twice still makes one fresh session per
// view; the sign-in link; the filter's arguments; invalid attributes.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createPost, httpRequest, readyDashboards, sessionUrlIn, signedInContext, startPageCache } from './helpers.mjs';
import { installCaseViewer, setMode } from './route.mjs';
import { USERS } from './site.mjs';

const generated = (wp) => wp.platform.requests().filter((r) => r.path === '/api/v1/embed/generate-session');

/** The `<script src>` URLs of `html` that name the bundle (with or without a query). */
const bundleScripts = (html) =>
  [...html.matchAll(/<script\b[^>]*\ssrc=["']([^"']+)["']/g)].map((m) => m[1].replaceAll('&#038;', '&').replaceAll('&amp;', '&')).filter((src) => src.includes('platform-embed.iife'));

/** @param {() => { wp: import('./harness.mjs').WordPress, browser: import('playwright-core').Browser, editor: import('playwright-core').BrowserContext, pages: string[], watch: (context: import('playwright-core').BrowserContext) => void }} ctx */
export function describeVisitors(ctx) {
  describe('visitors (Chromium)', () => {
    let anonymous;
    let blockPost;
    let twoEmbeds;
    before(async () => {
      const { wp, browser, watch } = ctx();
      setMode(wp, 'public');
      anonymous = await browser.newContext();
      watch(anonymous);
      blockPost = createPost(wp, { title: 'Sales', type: 'page', content: '<!-- wp:platform-embed/dashboard {"dashboard":"sales-overview","height":"520px"} /-->' });
      twoEmbeds = createPost(wp, {
        title: 'Two dashboards',
        type: 'page',
        content: `<!-- wp:platform-embed/dashboard {"dashboard":"sales-overview"} /-->\n<!-- wp:shortcode -->\n[platform_embed dashboard="ops-health" filters='{"incidents.service":{"value":"api"}}' height="480px"]\n<!-- /wp:shortcode -->`,
      });
    });
    after(async () => {
      await anonymous?.close();
      setMode(ctx().wp, 'public');
    });

    it('public mode: an anonymous visitor gets a ready dashboard with data, from one generate-session for the site\'s viewer', async () => {
      const { wp, pages } = ctx();
      const before = generated(wp).length;
      const page = await anonymous.newPage();
      const response = await page.goto(blockPost.url);
      const html = await response.text();
      pages.push(html);
      assert.match(html, new RegExp(`<platform-embed [^>]*base-url="${wp.platform.url.replaceAll('.', '\\.')}"`), 'base-url is the saved base URL');
      const [frame] = await readyDashboards(page);
      assert.match(frame.url(), /\/embed\/dashboard\/sales-overview\?/);
      assert.equal(await frame.textContent('[data-testid="dashboard-title"]'), 'Sales overview');
      const calls = generated(wp).slice(before);
      assert.equal(calls.length, 1, 'one generate-session');
      assert.equal(calls[0].body.deploymentId, 42);
      assert.equal(calls[0].authorized, true);
      assert.equal(new URL(frame.url()).searchParams.get('session'), wp.platform.sessions().at(-1).sessionId, 'the frame loaded the session the route made');
      await page.close();
    });

    it('a block and a shortcode on one page: both ready, the bundle loaded once from the site itself', async () => {
      const { wp, pages } = ctx();
      const before = generated(wp).length;
      const page = await anonymous.newPage();
      const loads = [];
      page.on('request', (r) => r.url().includes('platform-embed.iife.min.js') && loads.push(r.url()));
      const html = await (await page.goto(twoEmbeds.url)).text();
      pages.push(html);
      const scripts = bundleScripts(html);
      assert.equal(scripts.length, 1, `exactly one <script src> of the bundle: ${scripts}`);
      assert.ok(scripts[0].endsWith('platform-embed.iife.min.js'), scripts[0]);
      assert.equal(new URL(scripts[0], twoEmbeds.url).origin, wp.url, 'served by the site, not a CDN');
      const frames = await readyDashboards(page, 2);
      assert.deepEqual(frames.map((f) => new URL(f.url()).pathname).sort(), ['/embed/dashboard/ops-health', '/embed/dashboard/sales-overview']);
      const ops = frames.find((f) => f.url().includes('ops-health'));
      await ops.waitForSelector('[data-testid="filter-chip"][data-member="incidents.service"]');
      assert.equal(await page.evaluate(() => getComputedStyle(document.querySelectorAll('platform-embed')[1]).height), '480px');
      assert.equal(loads.length, 1, 'the browser fetched the bundle once');
      assert.equal(generated(wp).length - before, 2, 'one session per embed');
      await page.close();
    });

    it('the page holds no session and no key: one cached copy served twice makes one fresh session per view', async () => {
      const { wp, pages } = ctx();
      const first = (await httpRequest(blockPost.url)).text;
      const second = (await httpRequest(blockPost.url)).text;
      pages.push(first);
      assert.equal(first, second, 'the page HTML is the same for every view (a cache may keep it)');
      assert.doesNotMatch(first, /[?&]session=/, 'no session in the page');
      for (const { sessionId } of wp.platform.sessions()) assert.ok(!first.includes(sessionId), 'no session the mock made is in the page');
      assert.ok(!first.includes(wp.platform.apiKey), 'no key in the page');
      const sessions = [];
      const path = new URL(blockPost.url).pathname;
      const cache = await startPageCache(wp, path, first);
      try {
        for (let view = 0; view < 2; view += 1) {
          const page = await anonymous.newPage();
          const before = generated(wp).length;
          const response = await page.goto(`${cache.url}${path}`);
          assert.equal(response.headers()['x-cache'], 'HIT');
          const [frame] = await readyDashboards(page);
          assert.equal(generated(wp).length - before, 1, `view ${view + 1}: one new generate-session`);
          sessions.push(new URL(frame.url()).searchParams.get('session'));
          await page.close();
        }
        assert.equal(cache.hits(), 2, 'both views were served from the cache');
      } finally {
        await cache.close();
      }
      assert.notEqual(sessions[0], sessions[1], 'a fresh session per view');
    });

    it('signed-in mode: a signed-out visitor gets a link to wp-login.php and no embed', async () => {
      const { wp, pages } = ctx();
      setMode(wp, 'signed-in');
      const before = generated(wp).length;
      const page = await anonymous.newPage();
      const html = await (await page.goto(blockPost.url)).text();
      pages.push(html);
      const link = page.locator(`a[href^="${wp.url}/wp-login.php"]`).filter({ hasNot: page.locator('#wpadminbar *') });
      assert.ok((await link.count()) >= 1, 'a sign-in link');
      assert.equal(await page.locator('platform-embed').count(), 0, 'no embed');
      assert.equal(bundleScripts(html).length, 0, 'no bundle either');
      await page.waitForTimeout(300);
      assert.equal(generated(wp).length, before, 'no generate-session');
      await page.close();
    });

    it('the sign-in link speaks the site language (de_DE, fr_FR, es_ES, ja) from the shipped translations', async () => {
      const { wp, pages } = ctx();
      setMode(wp, 'signed-in');
      const english = 'Sign in to see this dashboard.';
      try {
        for (const locale of ['de_DE', 'fr_FR', 'es_ES', 'ja']) {
          wp.php(`update_option( 'WPLANG', '${locale}' );`);
          // What the shipped catalogue says, read with WordPress's own .mo reader.
          const expected = wp.phpJson(`$mo = new MO(); $mo->import_from_file( WP_PLUGIN_DIR . '/platform-embed/languages/platform-embed-${locale}.mo' ); echo wp_json_encode( $mo->translate( ${JSON.stringify(english)} ) );`);
          assert.notEqual(expected, english, `${locale} translates the link`);
          const html = (await httpRequest(blockPost.url)).text;
          pages.push(html);
          const link = /<a [^>]*href="[^"]*\/wp-login\.php[^"]*"[^>]*>([^<]+)<\/a>/.exec(html)?.[1] ?? '';
          const text = link.replaceAll('&#039;', "'").replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
          assert.equal(text, expected, locale);
        }
      } finally {
        wp.php(`update_option( 'WPLANG', '' );`);
        setMode(wp, 'public');
      }
    });

    it('signed-in mode: a signed-in subscriber gets a ready dashboard as wp-user-<ID> with e-mail and roles', async () => {
      const { wp, browser, pages, watch } = ctx();
      setMode(wp, 'signed-in');
      const subscriber = await signedInContext(browser, wp, 'subscriber');
      watch(subscriber);
      try {
        const before = generated(wp).length;
        const page = await subscriber.newPage();
        pages.push(await (await page.goto(blockPost.url)).text());
        await readyDashboards(page);
        const calls = generated(wp).slice(before);
        assert.equal(calls.length, 1);
        const id = wp.userIds.subscriber;
        assert.equal(calls[0].body.externalId, `wp-user-${id}`);
        assert.equal(calls[0].body.email, USERS.subscriber.email);
        assert.deepEqual(calls[0].body.groups, ['subscriber']);
        assert.equal(calls[0].body.deploymentId, 42);
        assert.equal(wp.platform.sessions().at(-1).externalId, `wp-user-${id}`);

        // The login cookie alone identifies the viewer (the element sends no REST nonce), and the
        // platform_embed_viewer filter gets the viewer, the WP_User and what the element asked for.
        installCaseViewer(wp);
        const cookie = (await subscriber.cookies(wp.url)).map((c) => `${c.name}=${c.value}`).join('; ');
        const route = sessionUrlIn(await page.content(), blockPost.url);
        const answer = await httpRequest(route, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', 'x-case-viewer': 'args' },
          body: '{"dashboard":"ops-health"}',
        });
        assert.equal(answer.status, 200, answer.text);
        const attributes = Object.fromEntries(generated(wp).at(-1).body.userAttributes.map((a) => [a.name, a.value]));
        assert.deepEqual(JSON.parse(attributes.given), { externalId: `wp-user-${id}`, email: USERS.subscriber.email, groups: ['subscriber'] });
        assert.equal(attributes.user, id);
        assert.deepEqual(JSON.parse(attributes.wanted), { dashboard: 'ops-health' });
        await page.close();
      } finally {
        await subscriber.close();
        setMode(wp, 'public');
      }
    });

    it('public mode: the filter gets a null user and what the element asked for', async () => {
      const { wp } = ctx();
      setMode(wp, 'public');
      installCaseViewer(wp);
      const route = sessionUrlIn((await httpRequest(blockPost.url)).text, blockPost.url);
      const answer = await httpRequest(route, { method: 'POST', headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', 'x-case-viewer': 'args' }, body: '{"path":"/embed/dashboard/ops-health"}', localAddress: '127.0.3.1' });
      assert.equal(answer.status, 200, answer.text);
      const attributes = Object.fromEntries(generated(wp).at(-1).body.userAttributes.map((a) => [a.name, a.value]));
      assert.equal(attributes.user, null);
      assert.deepEqual(JSON.parse(attributes.wanted), { path: '/embed/dashboard/ops-health' });
    });

    it('an invalid attribute: a notice for editors, nothing broken for visitors', async () => {
      const { wp, editor, pages } = ctx();
      const post = createPost(wp, { title: 'Broken filters', content: `[platform_embed dashboard="sales-overview" filters='not json']` });
      const visitor = await anonymous.newPage();
      const html = await (await visitor.goto(post.url)).text();
      pages.push(html);
      assert.equal(await visitor.locator('platform-embed').count(), 0, 'no element for a visitor');
      assert.equal(await visitor.locator('.platform-embed-notice').count(), 0, 'no notice for a visitor');
      await visitor.close();
      const page = await editor.newPage();
      pages.push(await (await page.goto(post.url)).text());
      assert.equal(await page.locator('.platform-embed-notice').count(), 1, 'a notice for an editor');
      assert.equal(await page.locator('platform-embed').count(), 0);
      await page.close();
    });
  });
}
