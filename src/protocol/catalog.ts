/**
 * The embed messaging protocol as data (spec "Embed message envelope",
 * "Events", "Actions"). This one catalog drives the message validators, the
 * TypeScript types, the DOM event names and the documentation: adding an
 * event or an action is one entry here.
 */
import { hasOwn, type Infer, type Schema } from '../schema.js';

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
 * Every event type with its payload schema (their one-line docs are in
 * `docs.ts`, which the element does not load). What the element checks: the
 * public `protocolCatalog` below adds where each event fires.
 * The session events are `open`: any object passes, kept as sent, and a
 * missing or `null` payload is taken as `{}`.
 */
export const eventSchemas = {
  'platform:event:ready': {
    payload: {
      embedTenant: { type: 'string', required: true, nullable: true },
      deploymentId: { type: 'number', required: true, nullable: true },
      mode: { type: 'string', required: true, enum: embedModes },
      surface: { type: 'string', required: true, enum: surfaces },
      publicId: str,
    },
  },
  'platform:event:view': {
    payload: {
      surface: { type: 'string', required: true, enum: surfaces },
      path: reqStr,
      publicId: str,
      title: str,
    },
  },
  'platform:event:navigate': {
    payload: {
      path: reqStr,
      previousPath: str,
    },
  },
  'platform:event:dashboard-loaded': {
    payload: {
      publicId: str,
      widgetCount: num,
      loadDurationMs: num,
    },
  },
  'platform:event:download': {
    payload: {
      format: { type: 'string', required: true, enum: downloadFormats },
      target: { type: 'string', required: true, enum: downloadTargets },
      widgetId: str,
      title: str,
      rowCount: num,
    },
  },
  'platform:event:drilldown': {
    payload: {
      member: reqStr,
      value: { type: 'unknown' },
      widgetId: str,
    },
  },
  'platform:event:ai-query': {
    payload: {
      query: reqStr,
      status: { type: 'string', required: true, enum: aiQueryStatuses },
      chatId: str,
      agentId: str,
    },
  },
  'platform:event:error': {
    payload: {
      message: reqStr,
      name: str,
      context: str,
      fatal: { type: 'boolean' },
    },
  },
  // The platform publishes no field list for these: any object passes, kept as sent (see `open`).
  'platform:event:session-expiring': { open: true, payload: {} },
  'platform:event:session-expired': { open: true, payload: {} },
} as const satisfies Record<`${typeof EVENT_PREFIX}${string}`, { open?: true; payload: Schema }>;

/**
 * Every action type with its payload schema. The action `set-theme` is
 * `open`: an `embedTheme` object whose full field list the spec does not
 * show, so fields beyond the known ones pass through.
 */
export const actionCatalog = {
  'platform:action:set-color-scheme': {
    payload: { scheme: { type: 'string', required: true, enum: colorSchemes } },
  },
  'platform:action:set-theme': {
    open: true,
    payload: {
      primaryColor: str,
      borderRadius: { type: 'unknown' },
      font: str,
    },
  },
  'platform:action:set-locale': {
    payload: { locale: reqStr },
  },
  'platform:action:set-timezone': {
    payload: { timezone: reqStr },
  },
  'platform:action:set-filter': {
    payload: { filterUrlParameter: reqStr },
  },
  'platform:action:navigate': {
    payload: { path: reqStr },
  },
  'platform:action:refresh': {
    payload: {},
  },
  'platform:action:set-session': {
    payload: { sessionId: reqStr },
  },
} as const satisfies Record<`${typeof ACTION_PREFIX}${string}`, { open?: true; payload: Schema }>;

const dashboardOnly = ['dashboard'] as const;
/** The events the spec says fire on a dashboard only; every other fires on every surface. */
const dashboardEvents = ['platform:event:dashboard-loaded', 'platform:event:download', 'platform:event:drilldown'] as const;
/** Each event of `eventSchemas` with its `surfaces`. */
type PublicEvents = {
  readonly [T in keyof typeof eventSchemas]: {
    readonly surfaces: T extends (typeof dashboardEvents)[number] ? typeof dashboardOnly : typeof surfaces;
  } & (typeof eventSchemas)[T];
};

/**
 * `eventSchemas` with each event's `surfaces` first. A function called with a pure annotation,
 * so that the embed-only bundle, which never reads `protocolCatalog`, drops it.
 */
function withSurfaces(): PublicEvents {
  return Object.fromEntries(
    Object.entries(eventSchemas).map(([type, entry]) => [type, { surfaces: (dashboardEvents as readonly string[]).includes(type) ? dashboardOnly : surfaces, ...entry }]),
  ) as PublicEvents;
}

/**
 * The whole protocol as data: every event with the surfaces it fires on and
 * its payload schema, every action with its payload schema.
 * `surfaces` lists where the spec says an event fires; it documents, it does
 * not filter (the contract accepts any known surface for any event), so the
 * element never reads it: with nothing else here, its bundle leaves this out.
 */
export const protocolCatalog = {
  events: /* @__PURE__ */ withSurfaces(),
  actions: actionCatalog,
} as const satisfies {
  events: Record<`${typeof EVENT_PREFIX}${string}`, { surfaces: readonly Surface[]; open?: true; payload: Schema }>;
  actions: Record<`${typeof ACTION_PREFIX}${string}`, { open?: true; payload: Schema }>;
};

/** The event half of the catalog. */
export const eventCatalog = protocolCatalog.events;

type Events = typeof eventSchemas;
type Actions = typeof actionCatalog;

/** One of the event types the spec lists. */
export type PlatformEventType = keyof Events;
/** One of the action types the spec lists. */
export type PlatformActionType = keyof Actions;

/** The DOM event name of an event type: `platform:event:dashboard-loaded` → `platform-dashboard-loaded`. */
export type DomEventName<T extends string> = T extends `${typeof EVENT_PREFIX}${infer N}`
  ? `${typeof DOM_EVENT_PREFIX}${N}`
  : never;

/** The payload of a known event type. */
export type PlatformEventPayload<T extends PlatformEventType> = Events[T] extends { open: true }
  ? Record<string, unknown>
  : Infer<Events[T]['payload']>;

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
/** The payload of `session-expiring` and `session-expired`: the platform lists no fields. */
export type SessionEventPayload = Record<string, unknown>;

/** The DOM event names of the known events. */
export type PlatformDomEventName = DomEventName<PlatformEventType>;

/** DOM event name → `detail` type, for the known events. */
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

/** True when `type` is one of the known event types. */
export function isKnownEventType(type: unknown): type is PlatformEventType {
  return typeof type === 'string' && hasOwn(eventSchemas, type);
}

/** True when `type` is one of the known action types. */
export function isKnownActionType(type: unknown): type is PlatformActionType {
  return typeof type === 'string' && hasOwn(actionCatalog, type);
}
