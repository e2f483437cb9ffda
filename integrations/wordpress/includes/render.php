<?php
/**
 * The markup of one embed, shared by the block and the shortcode: a
 * `<platform-embed>` with the saved base URL, the session route and the
 * checked attributes, escaped here at output. The page holds no session and
 * no key, so any page cache may keep it; each view asks the route for one.
 *
 * @package PlatformEmbed
 */

defined( 'ABSPATH' ) || exit;

/**
 * Renders an embed.
 *
 * @param array  $given   The block's or the shortcode's attributes.
 * @param string $wrapper Attributes of a wrapping `<div>` (the block's), or '' for none.
 * @return string HTML.
 */
function platform_embed_render( $given, $wrapper = '' ) {
	$checked  = platform_embed_check_attributes( $given );
	$problems = $checked['problems'];
	if ( ! platform_embed_is_configured() ) {
		array_unshift( $problems, __( 'Platform Embed is not set up yet: enter the base URL, the API key and the deployment ID under Settings → Platform Embed.', 'platform-embed' ) );
	}
	if ( $problems ) {
		// Visitors get nothing rather than a broken frame; people who can fix it are told why.
		return current_user_can( 'edit_posts' ) ? platform_embed_render_notice( $problems ) : '';
	}

	$settings = platform_embed_settings();
	if ( 'signed-in' === $settings['viewers'] && ! is_user_logged_in() ) {
		$html = platform_embed_render_sign_in_link();
	} else {
		wp_enqueue_script( PLATFORM_EMBED_SCRIPT );
		platform_embed_register_element_translation();
		$html = platform_embed_render_element( $checked['attributes'], $settings );
	}
	return '' === $wrapper ? $html : '<div ' . $wrapper . '>' . $html . '</div>';
}

/**
 * The element itself.
 *
 * @param array $a        Checked attributes.
 * @param array $settings The plugin's settings.
 * @return string
 */
function platform_embed_render_element( $a, $settings ) {
	// Root-relative, so the page works under whatever host name it is served.
	$session_url = wp_make_link_relative( rest_url( 'platform-embed/v1/session' ) );
	$attributes  = array(
		'base-url'    => esc_url( $settings['base_url'], array( 'http', 'https' ) ),
		'session-url' => esc_url( $session_url ),
	);
	$plain = array(
		'dashboard'   => 'dashboard',
		'path'        => 'path',
		'scheme'      => 'scheme',
		'locale'      => 'locale',
		'timezone'    => 'timezone',
		'frame_title' => 'frame-title',
		'loading'     => 'loading',
	);
	foreach ( $plain as $from => $to ) {
		if ( '' !== $a[ $from ] ) {
			$attributes[ $to ] = esc_attr( $a[ $from ] );
		}
	}
	// The site's language, unless the block or shortcode names one (the platform shows its texts and numbers in it).
	if ( '' === $a['locale'] ) {
		$attributes['locale'] = esc_attr( platform_embed_site_language_tag() );
	}
	// What screen readers announce for the frame, in the site's language when no title is given.
	/* translators: the accessible name of the frame that holds a dashboard, announced by screen readers. */
	$title = __( 'Embedded analytics', 'platform-embed' );
	if ( '' === $a['frame_title'] && 'Embedded analytics' !== $title ) {
		$attributes['frame-title'] = esc_attr( $title );
	}
	if ( $a['hide'] ) {
		$attributes['hide'] = esc_attr( implode( ' ', $a['hide'] ) );
	}
	// The element parses its `filters` and `theme` attributes as JSON objects.
	foreach ( array( 'filters', 'theme' ) as $name ) {
		if ( null !== $a[ $name ] ) {
			$attributes[ $name ] = esc_attr( wp_json_encode( $a[ $name ] ) );
		}
	}
	$attributes['style'] = esc_attr( '--platform-embed-height: ' . $a['height'] );

	$html = '<platform-embed';
	foreach ( $attributes as $name => $value ) {
		$html .= ' ' . $name . '="' . $value . '"';
	}
	if ( $a['allow_export'] ) {
		$html .= ' allow-export';
	}
	return $html . '></platform-embed>';
}

/**
 * What a visitor who is not signed in sees in `signed-in` mode.
 *
 * @return string
 */
function platform_embed_render_sign_in_link() {
	$back = get_permalink();
	return sprintf(
		'<p class="platform-embed-sign-in"><a href="%1$s">%2$s</a></p>',
		esc_url( wp_login_url( $back ? $back : '' ) ),
		esc_html__( 'Sign in to see this dashboard.', 'platform-embed' )
	);
}

/**
 * The notice for people who can edit posts.
 *
 * @param string[] $problems Translated messages.
 * @return string
 */
function platform_embed_render_notice( $problems ) {
	$html  = '<div class="platform-embed-notice" role="note" style="border-left:4px solid #d63638;background:#fcf0f1;padding:0.5em 1em;margin:1em 0;">';
	$html .= '<p><strong>' . esc_html__( 'This dashboard is not shown to visitors. Only people who can edit posts see this notice.', 'platform-embed' ) . '</strong></p><ul>';
	foreach ( $problems as $problem ) {
		$html .= '<li>' . esc_html( $problem ) . '</li>';
	}
	return $html . '</ul></div>';
}
