/**
 * The options of `renderEmbed`, checked with the element's own rules
 * (`embed/config.ts`, `embed/url.ts`), so the server accepts exactly what the
 * element would load. A refused value throws a `TypeError` naming the option;
 * no message ever contains the session.
 */
import type { ColorScheme } from '../protocol/catalog.js';
import { isPlainObject } from '../schema.js';
import * as config from '../embed/config.js';
import type { Checked, TenantBase } from '../embed/url.js';

/** Options of `renderEmbed`; each is the element's attribute or property of that name. */
export interface RenderEmbedOptions {
  /** Tenant base URL (`https:`, or `http:` on localhost, 127.0.0.1 and [::1]). */
  baseUrl: string;
  /** Session id from the backend's generate-session call; required. It goes into the iframe URL only. */
  session: string;
  /** Dashboard public id: loads `{base}/embed/dashboard/<id>`. Either this or `path`. */
  dashboard?: string;
  /** In-embed path under `/embed/`, used when `dashboard` is not set. */
  path?: string;
  /** Color scheme: `light`, `dark` or `auto`; applied by the element after ready. */
  scheme?: ColorScheme;
  /** UI language (BCP 47), or `auto`: resolved in the viewer's browser and applied after ready. */
  locale?: string;
  /** IANA time zone name (put into the iframe URL), or `auto`: resolved in the viewer's browser and applied after ready. */
  timezone?: string;
  /** `<view>.<dimension>` → JSON value; each becomes `f_<view>.<dimension>=<JSON>` in the iframe URL. */
  filters?: Record<string, unknown>;
  /** Adds `allowExport=true` to the iframe URL. */
  allowExport?: boolean;
  /** Parts of the platform's interface to hide (space-separated tokens or an array); each becomes `show…=false` in the iframe URL. */
  hide?: string | string[];
  /** `<view>.<time dimension>` → granularity; each becomes `tg_<view>.<dimension>=<granularity>` in the iframe URL. */
  granularities?: Record<string, string>;
  /** `<view>.<replaced member>` → selected member; each becomes `ms_<view>.<replaced>=<selected>` in the iframe URL. */
  fields?: Record<string, string>;
  /** `<widget id>` → tab id; each becomes `tab_<widget id>=<tab id>` in the iframe URL. */
  tabs?: Record<string, string>;
  /** The iframe's `sandbox` tokens (HTML standard). */
  sandbox?: string;
  /** The iframe's accessible title; default `Embedded analytics`. */
  frameTitle?: string;
  /** The iframe's permissions policy; default `fullscreen; clipboard-write`. */
  allow?: string;
  /** The iframe's referrer policy; default `strict-origin-when-cross-origin`. */
  referrerPolicy?: string;
  /** The host's session endpoint (`session-url`): serves `reload()` and renewals after the takeover, with no script of the page's own. */
  sessionUrl?: string;
  /** `auto` (default) or `off` (`session-renewal`). */
  sessionRenewal?: 'auto' | 'off';
  /** CSP nonce for the inline script. */
  nonce?: string;
  /** Extra attributes of the element: `id`, `class`, `style`, `title`, `data-*` and `aria-*` only. */
  attributes?: Record<string, string>;
}

/** Checked options, ready to render. */
export interface CheckedOptions {
  base: TenantBase;
  baseUrl: string;
  session: string;
  dashboard?: string | undefined;
  path?: string | undefined;
  scheme?: ColorScheme | undefined;
  locale?: string | undefined;
  timezone?: string | undefined;
  filters: Record<string, unknown>;
  allowExport: boolean;
  hide: string[];
  granularities: Record<string, string>;
  fields: Record<string, string>;
  tabs: Record<string, string>;
  sandbox?: string | undefined;
  frameTitle?: string | undefined;
  allow?: string | undefined;
  referrerPolicy?: string | undefined;
  sessionUrl?: string | undefined;
  sessionRenewal?: 'auto' | 'off' | undefined;
  nonce?: string | undefined;
  attributes: [string, string][];
}

const known = new Set([
  'baseUrl', 'session', 'dashboard', 'path', 'scheme', 'locale', 'timezone', 'filters', 'allowExport', 'hide', 'granularities', 'fields', 'tabs',
  'sandbox', 'frameTitle', 'allow', 'referrerPolicy', 'sessionUrl', 'sessionRenewal', 'nonce', 'attributes',
]);

