/** The embed messaging protocol: catalog, types, envelope helpers and value checks. */
export * from './catalog.js';
export * from './envelope.js';
export { filterMemberProblem, localeProblem, timeZoneProblem } from './values.js';
