// One WordPress site for one test run: a copy of Debian's WordPress with its
// own wp-config.php (the private MariaDB, debug log to a file, external HTTP
// blocked, no cron), installed from the PHP command line (there is no wp-cli),
// with an editor and a subscriber, the plugin unzipped from the zip that
// `npm run build` makes and activated, and a must-use plugin that keeps
// WordPress from calling wordpress.org (the network is closed).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { WORDPRESS_DIR } from './system.mjs';

/** People the tests sign in as; the passwords exist only in this throwaway site. */
export const USERS = {
  admin: { login: 'admin', password: 'admin-pass-4c1e', email: 'admin@example.com', role: 'administrator' },
  editor: { login: 'editor', password: 'editor-pass-9b2d', email: 'editor@example.com', role: 'editor' },
  subscriber: { login: 'subscriber', password: 'subscriber-pass-7a3f', email: 'subscriber@example.com', role: 'subscriber' },
};

export const PLUGIN = 'platform-embed/platform-embed.php';

const php = (s) => `'${String(s).replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

// Stops update, translation, pattern-directory and browser-version checks
// against wordpress.org: offline they only time out and log warnings.
const OFFLINE_MU_PLUGIN = `<?php
/* Keeps the test site from calling wordpress.org: the test network is closed. */
add_filter( 'pre_http_request', function ( $pre, $args, $url ) {
	$host = (string) wp_parse_url( $url, PHP_URL_HOST );
	return preg_match( '/(^|\\.)(wordpress\\.org|w\\.org|gravatar\\.com)$/', $host ) ? new WP_Error( 'offline', 'The test site is offline.' ) : $pre;
}, 10, 3 );
add_filter( 'automatic_updater_disabled', '__return_true' );
add_filter( 'should_load_remote_block_patterns', '__return_false' );
add_filter( 'pre_option_wp_page_for_privacy_policy', '__return_zero' );
foreach ( array( 'update_core', 'update_plugins', 'update_themes' ) as $transient ) {
	add_filter( 'pre_site_transient_' . $transient, function () {
		return (object) array( 'last_checked' => time(), 'version_checked' => get_bloginfo( 'version' ), 'checked' => array(), 'response' => array(), 'updates' => array(), 'translations' => array() );
	} );
}
remove_action( 'admin_init', '_maybe_update_core' );
remove_action( 'admin_init', '_maybe_update_plugins' );
remove_action( 'admin_init', '_maybe_update_themes' );
remove_action( 'admin_init', 'wp_maybe_auto_update' );
add_filter( 'pre_site_transient_browser_' . md5( isset( $_SERVER['HTTP_USER_AGENT'] ) ? $_SERVER['HTTP_USER_AGENT'] : '' ), '__return_empty_array' );
add_filter( 'pre_site_transient_php_check_' . md5( PHP_VERSION ), '__return_empty_array' );
`;

// php -S has no rewrites: files are served as they are, everything else goes to
// WordPress's index.php (pretty permalinks, /wp-json/).
const ROUTER = `<?php
$path = urldecode( (string) parse_url( $_SERVER['REQUEST_URI'], PHP_URL_PATH ) );
if ( '/' !== $path && file_exists( __DIR__ . $path ) ) {
	return false;
}
$_SERVER['SCRIPT_NAME']     = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = __DIR__ . '/index.php';
require __DIR__ . '/index.php';
`;

// Runs PHP code from stdin inside the loaded site (as wp-cli's eval would).
const CLI = `<?php
if ( getenv( 'PLATFORM_EMBED_TEST_INSTALLING' ) ) {
	define( 'WP_INSTALLING', true );
}
$_SERVER['HTTP_HOST']   = parse_url( getenv( 'PLATFORM_EMBED_TEST_SITE' ), PHP_URL_HOST ) . ':' . parse_url( getenv( 'PLATFORM_EMBED_TEST_SITE' ), PHP_URL_PORT );
$_SERVER['REQUEST_URI'] = '/';
require getenv( 'PLATFORM_EMBED_TEST_ROOT' ) . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';
eval( stream_get_contents( STDIN ) );
`;

/**
 * A copy of Debian's WordPress at `root`: hard links where the file system
 * allows them (WordPress never writes to its own files once updates are off,
 * and a copy of 3,000 files takes seconds on a busy disk), a real copy
 * otherwise, with only the core translations of the plugin's languages
 * (a site language must be installed to be chosen). Debian's wp-config.php
 * and .htaccess are replaced.
 */
const LOCALES = ['de_DE', 'fr_FR', 'es_ES', 'ja'];
function copyWordPress(root) {
  try {
    // -L: Debian's relative symbolic links (underscore.js, getID3, …) would point nowhere from the copy.
    execFileSync('cp', ['-R', '-l', '-L', WORDPRESS_DIR, root], { stdio: 'ignore' });
  } catch {
    rmSync(root, { recursive: true, force: true });
    const languages = `${WORDPRESS_DIR}/wp-content/languages/`;
    const wanted = (src) => !src.startsWith(languages) || !/\.(mo|po|json|php)$/.test(src) || LOCALES.some((l) => src.includes(l));
    cpSync(WORDPRESS_DIR, root, { recursive: true, dereference: true, filter: wanted });
  }
  // Unlinking a hard link leaves Debian's file as it is.
  for (const own of ['wp-config.php', '.htaccess']) rmSync(join(root, own), { force: true });
}

/**
 * Copies WordPress to `dir/site` and writes its configuration.
 * @returns {{ root: string, log: string, url: string, cli: string }}
 */
export function createSite({ dir, socket, url, database }) {
  const root = join(dir, 'site');
  const log = join(dir, 'php-errors.log');
  copyWordPress(root);
  const salts = ['AUTH_KEY', 'SECURE_AUTH_KEY', 'LOGGED_IN_KEY', 'NONCE_KEY', 'AUTH_SALT', 'SECURE_AUTH_SALT', 'LOGGED_IN_SALT', 'NONCE_SALT']
    .map((name) => `define( '${name}', '${randomBytes(32).toString('hex')}' );`)
    .join('\n');
  writeFileSync(
    join(root, 'wp-config.php'),
    `<?php
