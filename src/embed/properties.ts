/**
 * The attributes and properties of `<platform-embed>`, declared for Lit with
 * their documentation. The element (`platform-embed.ts`) gives them behaviour;
 * values are checked there (see `config.ts`), never trusted as set.
 */
import { ReactiveElement } from '@lit/reactive-element';
import type { ColorScheme, EmbedTheme } from '../protocol/catalog.js';
import { DEFAULT_READY_TIMEOUT } from './config.js';
import { DEFAULT_ALLOW, DEFAULT_REFERRER_POLICY, DEFAULT_TITLE } from './defaults.js';

export { DEFAULT_TITLE };

/** The same object set again is a change: the element compares what it sent, not identity. */
const always = () => true;

export class PlatformEmbedProperties extends ReactiveElement {
  /** Reactive properties, declared here rather than with decorators: no decorator code in the bundle. (`attribute: false` on the states keeps them out of the manifest.) */
  static override properties = {
    baseUrl: { attribute: 'base-url' },
    dashboard: {},
    path: {},
    session: {},
    sessionProvider: { attribute: false },
    sessionRenewal: { attribute: 'session-renewal' },
    loading: {},
    sandbox: {},
    scheme: {},
    locale: {},
    timezone: {},
    allowExport: { type: Boolean, attribute: 'allow-export' },
    filters: { attribute: false, hasChanged: always },
    theme: { attribute: false, hasChanged: always },
    frameTitle: { attribute: 'frame-title' },
    readyTimeout: { type: Number, attribute: 'ready-timeout' },
    allow: {},
    referrerPolicy: { attribute: 'referrer-policy' },
    debug: { type: Boolean },
  };

  /** Tenant base URL; its origin is the only origin messages are accepted from and actions posted to. */
  baseUrl?: string;
  /** Dashboard public id: loads `{base}/embed/dashboard/<id>`. */
  dashboard?: string;
  /** In-embed path under `/embed/`, used when `dashboard` is not set; after ready a change navigates. */
  path?: string;
  /** Session id from the host backend, sent as the `session` query parameter. */
  session?: string;
  /** Gives a fresh session id for every load that `session` does not serve (the first load without `session`, `reload()`, a renewal). */
  sessionProvider?: () => Promise<string>;
  /** `auto` (default): with a `sessionProvider`, a session problem reported by the embed is repaired with a fresh session; `off` disables it. */
  sessionRenewal: 'auto' | 'off' = 'auto';
  /** `eager` (default), or `lazy`: nothing is requested until the element comes within one viewport height of the visible area. */
  loading: 'eager' | 'lazy' = 'eager';
  /** The iframe's `sandbox` tokens (HTML standard); unset by default. A change reloads the iframe. */
  sandbox?: string;
  /** Color scheme: `light`, `dark` or `auto`. */
  scheme?: ColorScheme;
  /** UI language (BCP 47), or `auto` for `navigator.language`. */
  locale?: string;
  /** IANA time zone name, or `auto` for the viewer's own; never a bare UTC offset. */
  timezone?: string;
  /** Adds `allowExport=true` to the embed URL. */
  allowExport = false;
  /** `<view>.<dimension>` → value; also settable as a JSON `filters` attribute. */
  filters?: Record<string, unknown>;
  /** An `embedTheme` object; also settable as a JSON `theme` attribute. */
  theme?: EmbedTheme;
  /** The iframe's accessible title. */
  frameTitle: string = DEFAULT_TITLE;
  /** Milliseconds to wait for ready after a load starts (default 20000); `0` disables. */
  readyTimeout: number = DEFAULT_READY_TIMEOUT;
  /** The iframe's permissions policy. */
  allow: string = DEFAULT_ALLOW;
  /** The iframe's referrer policy. */
  referrerPolicy: string = DEFAULT_REFERRER_POLICY;
  /** Logs every accepted and rejected message, with the reason, through `console.debug`. */
  debug = false;

}
