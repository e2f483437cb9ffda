<?php
/**
 * Reading a session request as the TypeScript handler does
 * (src/server/cross-origin.ts and session-body.ts): where it comes from, and
 * what it asks for. Messages name a rule and never echo the request.
 *
 * @package PlatformEmbed
 */

defined( 'ABSPATH' ) || exit;

const PLATFORM_EMBED_MAX_BODY_BYTES = 4096;

/**
 * Whether the request comes from this site's own pages, after Go's
 * CrossOriginProtection: `Sec-Fetch-Site` first (`same-origin` or `none`
 * pass, anything else is another site); without it, `Origin` must be this
 * site's origin; with neither header, it is not a cross-site browser request.
 * The element sends no REST nonce: this check is what stands in for one.
 *
 * @param WP_REST_Request $request The request.
 * @return bool
 */
function platform_embed_is_same_origin( $request ) {
	$site = $request->get_header( 'sec_fetch_site' );
	if ( null !== $site ) {
		return in_array( strtolower( trim( $site ) ), array( 'same-origin', 'none' ), true );
	}
	$origin = $request->get_header( 'origin' );
	if ( null === $origin ) {
		return true;
	}
	return in_array( platform_embed_normal_origin( $origin ), platform_embed_own_origins(), true );
}

/**
 * This site's origins: the one the request was sent to (scheme and Host),
 * and the site's configured address (behind a proxy the Host may differ).
 *
 * @return string[]
 */
function platform_embed_own_origins() {
	$origins = array( platform_embed_normal_origin( home_url() ) );
	if ( isset( $_SERVER['HTTP_HOST'] ) ) {
		$host      = sanitize_text_field( wp_unslash( $_SERVER['HTTP_HOST'] ) );
		$origins[] = platform_embed_normal_origin( ( is_ssl() ? 'https://' : 'http://' ) . $host );
	}
	return array_values( array_filter( array_unique( $origins ) ) );
}

/**
 * An origin as browsers serialize it: lower-case scheme and host, no default port.
 *
 * @param string $url A URL or an origin.
 * @return string '' when it has none.
 */
function platform_embed_normal_origin( $url ) {
	$parts = wp_parse_url( trim( $url ) );
	if ( ! is_array( $parts ) || empty( $parts['scheme'] ) || empty( $parts['host'] ) ) {
		return '';
	}
	$scheme  = strtolower( $parts['scheme'] );
	$default = array(
		'http'  => 80,
		'https' => 443,
	);
	$port    = isset( $parts['port'] ) && ( ! isset( $default[ $scheme ] ) || $default[ $scheme ] !== (int) $parts['port'] ) ? ':' . (int) $parts['port'] : '';
	return $scheme . '://' . strtolower( $parts['host'] ) . $port;
}

/**
 * Reads what the element asks for: `{}` (an empty body), `{ "dashboard" }` or
 * `{ "path" }`, from a JSON object of at most 4 KB. Other fields are ignored,
 * so a later element that sends more still gets its session.
 *
 * @param WP_REST_Request $request The request.
 * @return array{ok: bool, wanted?: array, reason?: string}
 */
function platform_embed_read_wanted( $request ) {
	$too_large = sprintf(
		/* translators: %d: the largest body the route takes, in bytes (4096). */
		_n( 'the request body must be at most %d byte', 'the request body must be at most %d bytes', PLATFORM_EMBED_MAX_BODY_BYTES, 'platform-embed' ),
		PLATFORM_EMBED_MAX_BODY_BYTES
	);
	// The declared length first, then the bytes themselves (the header may be missing or wrong).
	$declared = $request->get_header( 'content_length' );
	if ( null !== $declared && ! ( preg_match( '/^\d+$/', trim( $declared ) ) && (int) trim( $declared ) <= PLATFORM_EMBED_MAX_BODY_BYTES ) ) {
		return array( 'ok' => false, 'reason' => $too_large );
	}
	$body = (string) $request->get_body();
	if ( strlen( $body ) > PLATFORM_EMBED_MAX_BODY_BYTES ) {
		return array( 'ok' => false, 'reason' => $too_large );
	}
	if ( '' === $body ) {
		// PHP reads a multipart/form-data body into $_POST and $_FILES and leaves the route none to read:
		// such a body is not JSON, as the TypeScript handler, which reads the bytes, finds. Only a declared
		// length of 0 makes it an empty body.
		$type = $request->get_content_type();
		if ( is_array( $type ) && 'multipart/form-data' === $type['value'] && '0' !== trim( (string) $declared ) ) {
			return array( 'ok' => false, 'reason' => __( 'the request body is not JSON', 'platform-embed' ) );
		}
		return array( 'ok' => true, 'wanted' => array() );
	}
	// A UTF-8 decoder drops a leading byte order mark before JSON parsing, as the TypeScript handler's does.
	if ( str_starts_with( $body, "\xEF\xBB\xBF" ) ) {
		$body = substr( $body, 3 );
	}
	try {
		$data = json_decode( $body, false, 512, JSON_THROW_ON_ERROR );
	} catch ( JsonException $e ) {
		return array( 'ok' => false, 'reason' => __( 'the request body is not JSON', 'platform-embed' ) );
	}
	if ( ! $data instanceof stdClass ) {
		return array( 'ok' => false, 'reason' => __( 'the request body must be a JSON object', 'platform-embed' ) );
	}
	$has_dashboard = property_exists( $data, 'dashboard' );
	$has_path      = property_exists( $data, 'path' );
	if ( $has_dashboard && $has_path ) {
		return array( 'ok' => false, 'reason' => __( 'the request body may name a dashboard or a path, not both', 'platform-embed' ) );
	}
	if ( $has_dashboard ) {
		if ( ! is_string( $data->dashboard ) || '' === trim( $data->dashboard ) ) {
			return array( 'ok' => false, 'reason' => __( 'dashboard must be a non-empty string', 'platform-embed' ) );
		}
		return array( 'ok' => true, 'wanted' => array( 'dashboard' => $data->dashboard ) );
	}
	if ( $has_path ) {
		if ( ! is_string( $data->path ) ) {
			return array( 'ok' => false, 'reason' => __( 'path must be a string', 'platform-embed' ) );
		}
		$problem = platform_embed_path_problem( $data->path );
		if ( 'start' === $problem ) {
			return array( 'ok' => false, 'reason' => __( 'path must start with /embed/', 'platform-embed' ) );
		}
		if ( 'escape' === $problem ) {
			return array( 'ok' => false, 'reason' => __( 'path must stay under /embed/', 'platform-embed' ) );
		}
		return array( 'ok' => true, 'wanted' => array( 'path' => $data->path ) );
	}
	return array( 'ok' => true, 'wanted' => array() );
}
