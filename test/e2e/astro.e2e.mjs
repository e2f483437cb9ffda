// End-to-end: the Astro host (docs/hosts/astro/): `astro build` and the Node
// adapter's standalone server, offline, on Node 22. See ssr-host-suite.mjs.
//   npm run build && node --test test/e2e/astro.e2e.mjs
import { describeSsrHost } from './ssr-host-suite.mjs';
import { hosts } from './ssr-hosts.mjs';

describeSsrHost(hosts.astro);
