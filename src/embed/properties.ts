/**
 * The public surface of `<platform-embed>`: its attributes and properties,
 * declared for Lit with their documentation, and the host actions as its
 * methods. Each method checks its arguments synchronously (a `TypeError` or
 * `RangeError`, nothing sent), updates the matching property, and hands the
 * action to the outbox, which sends it now or, before ready, at ready (see
 * outbox.ts). The element (`platform-embed.ts`, its loads in `load.ts`, its
 * rendering in `render.ts`) gives the rest behaviour; values are checked by
 * the element (see `config.ts`), never trusted as set.
 */
import { ReactiveElement } from '@lit/reactive-element';
import type { ColorScheme, EmbedTheme } from '../protocol/catalog.js';
import { buildAction } from '../protocol/envelope.js';
import { filterMemberProblem, jsonSnapshot } from '../protocol/values.js';
import * as config from './config.js';
import { DEFAULT_READY_TIMEOUT } from './config.js';
import { Outbox, stateAction, type StateKey } from './outbox.js';
import type { Checked } from './url.js';
import { DEFAULT_ALLOW, DEFAULT_REFERRER_POLICY, DEFAULT_TITLE } from './defaults.js';

export { DEFAULT_TITLE };

/** The same object set again is a change: the element compares what it sent, not identity. */
const always = () => true;
/** An object property (no attribute of Lit's: the element parses the JSON attribute itself). */
const object = { attribute: false, hasChanged: always };

export abstract class PlatformEmbedProperties extends ReactiveElement {
  /** Reactive properties, declared here rather than with decorators: no decorator code in the bundle. (`attribute: false` on the states keeps them out of the manifest.) */
  static override properties = {
    baseUrl: {},
    dashboard: {},
    path: {},
    session: {},
    sessionProvider: { attribute: false },
    sessionUrl: {},
    sessionRenewal: {},
    loading: {},
    sandbox: {},
    scheme: {},
    locale: {},
    timezone: {},
    allowExport: { type: Boolean },
    filters: object,
    theme: object,
    hide: {},
    granularities: object,
    fields: object,
    tabs: object,
    frameTitle: {},
    readyTimeout: { type: Number },
    allow: {},
    referrerPolicy: {},
    debug: { type: Boolean },
  };

  static {
    // Every attribute is its property's name in kebab case (`baseUrl` → `base-url`); the manifest
    // names them the same way (custom-elements-manifest.config.mjs). `attribute: false` stays.
    for (const [name, options] of Object.entries(this.properties)) (options as { attribute?: unknown }).attribute ??= config.kebab(name);
  }

