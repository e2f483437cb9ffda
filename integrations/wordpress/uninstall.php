<?php
/**
 * Deleting the plugin removes its settings, on every site of a network.
 * Deactivating it leaves them, so that a reactivated plugin works as before.
 *
 * @package PlatformEmbed
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

/**
 * Removes the option and the rate-limit counters of the current site.
 *
 * @return void
 */
function platform_embed_uninstall_site() {
	global $wpdb;
	delete_option( 'platform_embed_settings' );
	// The counters expire within a minute; without an object cache they are option rows, removed now.
	$wpdb->query(
		$wpdb->prepare(
			"DELETE FROM {$wpdb->options} WHERE option_name LIKE %s OR option_name LIKE %s",
			$wpdb->esc_like( '_transient_platform_embed_rate_' ) . '%',
			$wpdb->esc_like( '_transient_timeout_platform_embed_rate_' ) . '%'
		)
	);
}

if ( is_multisite() ) {
	foreach ( get_sites( array( 'fields' => 'ids' ) ) as $platform_embed_site ) {
		switch_to_blog( $platform_embed_site );
		platform_embed_uninstall_site();
		restore_current_blog();
	}
} else {
	platform_embed_uninstall_site();
}
// The session ids remembered for sign-out (user meta is shared by the sites of a network).
delete_metadata( 'user', 0, 'platform_embed_sessions', '', true );
