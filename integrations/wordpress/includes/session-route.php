<?php
/**
 * The session route, `POST /wp-json/platform-embed/v1/session` (or
 * `?rest_route=/platform-embed/v1/session` with plain permalinks), which the
 * rendered `session-url` names.
 *
 * WordPress's REST server answers some requests before a route's callback:
 * OPTIONS with a description of the route, a method the route lacks with a
 * 404, a body that is not JSON with its own 400, and it adds CORS headers
 * that admit any origin. The session route answers every method itself, at
 * `rest_pre_dispatch`, so that all its answers follow one table, and takes
 * WordPress's CORS and cache headers off its answers.
 *
 * @package PlatformEmbed
 */

defined( 'ABSPATH' ) || exit;

const PLATFORM_EMBED_REST_NAMESPACE = 'platform-embed/v1';
const PLATFORM_EMBED_REST_ROUTE     = '/session';

/**
 * Registers the route. Its callback is what an internal `rest_do_request()`
 * reaches; browser requests are answered at `rest_pre_dispatch` by the same function.
 *
 * @return void
 */
function platform_embed_register_session_route() {
	register_rest_route(
		PLATFORM_EMBED_REST_NAMESPACE,
		PLATFORM_EMBED_REST_ROUTE,
		array(
			'methods'             => array( 'POST', 'OPTIONS' ),
			'callback'            => 'platform_embed_answer_session',
			// The route checks the caller's origin itself and decides who views (viewer.php); it needs no REST user.
			'permission_callback' => '__return_true',
		)
	);
}
add_action( 'rest_api_init', 'platform_embed_register_session_route' );

/**
 * Whether the HTTP request being served is one for the session route. Only
 * the request itself counts, never a sub-request of a batch, whose headers
 * the caller writes.
 *
 * @param WP_REST_Request $request The request being dispatched.
 * @return bool
 */
function platform_embed_is_session_request( $request ) {
	$ours = '/' . PLATFORM_EMBED_REST_NAMESPACE . PLATFORM_EMBED_REST_ROUTE;
	if ( 0 !== strcasecmp( untrailingslashit( $request->get_route() ), $ours ) ) {
		return false;
	}
	$served = isset( $GLOBALS['wp']->query_vars['rest_route'] ) ? (string) $GLOBALS['wp']->query_vars['rest_route'] : '';
	return 0 === strcasecmp( untrailingslashit( $served ), $ours );
}

/**
 * Answers a request for the session route before WordPress's own handling.
 *
 * @param mixed           $result  A response from an earlier filter, or null.
 * @param WP_REST_Server  $server  The server.
 * @param WP_REST_Request $request The request.
 * @return mixed
 */
function platform_embed_pre_dispatch( $result, $server, $request ) {
	if ( null !== $result || ! platform_embed_is_session_request( $request ) ) {
		return $result;
	}
	// Same-origin only: WordPress's CORS headers would admit any origin with credentials.
	remove_filter( 'rest_pre_serve_request', 'rest_send_cors_headers' );
	// The answer's own `Cache-Control: no-store` stands; WordPress's no-cache headers would replace it.
	add_filter( 'rest_send_nocache_headers', '__return_false', PHP_INT_MAX );
	add_filter( 'rest_pre_serve_request', 'platform_embed_remove_rest_cors_headers', 20 );
	// The request's real method: `_method` and X-HTTP-Method-Override would turn a cross-site <script> GET into a POST.
	$method = isset( $_SERVER['REQUEST_METHOD'] ) ? sanitize_text_field( wp_unslash( $_SERVER['REQUEST_METHOD'] ) ) : 'GET';
	if ( 'POST' === strtoupper( $method ) && ! empty( $GLOBALS['platform_embed_wrapped'] ) ) {
		return platform_embed_session_error( 400, __( 'the endpoint answers plain JSON only, without _jsonp or _envelope', 'platform-embed' ) );
	}
	return platform_embed_answer_session( $request, $method );
}
// Before rest_handle_options_request (priority 10), which would answer OPTIONS itself.
add_filter( 'rest_pre_dispatch', 'platform_embed_pre_dispatch', 5, 3 );

/**
 * Readies a request for the session route before WordPress's REST server
 * reads it: no JSONP wrapping (`_jsonp`) and no envelope (`_envelope`) for
 * any answer, and `Cache-Control: no-store` on every answer, WordPress's own
 * errors (a bad X-WP-Nonce) included. The request is then refused (400) or,
 * for a GET, answered 405.
 *
 * @param WP $wp The request's query.
 * @return void
 */
function platform_embed_guard_session_request( $wp ) {
	$served = isset( $wp->query_vars['rest_route'] ) ? (string) $wp->query_vars['rest_route'] : '';
	if ( 0 !== strcasecmp( untrailingslashit( $served ), '/' . PLATFORM_EMBED_REST_NAMESPACE . PLATFORM_EMBED_REST_ROUTE ) ) {
		return;
	}
	// phpcs:disable WordPress.Security.NonceVerification.Recommended -- only whether the parameters are present is read.
	$GLOBALS['platform_embed_wrapped'] = isset( $_GET['_jsonp'] ) || isset( $_GET['_envelope'] );
	unset( $_GET['_jsonp'], $_GET['_envelope'] );
	// phpcs:enable
	add_filter( 'rest_jsonp_enabled', '__return_false', PHP_INT_MAX );
	add_filter( 'rest_send_nocache_headers', '__return_false', PHP_INT_MAX );
	// WordPress still sends its no-cache headers for a 4xx of an overridden method: make them no-store too.
	add_filter( 'nocache_headers', 'platform_embed_no_store_headers', PHP_INT_MAX );
	if ( ! headers_sent() ) {
		header( 'Cache-Control: no-store' );
	}
}
// Before rest_api_loaded (parse_request, priority 10) hands the request to the REST server.
add_action( 'parse_request', 'platform_embed_guard_session_request', 5 );

/**
 * WordPress's no-cache headers, as `no-store` on the session route.
 *
 * @param array $headers The headers.
 * @return array
 */
function platform_embed_no_store_headers( $headers ) {
	$headers['Cache-Control'] = 'no-store';
	return $headers;
}

/**
 * Takes off the CORS headers the REST server sends before dispatching.
 *
 * @param bool $served Whether the answer was sent already.
 * @return bool
 */
function platform_embed_remove_rest_cors_headers( $served ) {
	if ( ! headers_sent() ) {
		header_remove( 'Access-Control-Expose-Headers' );
		header_remove( 'Access-Control-Allow-Headers' );
	}
	return $served;
}
