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

	/** The parts of the embed that `hide` may name, with their labels. */
	function hideChoices() {
		return [
			/* translators: a checkbox of the "Hide" group: the dashboard's whole header bar. */
			[ 'header', __( 'Header bar', 'platform-embed' ) ],
			/* translators: a checkbox of the "Hide" group: the dashboard's title. */
			[ 'title', __( 'Title', 'platform-embed' ) ],
			[ 'back-button', __( 'Back button', 'platform-embed' ) ],
			[ 'edit-button', __( 'Edit button', 'platform-embed' ) ],
			[ 'duplicate-button', __( 'Duplicate button', 'platform-embed' ) ],
			[ 'export-menu', __( 'Export menu', 'platform-embed' ) ],
			[ 'workbook-back-button', __( 'Workbook back button', 'platform-embed' ) ],
			[ 'new-chat', __( 'New chat', 'platform-embed' ) ],
		];
	}

	/** The hidden parts as a list (a block may hold them as space-separated text). */
	function hideList( value ) {
		if ( Array.isArray( value ) ) {
			return value;
		}
		return typeof value === 'string' ? value.split( /[\s,]+/ ).filter( Boolean ) : [];
	}

	function hidePanel( props ) {
		const hidden = hideList( props.attributes.hide );
		return el(
			components.PanelBody,
			/* translators: the title of a sidebar group of checkboxes, each hiding a part of the embedded dashboard. */
			{ title: __( 'Hide', 'platform-embed' ), initialOpen: false },
			hideChoices().map( function ( choice ) {
				return el( components.CheckboxControl, {
					key: choice[ 0 ],
					label: choice[ 1 ],
					checked: hidden.indexOf( choice[ 0 ] ) !== -1,
					onChange: function ( checked ) {
						const next = hidden.filter( function ( token ) {
							return token !== choice[ 0 ];
						} );
						if ( checked ) {
							next.push( choice[ 0 ] );
						}
						props.setAttributes( { hide: next } );
					},
				} );
			} )
		);
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
				jsonControl( props, 'filters', __( 'Filters (JSON)', 'platform-embed' ), __( 'A JSON object, e.g. {"sales.region": {"value": "EU"}}.', 'platform-embed' ) )
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
				jsonControl( props, 'theme', __( 'Embed theme (JSON)', 'platform-embed' ), __( 'A JSON object, e.g. {"primaryColor": "#0b57d0"}.', 'platform-embed' ) ),
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
			),
			hidePanel( props )
		);
	}

	/** Whether a JSON attribute is empty or a JSON object, as the server checks it. */
	function isJsonObject( value ) {
		if ( ! value || typeof value === 'object' ) {
			return ! Array.isArray( value );
		}
		try {
			const parsed = JSON.parse( value );
			return parsed !== null && typeof parsed === 'object' && ! Array.isArray( parsed );
		} catch ( e ) {
			return false;
		}
	}

	/** The label of the first setting the published page would refuse, or '' (the server checks them all again). */
	function firstInvalid( a ) {
		if ( a.path && ! a.dashboard && a.path.indexOf( '/embed/' ) !== 0 ) {
			return __( 'In-embed path', 'platform-embed' );
		}
		if ( a.height && ! /^(?:0|(?:\d+(?:\.\d+)?|\.\d+)(?:px|em|rem|%|vh|vw|vmin|vmax|svh|lvh|dvh|svw|lvw|dvw|ch|ex|cm|mm|in|pt|pc))$/.test( a.height.trim() ) ) {
			return __( 'Height', 'platform-embed' );
		}
		if ( ! isJsonObject( a.filters ) ) {
			return __( 'Filters (JSON)', 'platform-embed' );
		}
		if ( ! isJsonObject( a.theme ) ) {
			return __( 'Embed theme (JSON)', 'platform-embed' );
		}
		return '';
	}

	function instructions( a ) {
		const invalid = firstInvalid( a );
		if ( invalid && ( a.dashboard || a.path ) ) {
			/* translators: %s: the label of a block setting, such as Height. */
			return sprintf( __( 'The setting “%s” is not valid: until it is fixed, the published page shows no dashboard here (people who can edit posts see a notice instead).', 'platform-embed' ), invalid );
		}
		if ( setupNotice ) {
			return __( 'The published page shows no dashboard until Platform Embed is set up.', 'platform-embed' );
		}
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
