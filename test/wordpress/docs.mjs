// docs/hosts/wordpress.md as printed: every shortcode it shows renders a
// dashboard that gets ready with what the shortcode says, and its
// platform_embed_viewer example, installed as the must-use plugin it says it
// is, refuses and narrows viewers as its comment promises.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createPost, httpRequest, readyDashboards, sessionUrlIn, signedInContext } from './helpers.mjs';
import { setMode } from './route.mjs';

const page = readFileSync(new URL('../../docs/hosts/wordpress.md', import.meta.url), 'utf8');
const blocks = (lang) => [...page.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``, 'g'))].map((m) => m[1].trim());
const shortcodes = blocks('text').filter((b) => b.startsWith('[platform_embed'));
const viewerPlugin = blocks('php').find((b) => b.includes("add_filter( 'platform_embed_viewer'"));

/** The attributes of a shortcode as WordPress parses them. */
const attributesOf = (wp, shortcode) => wp.phpJson(`echo wp_json_encode( shortcode_parse_atts( trim( ${JSON.stringify(shortcode.slice('[platform_embed'.length, -1)).replaceAll('$', '\\$')} ) ) );`);

/** @param {() => { wp: import('./harness.mjs').WordPress, browser: import('playwright-core').Browser, pages: string[], watch: Function }} ctx */
export function describeDocs(ctx) {
  describe('docs/hosts/wordpress.md as printed', () => {
    let visitor;
    before(async () => {
      setMode(ctx().wp, 'public');
      visitor = await ctx().browser.newContext();
      ctx().watch(visitor);
    });
    after(() => visitor?.close());

    it('holds three shortcodes and the filter example', () => {
      assert.equal(shortcodes.length, 3, shortcodes.join('\n'));
      assert.ok(viewerPlugin?.startsWith('<?php'));
    });

    for (const [i, shortcode] of shortcodes.entries()) {
      it(`shortcode ${i + 1} renders a ready dashboard with its attributes: ${shortcode.slice(0, 60)}…`, async () => {
        const { wp, pages } = ctx();
        const post = createPost(wp, { title: `Docs shortcode ${i + 1}`, content: shortcode });
        const view = await visitor.newPage();
        pages.push(await (await view.goto(post.url)).text());
        const [frame] = await readyDashboards(view);
        const given = attributesOf(wp, shortcode);
        const element = await view.evaluate(() => {
          const e = document.querySelector('platform-embed');
          return Object.fromEntries([...e.attributes].map((a) => [a.name, a.value]));
        });
        const wanted = given.dashboard ? `/embed/dashboard/${given.dashboard}` : given.path;
        assert.equal(new URL(frame.url()).pathname, wanted);
        for (const [name, value] of Object.entries(given)) {
          if (name === 'height') assert.match(element.style, new RegExp(`--platform-embed-height: ${value}`));
          else if (/^\d+$/.test(name)) assert.ok(value === 'allow_export' && 'allow-export' in element, value);
          else if (name === 'filters' || name === 'theme') assert.deepEqual(JSON.parse(element[name]), JSON.parse(value), name);
          else assert.equal(element[name.replace('_', '-')], value, name);
        }
        if (given.filters) {
          for (const member of Object.keys(JSON.parse(given.filters))) await frame.waitForSelector(`[data-testid="filter-chip"][data-member="${member}"]`);
        }
        await view.close();
      });
    }

    it('the platform_embed_viewer example refuses ops-health to a subscriber and narrows sales-overview to a region', async () => {
      const { wp, browser } = ctx();
      wp.removeMuPlugin('session-cases');
      wp.addMuPlugin('platform-embed-viewer', viewerPlugin);
      setMode(wp, 'signed-in');
      const subscriber = await signedInContext(browser, wp, 'subscriber');
      try {
        const post = createPost(wp, { title: 'Docs filter', content: '[platform_embed dashboard="sales-overview"]' });
        const view = await subscriber.newPage();
        await view.goto(post.url);
        await readyDashboards(view);
        const sent = wp.platform.requests().filter((r) => r.path === '/api/v1/embed/generate-session').at(-1).body;
        assert.equal(sent.externalId, `wp-user-${wp.userIds.subscriber}`);
        assert.deepEqual(sent.userAttributes, [{ name: 'region', value: 'EMEA' }]);
        const cookie = (await subscriber.cookies(wp.url)).map((c) => `${c.name}=${c.value}`).join('; ');
        const route = sessionUrlIn(await view.content(), post.url);
        const ask = (dashboard) => httpRequest(route, { method: 'POST', headers: { cookie, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' }, body: JSON.stringify({ dashboard }) });
        assert.equal((await ask('ops-health')).status, 401, 'a subscriber may not see ops-health');
        assert.equal((await ask('sales-overview')).status, 200);
        await view.close();
      } finally {
        await subscriber.close();
        wp.removeMuPlugin('platform-embed-viewer');
        setMode(wp, 'public');
      }
    });
  });
}
