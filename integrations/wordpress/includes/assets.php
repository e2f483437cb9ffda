<?php
/**
 * Script handles: the element's classic bundle, served from this plugin's
 * folder (never a CDN), and the block editor script, plain JavaScript on the
 * `wp` globals so that the plugin needs no build step.
 *
 * @package PlatformEmbed
 */

defined( 'ABSPATH' ) || exit;

const PLATFORM_EMBED_SCRIPT = 'platform-embed';
const PLATFORM_EMBED_EDITOR_SCRIPT = 'platform-embed-editor';

/**
 * Registers both scripts; the bundle is enqueued by the first embed a page renders.
 *
 * @return void
 */
function platform_embed_register_scripts() {
	// In the footer: the element upgrades whenever its definition arrives, so nothing waits for it.
	// WordPress 6.3+ also defers it; 6.1 and 6.2 read the array as "in footer".
	wp_register_script(
		PLATFORM_EMBED_SCRIPT,
		plugins_url( 'platform-embed.iife.min.js', PLATFORM_EMBED_FILE ),
		array(),
		// No version query: the page's one script URL ends in the bundle's file name.
		null,
		array(
			'in_footer' => true,
			'strategy'  => 'defer',
		)
	);

	wp_register_script(
		PLATFORM_EMBED_EDITOR_SCRIPT,
		plugins_url( 'editor.js', PLATFORM_EMBED_FILE ),
		array( 'wp-blocks', 'wp-block-editor', 'wp-components', 'wp-element', 'wp-i18n' ),
		PLATFORM_EMBED_VERSION,
		true
	);
	// JSON translations built from languages/*.po: languages/platform-embed-<locale>-platform-embed-editor.json.
	wp_set_script_translations( PLATFORM_EMBED_EDITOR_SCRIPT, 'platform-embed', PLATFORM_EMBED_DIR . '/languages' );
}
add_action( 'init', 'platform_embed_register_scripts' );