  /** Tenant base URL; its origin is the only origin messages are accepted from and actions posted to. */
  baseUrl?: string;
  /** Dashboard public id: loads `{base}/embed/dashboard/<id>`. */
  dashboard?: string;
  /** In-embed path under `/embed/`, used when `dashboard` is not set; after ready a change navigates. */
  path?: string;
  /** Session id from the host backend, sent as the `session` query parameter. */
  session?: string;
  /**
   * Gives a fresh session id for every load that `session` does not serve (the first load without `session`,
   * `reload()`, a renewal). Replacing it never reloads: the newest one serves the next load, and a session
   * the old one made (unused, or still being made) serves no load.
   */
  sessionProvider?: () => Promise<string>;
  /**
   * A URL of the host's backend that answers `POST { dashboard }` or `{ path }` with `{ sessionId }`:
   * the element's own provider when `sessionProvider` is not set, so a page needs no script of its own.
   */
  sessionUrl?: string;
  /**
   * `auto` (default): with a provider (`sessionProvider` or `session-url`), the credential is renewed in
   * place before and when it expires, and a session problem reported by the embed is repaired with a
   * fresh session; `off` disables both.
   */
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
  /**
   * Parts of the platform's interface to hide (space-separated, or an array): `header`, `title`,
   * `back-button`, `edit-button`, `duplicate-button`, `export-menu`, `workbook-back-button`, `new-chat`,
   * `chat-input`, `chat-history`.
   * Sent on load as the platform's `show…=false` switches; a change after the load starts reloads.
   */
  hide?: string | string[];
  /**
   * Time-granularity presets: `<view>.<time dimension>` → `second`, `minute`, `hour`, `day`, `week`,
   * `month`, `quarter` or `year`, sent on load as `tg_<view>.<dimension>=<granularity>`; also settable as
   * a JSON `granularities` attribute. A change after the load starts reloads.
   */
  granularities?: Record<string, string>;
  /**
   * Field-switcher presets: `<view>.<replaced member>` → selected member (its internal name), sent on load
   * as `ms_<view>.<replaced>=<selected>`; also settable as a JSON `fields` attribute. A change after the
   * load starts reloads.
   */
  fields?: Record<string, string>;
  /**
   * The tab each tabs container opens on: `<widget id>` → `<tab id>`, sent on load as
   * `tab_<widget id>=<tab id>`; also settable as a JSON `tabs` attribute. A change after the load starts reloads.
   */
  tabs?: Record<string, string>;
  /** The iframe's accessible title; the default, `Embedded analytics`, is said in the element's language (`embedFrameTitle`). */
  frameTitle: string = DEFAULT_TITLE;
  /** Milliseconds to wait for ready after a load starts (default 20000); `0` disables. */
  readyTimeout: number = DEFAULT_READY_TIMEOUT;
  /**
   * The iframe's permissions policy; a feature without an allowlist is granted to the tenant origin.
   * A change after the load started reloads.
   */
  allow: string = DEFAULT_ALLOW;
  /** The iframe's referrer policy. A change after the load started reloads. */
  referrerPolicy: string = DEFAULT_REFERRER_POLICY;
  /** Logs every accepted and rejected message, with the reason, through `console.debug`. */
  debug = false;

  /** The checked values in use (see config.ts). */
  protected _eff: config.Effective = { filters: {}, readyTimeout: config.DEFAULT_READY_TIMEOUT };

  protected readonly _outbox = new Outbox(this);

  /** True between the embed's ready and the next load. */
  abstract readonly ready: boolean;

  /** Posts an action to the embed now. */
  protected abstract _post(type: string, payload: Record<string, unknown>): void;

  /**
   * Switches the color scheme (`platform:action:set-color-scheme`) and sets `scheme`.
   * @throws {TypeError} `scheme` is not a string. @throws {RangeError} not `light`, `dark` or `auto`.
   */
  setColorScheme(scheme: ColorScheme): void {
    this._setAuto('scheme', scheme);
  }

  /**
   * Applies a brand theme (`platform:action:set-theme`) and sets `theme` to a plain copy.
   * @throws {TypeError} `theme` is not a plain JSON object or a known field has the wrong type.
   */
  setTheme(theme: EmbedTheme): void {
    const copy = buildAction('platform:action:set-theme', theme).payload;
    this._setState('theme', copy, copy);
  }

  /**
   * Switches the UI language (`platform:action:set-locale`) and sets `locale`; `auto` means `navigator.language`.
   * @throws {TypeError} `locale` is not a string. @throws {RangeError} not a BCP 47 tag.
   */
  setLocale(locale: string): void {
    this._setAuto('locale', locale, config.checkLocale);
  }

  /**
   * Switches the time zone (`platform:action:set-timezone`) and sets `timezone`; `auto` means the viewer's own.
   * @throws {TypeError} `timezone` is not a string. @throws {RangeError} a bare UTC offset or an unknown zone.
   */
  setTimezone(timezone: string): void {
    this._setAuto('timezone', timezone, config.checkTimezone);
  }

