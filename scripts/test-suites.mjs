// Suites that `npm test` runs after the browser tests (see scripts/test.mjs):
// the end-to-end demo test here, and every `scripts/suites/*.mjs` module's
// `suites` (type fixtures, size budgets). Shape: `{ name, label, cmd, args,
// env?, tap? }`, where `tap` is the TAP file a node:test suite writes, from
// which its counts are read.
import { readdirSync } from 'node:fs';

const e2e = {
  name: 'e2e',
  label: 'end-to-end demo (Chromium)',
  cmd: 'node',
  args: [
    '--test',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=tap',
    '--test-reporter-destination=test-results/e2e.tap',
    'test/e2e/demo.e2e.mjs',
  ],
  tap: 'test-results/e2e.tap',
};

const more = [];
const dir = new URL('./suites/', import.meta.url);
for (const file of readdirSync(dir).filter((f) => f.endsWith('.mjs')).sort()) {
  more.push(...(await import(new URL(file, dir).href)).suites);
}

export const suites = [...more, e2e];
