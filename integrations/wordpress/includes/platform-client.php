<?php
/**
 * The calls to the platform: generate-session and revoke, with the API key
 * as a bearer token, never retried (each generate-session call creates a
 * session). What the platform answers stays here: callers learn a status and
 * a kind of failure, never the platform's body.
 *
 * @package PlatformEmbed
 */

defined( 'ABSPATH' ) || exit;

/**
 * Asks the platform for a session.
 *
 * @param string $base_url      The saved base URL.
 * @param string $api_key       The API key.
 * @param int    $deployment_id The deployment.
 * @param array  $viewer        A checked viewer.
 * @return array{ok: bool, session_id?: string, failure?: string, status?: int}
 *         `failure`: `timeout` or `network` (no answer), `tls` (the TLS handshake failed),
 *         `refused` (the base URL's host is one the plugin does not send the key to),
 *         `status` (a non-2xx answer) or `invalid` (a 2xx without a session).
 */
function platform_embed_generate_session( $base_url, $api_key, $deployment_id, $viewer ) {
	$payload  = array_merge( platform_embed_viewer_payload( $viewer ), array( 'deploymentId' => $deployment_id ) );
	$response = platform_embed_platform_post( $base_url, $api_key, '/api/v1/embed/generate-session', $payload, 15 );
	if ( ! $response['ok'] ) {
		return $response;
	}
	$data = json_decode( $response['body'] );
	if ( ! $data instanceof stdClass || ! isset( $data->sessionId ) || ! is_string( $data->sessionId ) || '' === $data->sessionId ) {
		return array(
			'ok'      => false,
			'failure' => 'invalid',
			'status'  => $response['status'],
		);
	}
	return array(
		'ok'         => true,
		'session_id' => $data->sessionId,
	);
}

/**
 * Revokes a session (`POST /api/v1/embed/session/revoke`, answered 204,
 * also for an unknown or expired id). Never retried.
 *
 * @param string $base_url   The saved base URL.
 * @param string $api_key    The API key.
 * @param string $session_id The session.
 * @return array{ok: bool, failure?: string, status?: int}
 */
function platform_embed_revoke_session( $base_url, $api_key, $session_id ) {
	$response = platform_embed_platform_post( $base_url, $api_key, '/api/v1/embed/session/revoke', array( 'sessionId' => $session_id ), 5 );
	unset( $response['body'] );
	return $response;
}

/**
 * One POST to the platform with the API key as a bearer token. What the
 * platform answers stays with the caller: no log line and no answer holds it.
 *
 * @param string $base_url The saved base URL.
 * @param string $api_key  The API key.
 * @param string $path     The API path.
 * @param array  $payload  The JSON body.
 * @param int    $timeout  Seconds.
 * @return array{ok: bool, body?: string, status?: int, failure?: string}
 *         ok with the 2xx answer's `status` and `body`; otherwise `failure`
 *         (`timeout`, `network`, `tls`, `refused` or `status` with `status`).
 */
