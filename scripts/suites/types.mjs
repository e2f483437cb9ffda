// The framework type fixtures (test/types/): tsc, vue-tsc and svelte-check
// over correct and wrong usages of both elements. Shape: see scripts/test.mjs.
import { nodeTestSuite } from '../node-test-suite.mjs';

export const suites = [nodeTestSuite('types', 'framework type fixtures', 'test/types/types.test.mjs')];
