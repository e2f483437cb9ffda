<?php
/**
 * The block `platform-embed/dashboard`: a dynamic block whose attributes live
 * in block.json and whose markup PHP renders on each request, as WordPress's
 * own dynamic blocks do. The editor shows a placeholder (editor.js).
 *
 * @package PlatformEmbed
 */

defined( 'ABSPATH' ) || exit;

/**
 * Registers the block from block.json.
 *
 * @return void
 */
function platform_embed_register_block() {
	register_block_type(
		PLATFORM_EMBED_DIR,
		array( 'render_callback' => 'platform_embed_render_block' )
	);
}
// After the editor script's handle exists (assets.php, priority 10).
add_action( 'init', 'platform_embed_register_block', 20 );

/**
 * Renders the block.
 *
 * @param array $attributes The block's attributes.
 * @return string
 */
function platform_embed_render_block( $attributes ) {
	return platform_embed_render( $attributes, get_block_wrapper_attributes() );
}
