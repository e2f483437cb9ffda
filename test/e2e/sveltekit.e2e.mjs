// End-to-end: the SvelteKit host (docs/hosts/sveltekit/): `vite build` with
// the Node adapter and `node build`, offline, on Node 22. See ssr-host-suite.mjs.
//   npm run build && node --test test/e2e/sveltekit.e2e.mjs
import { describeSsrHost } from './ssr-host-suite.mjs';
import { hosts } from './ssr-hosts.mjs';

describeSsrHost(hosts.sveltekit);
