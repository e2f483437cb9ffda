<?php
/**
 * Settings → Platform Embed: one form of four fields, built with the
 * Settings API (its nonce, its capability check in options.php, its error
 * notices). The API key is never printed back: the page says whether one is
 * saved or set in wp-config.php instead.
 *
 * @package PlatformEmbed
 */

defined( 'ABSPATH' ) || exit;

const PLATFORM_EMBED_PAGE = 'platform-embed';

/**
 * Adds the page under Settings.
 *
 * @return void
 */
function platform_embed_add_settings_page() {
	add_options_page(
		__( 'Platform Embed', 'platform-embed' ),
		__( 'Platform Embed', 'platform-embed' ),
		'manage_options',
		PLATFORM_EMBED_PAGE,
		'platform_embed_render_settings_page'
	);
}
add_action( 'admin_menu', 'platform_embed_add_settings_page' );

/**
 * Declares the sections and fields.
 *
 * @return void
 */
function platform_embed_add_settings_fields() {
	add_settings_section( 'platform_embed_connection', __( 'Connection to the platform', 'platform-embed' ), 'platform_embed_render_connection_intro', PLATFORM_EMBED_PAGE );
	add_settings_section( 'platform_embed_viewers', __( 'Viewers', 'platform-embed' ), '__return_null', PLATFORM_EMBED_PAGE );

	$fields = array(
		'base_url'      => array( __( 'Base URL', 'platform-embed' ), 'platform_embed_render_base_url_field', 'platform_embed_connection' ),
		'api_key'       => array( __( 'API key', 'platform-embed' ), 'platform_embed_render_api_key_field', 'platform_embed_connection' ),
		'deployment_id' => array( __( 'Deployment ID', 'platform-embed' ), 'platform_embed_render_deployment_field', 'platform_embed_connection' ),
		'viewers'       => array( __( 'Who may view', 'platform-embed' ), 'platform_embed_render_viewers_field', 'platform_embed_viewers' ),
	);
	foreach ( $fields as $name => $field ) {
		add_settings_field( 'platform_embed_' . $name, $field[0], $field[1], PLATFORM_EMBED_PAGE, $field[2], array( 'label_for' => 'platform_embed_' . $name ) );
	}
}
add_action( 'admin_init', 'platform_embed_add_settings_fields' );

/**
 * The form. options.php checks the nonce and `manage_options` on save.
 *
 * @return void
 */
function platform_embed_render_settings_page() {
	if ( ! current_user_can( 'manage_options' ) ) {
		return;
	}
	// Settings pages under Settings show their errors through options-head.php: no settings_errors() here.
	?>
	<div class="wrap">
		<h1><?php echo esc_html( get_admin_page_title() ); ?></h1>
		<form action="<?php echo esc_url( admin_url( 'options.php' ) ); ?>" method="post">
			<?php
			settings_fields( 'platform_embed' );
			do_settings_sections( PLATFORM_EMBED_PAGE );
			submit_button();
			?>
		</form>
		<?php platform_embed_render_connection_test(); ?>
	</div>
	<?php
}

/**
 * The connection section's introduction.
 *
 * @return void
 */
function platform_embed_render_connection_intro() {
	echo '<p>' . esc_html__( 'Each view of a dashboard gets its own single-use session, which this site creates with the API key. The key stays on this site: no page and no answer contains it.', 'platform-embed' ) . '</p>';
}

/**
 * The base URL field.
 *
 * @return void
 */
function platform_embed_render_base_url_field() {
	$settings = platform_embed_settings();
	printf(
		'<input type="text" inputmode="url" spellcheck="false" id="platform_embed_base_url" name="%1$s[base_url]" value="%2$s" class="regular-text code" placeholder="https://acme.platform.example" aria-describedby="platform_embed_base_url_help" />',
		esc_attr( PLATFORM_EMBED_OPTION ),
		esc_attr( $settings['base_url'] )
	);
	echo '<p class="description" id="platform_embed_base_url_help">' . esc_html__( 'The address of your platform, starting with https://. To try the plugin against a platform on this computer, http://localhost or http://127.0.0.1 with a port works too.', 'platform-embed' ) . '</p>';
}

/**
 * The API key field: always empty; its state is said in words.
 *
 * @return void
 */
