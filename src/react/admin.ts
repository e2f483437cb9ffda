/**
 * `PlatformAdminPanel`: `<platform-admin-panel>` as a React component (React
 * 18 and 19), made with `@lit/react`. Using the component defines the
 * element; an app that does not use it carries none of it.
 */
import * as React from 'react';
import { createComponent } from '@lit/react';
import type { AdminPanelEventMap } from '../admin/events.js';
import { PlatformAdminPanelElement } from '../admin/platform-admin-panel.js';
import { defineElement } from '../define-element.js';
import { eventProps } from './events.js';

function create() {
  // Finalizing puts every reactive property's accessor on the prototype, where
  // @lit/react looks to set a prop as a property, also before the definition.
  void PlatformAdminPanelElement.observedAttributes;
  defineElement('platform-admin-panel', PlatformAdminPanelElement);
  return createComponent({
    react: React,
    tagName: 'platform-admin-panel',
    elementClass: PlatformAdminPanelElement,
    displayName: 'PlatformAdminPanel',
    events: eventProps<AdminPanelEventMap>({
      'platform-settings-loaded': true,
      'platform-settings-saved': true,
      'platform-token-issued': true,
      'platform-branch-deleted': true,
      'platform-api-error': true,
    }),
  });
}

/** `<platform-admin-panel>` for React: `<PlatformAdminPanel baseUrl=… deploymentId={42} tokenProvider={…} onPlatformSettingsSaved={(e) => …} />`. */
export const PlatformAdminPanel = /* @__PURE__ */ create();