define( 'DB_NAME', ${php(database)} );
define( 'DB_USER', 'root' );
define( 'DB_PASSWORD', '' );
define( 'DB_HOST', ${php(`localhost:${socket}`)} );
define( 'DB_CHARSET', 'utf8mb4' );
define( 'DB_COLLATE', '' );
${salts}
$table_prefix = 'wp_';
define( 'WP_HOME', ${php(url)} );
define( 'WP_SITEURL', ${php(url)} );
define( 'WP_DEBUG', true );
define( 'WP_DEBUG_LOG', ${php(log)} );
define( 'WP_DEBUG_DISPLAY', false );
define( 'WP_HTTP_BLOCK_EXTERNAL', true );
define( 'DISABLE_WP_CRON', true );
define( 'AUTOMATIC_UPDATER_DISABLED', true );
define( 'WP_AUTO_UPDATE_CORE', false );
define( 'FS_METHOD', 'direct' );
if ( ! defined( 'ABSPATH' ) ) {
	define( 'ABSPATH', __DIR__ . '/' );
}
require_once ABSPATH . 'wp-settings.php';
`,
  );
  writeFileSync(join(root, 'router.php'), ROUTER);
  mkdirSync(join(root, 'wp-content', 'mu-plugins'), { recursive: true });
  writeFileSync(join(root, 'wp-content', 'mu-plugins', 'offline.php'), OFFLINE_MU_PLUGIN);
  // Outside the document root: no browser can reach it.
  const cli = join(dir, 'cli.php');
  writeFileSync(cli, CLI);
  return { root, log, url, cli };
}

/**
 * Runs `code` (PHP statements, no `<?php`) in the loaded site and returns what it printed.
 * @param {{ root: string, url: string, cli: string, log: string }} site
 */
export function runPhp(site, phpBinary, code, { installing = false } = {}) {
  return execFileSync(phpBinary, ['-d', 'log_errors=On', '-d', `error_log=${site.log}`, '-d', 'display_errors=stderr', '-d', 'error_reporting=E_ALL', site.cli], {
    input: code,
    encoding: 'utf8',
    env: {
      ...process.env,
      PLATFORM_EMBED_TEST_ROOT: site.root,
      PLATFORM_EMBED_TEST_SITE: site.url,
      ...(installing ? { PLATFORM_EMBED_TEST_INSTALLING: '1' } : {}),
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

/** Runs `code`, which must `echo wp_json_encode(...)`, and parses what it printed. */
export function runPhpJson(site, phpBinary, code) {
  const out = runPhp(site, phpBinary, code);
  try {
    return JSON.parse(out);
  } catch {
    throw new Error(`PHP printed no JSON: ${out.slice(0, 2000)}`);
  }
}

/** Installs WordPress (tables, the administrator), the other users and pretty permalinks. */
export function installWordPress(site, phpBinary) {
  const { admin } = USERS;
  runPhp(
    site,
    phpBinary,
    `$result = wp_install( 'Platform Embed test site', ${php(admin.login)}, ${php(admin.email)}, true, '', ${php(admin.password)} );
