<?php
/**
 * The value rules the element itself applies (src/embed/url.ts,
 * src/protocol/values.ts), in PHP, so the settings page, the block, the
 * shortcode and the session route refuse what the element would refuse.
 * Each returns null for a good value, or a short code naming the problem.
 *
 * @package PlatformEmbed
 */

defined( 'ABSPATH' ) || exit;

/**
 * A tenant base URL: absolute, `https:` (or `http:` on localhost,
 * 127.0.0.1 and [::1]), no credentials, query, fragment or backslash, and
 * not a link-local, cloud metadata or private address (private hosts only
 * when wp-config.php defines `PLATFORM_EMBED_ALLOW_PRIVATE_HOSTS` as true;
 * loopback stays allowed for development).
 *
 * @param mixed $value   The URL.
 * @param bool  $resolve Also look the host name up and check its addresses (before the key is sent).
 * @return string|null null, or one of `empty`, `url`, `backslash`, `https`, `credentials`, `query`, `private`.
 */
function platform_embed_base_url_problem( $value, $resolve = false ) {
	if ( ! is_string( $value ) || '' === trim( $value ) ) {
		return 'empty';
	}
	$url = trim( $value );
	if ( strlen( $url ) > 2048 || preg_match( '/[\x00-\x20\x7f]/', $url ) ) {
		return 'url';
	}
	// PHP's parser and browsers split a URL with a backslash at different places (`https://a.example\.evil.example`).
	if ( str_contains( $url, '\\' ) ) {
		return 'backslash';
	}
	$parts = wp_parse_url( $url );
	if ( ! is_array( $parts ) || empty( $parts['scheme'] ) || empty( $parts['host'] ) || ! str_starts_with( strtolower( $url ), strtolower( $parts['scheme'] ) . '://' ) ) {
		return 'url';
	}
	$scheme = strtolower( $parts['scheme'] );
	$host   = strtolower( $parts['host'] );
	$local  = in_array( $host, array( 'localhost', '127.0.0.1', '[::1]' ), true );
	if ( 'https' !== $scheme && ! ( 'http' === $scheme && $local ) ) {
		return 'https';
	}
	if ( isset( $parts['user'] ) || isset( $parts['pass'] ) || str_contains( $url, '@' ) ) {
		return 'credentials';
	}
	if ( str_contains( $url, '?' ) || str_contains( $url, '#' ) ) {
		return 'query';
	}
	return platform_embed_host_problem( $host, $resolve );
}

/**
 * Whether the plugin may send the API key to a host: never to a link-local
 * or cloud metadata address, to a private one only when allowed.
 *
 * @param string $host    The URL's host, lower case (IPv6 in brackets).
 * @param bool   $resolve Also check the addresses the name resolves to.
 * @return string|null null, `url` (an IP address in an unusual notation) or `private`.
 */
function platform_embed_host_problem( $host, $resolve ) {
	$bare = trim( $host, '[]' );
	if ( in_array( rtrim( $bare, '.' ), array( 'metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal' ), true ) ) {
		return 'private';
	}
	$is_ip = false !== filter_var( $bare, FILTER_VALIDATE_IP );
	// Browsers and curl read `2852039166`, `0xa9.254.169.254` or `0251.0376.0251.0376` as 169.254.169.254.
	if ( ! $is_ip && preg_match( '/^(?:0x[0-9a-f]*|\d+)(?:\.(?:0x[0-9a-f]*|\d+)){0,3}\.?$/', $bare ) ) {
		return 'url';
	}
	$addresses = $is_ip ? array( $bare ) : array();
	if ( ! $is_ip && $resolve && 'localhost' !== $bare ) {
		$found     = gethostbynamel( $bare );
		$addresses = false === $found ? array() : $found;
	}
	foreach ( $addresses as $address ) {
		$kind = platform_embed_address_kind( $address );
		if ( 'never' === $kind || ( 'private' === $kind && ! platform_embed_private_hosts_allowed() ) ) {
			return 'private';
		}
	}
	return null;
}

/**
 * Whether wp-config.php allows private hosts (`PLATFORM_EMBED_ALLOW_PRIVATE_HOSTS`).
 *
 * @return bool
 */
