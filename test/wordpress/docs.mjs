// docs/hosts/wordpress.md as printed: every shortcode it shows renders a
// dashboard that gets ready with what the shortcode says, and its
// platform_embed_viewer example, installed as the must-use plugin it says it
// is, sends the groups and attributes its comment promises; install step 1,
// run as printed from the packed package, writes the plugin's zip.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { execFileSync, execSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPost, eventually, httpRequest, readyDashboards, sessionUrlIn, signedInContext } from './helpers.mjs';
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

    it('the platform_embed_viewer example sets groups from roles and a region attribute; it says $wanted is no boundary', async () => {
      const { wp, browser, editor } = ctx();
      const flat = page.replace(/\s+/g, ' ');
      assert.match(flat, /`\$wanted` is what the page asked for, not a boundary/);
      assert.match(flat, /A session is not bound to a dashboard/);
      assert.doesNotMatch(viewerPlugin, /\$wanted\s*\[/, 'the example decides nothing by what the page asked for');
      wp.removeMuPlugin('session-cases');
      wp.addMuPlugin('platform-embed-viewer', viewerPlugin);
      setMode(wp, 'signed-in');
      const subscriber = await signedInContext(browser, wp, 'subscriber');
      const lastSent = () => wp.platform.requests().filter((r) => r.path === '/api/v1/embed/generate-session').at(-1).body;
      try {
        const post = createPost(wp, { title: 'Docs filter', content: '[platform_embed dashboard="sales-overview"]' });
        const view = await subscriber.newPage();
        await view.goto(post.url);
        await readyDashboards(view);
        let sent = lastSent();
        assert.equal(sent.externalId, `wp-user-${wp.userIds.subscriber}`);
        assert.deepEqual(sent.groups, ['subscriber', 'wordpress']);
        assert.deepEqual(sent.userAttributes, [{ name: 'region', value: 'EMEA' }]);
        const route = sessionUrlIn(await view.content(), post.url);
        await view.close();
        // An editor is in the operations group; what that group may open is the platform's to enforce.
        const cookie = (await editor.cookies(wp.url)).map((c) => `${c.name}=${c.value}`).join('; ');
        const answer = await httpRequest(route, { method: 'POST', headers: { cookie, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' }, body: JSON.stringify({ dashboard: 'ops-health' }) });
        assert.equal(answer.status, 200, answer.text);
        sent = lastSent();
        assert.deepEqual(sent.groups, ['editor', 'wordpress', 'operations']);

        // The guide's access rule, applied to the mock as printed: the dashboard is the operations group's alone.
        const [, dashboard, groups] = /platform\.setDashboardAccess\('([\w-]+)', (\[[^\]]*\])\);/.exec(page);
        assert.equal(dashboard, 'ops-health');
        wp.platform.setDashboardAccess(dashboard, JSON.parse(groups.replaceAll("'", '"')));
        const ops = createPost(wp, { title: 'Docs operations', content: `[platform_embed dashboard="${dashboard}"]` });
        const seen = wp.platform.embeds().length;
        const refused = await subscriber.newPage();
        await refused.goto(ops.url);
        // The subscriber's session opens no operations dashboard: each load is refused, and the element never gets ready.
        await eventually(() => wp.platform.embeds().slice(seen).some((e) => e.path === `/embed/dashboard/${dashboard}` && !e.session), 'a refused operations embed', { timeoutMs: 20_000 });
        assert.ok(wp.platform.embeds().slice(seen).every((e) => !e.session), 'no load of the subscriber got the dashboard');
        assert.equal(await refused.evaluate(() => document.querySelector('platform-embed').ready), false);
        await refused.close();
        const allowed = await editor.newPage();
        await allowed.goto(ops.url);
        await readyDashboards(allowed);
        await allowed.close();
      } finally {
        wp.platform.setDashboardAccess('ops-health', null);
        await subscriber.close();
        wp.removeMuPlugin('platform-embed-viewer');
        setMode(wp, 'public');
      }
    });

    it('install step 1 as printed, from the packed package: the command writes the zip WordPress installed', () => {
      const step = /1\. Get the plugin zip[\s\S]*?```sh\n([\s\S]*?)```/.exec(page)?.[1].trim().split('\n').map((l) => l.trim());
      assert.deepEqual(step, ['npm install platform-embed', 'npx platform-embed-wordpress']);
      const root = fileURLToPath(new URL('../../', import.meta.url));
      const work = mkdtempSync(join(tmpdir(), 'platform-embed-wp-install-'));
      try {
        const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], { cwd: root, encoding: 'utf8' }))[0].filename;
        const dir = join(work, 'site-owner');
        mkdirSync(dir);
        const sh = (line) => execSync(line, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, npm_config_fund: 'false', npm_config_audit: 'false', npm_config_update_notifier: 'false' } });
        sh('npm init -y');
        sh(step[0].replace(/platform-embed$/, join(work, packed)));
        const said = sh(step[1]);
        assert.match(said, /platform-embed-wordpress\.zip/);
        const written = readFileSync(join(dir, 'platform-embed-wordpress.zip'));
        assert.ok(written.equals(readFileSync(fileURLToPath(new URL('../../dist/platform-embed-wordpress.zip', import.meta.url)))), 'the zip the suite installed');
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    });
  });
}
