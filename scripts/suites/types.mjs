// The framework type fixtures (test/types/): tsc, vue-tsc and svelte-check
// over correct and wrong usages of both elements. Shape: see scripts/test.mjs.
export const suites = [
  {
    name: 'types',
    label: 'framework type fixtures',
    cmd: 'node',
    args: [
      '--test',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=tap',
      '--test-reporter-destination=test-results/types.tap',
      'test/types/types.test.mjs',
    ],
    tap: 'test-results/types.tap',
  },
];
