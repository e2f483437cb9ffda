/**
 * The package root: classes, the API client, the protocol catalog and types.
 * Importing it defines no custom element; see `platform-embed/define`. The
 * protocol's one-line docs (`protocolDocs`) are reference data for tools, not
 * runtime code: they have their own entry, `platform-embed/protocol-docs`.
 */
export * from './protocol/index.js';
export * from './embed/index.js';
export * from './api/index.js';
export * from './admin/index.js';
export { englishMessages, type PlatformMessages } from './i18n/english.js';
export { registerTranslation } from './i18n/translations.js';
export { version } from './version.js';
export { defineElement } from './define-element.js';
export { isPlainObject, validate, validatePartial } from './schema.js';
export type { FieldSpec, FieldType, Infer, Schema, Validation } from './schema.js';
