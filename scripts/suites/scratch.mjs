// The README quick start and the Next.js page in new `npm init -y` projects,
// from the packed package, with the commands the guides print.
import { nodeTestSuite } from '../node-test-suite.mjs';

export const suites = [nodeTestSuite('scratch', 'guides in a new npm init -y project (quick start, Next.js)', 'test/e2e/scratch.e2e.mjs')];
