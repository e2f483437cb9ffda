'use client';

/**
 * `PlatformEmbed`: `<platform-embed>` as a React component (React 18 and 19),
 * made with `@lit/react`. Props are set as properties (objects and functions
 * included), events are `on` + PascalCase props, `ref` is the element.
 * Using the component defines the element; an app that does not use it
 * carries none of it.
 */
import type { PlatformEmbedEventMap } from '../embed/inbound.js';
import { PlatformEmbedElement } from '../embed/platform-embed.js';
import { component } from './component.js';

/** `<platform-embed>` for React: `<PlatformEmbed baseUrl=… dashboard=… sessionProvider={…} onPlatformReady={(e) => …} />`. */
export const PlatformEmbed = /* @__PURE__ */ component<PlatformEmbedElement, PlatformEmbedEventMap>('platform-embed', PlatformEmbedElement, 'PlatformEmbed', {
  'platform-ready': true,
  'platform-view': true,
  'platform-navigate': true,
  'platform-dashboard-loaded': true,
  'platform-download': true,
  'platform-drilldown': true,
  'platform-ai-query': true,
  'platform-error': true,
  'platform-event': true,
  'platform-session-renewal': true,
  'platform-session-expiring': true,
  'platform-session-expired': true,
});
