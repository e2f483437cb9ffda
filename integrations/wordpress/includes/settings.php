<?php
/**
 * The setting itself: registration and its sanitize callback. A value that
 * fails its rule gets a settings error and keeps its previous value; the
 * valid ones of the same submission are saved.
 *
 * @package PlatformEmbed
 */

defined( 'ABSPATH' ) || exit;

/**
 * Registers the option with the Settings API. Done on `init`, not only in
 * the admin, so that the same rules apply to any `update_option` call.
 *
 * @return void
 */
function platform_embed_register_setting() {
	register_setting(
		'platform_embed',
		PLATFORM_EMBED_OPTION,
		array(
			'type'              => 'array',
			'default'           => array(),
			'show_in_rest'      => false,
			'sanitize_callback' => 'platform_embed_sanitize_settings',
		)
	);
}
add_action( 'init', 'platform_embed_register_setting' );

/**
 * Adds a settings error once (WordPress runs the callback twice when the
 * option is first added), as WordPress's own sanitize_option() does.
 *
 * @param string $code    The field's error code.
 * @param string $message The translated message.
 * @return void
 */
function platform_embed_settings_error( $code, $message ) {
	// Outside the admin (an update_option in a script) there is no settings screen to tell.
	if ( ! function_exists( 'add_settings_error' ) ) {
		return;
	}
	foreach ( get_settings_errors( PLATFORM_EMBED_OPTION ) as $error ) {
		if ( $error['code'] === $code ) {
			return;
		}
	}
	add_settings_error( PLATFORM_EMBED_OPTION, $code, $message, 'error' );
}

/**
 * The settings error for a base URL problem: one whole message per case.
 *
 * @param string $problem A code from platform_embed_base_url_problem().
 * @return string
 */
function platform_embed_base_url_message( $problem ) {
	switch ( $problem ) {
		case 'https':
			return __( 'The base URL was not saved: it must start with https:// (http:// is allowed only for localhost, 127.0.0.1 and [::1]).', 'platform-embed' );
		case 'credentials':
			return __( 'The base URL was not saved: it must not contain a user name or a password.', 'platform-embed' );
		case 'query':
			return __( 'The base URL was not saved: it must not contain a query (?) or a fragment (#).', 'platform-embed' );
		case 'backslash':
			return __( 'The base URL was not saved: it must not contain a backslash (\\).', 'platform-embed' );
		case 'private':
			return __( 'The base URL was not saved: it points to a private, link-local or cloud metadata address, where the plugin does not send the API key. To use a host in your own network, add define( \'PLATFORM_EMBED_ALLOW_PRIVATE_HOSTS\', true ); to wp-config.php.', 'platform-embed' );
		default:
			return __( 'The base URL was not saved: it is not a complete URL such as https://acme.platform.example.', 'platform-embed' );
	}
}

/**
 * Sanitizes a submission of the settings form (or any update of the option).
 *
 * @param mixed $input The submitted values.
 * @return array The values to store.
 */
function platform_embed_sanitize_settings( $input ) {
	$input  = is_array( $input ) ? $input : array();
	$stored = platform_embed_settings();
	$output = $stored;

	if ( array_key_exists( 'base_url', $input ) ) {
		$url = is_string( $input['base_url'] ) ? trim( $input['base_url'] ) : null;
		if ( '' === $url ) {
			$output['base_url'] = '';
		} else {
			$problem = platform_embed_base_url_problem( $url, true );
			if ( null === $problem ) {
				$output['base_url'] = $url;
			} else {
				platform_embed_settings_error( 'platform_embed_base_url', platform_embed_base_url_message( $problem ) );
			}
		}
	}

	if ( array_key_exists( 'deployment_id', $input ) ) {
		$given = $input['deployment_id'];
		if ( is_string( $given ) && '' === trim( $given ) ) {
			$output['deployment_id'] = 0;
		} else {
			$id = platform_embed_parse_deployment_id( $given );
			if ( null === $id ) {
				platform_embed_settings_error( 'platform_embed_deployment_id', __( 'The deployment ID was not saved: it must be a positive whole number.', 'platform-embed' ) );
			} else {
				$output['deployment_id'] = $id;
			}
		}
	}

	if ( array_key_exists( 'viewers', $input ) ) {
		if ( in_array( $input['viewers'], array( 'public', 'signed-in' ), true ) ) {
			$output['viewers'] = $input['viewers'];
		} else {
			platform_embed_settings_error( 'platform_embed_viewers', __( 'The choice of who may view was not saved: choose one of the listed options.', 'platform-embed' ) );
		}
	}

	$output['api_key'] = platform_embed_sanitize_api_key( $input, $stored['api_key'] );
	return $output;
}

/**
 * The stored form of the key after a submission. A blank field keeps the
 * saved key (the form never shows it); `forget_api_key` deletes it.
 *
 * @param array  $input  The submitted values.
 * @param string $stored The key's stored form before the submission.
 * @return string
 */
function platform_embed_sanitize_api_key( $input, $stored ) {
	if ( ! empty( $input['forget_api_key'] ) ) {
		return '';
	}
	$given = isset( $input['api_key'] ) && is_string( $input['api_key'] ) ? trim( $input['api_key'] ) : '';
	if ( '' === $given ) {
		return $stored;
	}
	if ( platform_embed_is_sealed_api_key( $given ) ) {
		return $given;
	}
	if ( preg_match( '/\s/', $given ) ) {
		platform_embed_settings_error( 'platform_embed_api_key', __( 'The API key was not saved: it must not contain spaces or line breaks.', 'platform-embed' ) );
		return $stored;
	}
	return platform_embed_seal_api_key( $given );
}
