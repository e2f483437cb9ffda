// The plugin's session route: the shared table of session cases
// (test/session-cases/cases.mjs) as the TypeScript handler runs it, found
// through the rendered session-url, with pretty and plain permalinks.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { casesFor, CUSTOM_VIEWER, failRuleOf, judgeAnswer, judgePlatform, requestOf, snapshot } from '../session-cases/check.mjs';
import { createPost, httpRequest, sessionUrlIn } from './helpers.mjs';

// The viewer hook of the session cases, as a site would write it with the
// plugin's filter; `args` reports what the filter was given.
const CASES_MU_PLUGIN = `<?php
add_filter( 'platform_embed_viewer', function ( $viewer, $user, $wanted ) {
	$case = isset( $_SERVER['HTTP_X_CASE_VIEWER'] ) ? $_SERVER['HTTP_X_CASE_VIEWER'] : '';
	switch ( $case ) {
		case 'refuse':
			return null;
		case 'invalid':
			return array( 'externalId' => 'Case-Viewer' );
		case 'custom':
			return json_decode( ${JSON.stringify(JSON.stringify(CUSTOM_VIEWER)).replaceAll('$', '\\$')}, true );
		case 'args':
			// As JSON text: an attribute's value is a string, number, boolean or list on the platform.
			$viewer['userAttributes'] = array(
				array( 'name' => 'given', 'value' => wp_json_encode( $viewer ) ),
				array( 'name' => 'user', 'value' => $user instanceof WP_User ? $user->ID : null ),
				array( 'name' => 'wanted', 'value' => wp_json_encode( $wanted ) ),
			);
			return $viewer;
	}
	return $viewer;
}, 10, 3 );
`;

let currentMode = null;

/** Sets "Who may view" from PHP (the settings page itself is tested in settings.mjs); `force` after the settings page changed it. */
export function setMode(wp, viewers, { force = false } = {}) {
  if (viewers === currentMode && !force) return;
  currentMode = viewers;
  wp.php(`$s = get_option( 'platform_embed_settings' ); $s['viewers'] = '${viewers}'; update_option( 'platform_embed_settings', $s );`);
  const stored = wp.phpJson(`echo wp_json_encode( get_option( 'platform_embed_settings' )['viewers'] );`);
  assert.equal(stored, viewers);
}

export const installCaseViewer = (wp) => wp.addMuPlugin('session-cases', CASES_MU_PLUGIN);

/** @param {() => { wp: import('./harness.mjs').WordPress, answers: string[] }} ctx */
export function describeRoute(ctx) {
  describe('session route: the shared session cases', () => {
    let route;
    let own;
    before(() => {
      const { wp } = ctx();
      installCaseViewer(wp);
      setMode(wp, 'public', { force: true });
    });
    after(() => setMode(ctx().wp, 'public'));

    it('the rendered session-url names the route (pretty permalinks)', async () => {
      const { wp } = ctx();
      const post = createPost(wp, { title: 'Session cases', content: '[platform_embed dashboard="sales-overview"]' });
      const html = (await httpRequest(post.url)).text;
      route = sessionUrlIn(html, post.url);
      assert.ok(route, 'a session-url');
      assert.equal(new URL(route).origin, wp.url);
      own = wp.url;
    });

    // Each case from its own loopback address, so the public mode's limit of
    // 30 per address counts one case at a time.
    let address = 10;
    for (const c of casesFor('php')) {
      const from = `127.0.0.${(address += 1)}`;
      it(c.name, async () => {
        const { wp, answers } = ctx();
        setMode(wp, c.mode ?? 'public');
        const { platform } = wp;
        const rule = failRuleOf(c, platform.apiKey);
        if (rule) platform.fail(rule);
        const before = snapshot(platform);
        const { method, headers, body } = requestOf(c, own);
        const times = c.request.times ?? 1;
        try {
          for (let i = 1; i <= times; i += 1) {
            const answer = await httpRequest(route, { method, headers, body, localAddress: from });
            answers.push(answer.text, [...answer.headers].join('\n'));
            judgeAnswer(c, answer, { platform, last: i === times });
          }
          judgePlatform(c, { platform, before });
        } finally {
          if (c.mode && c.mode !== 'public') setMode(wp, 'public');
        }
      });
    }
  });

  describe('session route: more than the table', () => {
    it('plain permalinks: the session-url is the ?rest_route= form and works', async () => {
      const { wp, answers } = ctx();
      wp.php(`global $wp_rewrite; $wp_rewrite->set_permalink_structure( '' ); flush_rewrite_rules();`);
      try {
        const post = createPost(wp, { title: 'Plain permalinks', content: '[platform_embed dashboard="sales-overview"]' });
        assert.match(post.url, /\?p=\d+$/);
        const html = (await httpRequest(post.url)).text;
        const plain = sessionUrlIn(html, post.url);
        assert.match(plain, /rest_route=/);
        const answer = await httpRequest(plain, { method: 'POST', headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' }, body: '{"dashboard":"sales-overview"}', localAddress: '127.0.1.1' });
        answers.push(answer.text);
        assert.equal(answer.status, 200, answer.text);
        assert.equal(answer.headers.get('cache-control'), 'no-store');
        const refused = await httpRequest(plain, { method: 'GET', localAddress: '127.0.1.1' });
        assert.equal(refused.status, 405);
        assert.equal(refused.headers.get('allow'), 'POST, OPTIONS');
      } finally {
        wp.php(`global $wp_rewrite; $wp_rewrite->set_permalink_structure( '/%postname%/' ); flush_rewrite_rules();`);
      }
    });

    it('the limit counts per address: another address still gets sessions after one is limited', async () => {
      const { wp } = ctx();
      setMode(wp, 'public');
      const post = createPost(wp, { title: 'Limit per address', content: '[platform_embed dashboard="sales-overview"]' });
      const route = sessionUrlIn((await httpRequest(post.url)).text, post.url);
      const ask = (from) => httpRequest(route, { method: 'POST', headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' }, body: '{}', localAddress: from });
      const statuses = [];
      for (let i = 0; i < 31; i += 1) statuses.push((await ask('127.0.2.1')).status);
      assert.deepEqual(statuses, [...Array(30).fill(200), 429]);
      assert.equal((await ask('127.0.2.2')).status, 200, 'another address is not limited');
      // Signed-in mode has no such limit: each viewer is a known user.
      setMode(wp, 'signed-in');
      try {
        assert.equal((await ask('127.0.2.1')).status, 401, 'signed-in mode: not limited, and nobody is signed in');
      } finally {
        setMode(wp, 'public');
      }
    });
  });
}