function platform_embed_platform_post( $base_url, $api_key, $path, $payload, $timeout ) {
	// The key goes only where the settings would accept it now (a URL saved before a rule existed included).
	if ( null !== platform_embed_base_url_problem( $base_url, true ) ) {
		return array(
			'ok'      => false,
			'failure' => 'refused',
		);
	}
	$url  = platform_embed_api_base( $base_url ) . $path;
	$host = strtolower( (string) wp_parse_url( $url, PHP_URL_HOST ) );

	// The administrator chose this host: let it through WordPress's outbound checks for this one request only.
	$allow_host = static function ( $external, $request_host ) use ( $host ) {
		return strtolower( (string) $request_host ) === $host ? true : $external;
	};
	$unblock    = static function ( $pre, $args, $request_url ) use ( $url ) {
		return false === $pre && $request_url === $url && ! empty( $args['platform_embed'] )
			? platform_embed_send_past_block( $url, $args )
			: $pre;
	};
	add_filter( 'http_request_host_is_external', $allow_host, 10, 2 );
	add_filter( 'pre_http_request', $unblock, PHP_INT_MAX, 3 );
	try {
		$response = wp_remote_post(
			$url,
			array(
				'headers'             => array(
					'Authorization' => 'Bearer ' . $api_key,
					'Content-Type'  => 'application/json',
					'Accept'        => 'application/json',
				),
				'body'                => wp_json_encode( $payload ),
				'timeout'             => $timeout,
				'redirection'         => 0,
				'limit_response_size' => 1048576,
				'platform_embed'      => true,
			)
		);
	} finally {
		remove_filter( 'http_request_host_is_external', $allow_host, 10 );
		remove_filter( 'pre_http_request', $unblock, PHP_INT_MAX );
	}

	if ( is_wp_error( $response ) ) {
		$message = $response->get_error_message();
		$failure = 'network';
		if ( false !== stripos( $message, 'timed out' ) ) {
			$failure = 'timeout';
		} elseif ( preg_match( '/\b(?:ssl|tls|certificate)\b|cURL error (?:35|51|53|54|58|59|60|64|66|77|80|82|83|90|91):/i', $message ) ) {
			$failure = 'tls';
		}
		return array(
			'ok'      => false,
			'failure' => $failure,
		);
	}
	$status = (int) wp_remote_retrieve_response_code( $response );
	if ( $status < 200 || $status >= 300 ) {
		return array(
			'ok'      => false,
			'failure' => 'status',
			'status'  => $status,
		);
	}
	return array(
		'ok'     => true,
		'status' => $status,
		'body'   => (string) wp_remote_retrieve_body( $response ),
	);
}

/**
 * Sends the request when `WP_HTTP_BLOCK_EXTERNAL` would block its host, with
 * the same transport, certificates and proxy WordPress would use. The base URL
 * is set by an administrator of this site, which is the permission that
 * `WP_ACCESSIBLE_HOSTS` would otherwise give. Other requests are untouched.
 *
 * @param string $url  The generate-session URL.
 * @param array  $args The request's arguments, as WordPress parsed them.
 * @return array|WP_Error|false A response as wp_remote_post returns it, or false to let WordPress send it.
 */
function platform_embed_send_past_block( $url, $args ) {
	if ( ! ( new WP_Http() )->block_request( $url ) ) {
		return false;
	}
	$requests = class_exists( '\WpOrg\Requests\Requests' ) ? '\WpOrg\Requests\Requests' : 'Requests';
	$options  = array(
		'timeout'          => $args['timeout'],
		'useragent'        => $args['user-agent'],
		'follow_redirects' => false,
		'data_format'      => 'body',
		'max_bytes'        => $args['limit_response_size'],
		'verify'           => apply_filters( 'https_ssl_verify', $args['sslverify'] ? $args['sslcertificates'] : false, $url ),
	);
	if ( ! $options['verify'] ) {
		$options['verifyname'] = false;
	}
	$proxy = new WP_HTTP_Proxy();
	if ( $proxy->is_enabled() && $proxy->send_through_proxy( $url ) ) {
		$options['proxy'] = $proxy->use_authentication()
			? array( $proxy->host() . ':' . $proxy->port(), $proxy->username(), $proxy->password() )
			: array( $proxy->host() . ':' . $proxy->port() );
	}
	try {
		$answer                    = $requests::request( $url, $args['headers'], $args['body'], 'POST', $options );
		$http                      = new WP_HTTP_Requests_Response( $answer );
		$response                  = $http->to_array();
		$response['http_response'] = $http;
	} catch ( Exception $e ) {
		$response = new WP_Error( 'http_request_failed', $e->getMessage() );
	}
	/** This action is documented in wp-includes/class-wp-http.php */
	do_action( 'http_api_debug', $response, 'response', 'Requests', $args, $url );
	return $response;
}