function platform_embed_private_hosts_allowed() {
	return defined( 'PLATFORM_EMBED_ALLOW_PRIVATE_HOSTS' ) && true === PLATFORM_EMBED_ALLOW_PRIVATE_HOSTS;
}

/**
 * What kind of address an IP address is, for the base URL.
 *
 * @param string $address An IPv4 or IPv6 address.
 * @return string `loopback`, `private` (RFC 1918, shared, unique local), `never`
 *                (link-local, cloud metadata, unspecified, multicast, reserved, and the IPv6
 *                spellings of an IPv4 address other than IPv4-mapped and a public 6to4) or `public`.
 */
function platform_embed_address_kind( $address ) {
	$packed = inet_pton( $address );
	if ( false === $packed ) {
		return 'never';
	}
	// An IPv4 address mapped into IPv6 (::ffff:a.b.c.d) is that IPv4 address.
	if ( 16 === strlen( $packed ) && str_starts_with( $packed, str_repeat( "\0", 10 ) . "\xff\xff" ) ) {
		$packed = substr( $packed, 12 );
	}
	// A 6to4 address (2002:aabb:ccdd::/48) is sent through a relay to the IPv4 address aa.bb.cc.dd: only a public one is a place for the key.
	if ( 16 === strlen( $packed ) && str_starts_with( $packed, "\x20\x02" ) ) {
		return 'public' === platform_embed_address_kind( (string) inet_ntop( substr( $packed, 2, 4 ) ) ) ? 'public' : 'never';
	}
	$ranges = 4 === strlen( $packed )
		? array(
			'loopback' => array( '127.0.0.0/8' ),
			'never'    => array( '0.0.0.0/8', '169.254.0.0/16', '100.100.100.200/32', '192.0.0.0/24', '224.0.0.0/3' ),
			'private'  => array( '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10', '198.18.0.0/15' ),
		)
		: array(
			'loopback' => array( '::1/128' ),
			// `::/96`: the unspecified address and the IPv4-compatible ones (::a.b.c.d); then IPv4-translated
			// (::ffff:0:a.b.c.d), NAT64 (well-known and local-use prefixes) and Teredo, which all carry an IPv4 address.
			'never'    => array( '::/96', '::ffff:0:0:0/96', '64:ff9b::/96', '64:ff9b:1::/48', '2001::/32', 'fe80::/10', 'fd00:ec2::254/128', 'ff00::/8' ),
			'private'  => array( 'fc00::/7', 'fec0::/10' ),
		);
	foreach ( $ranges as $kind => $cidrs ) {
		foreach ( $cidrs as $cidr ) {
			list( $net, $bits ) = explode( '/', $cidr );
			$net_packed         = inet_pton( $net );
			if ( strlen( $net_packed ) === strlen( $packed ) && platform_embed_prefix_matches( $packed, $net_packed, (int) $bits ) ) {
				return $kind;
			}
		}
	}
	return 'public';
}

/**
 * Whether two packed addresses share their first `$bits` bits.
 *
 * @param string $a    Packed address.
 * @param string $b    Packed address of the same length.
 * @param int    $bits Prefix length.
 * @return bool
 */
function platform_embed_prefix_matches( $a, $b, $bits ) {
	$bytes = intdiv( $bits, 8 );
	if ( substr( $a, 0, $bytes ) !== substr( $b, 0, $bytes ) ) {
		return false;
	}
	$rest = $bits % 8;
	if ( 0 === $rest ) {
		return true;
	}
	$mask = ( 0xff << ( 8 - $rest ) ) & 0xff;
	return ( ord( $a[ $bytes ] ) & $mask ) === ( ord( $b[ $bytes ] ) & $mask );
}

/**
 * The base URL requests are sent to: origin and path prefix, no trailing slash.
 *
 * @param string $base_url A valid base URL.
 * @return string
 */
function platform_embed_api_base( $base_url ) {
	return rtrim( trim( $base_url ), '/' );
}

