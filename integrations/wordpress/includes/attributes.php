<?php
/**
 * The attributes the block and the shortcode share, checked with the
 * element's own rules. The result is what render.php prints, or the list of
 * problems an editor is told about.
 *
 * @package PlatformEmbed
 */

defined( 'ABSPATH' ) || exit;

/**
 * The attributes and their defaults (the shortcode's `shortcode_atts` list).
 *
 * @return array<string, mixed>
 */
function platform_embed_attribute_defaults() {
	return array(
		'dashboard'    => '',
		'path'         => '',
		'height'       => '600px',
		'scheme'       => '',
		'locale'       => '',
		'timezone'     => '',
		'filters'      => '',
		'theme'        => '',
		'frame_title'  => '',
		'allow_export' => false,
		'loading'      => '',
		'hide'         => '',
	);
}

/**
 * The parts of the embed `hide` may name (the element's `hide` tokens).
 *
 * @return string[]
 */
function platform_embed_hide_tokens() {
	return array( 'header', 'title', 'back-button', 'edit-button', 'duplicate-button', 'export-menu', 'workbook-back-button', 'new-chat' );
}

/**
 * The longest value each attribute may have, in characters. A longer one is
 * refused before any other check, so no notice repeats it and no rule runs on it.
 *
 * @return array<string, int>
 */
function platform_embed_attribute_limits() {
	return array(
		'dashboard'   => 200,
		'path'        => 2000,
		'height'      => 50,
		'scheme'      => 20,
		'locale'      => 100,
		'timezone'    => 100,
		'filters'     => 8000,
		'theme'       => 8000,
		'frame_title' => 300,
		'loading'     => 20,
		'hide'        => 300,
	);
}

/**
 * The `hide` attribute: space-separated tokens (the shortcode, a block saved
 * as text) or a list (the block's checkboxes).
 *
 * @param mixed $value The attribute.
 * @return array{tokens: string[], unknown: string[]}
 */
function platform_embed_hide_list( $value ) {
	$given   = is_array( $value ) ? array_map( 'strval', array_filter( $value, 'is_scalar' ) ) : preg_split( '/[\s,]+/', is_scalar( $value ) ? (string) $value : '', -1, PREG_SPLIT_NO_EMPTY );
	$known   = platform_embed_hide_tokens();
	$tokens  = array();
	$unknown = array();
	foreach ( $given as $token ) {
		$token = strtolower( trim( $token ) );
		if ( '' === $token ) {
			continue;
		}
		if ( in_array( $token, $known, true ) ) {
			$tokens[] = $token;
		} else {
			$unknown[] = $token;
		}
	}
	return array(
		'tokens'  => array_values( array_unique( $tokens ) ),
		'unknown' => $unknown,
	);
}

/**
 * A JSON object attribute: given as JSON text (the shortcode, the block's
 * text field) or already decoded (a block attribute written as an object).
 *
 * @param mixed $value The attribute.
 * @return object|null|false The object; null when empty; false when it is not a JSON object.
 */
function platform_embed_json_object( $value ) {
	if ( is_array( $value ) ) {
		// A decoded block attribute: a list is not an object; an empty array was `{}`.
		return ( array() === $value || ! array_is_list( $value ) ) ? (object) $value : false;
	}
	if ( ! is_string( $value ) || '' === trim( $value ) ) {
		return null;
	}
	$decoded = json_decode( $value );
	return $decoded instanceof stdClass ? $decoded : false;
}

/**
 * A boolean attribute: true/false from the block, or a word from the shortcode.
 *
 * @param mixed $value The attribute.
 * @return bool|null The value, or null when it is not one.
 */
function platform_embed_flag( $value ) {
	if ( is_bool( $value ) ) {
		return $value;
	}
	$word = strtolower( trim( (string) $value ) );
	if ( in_array( $word, array( '', 'false', '0', 'no', 'off' ), true ) ) {
		return false;
	}
	return in_array( $word, array( 'true', '1', 'yes', 'on', 'allow_export' ), true ) ? true : null;
}

/**
 * Checks the attributes.
 *
 * @param array $given The block's attributes or the shortcode's.
 * @return array{attributes: array, problems: string[]} Clean values (strings trimmed,
 *               JSON decoded), and one translated message per problem.
 */
