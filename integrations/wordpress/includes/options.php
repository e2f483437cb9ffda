<?php
/**
 * The plugin's one option, `platform_embed_settings`, and how the rest of the
 * plugin reads it.
 *
 * Stored shape: `base_url` (string, as the administrator typed it),
 * `deployment_id` (int, 0 when unset), `viewers` (`public` or `signed-in`)
 * and `api_key` (the key sealed by api-key.php, or '' when none is saved).
 *
 * @package PlatformEmbed
 */

defined( 'ABSPATH' ) || exit;

const PLATFORM_EMBED_OPTION = 'platform_embed_settings';

/**
 * The settings as stored, with every field present.
 *
 * @return array{base_url: string, deployment_id: int, viewers: string, api_key: string}
 */
function platform_embed_settings() {
	$stored = get_option( PLATFORM_EMBED_OPTION, array() );
	if ( ! is_array( $stored ) ) {
		$stored = array();
	}
	$viewers = isset( $stored['viewers'] ) ? (string) $stored['viewers'] : '';
	return array(
		'base_url'      => isset( $stored['base_url'] ) && is_string( $stored['base_url'] ) ? $stored['base_url'] : '',
		'deployment_id' => isset( $stored['deployment_id'] ) ? max( 0, (int) $stored['deployment_id'] ) : 0,
		// A site that never chose is not public: sessions for anonymous visitors are opted into.
		'viewers'       => 'public' === $viewers ? 'public' : 'signed-in',
		'api_key'       => isset( $stored['api_key'] ) && is_string( $stored['api_key'] ) ? $stored['api_key'] : '',
	);
}

/**
 * Whether the plugin can render embeds and create sessions: a valid base URL,
 * a deployment id and an API key (saved or from wp-config.php).
 *
 * @return bool
 */
function platform_embed_is_configured() {
	$settings = platform_embed_settings();
	return null === platform_embed_base_url_problem( $settings['base_url'] )
		&& $settings['deployment_id'] > 0
		&& '' !== platform_embed_api_key();
}
