// The meta-framework hosts (docs/hosts/astro, sveltekit, nuxt, angular): each
// installed from its own lockfile, built offline and served by its production
// server on Node 22 (scripts/node-versions/), then Chromium and Firefox
// (test/e2e/ssr-host-suite.mjs). The SvelteKit suite also runs its README's
// from-package steps as printed (test/e2e/sveltekit-package.e2e.mjs).
// Shape: see scripts/test.mjs; `needsNode`: the suite runs on a Node of
// scripts/node-versions/, installed before the suites run side by side.
import { nodeTestSuite } from '../node-test-suite.mjs';

export const suites = [
  nodeTestSuite('angular', 'Angular SSR host (ng build, Express server, Chromium and Firefox)', 'test/e2e/angular.e2e.mjs'),
  nodeTestSuite('astro', 'Astro host (astro build, Node adapter, Chromium and Firefox)', 'test/e2e/astro.e2e.mjs'),
  nodeTestSuite('nuxt', 'Nuxt host (nuxi build, Nitro node-server, Chromium and Firefox)', 'test/e2e/nuxt.e2e.mjs'),
  nodeTestSuite(
    'sveltekit',
    'SvelteKit host (vite build, adapter-node, Chromium and Firefox; its README\'s steps from the packed package)',
    'test/e2e/sveltekit.e2e.mjs',
    'test/e2e/sveltekit-package.e2e.mjs',
  ),
].map((suite) => ({ ...suite, needsNode: true }));