if ( empty( $result['user_id'] ) ) { fwrite( STDERR, 'wp_install failed' ); exit( 1 ); }`,
    { installing: true },
  );
  const others = Object.values(USERS)
    .filter((u) => u.role !== 'administrator')
    .map(
      (u) => `$id = wp_insert_user( array( 'user_login' => ${php(u.login)}, 'user_pass' => ${php(u.password)}, 'user_email' => ${php(u.email)}, 'role' => ${php(u.role)} ) );
if ( is_wp_error( $id ) ) { fwrite( STDERR, $id->get_error_message() ); exit( 1 ); }`,
    )
    .join('\n');
  return runPhpJson(
    site,
    phpBinary,
    `${others}
global $wp_rewrite;
$wp_rewrite->set_permalink_structure( '/%postname%/' );
flush_rewrite_rules();
// No welcome guide in the block editor for anyone (it would cover the inserter).
foreach ( get_users() as $user ) {
	update_user_meta( $user->ID, $GLOBALS['wpdb']->get_blog_prefix() . 'persisted_preferences', array( 'core/edit-post' => array( 'welcomeGuide' => false, 'isComplementaryAreaVisible' => true ), '_modified' => gmdate( 'c' ) ) );
}
$ids = array();
foreach ( get_users() as $user ) { $ids[ $user->user_login ] = $user->ID; }
echo wp_json_encode( array( 'users' => $ids, 'theme' => get_stylesheet(), 'version' => get_bloginfo( 'version' ) ) );`,
  );
}

/** Unzips the plugin zip into wp-content/plugins and activates it. */
export function installPlugin(site, { phpBinary, unzip, zip }) {
  if (!existsSync(zip)) throw new Error(`${zip} is missing: run \`npm run build\` first`);
  const plugins = join(site.root, 'wp-content', 'plugins');
  rmSync(join(plugins, 'platform-embed'), { recursive: true, force: true });
  execFileSync(unzip, ['-q', '-o', zip, '-d', plugins]);
  if (!existsSync(join(plugins, PLUGIN))) throw new Error(`the zip holds no ${PLUGIN}`);
  return runPhpJson(
    site,
    phpBinary,
    `$result = activate_plugin( ${php(PLUGIN)} );
echo wp_json_encode( array( 'error' => is_wp_error( $result ) ? $result->get_error_message() : null, 'active' => is_plugin_active( ${php(PLUGIN)} ) ) );`,
  );
}