/** The extra attribute names allowed on the element: none of them can change what it loads. */
const EXTRA_ATTRIBUTE = /^(?:id|class|style|title|data-[a-z0-9_.-]+|aria-[a-z]+)$/;

const refuse = (option: string, reason: string): never => {
  throw new TypeError(`renderEmbed: ${option} ${reason}`);
};

/** The usable value of a config check, or a `TypeError` naming `option`. */
function take<T>(option: string, checked: Checked<T>): T {
  return checked.ok ? checked.value : refuse(option, checked.reason);
}

function optionalString(options: Record<string, unknown>, option: string): string | undefined {
  const value = options[option];
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : refuse(option, 'must be a string');
}

/** `auto` stays as it is: only the viewer's browser knows its language and zone. */
function autoOr(option: string, value: unknown, check: (raw: unknown) => Checked<string | undefined>): string | undefined {
  if (value === undefined) return undefined;
  if (value === 'auto') return value;
  return take(option, check(value)) ?? refuse(option, 'must not be empty');
}

/** Checks `renderEmbed`'s options; throws a `TypeError` naming the first refused one. */
export function checkOptions(input: unknown): CheckedOptions {
  if (!isPlainObject(input)) return refuse('options', 'must be an object');
  const options = input as Record<string, unknown>;
  for (const key of Object.keys(options)) if (!known.has(key)) refuse(`option "${key}"`, 'is unknown');

  const base = take('baseUrl', config.checkBaseUrl(options.baseUrl)) ?? refuse('baseUrl', 'is required');
  const session = options.session;
  if (typeof session !== 'string' || session === '') refuse('session', 'is required (a non-empty string)');
  const dashboard = take('dashboard', config.checkDashboard(options.dashboard));
  const path = take('path', config.checkPath(options.path));
  if (!dashboard && !path) refuse('dashboard', 'or path is required');

  const [filters, granularities, fields, tabs] = (['filters', 'granularities', 'fields', 'tabs'] as const).map((key) => {
    const checked = config.keyed[key](options[key]);
    return checked.problems.length ? refuse(key, checked.problems.join('; ')) : (checked.value as Record<string, string>);
  }) as [Record<string, unknown>, ...Record<string, string>[]];
  if (options.allowExport !== undefined && typeof options.allowExport !== 'boolean') refuse('allowExport', 'must be a boolean');
  const sandbox = options.sandbox === undefined ? undefined : take('sandbox', config.checkSandbox(options.sandbox));

  return {
    base,
    baseUrl: options.baseUrl as string,
    session: session as string,
    dashboard,
    path,
    scheme: take('scheme', config.checkScheme(options.scheme)),
    locale: autoOr('locale', options.locale, config.checkLocale),
    timezone: autoOr('timezone', options.timezone, config.checkTimezone),
    filters,
    granularities,
    fields,
    tabs,
    hide: take('hide', config.checkHide(options.hide)),
    allowExport: options.allowExport === true,
    sandbox,
    frameTitle: optionalString(options, 'frameTitle'),
    allow: optionalString(options, 'allow'),
    referrerPolicy: optionalString(options, 'referrerPolicy'),
    // Written as given: the viewer's browser resolves a relative URL against the page.
    sessionUrl: take('sessionUrl', config.checkSessionUrl(options.sessionUrl)),
    sessionRenewal: options.sessionRenewal === undefined ? undefined : take('sessionRenewal', config.checkSessionRenewal(options.sessionRenewal)),
    nonce: optionalString(options, 'nonce') || (options.nonce === '' ? refuse('nonce', 'must not be empty') : undefined),
    attributes: checkAttributes(options.attributes),
  };
}

function checkAttributes(raw: unknown): [string, string][] {
  if (raw === undefined) return [];
  if (!isPlainObject(raw)) return refuse('attributes', 'must be an object of attribute name → string');
  return Object.entries(raw).map(([name, value]) => {
    if (!EXTRA_ATTRIBUTE.test(name)) refuse(`attributes["${name}"]`, 'is not allowed (only id, class, style, title, data-* and aria-*)');
    if (typeof value !== 'string') refuse(`attributes["${name}"]`, 'must be a string');
    return [name, value as string];
  });
}