  /**
   * Pushes one filter (`platform:action:set-filter` with `f_<member>=<JSON value>`) and updates `filters`.
   * @throws {TypeError} `member` is not a string, or `value` is not JSON (undefined, function, symbol, bigint, cycle).
   * @throws {RangeError} `member` is not `<view>.<dimension>` of identifiers, `value` is NaN/Infinity, or the
   * filters would add more than the embed URL allows (see `MAX_KEYED_LENGTH`).
   */
  setFilter(member: string, value: unknown): void {
    if (typeof member !== 'string') throw new TypeError('setFilter: member must be a string');
    const memberProblem = filterMemberProblem(member);
    if (memberProblem) throw new RangeError(`setFilter: member ${memberProblem}`);
    const copy = jsonSnapshot(value);
    if (!copy.ok) throw new (copy.kind === 'range' ? RangeError : TypeError)(`setFilter: value ${copy.reason}`);
    const filters = { ...this._eff.filters, [member]: copy.value };
    // The next load's URL carries every filter: one that would not fit there is refused now.
    const tooLong = config.keyed.filters(filters).problems[0];
    if (tooLong) throw new RangeError(`setFilter: filters ${tooLong}`);
    this.filters = this._eff.filters = filters;
    this._outbox.requestFilter(member);
  }

  /**
   * Navigates the embed (`platform:action:navigate`). It does not change `path`; `currentPath` follows the embed's events.
   * @throws {TypeError} `path` is not a string. @throws {RangeError} `path` does not start with `/`.
   */
  navigate(path: string): void {
    this._act('platform:action:navigate', { path }, 'navigate');
  }

  /**
   * Renews the embed's credential in place with a fresh session (`platform:action:set-session`): no
   * reload. Sent once, never coalesced or re-applied after a reload.
   * @throws {TypeError} `sessionId` is not a string. @throws {RangeError} `sessionId` is empty.
   */
  setSession(sessionId: string): void {
    this._act('platform:action:set-session', { sessionId });
  }

  /** Re-runs the embed's queries (`platform:action:refresh`); at most one waits before ready. */
  refresh(): void {
    this._act('platform:action:refresh', {}, 'refresh');
  }

  /**
   * Sends any `platform:action:*` action (for actions newer than this package); never coalesced.
   * @throws {TypeError} `type` is not a string or `payload` is not a plain JSON object.
   * @throws {RangeError} `type` is not `platform:action:*`, or a known action's payload has a value out of range.
   */
  sendAction(type: string, payload: Record<string, unknown> = {}): void {
    this._act(type, payload);
  }

  /** Checks an action (throwing as `buildAction` does) and sends its payload now or at ready, coalesced by `key` when given. */
  private _act(type: string, payload: Record<string, unknown>, key?: string): void {
    const copy = buildAction(type, payload).payload as Record<string, unknown>;
    this._outbox.request(key, type, () => copy);
  }

  private _setState(key: StateKey, property: unknown, effective: unknown): void {
    (this as unknown as Record<string, unknown>)[key] = property;
    (this._eff as unknown as Record<string, unknown>)[key] = effective;
    this._outbox.requestState(key);
  }

  /**
   * The current JSON value of a filter member, or `undefined` when it has none: a checked member
   * (`<view>.<dimension>`) names no `Object.prototype` member, and no value is `undefined` (JSON only).
   */
  protected _filterJson(member: string): string | undefined {
    return JSON.stringify(this._eff.filters[member]);
  }

  protected _statePayload(key: StateKey): Record<string, unknown> | undefined {
    const value = this._eff[key];
    if (value === undefined) return undefined;
    return key === 'theme' ? { ...(value as EmbedTheme) } : { [key]: value };
  }

  /** A scheme, locale or time zone: with `check`, `auto` resolves to the viewer's own; then the action's own rules check the value. */
  private _setAuto(key: Exclude<StateKey, 'theme'>, value: string, check?: (raw: unknown) => Checked<string | undefined>): void {
    const checked = value === 'auto' ? check?.(value) : undefined;
    const effective = checked?.ok ? checked.value! : value;
    buildAction(stateAction(key), { [key]: effective } as never);
    this._setState(key, value, effective);
  }
}
