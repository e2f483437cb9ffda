// The testing guide's examples (docs/testing/), run from the packed package
// in a project made by the guide's own commands (`npm init -y`, …), as a
// customer runs them.
import { nodeTestSuite } from '../node-test-suite.mjs';

export const suites = [nodeTestSuite('testing-guide', 'testing guide examples from the packed package (Playwright Test, node:test)', 'test/guide/testing-guide.e2e.mjs')];
