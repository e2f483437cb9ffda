/**
 * The DOM events of `<platform-admin-panel>` and their `detail` types. All
 * bubble and are composed; none fires because the host set a property.
 */
import type { DeploymentSettings, UsageAnalyticsToken } from '../api/schemas.js';
import type { PlatformApiErrorDetail } from './messages.js';

export type { PlatformApiErrorDetail } from './messages.js';

/** `detail` of `platform-branch-deleted`. */
export interface PlatformBranchDeletedDetail {
  /** The deployment the branch belonged to. */
  deploymentId: number;
  /** The deleted branch, exactly as sent (may contain slashes). */
  branchName: string;
  /** Whether the branch was also deleted on the connected Git provider. */
  removeOnUpstream: boolean;
}

/** Event name → `detail` type of every admin panel event. */
export interface AdminPanelEventDetailMap {
  'platform-settings-loaded': DeploymentSettings;
  'platform-settings-saved': DeploymentSettings;
  'platform-token-issued': UsageAnalyticsToken;
  'platform-branch-deleted': PlatformBranchDeletedDetail;
  'platform-api-error': PlatformApiErrorDetail;
}

/** The admin panel's event names. */
export type AdminPanelEventName = keyof AdminPanelEventDetailMap;

/** Dispatches a bubbling, composed `CustomEvent` with a typed detail. */
export function emit<K extends AdminPanelEventName>(target: EventTarget, name: K, detail: AdminPanelEventDetailMap[K]): void {
  target.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
}

/** Event name → event type of every admin panel event, as listeners receive them. */
export type AdminPanelEventMap = { [K in AdminPanelEventName]: CustomEvent<AdminPanelEventDetailMap[K]> };

// The events bubble and are composed: typed on the element, the document and the window.
declare global {
  interface HTMLElementEventMap extends AdminPanelEventMap {}
  interface DocumentEventMap extends AdminPanelEventMap {}
  interface WindowEventMap extends AdminPanelEventMap {}
}
