// `npm start`: the demo. Builds the package when dist/ is missing or older
// than src/, then starts the mock platform and the demo host page on two
// different origins, prints both addresses and runs until Ctrl-C.
//
//   node scripts/start.mjs [--port 4200] [--mock-port 4100] [--no-build]
//   (or DEMO_PORT / MOCK_PORT). `--port 0` picks free ports for both servers
//   unless --mock-port is also given.
import { buildIfStale } from './build-if-stale.mjs';

function parsePort(value, name) {
  const n = Number(value);
  if (value === undefined || value === '' || !Number.isInteger(n) || n < 0 || n > 65535) {
    console.error(`${name} must be an integer from 0 to 65535.`);
    process.exit(2);
  }
  return n;
}

function parseArgs(argv) {
  const options = { demoPort: undefined, mockPort: undefined, build: true };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--port') options.demoPort = parsePort(argv[++i], '--port');
    else if (arg === '--mock-port') options.mockPort = parsePort(argv[++i], '--mock-port');
    else if (arg === '--no-build') options.build = false;
    else {
      console.error(`Unknown argument ${arg}. Usage: node scripts/start.mjs [--port 4200] [--mock-port 4100] [--no-build]`);
      process.exit(2);
    }
  }
  options.demoPort ??= process.env.DEMO_PORT ? parsePort(process.env.DEMO_PORT, 'DEMO_PORT') : 4200;
  options.mockPort ??= process.env.MOCK_PORT
    ? parsePort(process.env.MOCK_PORT, 'MOCK_PORT')
    : options.demoPort === 0 ? 0 : 4100;
  return options;
}

const options = parseArgs(process.argv.slice(2));
if (options.build) buildIfStale();

// Imported only now: the mock platform is part of the built package (dist/testing/),
// which a fresh clone has only after the build above.
const { startMockServer } = await import('../dist/testing/server.js');
const { startDemoServer } = await import('../demo/server.mjs');

/** One line that says what to do when a port is taken, instead of a stack trace. */
function portTaken(error, port, flag, what) {
  if (error?.code !== 'EADDRINUSE') return `The ${what} could not start: ${error?.message ?? error}`;
  const hint = flag === '--mock-port'
    ? ' (a mock platform such as `npx platform-embed-mock` may be running there: stop it, or leave it and'
    : ' (stop what runs there, or';
  return `Port ${port} is in use${hint} run \`npm start -- ${flag} ${port + 1}\`, or \`npm start -- --port 0\` for free ports).`;
}

let platform;
try {
  platform = await startMockServer({ port: options.mockPort, host: '127.0.0.1' });
} catch (error) {
  console.error(portTaken(error, options.mockPort, '--mock-port', 'mock platform'));
  process.exit(1);
}
let demo;
try {
  demo = await startDemoServer({ port: options.demoPort, host: '127.0.0.1', platform });
} catch (error) {
  await platform.close();
  console.error(portTaken(error, options.demoPort, '--port', 'demo server'));
  process.exit(1);
}

console.log(`Mock platform: ${platform.url}`);
console.log(`Demo:          ${demo.url}`);
console.log('Press Ctrl-C to stop.');

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await Promise.all([demo.close(), platform.close()]);
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
