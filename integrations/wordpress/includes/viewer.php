<?php
/**
 * Who views: in `public` mode one anonymous viewer of the site, in
 * `signed-in` mode the WordPress user of the login cookie. The filter
 * `platform_embed_viewer` may change the viewer or refuse it (null), and its
 * result is checked with generate-session's rules before it is sent.
 *
 * @package PlatformEmbed
 */

defined( 'ABSPATH' ) || exit;

const PLATFORM_EMBED_PUBLIC_VIEWER = 'wp-public';

/**
 * The signed-in user, from the login cookie. The REST API ignores that cookie
 * without an X-WP-Nonce header, which the element does not send; the origin
 * check stands in for the nonce.
 *
 * @return WP_User|null
 */
function platform_embed_cookie_user() {
	$id = wp_validate_auth_cookie( '', 'logged_in' );
	if ( ! $id ) {
		return null;
	}
	$user = get_userdata( $id );
	return $user instanceof WP_User ? $user : null;
}

/**
 * The viewer for this request, after the filter.
 *
 * @param array $wanted `dashboard` or `path`, as the element asked.
 * @return array{status: string, viewer?: mixed}
 *         `status` is `ok` (with the filtered viewer, still to be checked) or `anonymous` (signed-in mode, nobody signed in).
 */
function platform_embed_viewer_for( $wanted ) {
	$settings = platform_embed_settings();
	$user     = null;
	if ( 'signed-in' === $settings['viewers'] ) {
		$user = platform_embed_cookie_user();
		if ( null === $user ) {
			return array( 'status' => 'anonymous' );
		}
		$viewer = array( 'externalId' => 'wp-user-' . $user->ID );
		if ( is_email( $user->user_email ) ) {
			$viewer['email'] = $user->user_email;
		}
		$viewer['groups'] = array_values( array_map( 'strval', (array) $user->roles ) );
	} else {
		$viewer = array( 'externalId' => PLATFORM_EMBED_PUBLIC_VIEWER );
	}

	/**
	 * Filters the viewer a session is created for.
	 *
	 * The array is the body of a generate-session request without
	 * `deploymentId`: `externalId` (or `internalId`), `email`, `groups`,
	 * `userAttributes`, `securityContext`, `settings` and the rest of the
	 * platform's fields. Return null to refuse the session (a 403 for a
	 * signed-in user, a 401 in `public` mode).
	 *
	 * What the platform lets a viewer open is decided by the platform, from
	 * `groups` and `userAttributes`: a session is not bound to a dashboard,
	 * and `$wanted` is only what the page asked for, not a boundary.
	 *
	 * @param array        $viewer The viewer.
	 * @param WP_User|null $user   The signed-in user in `signed-in` mode; null in `public` mode.
	 * @param array        $wanted What the element asks for: `dashboard` or `path`, or neither.
	 */
	$filtered = apply_filters( 'platform_embed_viewer', $viewer, $user, $wanted );
	return array(
		'status' => 'ok',
		'viewer' => $filtered,
		'user'   => $user,
	);
}

/**
 * Checks a viewer with generate-session's rules (src/api/arguments.ts).
 *
 * @param mixed $viewer What the filter returned (not null).
 * @return string|null null when it is fine, otherwise the rule it breaks (names a field, quotes no value).
 */
function platform_embed_viewer_problem( $viewer ) {
	if ( ! is_array( $viewer ) || ( array() !== $viewer && array_is_list( $viewer ) ) ) {
		return 'the viewer must be an array of generate-session fields, or null';
	}
	if ( array_key_exists( 'deploymentId', $viewer ) ) {
		return 'the viewer must not set deploymentId (the settings do)';
	}
	// The platform's GenerateSession fields (src/api/platform-api.json), without deploymentId.
	$known = array(
		'externalId', 'internalId', 'email', 'userProfile', 'userAttributes', 'userAttributeDefinitions',
		'groups', 'roles', 'tenantGroups', 'tenantGroupDefinitions', 'groupDefinitions', 'securityContext',
		'embedTenantName', 'embedTenantProfile', 'creatorMode', 'isEphemeral', 'publicDashboardId',
		'branchName', 'embedTheme', 'settings',
	);
	foreach ( array_keys( $viewer ) as $field ) {
		if ( ! in_array( $field, $known, true ) ) {
			return 'unknown session request field ' . sanitize_key( (string) $field );
		}
	}
	if ( isset( $viewer['externalId'] ) === isset( $viewer['internalId'] ) ) {
		return 'the session request needs exactly one of externalId and internalId';
	}
	foreach ( array( 'externalId', 'internalId', 'email', 'embedTenantName', 'branchName' ) as $field ) {
		if ( isset( $viewer[ $field ] ) && ( ! is_string( $viewer[ $field ] ) || '' === trim( $viewer[ $field ] ) ) ) {
			return $field . ' must be a non-empty string';
		}
	}
	if ( isset( $viewer['externalId'] ) && strtolower( trim( $viewer['externalId'] ) ) !== $viewer['externalId'] ) {
		return 'externalId must be lowercase and trimmed (the platform matches viewers by it)';
	}
	if ( isset( $viewer['embedTenantName'] ) && ! preg_match( '/^[a-z][a-z0-9-]{0,34}[a-z0-9]$/', $viewer['embedTenantName'] ) ) {
		return 'embedTenantName must match /^[a-z][a-z0-9-]{0,34}[a-z0-9]$/';
	}
	if ( isset( $viewer['groups'] ) && ! ( is_array( $viewer['groups'] ) && array_is_list( $viewer['groups'] ) && array_filter( $viewer['groups'], 'is_string' ) === $viewer['groups'] ) ) {
		return 'groups must be an array of strings';
	}
	if ( isset( $viewer['userAttributes'] ) ) {
		if ( ! is_array( $viewer['userAttributes'] ) || ! array_is_list( $viewer['userAttributes'] ) ) {
			return 'userAttributes must be an array';
		}
		foreach ( $viewer['userAttributes'] as $attribute ) {
			// As on the platform, `value` may be missing or null.
			if ( ! is_array( $attribute ) || ! isset( $attribute['name'] ) || ! is_string( $attribute['name'] ) ) {
				return 'each of userAttributes must be { name: string, value? }';
			}
		}
	}
	if ( isset( $viewer['creatorMode'] ) && ! is_bool( $viewer['creatorMode'] ) ) {
		return 'creatorMode must be a boolean';
	}
	foreach ( array( 'securityContext', 'embedTheme', 'settings' ) as $field ) {
		if ( isset( $viewer[ $field ] ) && ! ( is_object( $viewer[ $field ] ) || ( is_array( $viewer[ $field ] ) && ( array() === $viewer[ $field ] || ! array_is_list( $viewer[ $field ] ) ) ) ) ) {
			return $field . ' must be an object';
		}
	}
	return null;
}

/**
 * The viewer as generate-session's JSON object fields (empty arrays of
 * object fields become `{}`, not `[]`).
 *
 * @param array $viewer A checked viewer.
 * @return array
 */
function platform_embed_viewer_payload( $viewer ) {
	foreach ( array( 'securityContext', 'embedTheme', 'settings' ) as $field ) {
		if ( isset( $viewer[ $field ] ) && is_array( $viewer[ $field ] ) ) {
			$viewer[ $field ] = (object) $viewer[ $field ];
		}
	}
	return $viewer;
}
