<?php
/**
 * The session route's answers, case by case as the TypeScript handler gives
 * them (src/server/session-handler.ts and CONTRACT.md, "A session endpoint in
 * one line"): same statuses, same `{ "error": "…" }` bodies, `no-store` on
 * every answer. Only this site's own pages may ask, so no answer carries
 * CORS headers. No answer and no log line holds the key or the platform's body.
 *
 * @package PlatformEmbed
 */

defined( 'ABSPATH' ) || exit;

/**
 * One answer.
 *
 * @param int        $status  HTTP status.
 * @param array|null $body    JSON body, or null for none.
 * @param array      $headers Extra headers.
 * @return WP_REST_Response
 */
function platform_embed_session_response( $status, $body = null, $headers = array() ) {
	$response = new WP_REST_Response( $body, $status );
	// A session is single-use and personal: no cache may keep one, nor any refusal.
	$response->header( 'Cache-Control', 'no-store' );
	// Every answer depends on Origin (a 403 or not), as the TypeScript handler's do.
	$response->header( 'Vary', 'Origin' );
	$response->header( 'X-Content-Type-Options', 'nosniff' );
	foreach ( $headers as $name => $value ) {
		$response->header( $name, $value );
	}
	return $response;
}

/**
 * An error answer: `{ "error": "…" }`.
 *
 * @param int    $status  HTTP status.
 * @param string $message What went wrong; names a rule or a status, quotes nothing of the request or the platform.
 * @param array  $headers Extra headers.
 * @return WP_REST_Response
 */
function platform_embed_session_error( $status, $message, $headers = array() ) {
	return platform_embed_session_response( $status, array( 'error' => $message ), $headers );
}

/**
 * Answers a request to the session route, whatever its method.
 *
 * @param WP_REST_Request $request The request.
 * @param string|null     $method  The HTTP request's real method; null for an internal request (its own method).
 * @return WP_REST_Response
 */
function platform_embed_answer_session( $request, $method = null ) {
	$method = strtoupper( (string) preg_replace( '/[^A-Za-z0-9!#$%&\'*+.^_`|~-]/', '', null === $method ? $request->get_method() : $method ) );
	if ( 'POST' !== $method && 'OPTIONS' !== $method ) {
		/* translators: %s: an HTTP method such as GET. */
		return platform_embed_session_error( 405, sprintf( __( '%s is not allowed here; the endpoint answers POST', 'platform-embed' ), $method ), array( 'Allow' => 'POST, OPTIONS' ) );
	}
	if ( ! platform_embed_is_same_origin( $request ) ) {
		return platform_embed_session_error( 403, __( 'requests from this origin may not create sessions', 'platform-embed' ) );
	}
	if ( 'OPTIONS' === $method ) {
		return platform_embed_session_response( 204, null, array( 'Allow' => 'POST, OPTIONS' ) );
	}

	$read = platform_embed_read_wanted( $request );
	if ( ! $read['ok'] ) {
		return platform_embed_session_error( 400, $read['reason'] );
	}
	if ( ! platform_embed_is_configured() ) {
		return platform_embed_session_error( 500, __( 'the session could not be created (Platform Embed is not set up on this site)', 'platform-embed' ) );
	}

	try {
		$found = platform_embed_viewer_for( $read['wanted'] );
	} catch ( Throwable $e ) {
		// The filter's error is the site's own: logged without its message (it may hold anything), never sent.
		error_log( 'Platform Embed: the platform_embed_viewer filter threw ' . get_class( $e ) );
		return platform_embed_session_error( 500, __( 'the session could not be created (the viewer filter failed)', 'platform-embed' ) );
	}
	if ( 'ok' !== $found['status'] ) {
		return platform_embed_session_error( 401, __( 'not signed in', 'platform-embed' ) );
	}
	if ( null === $found['viewer'] ) {
		// A signed-in user the site's filter refuses is known and refused; in public mode nobody is known.
		return null === $found['user']
			? platform_embed_session_error( 401, __( 'not signed in', 'platform-embed' ) )
			: platform_embed_session_error( 403, __( 'this site does not show you this content', 'platform-embed' ) );
	}
	$problem = platform_embed_viewer_problem( $found['viewer'] );
	if ( null !== $problem ) {
		/* translators: %s: the rule the viewer breaks, in English, e.g. "groups must be an array of strings". */
		return platform_embed_session_error( 500, sprintf( __( 'the platform_embed_viewer filter returned an invalid session request: %s', 'platform-embed' ), $problem ) );
	}

	$settings = platform_embed_settings();
	if ( 'public' === $settings['viewers'] ) {
		$retry = platform_embed_take_session_slot();
		if ( $retry > 0 ) {
			return platform_embed_session_error( 429, __( 'too many sessions from this address; try again in a minute', 'platform-embed' ), array( 'Retry-After' => (string) $retry ) );
		}
	}

	$result = platform_embed_generate_session( $settings['base_url'], platform_embed_api_key(), $settings['deployment_id'], $found['viewer'] );
	if ( $result['ok'] ) {
		if ( null !== $found['user'] ) {
			platform_embed_remember_session( $found['user']->ID, $result['session_id'] );
		}
		// Only the id: whatever else the platform adds is none of the browser's business.
		return platform_embed_session_response( 200, array( 'sessionId' => $result['session_id'] ) );
	}
	return platform_embed_upstream_error( $result );
}

/**
 * The 502 for a failed generate-session call: what went wrong and the
 * platform's status, never the platform's own words.
 *
 * @param array $result A failed result of platform_embed_generate_session().
 * @return WP_REST_Response
 */
function platform_embed_upstream_error( $result ) {
	switch ( $result['failure'] ) {
		case 'timeout':
			$message = __( 'the platform could not create a session (timeout, no answer)', 'platform-embed' );
			$log     = 'no answer in time';
			break;
		case 'network':
		case 'tls':
			$message = __( 'the platform could not create a session (network, no answer)', 'platform-embed' );
			$log     = 'tls' === $result['failure'] ? 'TLS failed' : 'no answer';
			break;
		case 'refused':
			$message = __( 'the session could not be created (the base URL points to an address the plugin does not send the key to)', 'platform-embed' );
			$log     = 'base URL refused';
			break;
		case 'invalid':
			/* translators: %d: an HTTP status such as 200. */
			$message = sprintf( __( 'the platform answered %d with a body that holds no session', 'platform-embed' ), $result['status'] );
			$log     = 'status ' . $result['status'] . ', no session in the answer';
			break;
		default:
			/* translators: %d: an HTTP status such as 403. */
			$message = sprintf( __( 'the platform refused to create a session (status %d)', 'platform-embed' ), $result['status'] );
			$log     = 'status ' . $result['status'];
	}
	error_log( 'Platform Embed: generate-session failed (' . $log . ')' );
	return platform_embed_session_error( 502, $message );
}
