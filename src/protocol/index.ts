/** The embed messaging protocol: catalog, types, envelope helpers and value checks. */
// The catalog's types, and its values by name: `eventSchemas`, the element's own event table
// (the public `protocolCatalog` without `surfaces`), stays internal.
export type * from './catalog.js';
export {
  ACTION_PREFIX,
  DOM_EVENT_PREFIX,
  EVENT_PREFIX,
  MESSAGE_SOURCE,
  actionCatalog,
  actionTypes,
  aiQueryStatuses,
  colorSchemes,
  domEventName,
  downloadFormats,
  downloadTargets,
  embedModes,
  eventCatalog,
  eventTypes,
  isKnownActionType,
  isKnownEventType,
  protocolCatalog,
  surfaces,
} from './catalog.js';
export * from './envelope.js';
export { filterMemberProblem, localeProblem, timeZoneProblem } from './values.js';
