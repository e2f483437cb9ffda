/**
 * `<platform-admin-panel>`: the element class and its event types. Importing
 * this module defines nothing; `platform-embed/admin` defines the element.
 */
export { PlatformAdminPanelElement } from './platform-admin-panel.js';
export type { AdminPanelEventDetailMap, AdminPanelEventMap, AdminPanelEventName, PlatformBranchDeletedDetail } from './events.js';
export type { AdminErrorCode, AdminOperation, PlatformApiErrorDetail } from './messages.js';
