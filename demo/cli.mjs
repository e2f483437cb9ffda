#!/usr/bin/env node
// `npx platform-embed-demo [--port 4200] [--mock-port 4100]`: the demo that
// `npm start` serves in the repository, from the installed package: the mock
// platform and the host page on two origins, until Ctrl-C.
import { ensurePortsFree, parseDemoArgs, runDemo } from './run.mjs';

const options = parseDemoArgs(process.argv.slice(2), 'npx platform-embed-demo');
await ensurePortsFree(options);
await runDemo(options);
