// End-to-end: the SvelteKit host (docs/hosts/sveltekit/): `vite build` with
// the Node adapter and `node build`, offline, on Node 22. See ssr-host-suite.mjs.
//   npm run build && node --test test/e2e/sveltekit.e2e.mjs
import { describeSsrHost } from './ssr-host-suite.mjs';

describeSsrHost({
  name: 'SvelteKit',
  dir: 'docs/hosts/sveltekit',
  build: ['node_modules/vite/bin/vite.js', 'build'],
  start: ['build/index.js'],
  // adapter-node takes the scheme from this header (else https): the test's proxy sets it, as a TLS proxy in front of the app does.
  env: { PROTOCOL_HEADER: 'x-forwarded-proto' },
});
