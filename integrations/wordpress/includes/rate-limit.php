<?php
/**
 * The `public` mode's limit: 30 sessions per minute per client address
 * (`REMOTE_ADDR`), counted in a transient that starts with an address's
 * first session and lasts a minute. Anyone may ask for a public session, so
 * the limit keeps one address from spending the platform's sessions.
 *
 * With a persistent object cache the count is an atomic increment there.
 * Without one it is a transient (an option row):
 * two requests at the same instant may both read the same count, so under
 * heavy parallel load the limit is close, not exact.
 *
 * @package PlatformEmbed
 */

defined( 'ABSPATH' ) || exit;

const PLATFORM_EMBED_SESSIONS_PER_MINUTE = 30;

/**
 * The client address the limit counts, `REMOTE_ADDR` unless a site behind a
 * trusted proxy says otherwise through the filter.
 *
 * @return string
 */
function platform_embed_client_address() {
	$address = isset( $_SERVER['REMOTE_ADDR'] ) ? sanitize_text_field( wp_unslash( $_SERVER['REMOTE_ADDR'] ) ) : '';
	/**
	 * Filters the address sessions are counted by in `public` mode.
	 *
	 * @param string $address `REMOTE_ADDR`. A site behind a reverse proxy it trusts may return the visitor's address instead.
	 */
	return (string) apply_filters( 'platform_embed_client_address', $address );
}

/**
 * Counts one session for the client's address.
 *
 * @return int 0 when the session may be created, otherwise the seconds until the address may try again.
 */
function platform_embed_take_session_slot() {
	$key = 'platform_embed_rate_' . md5( platform_embed_client_address() );
	$now = time();
	if ( wp_using_ext_object_cache() ) {
		// The first session of a window adds the counter, which expires with the window.
		wp_cache_add( $key . '_start', $now, 'platform_embed', MINUTE_IN_SECONDS );
		wp_cache_add( $key, 0, 'platform_embed', MINUTE_IN_SECONDS );
		$count = wp_cache_incr( $key, 1, 'platform_embed' );
		if ( false === $count || $count <= PLATFORM_EMBED_SESSIONS_PER_MINUTE ) {
			return 0;
		}
		$start = (int) wp_cache_get( $key . '_start', 'platform_embed' );
		return max( 1, MINUTE_IN_SECONDS - ( $now - ( $start ? $start : $now ) ) );
	}
	$window = get_transient( $key );
	if ( ! is_array( $window ) || ! isset( $window['start'], $window['count'] ) || $now - (int) $window['start'] >= MINUTE_IN_SECONDS ) {
		$window = array(
			'start' => $now,
			'count' => 0,
		);
	}
	$retry = max( 1, MINUTE_IN_SECONDS - ( $now - (int) $window['start'] ) );
	if ( $window['count'] >= PLATFORM_EMBED_SESSIONS_PER_MINUTE ) {
		return $retry;
	}
	++$window['count'];
	set_transient( $key, $window, $retry );
	return 0;
}
