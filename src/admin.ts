/** `<platform-admin-panel>` alone, self-defining, with the API client. */
import { defineElement } from './define-element.js';
import { PlatformAdminPanelElement } from './admin/platform-admin-panel.js';

defineElement('platform-admin-panel', PlatformAdminPanelElement);

export * from './admin/index.js';
export * from './api/index.js';
