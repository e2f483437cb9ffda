<?php
/**
 * The site's language, everywhere the plugin speaks: its own texts (PHP and
 * the editor script), the element's texts (loading, error, the frame's
 * title) and the embed's `locale`. A regional locale without its own file
 * (de_AT, de_CH, fr_CA, es_MX, …) gets its language's translation.
 *
 * @package PlatformEmbed
 */

defined( 'ABSPATH' ) || exit;

/**
 * Loads the `platform-embed` text domain: WordPress's own search first
 * (wp-content/languages/plugins, then this plugin's languages/ folder), then
 * the translation of the locale's language.
 *
 * @return void
 */
function platform_embed_load_textdomain() {
	load_plugin_textdomain( 'platform-embed', false, dirname( plugin_basename( PLATFORM_EMBED_FILE ) ) . '/languages' );
	if ( is_textdomain_loaded( 'platform-embed' ) ) {
		return;
	}
	$domain   = 'platform-embed';
	$locale   = apply_filters( 'plugin_locale', determine_locale(), $domain );
	$fallback = platform_embed_fallback_locale( $locale );
	if ( null !== $fallback ) {
		load_textdomain( $domain, PLATFORM_EMBED_DIR . '/languages/platform-embed-' . $fallback . '.mo' );
	}
}
add_action( 'init', 'platform_embed_load_textdomain' );

/**
 * The shipped locale to use for a locale that has no file of its own: the
 * same language, preferring its main region (de_DE for de_AT, fr_FR for
 * fr_CA) and the same formality (de_DE_formal for de_CH_formal).
 *
 * @param string $locale A WordPress locale such as de_AT.
 * @return string|null The shipped locale, or null when its language has none.
 */
function platform_embed_fallback_locale( $locale ) {
	$parts = explode( '_', (string) $locale );
	$lang  = strtolower( $parts[0] );
	if ( ! preg_match( '/^[a-z]{2,3}$/', $lang ) ) {
		return null;
	}
	$shipped = array();
	foreach ( glob( PLATFORM_EMBED_DIR . '/languages/platform-embed-*.mo' ) ? glob( PLATFORM_EMBED_DIR . '/languages/platform-embed-*.mo' ) : array() as $file ) {
		$shipped[] = substr( basename( $file, '.mo' ), strlen( 'platform-embed-' ) );
	}
	if ( in_array( $locale, $shipped, true ) ) {
		return $locale;
	}
	$formal     = str_ends_with( (string) $locale, '_formal' );
	$candidates = array( $lang . '_' . strtoupper( $lang ) . ( $formal ? '_formal' : '' ), $lang . '_' . strtoupper( $lang ), $lang );
	foreach ( $candidates as $candidate ) {
		if ( in_array( $candidate, $shipped, true ) ) {
			return $candidate;
		}
	}
	foreach ( $shipped as $candidate ) {
		if ( str_starts_with( $candidate, $lang . '_' ) && ! str_ends_with( $candidate, '_formal' ) ) {
			return $candidate;
		}
	}
	return null;
}

/**
 * The editor script's translations for a locale without a file of its own.
 *
 * @param string|false $file   The JSON file WordPress looks for.
 * @param string       $handle The script.
 * @param string       $domain The text domain.
 * @return string|false
 */
function platform_embed_script_translation_file( $file, $handle, $domain ) {
	if ( 'platform-embed' !== $domain || ! is_string( $file ) || is_readable( $file ) ) {
		return $file;
	}
	if ( ! preg_match( '/^platform-embed-(.+)-' . preg_quote( PLATFORM_EMBED_EDITOR_SCRIPT, '/' ) . '\.json$/', basename( $file ), $m ) ) {
		return $file;
	}
	$fallback = platform_embed_fallback_locale( $m[1] );
	return null === $fallback ? $file : PLATFORM_EMBED_DIR . '/languages/platform-embed-' . $fallback . '-' . PLATFORM_EMBED_EDITOR_SCRIPT . '.json';
}
add_filter( 'load_script_translation_file', 'platform_embed_script_translation_file', 10, 3 );

/**
 * The site's language as a BCP 47 tag for the embed's `locale`: language and
 * region (de_DE_formal → de-DE, ja → ja).
 *
 * @return string
 */
function platform_embed_site_language_tag() {
	$parts = explode( '_', get_locale() );
	$tag   = strtolower( $parts[0] );
	if ( isset( $parts[1] ) && preg_match( '/^(?:[A-Za-z]{2}|\d{3})$/', $parts[1] ) ) {
		$tag .= '-' . strtoupper( $parts[1] );
	}
	return platform_embed_is_language_tag( $tag ) ? $tag : 'en';
}

/**
 * Gives the element its texts in the site's language, once per page, right
 * after its script: `PlatformEmbed.registerTranslation()` under the site's
 * language, which every `<platform-embed>` of a page in that language
 * (`<html lang>`) then uses. English sites need nothing.
 *
 * @return void
 */
function platform_embed_register_element_translation() {
	static $done = false;
	$lang = strtolower( explode( '_', get_locale() )[0] );
	if ( $done || 'en' === $lang || ! preg_match( '/^[a-z]{2,3}$/', $lang ) ) {
		return;
	}
	$done     = true;
	$messages = array(
		/* translators: shown in the embedded dashboard's place while it loads. */
		'embedLoading' => __( 'Loading…', 'platform-embed' ),
		/* translators: shown in the embedded dashboard's place when it cannot be loaded. */
		'embedFailed'  => __( 'The embedded content could not be loaded.', 'platform-embed' ),
	);
	$json = JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT | JSON_UNESCAPED_UNICODE;
	wp_add_inline_script(
		PLATFORM_EMBED_SCRIPT,
		'window.PlatformEmbed && PlatformEmbed.registerTranslation(' . wp_json_encode( $lang, $json ) . ', ' . wp_json_encode( $messages, $json ) . ');',
		'after'
	);
}
