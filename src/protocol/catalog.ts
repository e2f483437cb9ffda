/**
 * The embed messaging protocol as data (spec "Embed message envelope",
 * "Events", "Actions"). This one catalog drives the message validators, the
 * TypeScript types, the DOM event names and the documentation: adding an
 * event or an action is one entry here.
 */
import type { Infer, Schema } from '../schema.js';

/** The envelope discriminator; receivers check it first. */
export const MESSAGE_SOURCE = 'platform-embed';
/** Prefix of every event type (embed to host). */
export const EVENT_PREFIX = 'platform:event:';
/** Prefix of every action type (host to embed). */
export const ACTION_PREFIX = 'platform:action:';
/** Prefix of the DOM events the element dispatches. */
export const DOM_EVENT_PREFIX = 'platform-';

/** Embedded surfaces: a published dashboard, the creator-mode app, the standalone chat. */
export const surfaces = ['dashboard', 'app', 'chat'] as const;
/** Color schemes of `set-color-scheme`; `auto` follows the viewer's OS preference. */
export const colorSchemes = ['light', 'dark', 'auto'] as const;
/** How the viewer was authenticated (`mode` of the ready event). */
export const embedModes = ['signed', 'private'] as const;
/** File formats of the download event. */
export const downloadFormats = ['csv', 'xlsx', 'png', 'pdf'] as const;
/** What a download exported. */
export const downloadTargets = ['widget', 'dashboard'] as const;
/** Lifecycle stages of an AI query. */
export const aiQueryStatuses = ['submitted', 'completed', 'error'] as const;

export type Surface = (typeof surfaces)[number];
export type ColorScheme = (typeof colorSchemes)[number];
export type EmbedMode = (typeof embedModes)[number];

const str = { type: 'string' } as const;
const reqStr = { type: 'string', required: true } as const;
const num = { type: 'number' } as const;

/**
 * Every event and action type with its payload schema and a one-line doc.
 * `surfaces` lists where the spec says an event fires; it documents, it does
 * not filter (the contract accepts any known surface for any event).
 * The action `set-theme` is `open`: an `embedTheme` object whose full field
 * list the spec does not show, so fields beyond the known ones pass through.
 */
export const protocolCatalog = {
  events: {
    'platform:event:ready': {
      doc: 'The embed has authenticated and mounted (handshake); the first event of each load.',
      surfaces,
      payload: {
        embedTenant: { type: 'string', required: true, nullable: true, doc: 'embed tenant the iframe resolved to, when known' },
        deploymentId: { type: 'number', required: true, nullable: true, doc: 'deployment the embed is bound to, when known' },
        mode: { type: 'string', required: true, enum: embedModes, doc: 'how the viewer was authenticated' },
        surface: { type: 'string', required: true, enum: surfaces, doc: 'surface that mounted' },
        publicId: { ...str, doc: 'dashboard public id, dashboard surface' },
      },
    },
    'platform:event:view': {
      doc: 'A surface is viewed, on load and on each in-embed navigation.',
      surfaces,
      payload: {
        surface: { type: 'string', required: true, enum: surfaces, doc: 'surface viewed' },
        path: { ...reqStr, doc: 'in-embed route path viewed' },
        publicId: { ...str, doc: 'dashboard public id' },
        title: { ...str, doc: 'human-readable title' },
      },
    },
    'platform:event:navigate': {
      doc: 'The viewer navigated within the embed (route change).',
      surfaces,
      payload: {
        path: { ...reqStr, doc: 'new path' },
        previousPath: { ...str, doc: 'path navigated away from' },
      },
    },
    'platform:event:dashboard-loaded': {
      doc: 'All widgets of a dashboard have rendered.',
      surfaces: ['dashboard'],
      payload: {
        publicId: { ...str, doc: 'dashboard public id' },
        widgetCount: { ...num, doc: 'number of widgets' },
        loadDurationMs: { ...num, doc: 'milliseconds from mount to all widgets loaded' },
      },
    },
    'platform:event:download': {
      doc: 'The viewer exported data or an image (never the exported rows).',
      surfaces: ['dashboard'],
      payload: {
        format: { type: 'string', required: true, enum: downloadFormats, doc: 'file format produced' },
        target: { type: 'string', required: true, enum: downloadTargets, doc: 'single widget or whole dashboard' },
        widgetId: { ...str, doc: 'source widget id, when target is widget' },
        title: { ...str, doc: 'title of the exported widget or dashboard' },
        rowCount: { ...num, doc: 'rows exported, for csv and xlsx' },
      },
    },
    'platform:event:drilldown': {
      doc: 'The viewer drilled into a measure.',
      surfaces: ['dashboard'],
      payload: {
        member: { ...reqStr, doc: 'fully-qualified measure drilled into' },
        value: { type: 'unknown', doc: 'clicked value, when the click carried one' },
        widgetId: { ...str, doc: 'originating widget id' },
      },
    },
    'platform:event:ai-query': {
      doc: 'The viewer ran a natural-language query.',
      surfaces,
      payload: {
        query: { ...reqStr, doc: 'the submitted natural-language query' },
        status: { type: 'string', required: true, enum: aiQueryStatuses, doc: 'lifecycle stage' },
        chatId: { ...str, doc: 'chat or session id' },
        agentId: { ...str, doc: 'agent that answered' },
      },
    },
    'platform:event:error': {
      doc: 'The embed surfaced an error (render error, query failure, auth or session problem).',
      surfaces,
      payload: {
        message: { ...reqStr, doc: 'human-readable message' },
        name: { ...str, doc: 'error name or class' },
        context: { ...str, doc: 'where it originated' },
        fatal: { type: 'boolean', doc: 'true when the error took down the whole surface' },
      },
    },
  },
  actions: {
    'platform:action:set-color-scheme': {
      doc: 'Switch the color scheme.',
      payload: { scheme: { type: 'string', required: true, enum: colorSchemes } },
    },
    'platform:action:set-theme': {
      doc: 'Apply a brand theme (an embedTheme object) at runtime.',
      open: true,
      payload: {
        primaryColor: { ...str, doc: 'CSS color' },
        borderRadius: { type: 'unknown', doc: 'CSS length string or a number of pixels' },
        font: { ...str, doc: 'font family' },
      },
    },
    'platform:action:set-locale': {
      doc: 'Switch the UI language (BCP 47 tag).',
      payload: { locale: reqStr },
    },
    'platform:action:set-timezone': {
      doc: "Switch the time zone of the embed's queries (IANA name).",
      payload: { timezone: reqStr },
    },
    'platform:action:set-filter': {
      doc: 'Push a filter into a dashboard: f_<semantic_view>.<dimension>=<JSON>.',
      payload: { filterUrlParameter: reqStr },
    },
    'platform:action:navigate': {
      doc: 'Navigate the embed to an in-embed path.',
      payload: { path: reqStr },
    },
    'platform:action:refresh': {
      doc: "Re-run the embed's queries and refresh data.",
      payload: {},
    },
  },
} as const satisfies {
  events: Record<`${typeof EVENT_PREFIX}${string}`, { doc: string; surfaces: readonly Surface[]; payload: Schema }>;
  actions: Record<`${typeof ACTION_PREFIX}${string}`, { doc: string; open?: true; payload: Schema }>;
};

