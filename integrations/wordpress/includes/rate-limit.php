<?php
/**
 * The `public` mode's limit: 30 sessions per minute per client, counted from
 * the client's first session of a window. Anyone may ask for a public
 * session, so the limit keeps one client from spending the platform's sessions.
 *
 * The count is atomic, so it holds for requests that arrive at once: with a
 * persistent object cache it is `wp_cache_add` and `wp_cache_incr` there;
 * without one it is one SQL `UPDATE` of a counter row (a transient's row, so
 * WordPress deletes it once expired), never a read followed by a write.
 *
 * A client is its address (`REMOTE_ADDR`); an IPv6 client is its /64
 * network, since one host usually holds a whole /64.
 *
 * @package PlatformEmbed
 */

defined( 'ABSPATH' ) || exit;

const PLATFORM_EMBED_SESSIONS_PER_MINUTE = 30;

/**
 * The client the limit counts: `REMOTE_ADDR` (an IPv6 address as its /64)
 * unless a site behind a trusted proxy says otherwise through the filter.
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
	$address = (string) apply_filters( 'platform_embed_client_address', $address );
	return platform_embed_rate_client( $address );
}

/**
 * The client an address counts as: an IPv4 address itself (also when mapped
 * into IPv6), an IPv6 address its /64 network.
 *
 * @param string $address An address.
 * @return string
 */
function platform_embed_rate_client( $address ) {
	$packed = false !== filter_var( $address, FILTER_VALIDATE_IP, FILTER_FLAG_IPV6 ) ? inet_pton( $address ) : false;
	if ( false === $packed ) {
		return $address;
	}
	if ( str_starts_with( $packed, str_repeat( "\0", 10 ) . "\xff\xff" ) ) {
		return inet_ntop( substr( $packed, 12 ) );
	}
	return inet_ntop( substr( $packed, 0, 8 ) . str_repeat( "\0", 8 ) ) . '/64';
}

/**
 * Counts one session for the client.
 *
 * @return int 0 when the session may be created, otherwise the seconds until the client may try again.
 */
function platform_embed_take_session_slot() {
	$key = 'platform_embed_rate_' . md5( platform_embed_client_address() );
	$now = time();
	if ( wp_using_ext_object_cache() ) {
		// The first session of a window adds the counter, which expires with the window.
		wp_cache_add( $key . '_start', $now, 'platform_embed', MINUTE_IN_SECONDS );
		wp_cache_add( $key, 0, 'platform_embed', MINUTE_IN_SECONDS );
		$count = wp_cache_incr( $key, 1, 'platform_embed' );
		if ( false === $count ) {
			// The counter expired between add and incr: this is the first session of a new window.
			wp_cache_add( $key, 1, 'platform_embed', MINUTE_IN_SECONDS );
			return 0;
		}
		if ( $count <= PLATFORM_EMBED_SESSIONS_PER_MINUTE ) {
			return 0;
		}
		$start = (int) wp_cache_get( $key . '_start', 'platform_embed' );
		return max( 1, MINUTE_IN_SECONDS - ( $now - ( $start ? $start : $now ) ) );
	}
	$count = platform_embed_count_in_database( $key, $now );
	if ( $count['count'] <= PLATFORM_EMBED_SESSIONS_PER_MINUTE ) {
		return 0;
	}
	return max( 1, MINUTE_IN_SECONDS - ( $now - $count['start'] ) );
}

/**
 * Adds one to the client's counter in the options table, atomically: the
 * row's value is `start * 1000000 + count`, and one `UPDATE` either adds one
 * or starts a new window; `LAST_INSERT_ID(expr)` hands this connection the
 * value it wrote. The first request of a client inserts the row.
 *
 * @param string $key The counter's transient name.
 * @param int    $now The time.
 * @return array{start: int, count: int}
 */
function platform_embed_count_in_database( $key, $now ) {
	global $wpdb;
	$name  = '_transient_' . $key;
	$fresh = $now * 1000000 + 1;
	for ( $attempt = 0; $attempt < 3; $attempt++ ) {
		$updated = $wpdb->query(
			$wpdb->prepare(
				"UPDATE {$wpdb->options} SET option_value = LAST_INSERT_ID( IF( FLOOR( option_value / 1000000 ) + %d <= %d, %d, option_value + 1 ) ) WHERE option_name = %s",
				MINUTE_IN_SECONDS,
				$now,
				$fresh,
				$name
			)
		);
		if ( $updated ) {
			$value = (int) $wpdb->get_var( 'SELECT LAST_INSERT_ID()' );
			break;
		}
		// No row yet: the first session of this client. Another request may insert it first; then count again.
		$inserted = $wpdb->query( $wpdb->prepare( "INSERT IGNORE INTO {$wpdb->options} (option_name, option_value, autoload) VALUES (%s, %s, 'no')", $name, (string) $fresh ) );
		if ( $inserted ) {
			$value = $fresh;
			break;
		}
	}
	if ( ! isset( $value ) ) {
		// The database did not answer as expected: count the request as over the limit rather than unlimited.
		return array(
			'start' => $now,
			'count' => PLATFORM_EMBED_SESSIONS_PER_MINUTE + 1,
		);
	}
	// The timeout row lets WordPress delete the expired counter (delete_expired_transients).
	$wpdb->query( $wpdb->prepare( "INSERT INTO {$wpdb->options} (option_name, option_value, autoload) VALUES (%s, %s, 'no') ON DUPLICATE KEY UPDATE option_value = VALUES(option_value)", '_transient_timeout_' . $key, (string) ( $now + MINUTE_IN_SECONDS ) ) );
	return array(
		'start' => intdiv( $value, 1000000 ),
		'count' => $value % 1000000,
	);
}
