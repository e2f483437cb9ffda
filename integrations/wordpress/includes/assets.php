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

/**
 * Tells the editor script whether the plugin is set up, so the placeholder
 * can say so while the block is being placed (the published page shows
 * editors the same notice).
 *
 * @return void
 */
function platform_embed_editor_data() {
	$data = array(
		'setupNotice' => platform_embed_is_configured() ? '' : __( 'Platform Embed is not set up yet: enter the base URL, the API key and the deployment ID under Settings → Platform Embed.', 'platform-embed' ),
	);
	wp_add_inline_script( PLATFORM_EMBED_EDITOR_SCRIPT, 'window.platformEmbedEditor = ' . wp_json_encode( $data ) . ';', 'before' );
}
add_action( 'enqueue_block_editor_assets', 'platform_embed_editor_data' );
