// The demo's two servers (the mock platform and the host page), shared by
// `npm start` (scripts/start.mjs, which builds first) and the package's bin
// `platform-embed-demo`, which serves the same demo from the installed package.
//
//   [--port 4200] [--mock-port 4100] (or DEMO_PORT / MOCK_PORT). `--port 0`
//   picks free ports for both servers unless --mock-port is also given.
import { createServer } from 'node:net';

function parsePort(value, name) {
  const n = Number(value);
  if (value === undefined || value === '' || !Number.isInteger(n) || n < 0 || n > 65535) {
    console.error(`${name} must be an integer from 0 to 65535.`);
    process.exit(2);
  }
  return n;
}

/**
 * The ports and flags of `argv`; exits with status 2 on a bad one.
 * `command` names the command in messages (`npm start --`, `npx platform-embed-demo`);
 * `extra` lists flags the caller handles itself (`--no-build`).
 */
export function parseDemoArgs(argv, command, extra = []) {
  const options = { demoPort: undefined, mockPort: undefined, command, flags: new Set() };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--port') options.demoPort = parsePort(argv[++i], '--port');
    else if (arg === '--mock-port') options.mockPort = parsePort(argv[++i], '--mock-port');
    else if (extra.includes(arg)) options.flags.add(arg);
    else {
      console.error(`Unknown argument ${arg}. Usage: ${command} [--port 4200] [--mock-port 4100]${extra.map((f) => ` [${f}]`).join('')}`);
      process.exit(2);
    }
  }
  options.demoPort ??= process.env.DEMO_PORT ? parsePort(process.env.DEMO_PORT, 'DEMO_PORT') : 4200;
  options.mockPort ??= process.env.MOCK_PORT
    ? parsePort(process.env.MOCK_PORT, 'MOCK_PORT')
    : options.demoPort === 0 ? 0 : 4100;
  return options;
}

/** One line that says what to do when a port is taken, instead of a stack trace. */
function portTaken(error, port, flag, what, command) {
  if (error?.code !== 'EADDRINUSE') return `The ${what} could not start: ${error?.message ?? error}`;
  const hint = flag === '--mock-port'
    ? ' (a mock platform such as `npx platform-embed-mock` may be running there: stop it, or leave it and'
    : ' (stop what runs there, or';
  return `Port ${port} is in use${hint} run \`${command} ${flag} ${port + 1}\`, or \`${command} --port 0\` for free ports).`;
}

/** Resolves when `port` on 127.0.0.1 can be listened on (and frees it again); rejects with the listen error. */
function probe(port) {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
}

/**
 * Checks both fixed ports before anything slow runs (a build takes minutes):
 * on a taken one, prints the one line and exits with status 1.
 */
export async function ensurePortsFree({ demoPort, mockPort, command }) {
  for (const [port, flag, what] of [[mockPort, '--mock-port', 'mock platform'], [demoPort, '--port', 'demo server']]) {
    if (port === 0) continue;
    try {
      await probe(port);
    } catch (error) {
      console.error(portTaken(error, port, flag, what, command));
      process.exit(1);
    }
  }
}

/** Starts the mock platform and the demo page, prints both addresses, and runs until Ctrl-C or SIGTERM. */
export async function runDemo({ demoPort, mockPort, command }) {
  // Imported only now: both need the built package (dist/), which a fresh clone has only after its build.
  const { startMockServer } = await import('../dist/testing/server.js');
  const { startDemoServer } = await import('./server.mjs');

  let platform;
  try {
    platform = await startMockServer({ port: mockPort, host: '127.0.0.1' });
  } catch (error) {
    console.error(portTaken(error, mockPort, '--mock-port', 'mock platform', command));
    process.exit(1);
  }
  let demo;
  try {
    demo = await startDemoServer({ port: demoPort, host: '127.0.0.1', platform });
  } catch (error) {
    await platform.close();
    console.error(portTaken(error, demoPort, '--port', 'demo server', command));
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
}
