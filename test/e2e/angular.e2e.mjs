// End-to-end: the Angular host (docs/hosts/angular/): `ng build` (application
// builder, server output) and its Express server, offline, on Node 22. See
// ssr-host-suite.mjs.
//   npm run build && node --test test/e2e/angular.e2e.mjs
import { describeSsrHost } from './ssr-host-suite.mjs';

describeSsrHost({
  name: 'Angular',
  dir: 'docs/hosts/angular',
  build: ['node_modules/@angular/cli/bin/ng.js', 'build'],
  start: ['dist/angular-host/server/server.mjs'],
});
