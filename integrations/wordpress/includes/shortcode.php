<?php
/**
 * The shortcode `[platform_embed]`, with the block's attributes:
 * `[platform_embed dashboard="sales-overview" height="80vh" filters='{"sales.region":{"value":"EU"}}']`.
 *
 * @package PlatformEmbed
 */

defined( 'ABSPATH' ) || exit;

/**
 * Renders the shortcode.
 *
 * @param array|string $atts The shortcode's attributes ('' when it has none).
 * @return string
 */
function platform_embed_shortcode( $atts ) {
	$atts = is_array( $atts ) ? $atts : array();
	// A bare `allow_export` (no value) arrives as a positional attribute.
	foreach ( $atts as $key => $value ) {
		if ( is_int( $key ) && 'allow_export' === strtolower( (string) $value ) ) {
			$atts['allow_export'] = 'true';
		}
	}
	return platform_embed_render( shortcode_atts( platform_embed_attribute_defaults(), $atts, 'platform_embed' ) );
}

/**
 * Registers the shortcode.
 *
 * @return void
 */
function platform_embed_register_shortcode() {
	add_shortcode( 'platform_embed', 'platform_embed_shortcode' );
}
add_action( 'init', 'platform_embed_register_shortcode' );
