// `npm start`: the demo. Builds the package when dist/ is missing or older
// than src/, then starts the mock platform and the demo host page on two
// different origins, prints both addresses and runs until Ctrl-C.
//
//   node scripts/start.mjs [--port 4200] [--mock-port 4100] [--no-build]
//   (or DEMO_PORT / MOCK_PORT). `--port 0` picks free ports for both servers
//   unless --mock-port is also given.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMockPlatform } from '../mock/server.mjs';
import { startDemoServer } from '../demo/server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const bundle = join(root, 'dist', 'platform-embed.min.js');

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

/** Newest modification time under `dir`, in ms. */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

function buildIfStale() {
  const stale = !existsSync(bundle) || statSync(bundle).mtimeMs < newest(join(root, 'src'));
  if (!stale) return;
  // Build chatter goes to stderr, so stdout carries only the addresses printed below.
  console.error('Building the package (dist/ is missing or older than src/)…');
  const result = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: ['ignore', process.stderr, 'inherit'] });
  if (result.status !== 0) {
    console.error('The build failed; fix it or run with --no-build to serve the existing dist/.');
    process.exit(result.status ?? 1);
  }
}

const options = parseArgs(process.argv.slice(2));
if (options.build) buildIfStale();

const platform = await startMockPlatform({ port: options.mockPort, host: '127.0.0.1' });
let demo;
try {
  demo = await startDemoServer({ port: options.demoPort, host: '127.0.0.1', platform });
} catch (error) {
  await platform.close();
  console.error(`The demo server could not start: ${error.message}`);
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
