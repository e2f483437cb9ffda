/**
 * Inbound side of the element: contract acceptance rule 1 (origin) on top of
 * the envelope checks, and the DOM events an accepted message becomes.
 */
import { domEventName, isKnownEventType, type ErrorPayload, type PlatformEventDetailMap } from '../protocol/catalog.js';
import { parseEventMessage, type ParsedEvent, type PlatformEventMessage } from '../protocol/envelope.js';
import { fail } from '../schema.js';
import type { ConfigError, HostErrorDetail, ReadyTimeoutError, SessionError } from './errors.js';

/**
 * Checks a message that came from the element's own iframe window (rule 2
 * is the router's): its origin must be the tenant origin of the current load.
 */
export function acceptFrameMessage(event: MessageEvent, tenantOrigin: string | null | undefined): ParsedEvent {
  // `origin` is always a string, so no tenant origin (`null` or unset) matches none.
  if (event.origin !== tenantOrigin) {
    return fail(`origin ${event.origin || '(opaque)'} is not the tenant origin`);
  }
  return parseEventMessage(event.data);
}

/**
 * Dispatches `message` on `target`: the specific DOM event for a known type,
 * then `platform-event` for every type. Each gets its own fresh payload: the
 * specific event takes `message.payload` itself (`parseEventMessage` made it
 * fresh and nothing else holds it), `platform-event` a copy.
 */
export function dispatchPlatformEvent(target: EventTarget, message: PlatformEventMessage): void {
  // The payload was checked against the type's spec by `parseEventMessage`.
  if (isKnownEventType(message.type)) dispatchEmbedEvent(target, domEventName(message.type), message.payload as never);
  const { type, surface, timestamp, payload } = message;
  dispatchEmbedEvent(target, 'platform-event', { type, surface, timestamp, payload: { ...payload } });
}

/** Dispatches a host-side `platform-error` for `error`. */
export function dispatchHostError(target: EventTarget, error: ConfigError | ReadyTimeoutError | SessionError, fatal: boolean): void {
  dispatchEmbedEvent(target, 'platform-error', { message: error.message, name: error.name as HostErrorDetail['name'], context: 'host', fatal });
}

/** Dispatches one of the element's own events (bubbling, composed). */
export function dispatchEmbedEvent<K extends keyof PlatformEmbedEventMap>(target: EventTarget, name: K, detail: PlatformEmbedEventMap[K]['detail']): void {
  target.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
}

/** `detail` of `platform-session-renewal`. */
export interface SessionRenewalDetail {
  /** The renewal's number since the last ready (or the last renewal in place), from 1. */
  attempt: number;
  /** The embed's error payload that asked for a reload renewal; `null` for a renewal in place. */
  error: ErrorPayload | null;
  /** What started it: the embed's expiring or expired event, the page becoming visible, or the embed's error. */
  trigger: 'expiring' | 'expired' | 'visible' | 'error';
  /** `true`: renewed with `set-session`, no navigation; `false`: a load with a fresh session. */
  inPlace: boolean;
}

/** `detail` of `platform-error`: an embed error payload, or a host-side error. */
export type PlatformErrorDetail = PlatformEventDetailMap['platform-error'] | HostErrorDetail;

/** Every DOM event of `<platform-embed>` with its `detail` type. */
export type PlatformEmbedEventMap = {
  [K in keyof PlatformEventDetailMap]: CustomEvent<K extends 'platform-error' ? PlatformErrorDetail : PlatformEventDetailMap[K]>;
} & {
  'platform-event': CustomEvent<PlatformEventMessage>;
  'platform-session-renewal': CustomEvent<SessionRenewalDetail>;
};
