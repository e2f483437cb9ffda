<?php
/**
 * Sign-out ends the embed's sessions: the session ids handed to a signed-in
 * user are remembered in their user meta (the newest 20, each for 12 hours,
 * longer than a session or its credential lives), and revoked on the
 * platform when the user signs out. The platform answers 204 for every id,
 * unknown or expired ones included; an older platform without the revoke
 * endpoint answers 404, and sign-out goes on quietly.
 *
 * @package PlatformEmbed
 */

defined( 'ABSPATH' ) || exit;

const PLATFORM_EMBED_SESSIONS_META = 'platform_embed_sessions';
const PLATFORM_EMBED_REMEMBERED    = 20;

/**
 * The ids remembered for a user that are still recent, oldest first.
 *
 * @param int $user_id The user.
 * @return array<int, array{id: string, at: int}>
 */
function platform_embed_remembered_sessions( $user_id ) {
	$stored = get_user_meta( $user_id, PLATFORM_EMBED_SESSIONS_META, true );
	$since  = time() - 12 * HOUR_IN_SECONDS;
	$recent = array();
	foreach ( is_array( $stored ) ? $stored : array() as $entry ) {
		if ( is_array( $entry ) && isset( $entry['id'], $entry['at'] ) && is_string( $entry['id'] ) && (int) $entry['at'] >= $since ) {
			$recent[] = array(
				'id' => $entry['id'],
				'at' => (int) $entry['at'],
			);
		}
	}
	return $recent;
}

/**
 * Remembers a session handed to a signed-in user.
 *
 * @param int    $user_id    The user.
 * @param string $session_id The session.
 * @return void
 */
function platform_embed_remember_session( $user_id, $session_id ) {
	$sessions   = platform_embed_remembered_sessions( $user_id );
	$sessions[] = array(
		'id' => $session_id,
		'at' => time(),
	);
	update_user_meta( $user_id, PLATFORM_EMBED_SESSIONS_META, array_slice( $sessions, -PLATFORM_EMBED_REMEMBERED ) );
}

/**
 * Revokes the sessions remembered for a user who signs out.
 *
 * @param int $user_id The user who signed out (WordPress 5.5 and later pass it).
 * @return void
 */
function platform_embed_revoke_on_sign_out( $user_id = 0 ) {
	$user_id = (int) $user_id;
	if ( $user_id <= 0 ) {
		return;
	}
	$sessions = platform_embed_remembered_sessions( $user_id );
	delete_user_meta( $user_id, PLATFORM_EMBED_SESSIONS_META );
	if ( ! $sessions || ! platform_embed_is_configured() ) {
		return;
	}
	$settings = platform_embed_settings();
	$key      = platform_embed_api_key();
	foreach ( array_reverse( $sessions ) as $session ) {
		$result = platform_embed_revoke_session( $settings['base_url'], $key, $session['id'] );
		if ( $result['ok'] ) {
			continue;
		}
		// 404: a platform without the revoke endpoint; nothing more to do, and nothing to tell.
		if ( 'status' === $result['failure'] && 404 === $result['status'] ) {
			return;
		}
		error_log( 'Platform Embed: revoking sessions at sign-out failed (' . ( 'status' === $result['failure'] ? 'status ' . $result['status'] : $result['failure'] ) . ')' );
		// The platform is not answering as it should: do not hold up the sign-out with the rest.
		return;
	}
}
add_action( 'wp_logout', 'platform_embed_revoke_on_sign_out' );
