// `npm start`: the demo. Checks its ports, builds the package when dist/ is
// missing or older than src/, then starts the mock platform and the demo host
// page on two different origins, prints both addresses and runs until Ctrl-C.
// The installed package serves the same demo with `npx platform-embed-demo`.
//
//   node scripts/start.mjs [--port 4200] [--mock-port 4100] [--no-build]
//   (or DEMO_PORT / MOCK_PORT). `--port 0` picks free ports for both servers
//   unless --mock-port is also given.
import { ensurePortsFree, parseDemoArgs, runDemo } from '../demo/run.mjs';
import { buildIfStale } from './build-if-stale.mjs';

const options = parseDemoArgs(process.argv.slice(2), 'npm start --', ['--no-build']);
// Before the build: a taken port is said at once, not after minutes of building.
await ensurePortsFree(options);
if (!options.flags.has('--no-build')) buildIfStale();
await runDemo(options);