function platform_embed_render_api_key_field() {
	$settings = platform_embed_settings();
	if ( platform_embed_api_key_from_constant() ) {
		echo '<input type="password" id="platform_embed_api_key" value="" class="regular-text" disabled aria-describedby="platform_embed_api_key_help" />';
		/* translators: the API key field's help when wp-config.php defines the key; followed by the next sentence in the same paragraph. */
		echo '<p class="description" id="platform_embed_api_key_help"><strong>' . esc_html__( 'Set in wp-config.php.', 'platform-embed' ) . '</strong> ';
		/* translators: follows "Set in wp-config.php." in the API key field's help. */
		echo esc_html__( 'The key from the constant PLATFORM_EMBED_API_KEY is used, and this field is not.', 'platform-embed' ) . '</p>';
		if ( '' !== $settings['api_key'] ) {
			/* translators: under the API key field when wp-config.php defines the key and an older key is still saved. */
			echo '<p class="description">' . esc_html__( 'A key saved earlier is still stored in the database, unused.', 'platform-embed' ) . '</p>';
			platform_embed_render_forget_key_field();
		}
		return;
	}
	printf(
		'<input type="password" id="platform_embed_api_key" name="%1$s[api_key]" value="" class="regular-text" autocomplete="new-password" spellcheck="false" aria-describedby="platform_embed_api_key_help" />',
		esc_attr( PLATFORM_EMBED_OPTION )
	);
	echo '<p class="description" id="platform_embed_api_key_help">';
	if ( '' === $settings['api_key'] ) {
		echo esc_html__( 'No key is saved yet. Once saved, the key is never shown again.', 'platform-embed' );
	} elseif ( null === platform_embed_open_api_key( $settings['api_key'] ) ) {
		echo '<strong>' . esc_html__( 'The saved key can no longer be read, because the security keys in wp-config.php have changed. Enter the key again.', 'platform-embed' ) . '</strong>';
	} else {
		/* translators: the API key field's help when a key is saved; followed by the next sentence. */
		echo '<strong>' . esc_html__( 'A key is saved.', 'platform-embed' ) . '</strong> ';
		/* translators: follows "A key is saved." in the API key field's help; "it" is the saved key. */
		echo esc_html__( 'Leave the field blank to keep it, or enter a new key to replace it.', 'platform-embed' );
	}
	echo '</p>';
	if ( '' !== $settings['api_key'] ) {
		platform_embed_render_forget_key_field();
	}
}

/**
 * The checkbox that deletes the saved key on save.
 *
 * @return void
 */
function platform_embed_render_forget_key_field() {
	printf(
		'<p><label><input type="checkbox" name="%1$s[forget_api_key]" value="1" /> %2$s</label></p>',
		esc_attr( PLATFORM_EMBED_OPTION ),
		esc_html__( 'Delete the saved key', 'platform-embed' )
	);
}

/**
 * The deployment id field.
 *
 * @return void
 */
function platform_embed_render_deployment_field() {
	$settings = platform_embed_settings();
	printf(
		'<input type="text" inputmode="numeric" id="platform_embed_deployment_id" name="%1$s[deployment_id]" value="%2$s" class="small-text" aria-describedby="platform_embed_deployment_id_help" />',
		esc_attr( PLATFORM_EMBED_OPTION ),
		esc_attr( $settings['deployment_id'] > 0 ? (string) $settings['deployment_id'] : '' )
	);
	echo '<p class="description" id="platform_embed_deployment_id_help">' . esc_html__( 'The deployment whose dashboards this site shows: a positive whole number.', 'platform-embed' ) . '</p>';
}

/**
 * The viewer mode: a select of `public` and `signed-in`.
 *
 * @return void
 */
function platform_embed_render_viewers_field() {
	$settings = platform_embed_settings();
	$choices  = array(
		'public'    => __( 'Everyone, signed in or not', 'platform-embed' ),
		'signed-in' => __( 'Signed-in users only', 'platform-embed' ),
	);
	printf( '<select id="platform_embed_viewers" name="%1$s[viewers]" aria-describedby="platform_embed_viewers_help">', esc_attr( PLATFORM_EMBED_OPTION ) );
	foreach ( $choices as $value => $label ) {
		printf( '<option value="%1$s"%2$s>%3$s</option>', esc_attr( $value ), selected( $settings['viewers'], $value, false ), esc_html( $label ) );
	}
	echo '</select>';
	echo '<div id="platform_embed_viewers_help">';
	/* translators: help of the "Everyone" choice of "Who may view"; followed by the sentence about the per-minute limit. */
	echo '<p class="description">' . esc_html__( 'Everyone: every visitor sees the dashboards as the same anonymous viewer of this site.', 'platform-embed' ) . ' ';
	/* translators: %d: how many dashboards one address may open per minute (30). */
	echo esc_html( sprintf( _n( 'Each IP address may open %d dashboard per minute.', 'Each IP address may open %d dashboards per minute.', PLATFORM_EMBED_SESSIONS_PER_MINUTE, 'platform-embed' ), PLATFORM_EMBED_SESSIONS_PER_MINUTE ) ) . '</p>';
	/* translators: help of the "Signed-in users only" choice; followed by the sentence about what the platform receives. */
	echo '<p class="description">' . esc_html__( 'Signed-in users only: visitors who are not signed in see a link to sign in instead.', 'platform-embed' ) . ' ';
	/* translators: follows the "Signed-in users only" help. A viewer is who the platform shows a dashboard to; groups are the platform's groups of viewers. */
	echo esc_html__( 'The platform sees each WordPress user as a separate viewer. It receives the user’s e-mail address, and the user’s WordPress roles (such as editor or subscriber) as the viewer’s groups; what each group may open is set on the platform.', 'platform-embed' ) . '</p>';
	echo '</div>';
}

/**
 * A "Settings" link beside the plugin on the Plugins screen.
 *
 * @param array $links The plugin's action links.
 * @return array
 */
function platform_embed_action_links( $links ) {
	$url = admin_url( 'options-general.php?page=' . PLATFORM_EMBED_PAGE );
	array_unshift( $links, '<a href="' . esc_url( $url ) . '">' . esc_html__( 'Settings', 'platform-embed' ) . '</a>' );
	return $links;
}
add_filter( 'plugin_action_links_' . plugin_basename( PLATFORM_EMBED_FILE ), 'platform_embed_action_links' );
