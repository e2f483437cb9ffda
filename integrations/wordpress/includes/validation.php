<?php
/**
 * The value rules the element itself applies (src/embed/url.ts,
 * src/protocol/values.ts), in PHP, so the settings page, the block, the
 * shortcode and the session route refuse what the element would refuse.
 * Each returns null for a good value, or a short code naming the problem.
 *
 * @package PlatformEmbed
 */

defined( 'ABSPATH' ) || exit;

/**
 * A tenant base URL: absolute, `https:` (or `http:` on localhost,
 * 127.0.0.1 and [::1]), no credentials, query or fragment.
 *
 * @param mixed $value The URL.
 * @return string|null null, or one of `empty`, `url`, `https`, `credentials`, `query`.
 */
function platform_embed_base_url_problem( $value ) {
	if ( ! is_string( $value ) || '' === trim( $value ) ) {
		return 'empty';
	}
	$url = trim( $value );
	if ( preg_match( '/[\x00-\x20\x7f]/', $url ) ) {
		return 'url';
	}
	$parts = wp_parse_url( $url );
	if ( ! is_array( $parts ) || empty( $parts['scheme'] ) || empty( $parts['host'] ) ) {
		return 'url';
	}
	$scheme = strtolower( $parts['scheme'] );
	$host   = strtolower( $parts['host'] );
	$local  = in_array( $host, array( 'localhost', '127.0.0.1', '[::1]' ), true );
	if ( 'https' !== $scheme && ! ( 'http' === $scheme && $local ) ) {
		return 'https';
	}
	if ( isset( $parts['user'] ) || isset( $parts['pass'] ) ) {
		return 'credentials';
	}
	if ( str_contains( $url, '?' ) || str_contains( $url, '#' ) ) {
		return 'query';
	}
	return null;
}

/**
 * The base URL requests are sent to: origin and path prefix, no trailing slash.
 *
 * @param string $base_url A valid base URL.
 * @return string
 */
function platform_embed_api_base( $base_url ) {
	return rtrim( trim( $base_url ), '/' );
}

/**
 * A deployment id as typed: a positive integer (digits only, no sign, no
 * fraction), within PHP's integer range.
 *
 * @param mixed $value The id.
 * @return int|null The id, or null when it is not one.
 */
function platform_embed_parse_deployment_id( $value ) {
	if ( is_int( $value ) ) {
		return $value > 0 ? $value : null;
	}
	if ( ! is_string( $value ) || ! preg_match( '/^\s*0*([1-9][0-9]{0,17})\s*$/', $value, $m ) ) {
		return null;
	}
	return (int) $m[1];
}

/**
 * An in-embed path: starts with `/embed/` and stays under it once resolved as
 * a browser resolves it (`..` and `%2e` segments, backslashes).
 *
 * @param string $path The path.
 * @return string|null null, `start` (must start with /embed/) or `escape` (must stay under /embed/).
 */
function platform_embed_path_problem( $path ) {
	if ( ! str_starts_with( $path, '/embed/' ) ) {
		return 'start';
	}
	// The URL parser drops tabs and newlines, treats a backslash as a slash, and ends the path at ? or #.
	$clean = str_replace( array( "\t", "\n", "\r" ), '', $path );
	$clean = str_replace( '\\', '/', $clean );
	$clean = preg_split( '/[?#]/', $clean, 2 )[0];
	$out   = array();
	foreach ( explode( '/', substr( $clean, 1 ) ) as $segment ) {
		$lower = strtolower( $segment );
		if ( in_array( $lower, array( '..', '.%2e', '%2e.', '%2e%2e' ), true ) ) {
			array_pop( $out );
		} elseif ( '.' !== $lower && '%2e' !== $lower ) {
			$out[] = $segment;
		}
	}
	$resolved = '/' . implode( '/', $out );
	return str_starts_with( $resolved, '/embed/' ) ? null : 'escape';
}

/**
 * A CSS length for the embed's height: a non-negative number and a unit
 * (px, em, rem, %, vh and the other viewport units, ch, ex, cm, mm, in, pt, pc), or 0.
 *
 * @param string $value The height.
 * @return bool
 */
function platform_embed_is_css_length( $value ) {
	return 1 === preg_match( '/^(?:0|(?:\d+(?:\.\d+)?|\.\d+)(?:px|em|rem|%|vh|vw|vmin|vmax|svh|lvh|dvh|svw|lvw|dvw|ch|ex|cm|mm|in|pt|pc))$/', $value );
}

/**
 * A BCP 47 language tag (the element also takes `auto`).
 *
 * @param string $value The tag.
 * @return bool
 */
function platform_embed_is_language_tag( $value ) {
	$tag = '/^[a-z]{2,3}(?:-[a-z]{3}){0,3}(?:-[a-z]{4})?(?:-(?:[a-z]{2}|\d{3}))?(?:-(?:[a-z\d]{5,8}|\d[a-z\d]{3}))*(?:-[\da-wy-z](?:-[a-z\d]{2,8})+)*(?:-x(?:-[a-z\d]{1,8})+)?$/i';
	return 1 === preg_match( $tag, $value );
}

/**
 * An IANA time zone name (the element also takes `auto`). Bare UTC offsets
 * are refused, as the element refuses them.
 *
 * @param string $value The name.
 * @return bool
 */
function platform_embed_is_time_zone( $value ) {
	if ( '' === $value || preg_match( '/^(?:utc|gmt|z)?\s*[+\-\x{2212}]\s*\d/iu', $value ) ) {
		return false;
	}
	static $zones = null;
	if ( null === $zones ) {
		$zones = array_map( 'strtolower', DateTimeZone::listIdentifiers( DateTimeZone::ALL_WITH_BC ) );
		$zones = array_flip( $zones );
	}
	return isset( $zones[ strtolower( $value ) ] );
}

/**
 * A filter member: `<semantic_view>.<dimension>`, each part an identifier.
 *
 * @param string $member The member.
 * @return bool
 */
function platform_embed_is_filter_member( $member ) {
	return 1 === preg_match( '/^[A-Za-z_][A-Za-z0-9_]*\.[A-Za-z_][A-Za-z0-9_]*$/', $member );
}