/** The event half of the catalog. */
export const eventCatalog = protocolCatalog.events;
/** The action half of the catalog. */
export const actionCatalog = protocolCatalog.actions;

type Events = typeof eventCatalog;
type Actions = typeof actionCatalog;

/** One of the eight event types the spec lists. */
export type PlatformEventType = keyof Events;
/** One of the seven action types the spec lists. */
export type PlatformActionType = keyof Actions;

/** The DOM event name of an event type: `platform:event:dashboard-loaded` → `platform-dashboard-loaded`. */
export type DomEventName<T extends string> = T extends `${typeof EVENT_PREFIX}${infer N}`
  ? `${typeof DOM_EVENT_PREFIX}${N}`
  : never;

/** The payload of a known event type. */
export type PlatformEventPayload<T extends PlatformEventType> = Infer<Events[T]['payload']>;

/** An `embedTheme`: known fields typed, further fields passed through as-is. */
export type EmbedTheme = Omit<Infer<Actions['platform:action:set-theme']['payload']>, 'borderRadius'> & {
  borderRadius?: string | number;
  [field: string]: unknown;
};

/** The payload of a known action type. */
export type PlatformActionPayload<T extends PlatformActionType> = T extends 'platform:action:set-theme'
  ? EmbedTheme
  : Infer<Actions[T]['payload']>;

export type ReadyPayload = PlatformEventPayload<'platform:event:ready'>;
export type ViewPayload = PlatformEventPayload<'platform:event:view'>;
export type NavigatePayload = PlatformEventPayload<'platform:event:navigate'>;
export type DashboardLoadedPayload = PlatformEventPayload<'platform:event:dashboard-loaded'>;
export type DownloadPayload = PlatformEventPayload<'platform:event:download'>;
export type DrilldownPayload = PlatformEventPayload<'platform:event:drilldown'>;
export type AiQueryPayload = PlatformEventPayload<'platform:event:ai-query'>;
export type ErrorPayload = PlatformEventPayload<'platform:event:error'>;

/** The DOM event names of the known events. */
export type PlatformDomEventName = DomEventName<PlatformEventType>;

/** DOM event name → `detail` type, for the eight known events. */
export type PlatformEventDetailMap = {
  [T in PlatformEventType as DomEventName<T>]: PlatformEventPayload<T>;
};

/** Every known event type, in catalog order. */
export const eventTypes = Object.keys(eventCatalog) as PlatformEventType[];
/** Every known action type, in catalog order. */
export const actionTypes = Object.keys(actionCatalog) as PlatformActionType[];

/** The DOM event name of any `platform:event:*` type. */
export function domEventName<T extends string>(type: T): DomEventName<T> {
  return (DOM_EVENT_PREFIX + type.slice(EVENT_PREFIX.length)) as DomEventName<T>;
}

const hasOwn = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);

/** True when `type` is one of the eight known event types. */
export function isKnownEventType(type: unknown): type is PlatformEventType {
  return typeof type === 'string' && hasOwn(eventCatalog, type);
}

/** True when `type` is one of the seven known action types. */
export function isKnownActionType(type: unknown): type is PlatformActionType {
  return typeof type === 'string' && hasOwn(actionCatalog, type);
}
