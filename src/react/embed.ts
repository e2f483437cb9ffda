/**
 * `PlatformEmbed`: `<platform-embed>` as a React component (React 18 and 19),
 * made with `@lit/react`. Props are set as properties (objects and functions
 * included), events are `on` + PascalCase props, `ref` is the element.
 * Using the component defines the element; an app that does not use it
 * carries none of it.
 */
import * as React from 'react';
import { createComponent } from '@lit/react';
import { defineElement } from '../define-element.js';
import type { PlatformEmbedEventMap } from '../embed/inbound.js';
import { PlatformEmbedElement } from '../embed/platform-embed.js';
import { eventProps } from './events.js';

function create() {
  // Finalizing puts every reactive property's accessor on the prototype, where
  // @lit/react looks to set a prop as a property, also before the definition.
  void PlatformEmbedElement.observedAttributes;
  defineElement('platform-embed', PlatformEmbedElement);
  return createComponent({
    react: React,
    tagName: 'platform-embed',
    elementClass: PlatformEmbedElement,
    displayName: 'PlatformEmbed',
    events: eventProps<PlatformEmbedEventMap>({
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
    }),
  });
}

/** `<platform-embed>` for React: `<PlatformEmbed baseUrl=… dashboard=… sessionProvider={…} onPlatformReady={(e) => …} />`. */
export const PlatformEmbed = /* @__PURE__ */ create();