/**
 * A deployment id as typed: a positive integer (digits only, no sign, no
 * fraction), within PHP's integer range.
 *
 * @param mixed $value The id.
 * @return int|null The id, or null when it is not one.
 */
function platform_embed_parse_deployment_id( $value ) {
	if ( is_int( $value ) ) {
		return $value > 0 ? $value : null;
	}
	if ( ! is_string( $value ) || ! preg_match( '/^\s*0*([1-9][0-9]{0,17})\s*$/', $value, $m ) ) {
		return null;
	}
	return (int) $m[1];
}

/**
 * An in-embed path: starts with `/embed/` and stays under it once resolved as
 * a browser resolves it (`..` and `%2e` segments, backslashes).
 *
 * @param string $path The path.
 * @return string|null null, `start` (must start with /embed/) or `escape` (must stay under /embed/).
 */
function platform_embed_path_problem( $path ) {
	if ( ! str_starts_with( $path, '/embed/' ) ) {
		return 'start';
	}
	// The URL parser drops tabs and newlines, treats a backslash as a slash, and ends the path at ? or #.
	$clean = str_replace( array( "\t", "\n", "\r" ), '', $path );
	$clean = str_replace( '\\', '/', $clean );
	$clean = preg_split( '/[?#]/', $clean, 2 )[0];
	$out   = array();
	foreach ( explode( '/', substr( $clean, 1 ) ) as $segment ) {
		$lower = strtolower( $segment );
		if ( in_array( $lower, array( '..', '.%2e', '%2e.', '%2e%2e' ), true ) ) {
			array_pop( $out );
		} elseif ( '.' !== $lower && '%2e' !== $lower ) {
			$out[] = $segment;
		}
	}
	$resolved = '/' . implode( '/', $out );
	return str_starts_with( $resolved, '/embed/' ) ? null : 'escape';
}

/**
 * A CSS length for the embed's height: a non-negative number and a unit
 * (px, em, rem, %, vh and the other viewport units, ch, ex, cm, mm, in, pt, pc), or 0.
 *
 * @param string $value The height.
 * @return bool
 */
function platform_embed_is_css_length( $value ) {
	return 1 === preg_match( '/^(?:0|(?:\d+(?:\.\d+)?|\.\d+)(?:px|em|rem|%|vh|vw|vmin|vmax|svh|lvh|dvh|svw|lvw|dvw|ch|ex|cm|mm|in|pt|pc))$/', $value );
}

/**
 * A BCP 47 language tag (the element also takes `auto`).
 *
 * @param string $value The tag.
 * @return bool
 */
function platform_embed_is_language_tag( $value ) {
	$tag = '/^[a-z]{2,3}(?:-[a-z]{3}){0,3}(?:-[a-z]{4})?(?:-(?:[a-z]{2}|\d{3}))?(?:-(?:[a-z\d]{5,8}|\d[a-z\d]{3}))*(?:-[\da-wy-z](?:-[a-z\d]{2,8})+)*(?:-x(?:-[a-z\d]{1,8})+)?$/i';
	return 1 === preg_match( $tag, $value );
}

/**
 * An IANA time zone name (the element also takes `auto`). Bare UTC offsets
 * are refused, as the element refuses them.
 *
 * @param string $value The name.
 * @return bool
 */
function platform_embed_is_time_zone( $value ) {
	if ( '' === $value || preg_match( '/^(?:utc|gmt|z)?\s*[+\-\x{2212}]\s*\d/iu', $value ) ) {
		return false;
	}
	static $zones = null;
	if ( null === $zones ) {
		$zones = array_map( 'strtolower', DateTimeZone::listIdentifiers( DateTimeZone::ALL_WITH_BC ) );
		$zones = array_flip( $zones );
	}
	return isset( $zones[ strtolower( $value ) ] );
}

/**
 * A filter member: `<semantic_view>.<dimension>`, each part an identifier.
 *
 * @param string $member The member.
 * @return bool
 */
function platform_embed_is_filter_member( $member ) {
	return 1 === preg_match( '/^[A-Za-z_][A-Za-z0-9_]*\.[A-Za-z_][A-Za-z0-9_]*$/', $member );
}
