// The testing guide's examples (docs/testing/), run from the packed package
// in an empty project with @playwright/test, as a customer runs them.
import { nodeTestSuite } from '../node-test-suite.mjs';

export const suites = [nodeTestSuite('testing-guide', 'testing guide examples from the packed package (Playwright Test, node:test)', 'test/guide/testing-guide.e2e.mjs')];
