// What must hold after everything else ran: the key in no page, answer or
// log; no PHP notice or warning from the plugin's files; every PHP file of
// the installed plugin parses (php -l); the zip's layout; uninstall removes
// the option (deactivation keeps it). Runs last: uninstall ends the site's use.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PLUGIN } from './site.mjs';
import { MARKER } from '../session-cases/check.mjs';

const walk = (dir) => readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));

/** The log entries (one per timestamped line) that are PHP errors of any level. */
const phpProblems = (log) => log.split(/\n(?=\[\d{2}-\w{3}-\d{4} )/).filter((entry) => /PHP (Fatal error|Parse error|Warning|Notice|Deprecated|Strict Standards)|called <strong>incorrectly<\/strong>|is <strong>deprecated<\/strong>/.test(entry));

/** @param {() => { wp: import('./harness.mjs').WordPress, pages: string[], answers: string[] }} ctx */
export function describeHygiene(ctx) {
  describe('hygiene', () => {
    it('the API key is in no page, REST answer or log; the platform\'s failure bodies are in no log', () => {
      const { wp, pages, answers } = ctx();
      const key = wp.platform.apiKey;
      assert.ok(pages.length >= 10, `pages were collected (${pages.length})`);
      assert.ok(answers.length >= 10, `answers were collected (${answers.length})`);
      for (const text of pages) assert.ok(!text.includes(key), 'a page holds the key');
      for (const text of answers) assert.ok(!text.includes(key), 'an answer holds the key');
      assert.ok(!wp.log().includes(key), 'the PHP log holds the key');
      assert.ok(!wp.accessLog().includes(key), 'the server output holds the key');
      // The session cases made the platform fail with MARKER in its bodies.
      assert.ok(!wp.log().includes(MARKER), "the PHP log holds the platform's body");
      assert.ok(!wp.accessLog().includes(MARKER), "the server output holds the platform's body");
    });

    it('no PHP notice, warning or error from the plugin in the server log', () => {
      const { wp } = ctx();
      const problems = phpProblems(wp.log());
      const plugin = problems.filter((entry) => /plugins\/platform-embed\/|platform_embed|Platform Embed/i.test(entry));
      assert.deepEqual(plugin, [], 'the plugin raised PHP problems');
      const fatal = problems.filter((entry) => /PHP (Fatal|Parse) error/.test(entry));
      assert.deepEqual(fatal, [], 'no fatal error anywhere');
    });

    it('the installed plugin: readme.txt, uninstall.php and block.json beside platform-embed.php; every PHP file passes php -l', () => {
      const { wp } = ctx();
      const dir = join(wp.root, 'wp-content', 'plugins', 'platform-embed');
      for (const file of ['platform-embed.php', 'readme.txt', 'uninstall.php', 'block.json', 'platform-embed.iife.min.js']) assert.ok(existsSync(join(dir, file)), file);
      for (const locale of ['de_DE', 'fr_FR', 'es_ES', 'ja']) assert.ok(existsSync(join(dir, 'languages', `platform-embed-${locale}.mo`)), `languages/platform-embed-${locale}.mo`);
      const files = walk(dir).filter((f) => f.endsWith('.php'));
      assert.ok(files.length >= 5, `${files.length} PHP files`);
      for (const file of files) {
        const out = execFileSync(wp.phpBinary, ['-l', file], { encoding: 'utf8' });
        assert.match(out, /No syntax errors detected/, file);
      }
    });

    it('deactivation keeps the option; uninstall removes it', () => {
      const { wp } = ctx();
      const state = () =>
        wp.phpJson(`echo wp_json_encode( array( 'option' => false !== get_option( 'platform_embed_settings' ), 'active' => is_plugin_active( '${PLUGIN}' ) ) );`);
      wp.php(`update_user_meta( 1, 'platform_embed_sessions', array( array( 'id' => 'ses_left', 'at' => time() ) ) );`);
      assert.deepEqual(state(), { option: true, active: true });
      wp.php(`deactivate_plugins( '${PLUGIN}' );`);
      assert.deepEqual(state(), { option: true, active: false }, 'deactivation leaves the option');
      wp.php(`uninstall_plugin( '${PLUGIN}' );`);
      assert.deepEqual(state(), { option: false, active: false }, 'uninstall removes platform_embed_settings');
      const leftovers = wp.phpJson(`global $wpdb; echo wp_json_encode( $wpdb->get_col( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE '%platform_embed%'" ) );`);
      assert.deepEqual(leftovers, [], 'no option of the plugin is left, rate-limit counters included');
      const meta = wp.phpJson(`global $wpdb; echo wp_json_encode( (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->usermeta} WHERE meta_key = 'platform_embed_sessions'" ) );`);
      assert.equal(meta, 0, 'no remembered session ids are left');
    });
  });
}
