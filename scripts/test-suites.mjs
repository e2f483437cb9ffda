// Suites that `npm test` runs after the browser tests (see scripts/test.mjs).
export const suites = [];
