<?php
/**
 * The platform API key: from `PLATFORM_EMBED_API_KEY` in wp-config.php, or
 * saved in the option, sealed with libsodium's secretbox under a key derived
 * from the site's salts. A database dump or a backup then holds no usable key;
 * someone who can read wp-config.php can, as they could read the constant.
 *
 * Nothing in this file prints, logs or returns the key to a browser.
 *
 * @package PlatformEmbed
 */

defined( 'ABSPATH' ) || exit;

const PLATFORM_EMBED_SEALED_PREFIX = 'sealed:v1:';

/**
 * Whether wp-config.php defines the key (it then wins over a saved one).
 *
 * @return bool
 */
function platform_embed_api_key_from_constant() {
	return defined( 'PLATFORM_EMBED_API_KEY' ) && is_string( PLATFORM_EMBED_API_KEY ) && '' !== trim( PLATFORM_EMBED_API_KEY );
}

/**
 * The key in force: the constant's, else the saved one; '' when there is none
 * (or the saved one can no longer be opened because the salts changed).
 *
 * @return string
 */
function platform_embed_api_key() {
	if ( platform_embed_api_key_from_constant() ) {
		return trim( PLATFORM_EMBED_API_KEY );
	}
	$opened = platform_embed_open_api_key( platform_embed_settings()['api_key'] );
	return null === $opened ? '' : $opened;
}

/**
 * The secretbox key: a hash of the site's auth salt, bound to this use.
 *
 * @return string 32 raw bytes.
 */
function platform_embed_sealing_key() {
	return sodium_crypto_generichash( 'platform-embed api key|' . wp_salt( 'auth' ), '', SODIUM_CRYPTO_SECRETBOX_KEYBYTES );
}

/**
 * Seals a key for storage.
 *
 * @param string $key The API key as typed.
 * @return string The stored form: prefix, then base64 of nonce and ciphertext.
 */
function platform_embed_seal_api_key( $key ) {
	$nonce = random_bytes( SODIUM_CRYPTO_SECRETBOX_NONCEBYTES );
	return PLATFORM_EMBED_SEALED_PREFIX . base64_encode( $nonce . sodium_crypto_secretbox( $key, $nonce, platform_embed_sealing_key() ) );
}

/**
 * Whether a value is already in the stored form (WordPress runs a setting's
 * sanitize callback twice when the option is first added).
 *
 * @param mixed $value A value of the `api_key` field.
 * @return bool
 */
function platform_embed_is_sealed_api_key( $value ) {
	return is_string( $value ) && str_starts_with( $value, PLATFORM_EMBED_SEALED_PREFIX ) && null !== platform_embed_open_api_key( $value );
}

/**
 * Opens a stored key.
 *
 * @param string $stored The stored form.
 * @return string|null The key, or null when there is none or it cannot be opened.
 */
function platform_embed_open_api_key( $stored ) {
	if ( ! is_string( $stored ) || ! str_starts_with( $stored, PLATFORM_EMBED_SEALED_PREFIX ) ) {
		return null;
	}
	$raw = base64_decode( substr( $stored, strlen( PLATFORM_EMBED_SEALED_PREFIX ) ), true );
	if ( false === $raw || strlen( $raw ) <= SODIUM_CRYPTO_SECRETBOX_NONCEBYTES ) {
		return null;
	}
	$opened = sodium_crypto_secretbox_open(
		substr( $raw, SODIUM_CRYPTO_SECRETBOX_NONCEBYTES ),
		substr( $raw, 0, SODIUM_CRYPTO_SECRETBOX_NONCEBYTES ),
		platform_embed_sealing_key()
	);
	return false === $opened || '' === $opened ? null : $opened;
}
