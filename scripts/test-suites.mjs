// Suites that `npm test` runs after the browser tests (see scripts/test.mjs):
// every `scripts/suites/*.mjs` module's `suites` (framework type fixtures),
// then the end-to-end demo test. Shape: `{ name, label, cmd, args, env?, tap? }`,
// where `tap` is the TAP file a node:test suite writes, from which its counts
// are read.
import { readdirSync } from 'node:fs';
import { nodeTestSuite } from './node-test-suite.mjs';

const more = [];
const dir = new URL('./suites/', import.meta.url);
for (const file of readdirSync(dir).filter((f) => f.endsWith('.mjs')).sort()) {
  more.push(...(await import(new URL(file, dir).href)).suites);
}

export const suites = [...more, nodeTestSuite('e2e', 'end-to-end demo and README snippets (Chromium)', 'test/e2e/demo.e2e.mjs', 'test/e2e/snippets.e2e.mjs')];
