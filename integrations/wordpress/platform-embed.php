<?php
/**
 * Plugin Name:       Platform Embed
 * Description:       Puts the platform's dashboards in posts and pages with a block or a shortcode, and creates each viewer's embed session on this site, so the API key never reaches a browser.
 * Version:           0.2.0
 * Requires at least: 6.1
 * Requires PHP:      8.1
 * Author:            Platform Embed contributors
 * License:           MIT
 * License URI:       https://opensource.org/licenses/MIT
 * Text Domain:       platform-embed
 * Domain Path:       /languages
 *
 * @package PlatformEmbed
 */

defined( 'ABSPATH' ) || exit;

define( 'PLATFORM_EMBED_VERSION', '0.2.0' );
define( 'PLATFORM_EMBED_FILE', __FILE__ );
define( 'PLATFORM_EMBED_DIR', __DIR__ );

// One concern per file; each file adds its own hooks at its end.
require_once __DIR__ . '/includes/options.php';
require_once __DIR__ . '/includes/api-key.php';
require_once __DIR__ . '/includes/validation.php';
require_once __DIR__ . '/includes/i18n.php';
require_once __DIR__ . '/includes/settings.php';
require_once __DIR__ . '/includes/settings-page.php';
require_once __DIR__ . '/includes/assets.php';
require_once __DIR__ . '/includes/attributes.php';
require_once __DIR__ . '/includes/render.php';
require_once __DIR__ . '/includes/block.php';
require_once __DIR__ . '/includes/shortcode.php';
require_once __DIR__ . '/includes/session-request.php';
require_once __DIR__ . '/includes/viewer.php';
require_once __DIR__ . '/includes/rate-limit.php';
require_once __DIR__ . '/includes/platform-client.php';
require_once __DIR__ . '/includes/session-answer.php';
require_once __DIR__ . '/includes/session-route.php';
require_once __DIR__ . '/includes/sign-out.php';
require_once __DIR__ . '/includes/connection-test.php';
