<?php
/**
 * Loads the plugin's translations from its own languages/ folder (the
 * editor script's come through wp_set_script_translations in assets.php).
 *
 * @package PlatformEmbed
 */

defined( 'ABSPATH' ) || exit;

/**
 * Loads the `platform-embed` text domain.
 *
 * @return void
 */
function platform_embed_load_textdomain() {
	load_plugin_textdomain( 'platform-embed', false, dirname( plugin_basename( PLATFORM_EMBED_FILE ) ) . '/languages' );
}
add_action( 'init', 'platform_embed_load_textdomain' );
