// Suites that `npm test` runs after the browser tests (see scripts/test.mjs):
// every `scripts/suites/*.mjs` module's `suites` (framework type fixtures,
// hosts, guides, WordPress) and the end-to-end demo test. Shape:
// `{ name, label, cmd, args, env?, tap?, needsNode? }`, where `tap` is the TAP
// file a node:test suite writes, from which its counts are read.
import { readdirSync } from 'node:fs';
import { nodeTestSuite } from './node-test-suite.mjs';

const more = [];
const dir = new URL('./suites/', import.meta.url);
for (const file of readdirSync(dir).filter((f) => f.endsWith('.mjs')).sort()) {
  more.push(...(await import(new URL(file, dir).href)).suites);
}

// Suites run side by side (TEST_JOBS), so the longest start first: those that
// set up a site or install and build an app; the rest keep their order.
const longest = ['wordpress', 'angular', 'nuxt', 'nextjs', 'sveltekit', 'astro'];
const rank = (suite) => (longest.includes(suite.name) ? longest.indexOf(suite.name) : longest.length);

export const suites = [...more, nodeTestSuite('e2e', 'end-to-end demo and README snippets (Chromium)', 'test/e2e/demo.e2e.mjs', 'test/e2e/snippets.e2e.mjs')].sort((a, b) => rank(a) - rank(b));
