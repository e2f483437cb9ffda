/**
 * What the panel element shares with its section controllers: the current
 * client and deployment, and one way to report a failure. Passing this
 * object (rather than exposing internals on the element) keeps the element's
 * public surface to the documented properties.
 */
import type { ReactiveControllerHost } from 'lit';
import type { PlatformApiClient } from '../api/client.js';
import type { AdminPanelEventDetailMap, AdminPanelEventName } from './events.js';
import type { Speech } from '../i18n/translations.js';
import type { MessageContext, PanelOperation, Say } from './messages.js';

/** The element as its section controllers see it. */
export interface PanelContext {
  /** The element, for the controller lifecycle and its shadow root. */
  readonly _host: ReactiveControllerHost & HTMLElement;
  /** Asks the element to render again (its `requestUpdate`). */
  rerender(): void;
  /** The client of the current configuration, or `null` when it is incomplete or invalid. */
  _client(): PlatformApiClient | null;
  /** The valid deployment id, or `null`. */
  _deploymentId(): number | null;
  /** The texts and `Intl` locale of the element's current language. */
  speech(): Speech;
  /** Dispatches a typed, bubbling, composed event on the element. */
  _emit<K extends AdminPanelEventName>(name: K, detail: AdminPanelEventDetailMap[K]): void;
  /**
   * Reports a rejection: hands the human sentence to `show` (which puts the
   * section in its failed state and says it again after a change of
   * language), renders, then dispatches `platform-api-error` with the
   * sentence as shown, so a listener awaiting `updateComplete` finds the
   * message on screen.
   */
  _fail(operation: PanelOperation, error: unknown, ctx: MessageContext, show: (say: Say) => void): void;
}
