// The Next.js App Router host (docs/hosts/nextjs/): `next build` and
// `next start` offline against the mock platform, then Chromium.
// Shape: see scripts/test.mjs.
import { nodeTestSuite } from '../node-test-suite.mjs';

export const suites = [nodeTestSuite('nextjs', 'Next.js App Router host (next build, next start, Chromium)', 'test/e2e/nextjs.e2e.mjs')];
