/**
 * Host-side errors of `<platform-embed>`. They reach the page as
 * `platform-error` events with `context: "host"`; `whenReady()` rejects with
 * the fatal ones.
 */
import type { ErrorPayload } from '../protocol/catalog.js';

/** An invalid attribute or property value; the value is ignored, never sent or loaded. */
export class ConfigError extends Error {
  /** The attribute (or property-only name) holding the invalid value. */
  readonly attribute: string;

  constructor(attribute: string, message: string) {
    super(message);
    this.name = 'ConfigError';
    this.attribute = attribute;
  }
}

/** No `platform:event:ready` arrived within `readyTimeout` milliseconds of a load start. */
export class ReadyTimeoutError extends Error {
  /** The timeout that elapsed, in milliseconds. */
  readonly timeout: number;

  constructor(timeout: number) {
    super(`The embed did not become ready within ${timeout} ms.`);
    this.name = 'ReadyTimeoutError';
    this.timeout = timeout;
  }
}

/**
 * `sessionProvider` rejected or returned no session id, or session renewal
 * gave up. The message never holds a session; the provider's own error, when
 * there is one, is `cause`.
 */
export class SessionError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SessionError';
  }
}

/**
 * The embed reported a fatal error (`platform:event:error` with `fatal: true`)
 * that no session renewal repaired: the load ended. `message` is the embed's own.
 */
export class EmbedError extends Error {
  /** The embed's error payload. */
  readonly detail: ErrorPayload;

  constructor(detail: ErrorPayload) {
    super(detail.message);
    this.name = 'EmbedError';
    this.detail = detail;
  }
}

/** The `detail` of a host-side `platform-error` event. */
export interface HostErrorDetail {
  message: string;
  name: 'ConfigError' | 'ReadyTimeoutError' | 'SessionError';
  context: 'host';
  fatal: boolean;
}
