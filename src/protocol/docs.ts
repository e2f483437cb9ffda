/**
 * One-line documentation of every event and action type of the protocol and
 * of their payload fields. Kept apart from the catalog, in its own entry
 * (`platform-embed/protocol-docs`) for tools and docs: no browser bundle carries it.
 */
import type { PlatformActionType, PlatformEventType } from './catalog.js';

export interface ProtocolDoc {
  /** What the event or action means. */
  readonly doc: string;
  /** Payload field → what it holds. */
  readonly fields: { readonly [field: string]: string };
}

export const protocolDocs: { readonly [T in PlatformEventType | PlatformActionType]: ProtocolDoc } = {
  'platform:event:ready': {
    doc: 'The embed has authenticated and mounted (handshake); the first event of each load.',
    fields: {
      embedTenant: 'embed tenant the iframe resolved to, when known',
      deploymentId: 'deployment the embed is bound to, when known',
      mode: 'how the viewer was authenticated',
      surface: 'surface that mounted',
      publicId: 'dashboard public id, dashboard surface',
    },
  },
  'platform:event:view': {
    doc: 'A surface is viewed, on load and on each in-embed navigation.',
    fields: {
      surface: 'surface viewed',
      path: 'in-embed route path viewed',
      publicId: 'dashboard public id',
      title: 'human-readable title',
    },
  },
  'platform:event:navigate': {
    doc: 'The viewer navigated within the embed (route change).',
    fields: {
      path: 'new path',
      previousPath: 'path navigated away from',
    },
  },
  'platform:event:dashboard-loaded': {
    doc: 'All widgets of a dashboard have rendered.',
    fields: {
      publicId: 'dashboard public id',
      widgetCount: 'number of widgets',
      loadDurationMs: 'milliseconds from mount to all widgets loaded',
    },
  },
  'platform:event:download': {
    doc: 'The viewer exported data or an image (never the exported rows).',
    fields: {
      format: 'file format produced',
      target: 'single widget or whole dashboard',
      widgetId: 'source widget id, when target is widget',
      title: 'title of the exported widget or dashboard',
      rowCount: 'rows exported, for csv and xlsx',
    },
  },
  'platform:event:drilldown': {
    doc: 'The viewer drilled into a measure.',
    fields: {
      member: 'fully-qualified measure drilled into',
      value: 'clicked value, when the click carried one',
      widgetId: 'originating widget id',
    },
  },
  'platform:event:ai-query': {
    doc: 'The viewer ran a natural-language query.',
    fields: {
      query: 'the submitted natural-language query',
      status: 'lifecycle stage',
      chatId: 'chat or session id',
      agentId: 'agent that answered',
    },
  },
  'platform:event:session-expiring': {
    doc: 'The credential expires soon (a best-effort timer: it may come late, or after session-expired).',
    fields: {},
  },
  'platform:event:session-expired': {
    doc: 'The credential expired; the embed shows "Session expired" until it gets a new session.',
    fields: {},
  },
  'platform:event:error': {
    doc: 'The embed surfaced an error (render error, query failure, auth or session problem).',
    fields: {
      message: 'human-readable message',
      name: 'error name or class',
      context: 'where it originated',
      fatal: 'true when the error took down the whole surface',
    },
  },
  'platform:action:set-color-scheme': {
    doc: 'Switch the color scheme.',
    fields: { scheme: 'light, dark, or auto (follows the viewer\'s OS preference)' },
  },
  'platform:action:set-theme': {
    doc: 'Apply a brand theme (an embedTheme object) at runtime.',
    fields: {
      primaryColor: 'CSS color',
      borderRadius: 'CSS length string or a number of pixels',
      font: 'font family',
    },
  },
  'platform:action:set-locale': {
    doc: 'Switch the UI language (BCP 47 tag).',
    fields: { locale: 'BCP 47 language tag' },
  },
  'platform:action:set-timezone': {
    doc: "Switch the time zone of the embed's queries (IANA name).",
    fields: { timezone: 'IANA time zone name' },
  },
  'platform:action:set-filter': {
    doc: 'Push a filter into a dashboard: f_<semantic_view>.<dimension>=<JSON>.',
    fields: { filterUrlParameter: 'f_<semantic_view>.<dimension>=<JSON value>' },
  },
  'platform:action:navigate': {
    doc: 'Navigate the embed to an in-embed path.',
    fields: { path: 'in-embed path, starting with /' },
  },
  'platform:action:refresh': {
    doc: "Re-run the embed's queries and refresh data.",
    fields: {},
  },
  'platform:action:set-session': {
    doc: 'Renew the credential in place with a fresh session: no reload, the viewer keeps their place.',
    fields: { sessionId: 'a session from generate-session, not used before' },
  },
};
