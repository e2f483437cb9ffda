/**
 * The block editor side of `platform-embed/dashboard`: sidebar controls for
 * the block's attributes and a placeholder in the canvas. Plain JavaScript on
 * WordPress's `wp` globals, so the plugin ships with no build step. The block's
 * name, title, attributes and keywords come from block.json through the
 * server; the published page is rendered by PHP (the block saves nothing).
 */
( function ( wp ) {
	'use strict';

	const el = wp.element.createElement;
	const __ = wp.i18n.__;
	const sprintf = wp.i18n.sprintf;
	const InspectorControls = wp.blockEditor.InspectorControls;
	const useBlockProps = wp.blockEditor.useBlockProps;
	const components = wp.components;

	/** A JSON attribute as the text field shows it (a block may hold it as an object). */
	function jsonText( value ) {
		if ( value && typeof value === 'object' ) {
			return JSON.stringify( value );
		}
		return value || '';
	}

	/** A sidebar control bound to one attribute; `extra` gives its label, help and kind-specific props. */
	function bound( Control, props, name, extra ) {
		return el(
			Control,
			Object.assign(
				{
					value: props.attributes[ name ] || '',
					onChange: function ( value ) {
						const change = {};
						change[ name ] = value;
						props.setAttributes( change );
					},
				},
				extra
			)
		);
	}

	function textControl( props, name, label, help ) {
		return bound( components.TextControl, props, name, { label: label, help: help } );
	}

	function jsonControl( props, name, label, help ) {
		return bound( components.TextareaControl, props, name, { label: label, help: help, rows: 3, value: jsonText( props.attributes[ name ] ) } );
	}

	function selectControl( props, name, label, options ) {
		return bound( components.SelectControl, props, name, { label: label, options: options } );
	}

	function sidebar( props ) {
		const a = props.attributes;
		return el(
			InspectorControls,
			null,
			el(
				components.PanelBody,
				{ title: __( 'What to show', 'platform-embed' ), initialOpen: true },
				textControl( props, 'dashboard', __( 'Dashboard', 'platform-embed' ), __( 'The public ID of the dashboard, e.g. sales-overview.', 'platform-embed' ) ),
				textControl( props, 'path', __( 'In-embed path', 'platform-embed' ), __( 'Used when no dashboard is set: a path under /embed/, e.g. /embed/d/42/app.', 'platform-embed' ) ),
				jsonControl( props, 'filters', __( 'Filters (JSON)', 'platform-embed' ), __( 'A JSON object, e.g. {"sales.region": "EU"}.', 'platform-embed' ) )
			),
			el(
				components.PanelBody,
				{ title: __( 'Appearance', 'platform-embed' ), initialOpen: false },
				textControl( props, 'height', __( 'Height', 'platform-embed' ), __( 'A CSS length, e.g. 600px or 80vh.', 'platform-embed' ) ),
				selectControl( props, 'scheme', __( 'Color scheme', 'platform-embed' ), [
					{ value: '', label: __( 'Platform default', 'platform-embed' ) },
					{ value: 'light', label: __( 'Light', 'platform-embed' ) },
					{ value: 'dark', label: __( 'Dark', 'platform-embed' ) },
					{ value: 'auto', label: __( 'As set on the viewer’s device', 'platform-embed' ) },
				] ),
				textControl( props, 'locale', __( 'Language', 'platform-embed' ), __( 'A language tag such as de or fr-CA, or auto for the language of the viewer’s browser.', 'platform-embed' ) ),
				textControl( props, 'timezone', __( 'Time zone', 'platform-embed' ), __( 'A time zone name such as Europe/Berlin, or auto for the viewer’s own.', 'platform-embed' ) ),
				jsonControl( props, 'theme', __( 'Theme (JSON)', 'platform-embed' ), __( 'A JSON object, e.g. {"primaryColor": "#0b57d0"}.', 'platform-embed' ) ),
				textControl( props, 'frame_title', __( 'Frame title', 'platform-embed' ), __( 'What screen readers announce for the embedded content.', 'platform-embed' ) )
			),
			el(
				components.PanelBody,
				{ title: __( 'Loading and export', 'platform-embed' ), initialOpen: false },
				selectControl( props, 'loading', __( 'Loading', 'platform-embed' ), [
					{ value: '', label: __( 'With the page', 'platform-embed' ) },
					{ value: 'lazy', label: __( 'When scrolled into view', 'platform-embed' ) },
				] ),
				el( components.ToggleControl, {
					label: __( 'Allow export', 'platform-embed' ),
					checked: !! a.allow_export,
					onChange: function ( value ) {
						props.setAttributes( { allow_export: value } );
					},
				} )
			)
		);
	}

	function instructions( a ) {
		if ( a.dashboard ) {
			/* translators: %s: a dashboard ID such as sales-overview. */
			return sprintf( __( 'The published page shows the dashboard “%s” here. Change it in the block settings.', 'platform-embed' ), a.dashboard );
		}
		if ( a.path ) {
			/* translators: %s: an in-embed path such as /embed/d/42/app. */
			return sprintf( __( 'The published page shows %s here. Change it in the block settings.', 'platform-embed' ), a.path );
		}
		return __( 'Choose a dashboard in the block settings.', 'platform-embed' );
	}

	// Set by the plugin's PHP (assets.php): a translated notice when the plugin is not set up yet.
	const setupNotice = ( window.platformEmbedEditor && window.platformEmbedEditor.setupNotice ) || '';

	function Edit( props ) {
		return el(
			'div',
			useBlockProps(),
			sidebar( props ),
			el(
				components.Placeholder,
				{
					icon: 'chart-area',
					label: __( 'Platform dashboard', 'platform-embed' ),
					instructions: instructions( props.attributes ),
				},
				setupNotice ? el( components.Notice, { status: 'warning', isDismissible: false }, setupNotice ) : null
			)
		);
	}

	wp.blocks.registerBlockType( 'platform-embed/dashboard', {
		edit: Edit,
		// A dynamic block: PHP renders it on each request.
		save: function () {
			return null;
		},
	} );
} )( window.wp );