function platform_embed_check_attributes( $given ) {
	$a        = array_merge( platform_embed_attribute_defaults(), is_array( $given ) ? $given : array() );
	$problems = array();
	foreach ( platform_embed_attribute_limits() as $name => $limit ) {
		$length = is_scalar( $a[ $name ] ) ? mb_strlen( (string) $a[ $name ] ) : strlen( (string) wp_json_encode( $a[ $name ] ) );
		if ( $length > $limit ) {
			$problems[] = sprintf(
				/* translators: 1: an attribute name such as frame_title; 2: the most characters it may have. */
				_n( 'The attribute %1$s is longer than %2$d character.', 'The attribute %1$s is longer than %2$d characters.', $limit, 'platform-embed' ),
				$name,
				$limit
			);
			$a[ $name ] = platform_embed_attribute_defaults()[ $name ];
		}
	}
	foreach ( array( 'dashboard', 'path', 'height', 'scheme', 'locale', 'timezone', 'frame_title', 'loading' ) as $name ) {
		$a[ $name ] = is_scalar( $a[ $name ] ) ? trim( (string) $a[ $name ] ) : '';
	}
	if ( '' === $a['height'] ) {
		$a['height'] = '600px';
	}

	if ( '' === $a['dashboard'] && '' === $a['path'] ) {
		$problems[] = __( 'No dashboard is chosen: set the dashboard ID (or an in-embed path under /embed/).', 'platform-embed' );
	}
	if ( '' !== $a['path'] ) {
		$problem = platform_embed_path_problem( $a['path'] );
		if ( 'start' === $problem ) {
			/* translators: %s: the path as the editor typed it. */
			$problems[] = sprintf( __( 'The path “%s” must start with /embed/.', 'platform-embed' ), $a['path'] );
		} elseif ( 'escape' === $problem ) {
			/* translators: %s: the path as the editor typed it. */
			$problems[] = sprintf( __( 'The path “%s” must stay under /embed/.', 'platform-embed' ), $a['path'] );
		}
	}
	if ( ! platform_embed_is_css_length( $a['height'] ) ) {
		/* translators: %s: the height as the editor typed it. */
		$problems[] = sprintf( __( 'The height “%s” is not a CSS length such as 600px, 40rem or 80vh.', 'platform-embed' ), $a['height'] );
	}
	if ( '' !== $a['scheme'] && ! in_array( $a['scheme'], array( 'light', 'dark', 'auto' ), true ) ) {
		/* translators: %s: the color scheme as the editor typed it. */
		$problems[] = sprintf( __( 'The color scheme “%s” is not one of light, dark and auto.', 'platform-embed' ), $a['scheme'] );
	}
	if ( '' !== $a['locale'] && 'auto' !== $a['locale'] && ! platform_embed_is_language_tag( $a['locale'] ) ) {
		/* translators: %s: the language as the editor typed it. */
		$problems[] = sprintf( __( 'The language “%s” is not a language tag such as en, de-CH or auto.', 'platform-embed' ), $a['locale'] );
	}
	if ( '' !== $a['timezone'] && 'auto' !== $a['timezone'] && ! platform_embed_is_time_zone( $a['timezone'] ) ) {
		/* translators: %s: the time zone as the editor typed it. */
		$problems[] = sprintf( __( 'The time zone “%s” is not a time zone name such as Europe/Berlin, or auto.', 'platform-embed' ), $a['timezone'] );
	}
	if ( '' !== $a['loading'] && ! in_array( $a['loading'], array( 'eager', 'lazy' ), true ) ) {
		/* translators: %s: the loading value as the editor typed it. */
		$problems[] = sprintf( __( 'The loading value “%s” is not one of eager and lazy.', 'platform-embed' ), $a['loading'] );
	}

	$allow = platform_embed_flag( $a['allow_export'] );
	if ( null === $allow ) {
		/* translators: %s: the allow_export value as the editor typed it. */
		$problems[] = sprintf( __( 'The export setting “%s” is not one of true and false.', 'platform-embed' ), is_scalar( $a['allow_export'] ) ? (string) $a['allow_export'] : '' );
	}
	$a['allow_export'] = (bool) $allow;

	$filters = platform_embed_json_object( $a['filters'] );
	if ( false === $filters ) {
		$problems[] = __( 'The filters are not a JSON object such as {"sales.region": {"value": "EU"}}.', 'platform-embed' );
		$filters    = null;
	} elseif ( null !== $filters ) {
		foreach ( array_keys( get_object_vars( $filters ) ) as $member ) {
			if ( ! platform_embed_is_filter_member( (string) $member ) ) {
				/* translators: %s: a filter name as the editor typed it. */
				$problems[] = sprintf( __( 'The filter “%s” must be named view.dimension, such as sales.region.', 'platform-embed' ), $member );
			}
		}
	}
	$a['filters'] = $filters;

	$theme = platform_embed_json_object( $a['theme'] );
	if ( false === $theme ) {
		$problems[] = __( 'The theme is not a JSON object such as {"primaryColor": "#0b57d0"}.', 'platform-embed' );
		$theme      = null;
	}
	$a['theme'] = $theme;

	$hide = platform_embed_hide_list( $a['hide'] );
	foreach ( $hide['unknown'] as $token ) {
		/* translators: 1: what the editor typed in hide; 2: the list of words hide takes. */
		$problems[] = sprintf( __( 'The hide value “%1$s” is not one of %2$s.', 'platform-embed' ), $token, implode( ', ', platform_embed_hide_tokens() ) );
	}
	$a['hide'] = $hide['tokens'];

	return array(
		'attributes' => $a,
		'problems'   => $problems,
	);
}
