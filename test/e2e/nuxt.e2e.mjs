// End-to-end: the Nuxt host (docs/hosts/nuxt/): `nuxi build` and Nitro's
// node-server output, offline, on Node 22. See ssr-host-suite.mjs.
//   npm run build && node --test test/e2e/nuxt.e2e.mjs
import { describeSsrHost } from './ssr-host-suite.mjs';
import { hosts } from './ssr-hosts.mjs';

describeSsrHost(hosts.nuxt);
