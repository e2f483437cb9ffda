// End-to-end: the Angular host (docs/hosts/angular/): `ng build` (application
// builder, server output) and its Express server, offline, on Node 22. See ssr-host-suite.mjs.
//   npm run build && node --test test/e2e/angular.e2e.mjs
import { describeSsrHost } from './ssr-host-suite.mjs';
import { hosts } from './ssr-hosts.mjs';

describeSsrHost(hosts.angular);
