'use client';

/**
 * `PlatformAdminPanel`: `<platform-admin-panel>` as a React component (React
 * 18 and 19), made with `@lit/react`. Using the component defines the
 * element; an app that does not use it carries none of it.
 */
import type { AdminPanelEventMap } from '../admin/events.js';
import { PlatformAdminPanelElement } from '../admin/platform-admin-panel.js';
import { component } from './component.js';

/** `<platform-admin-panel>` for React: `<PlatformAdminPanel baseUrl=… deploymentId={42} tokenProvider={…} onPlatformSettingsSaved={(e) => …} />`. */
export const PlatformAdminPanel = /* @__PURE__ */ component<PlatformAdminPanelElement, AdminPanelEventMap>(
  'platform-admin-panel',
  PlatformAdminPanelElement,
  'PlatformAdminPanel',
  {
    'platform-settings-loaded': true,
    'platform-settings-saved': true,
    'platform-token-issued': true,
    'platform-branch-deleted': true,
    'platform-api-error': true,
  },
);
