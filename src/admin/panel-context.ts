/**
 * What the panel element shares with its section controllers: the current
 * client and deployment, and one way to report a failure. Passing this
 * object (rather than exposing internals on the element) keeps the element's
 * public surface to the documented properties.
 */
import type { ReactiveControllerHost } from 'lit';
import type { PlatformApiClient } from '../api/client.js';
import type { AdminPanelEventDetailMap, AdminPanelEventName } from './events.js';
import type { AdminOperation, MessageContext, PlatformApiErrorDetail } from './messages.js';

/** The element as its section controllers see it. */
export interface PanelContext {
  /** The element, for `requestUpdate` and the controller lifecycle. */
  readonly host: ReactiveControllerHost & HTMLElement;
  /** The client of the current configuration, or `null` when it is incomplete or invalid. */
  client(): PlatformApiClient | null;
  /** The valid deployment id, or `null`. */
  deploymentId(): number | null;
  /** Dispatches a typed, bubbling, composed event on the element. */
  emit<K extends AdminPanelEventName>(name: K, detail: AdminPanelEventDetailMap[K]): void;
  /**
   * Reports a rejection: hands the human message to `show` (which puts the
   * section in its failed state), renders, then dispatches `platform-api-error`,
   * so a listener awaiting `updateComplete` finds the message on screen.
   */
  fail(operation: AdminOperation, error: unknown, ctx: MessageContext, show: (message: string) => void): PlatformApiErrorDetail;
}
