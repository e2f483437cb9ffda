'use client';

/**
 * `platform-embed/react`: the React components of both elements. Import what
 * you render; a production bundle keeps only the components used.
 */
export { PlatformEmbed } from './embed.js';
export { PlatformAdminPanel } from './admin.js';
export type { EventProps } from './component.js';
