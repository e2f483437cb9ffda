<?php
/**
 * "Test connection" on the settings page: the site asks the platform for a
 * session for a test viewer, as it would for a visitor, and says in plain
 * words what happened. Only administrators (`manage_options`) may ask, with
 * the form's nonce. No answer names the key or repeats the platform's words.
 *
 * @package PlatformEmbed
 */

defined( 'ABSPATH' ) || exit;

const PLATFORM_EMBED_TEST_ACTION = 'platform_embed_test_connection';
const PLATFORM_EMBED_TEST_VIEWER = 'wp-connection-test';

/**
 * Runs the test and sends the administrator back to the settings page with its outcome.
 *
 * @return void
 */
function platform_embed_handle_connection_test() {
	if ( ! current_user_can( 'manage_options' ) ) {
		wp_die( esc_html__( 'Sorry, you are not allowed to manage options for this site.', 'platform-embed' ), 403 );
	}
	check_admin_referer( PLATFORM_EMBED_TEST_ACTION, 'platform_embed_test_nonce' );
	$outcome = platform_embed_test_connection();
	$url     = add_query_arg( array_map( 'rawurlencode', $outcome ), admin_url( 'options-general.php?page=' . PLATFORM_EMBED_PAGE ) );
	wp_safe_redirect( $url );
	exit;
}
add_action( 'admin_post_' . PLATFORM_EMBED_TEST_ACTION, 'platform_embed_handle_connection_test' );

/**
 * Asks the platform for a session for the test viewer.
 *
 * @return array{platform_embed_test: string, platform_embed_status?: int}
 *         `platform_embed_test`: `works`, `setup`, `key`, `deployment`, `unreachable`, `tls`, `refused` or `status` (with the status).
 */
function platform_embed_test_connection() {
	if ( ! platform_embed_is_configured() ) {
		return array( 'platform_embed_test' => 'setup' );
	}
	$settings = platform_embed_settings();
	$result   = platform_embed_generate_session( $settings['base_url'], platform_embed_api_key(), $settings['deployment_id'], array( 'externalId' => PLATFORM_EMBED_TEST_VIEWER ) );
	if ( $result['ok'] ) {
		return array( 'platform_embed_test' => 'works' );
	}
	switch ( $result['failure'] ) {
		case 'timeout':
		case 'network':
			return array( 'platform_embed_test' => 'unreachable' );
		case 'tls':
		case 'refused':
			return array( 'platform_embed_test' => $result['failure'] );
	}
	if ( in_array( $result['status'], array( 401, 403 ), true ) ) {
		return array( 'platform_embed_test' => 'key' );
	}
	if ( 404 === $result['status'] ) {
		return array( 'platform_embed_test' => 'deployment' );
	}
	return array(
		'platform_embed_test'   => 'status',
		'platform_embed_status' => (int) $result['status'],
	);
}

/**
 * The test's outcome as a notice, and its button, below the settings form.
 *
 * @return void
 */
function platform_embed_render_connection_test() {
	// phpcs:disable WordPress.Security.NonceVerification.Recommended -- a known word from the redirect, shown as one of fixed messages.
	$outcome = isset( $_GET['platform_embed_test'] ) ? sanitize_key( wp_unslash( $_GET['platform_embed_test'] ) ) : '';
	$status  = isset( $_GET['platform_embed_status'] ) ? absint( $_GET['platform_embed_status'] ) : 0;
	// phpcs:enable
	$messages = array(
		'works'       => __( 'The connection works: the platform created a session for a test viewer with this key and deployment.', 'platform-embed' ),
		'setup'       => __( 'Nothing was tested: enter and save the base URL, the API key and the deployment ID first.', 'platform-embed' ),
		'key'         => __( 'The platform refused the API key. Check the key (or the constant PLATFORM_EMBED_API_KEY in wp-config.php) and save it again.', 'platform-embed' ),
		'deployment'  => __( 'The platform does not know this deployment ID, or the API key cannot use it. Check the deployment ID.', 'platform-embed' ),
		'unreachable' => __( 'The platform could not be reached at the base URL. Check the address, and that this server may connect to it.', 'platform-embed' ),
		'tls'         => __( 'The secure connection (TLS) to the base URL failed: its certificate was not accepted, or it does not speak HTTPS. Check the address.', 'platform-embed' ),
		'refused'     => __( 'Nothing was sent: the base URL points to a private, link-local or cloud metadata address.', 'platform-embed' ),
		/* translators: %d: an HTTP status such as 500. */
		'status'      => sprintf( __( 'The platform answered with the unexpected status %d. Try again later, or ask the platform’s support.', 'platform-embed' ), $status ),
	);
	if ( isset( $messages[ $outcome ] ) ) {
		printf(
			'<div class="notice %1$s platform-embed-test-result" role="status"><p>%2$s</p></div>',
			'works' === $outcome ? 'notice-success' : 'notice-error',
			esc_html( $messages[ $outcome ] )
		);
	}
	echo '<h2>' . esc_html__( 'Test connection', 'platform-embed' ) . '</h2>';
	echo '<p>' . esc_html__( 'Asks the platform for a session with the saved settings, as a visitor’s page would. Save your changes first.', 'platform-embed' ) . '</p>';
	echo '<form action="' . esc_url( admin_url( 'admin-post.php' ) ) . '" method="post">';
	echo '<input type="hidden" name="action" value="' . esc_attr( PLATFORM_EMBED_TEST_ACTION ) . '" />';
	wp_nonce_field( PLATFORM_EMBED_TEST_ACTION, 'platform_embed_test_nonce' );
	submit_button( __( 'Test connection', 'platform-embed' ), 'secondary', 'platform_embed_test', false );
	echo '</form>';
}
