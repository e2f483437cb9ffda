// Finds the Chromium and Firefox binaries used by the tests, benchmarks and
// end-to-end scripts. Nothing here downloads a browser: on Debian as root the
// missing package is installed with apt-get, otherwise the error says what to
// install.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const candidates = {
  chromium: {
    env: 'CHROME_PATH',
    paths: ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'],
    apt: 'chromium',
  },
  firefox: {
    env: 'FIREFOX_PATH',
    paths: ['/usr/bin/firefox-esr', '/usr/bin/firefox'],
    apt: 'firefox-esr',
  },
};

/** Flags Chromium needs on this kind of machine (root, closed network, no GPU). */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

function find(name) {
  const { env, paths } = candidates[name];
  const fromEnv = process.env[env];
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return paths.find((p) => existsSync(p));
}

function canApt() {
  return process.platform === 'linux' && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
}

let aptUpdated = false;

/**
 * Returns the executable path of `name` ("chromium" or "firefox"), installing
 * the Debian package when it is missing and this process may do so.
 */
export function browserPath(name) {
  const found = find(name);
  if (found) return found;
  const { env, apt } = candidates[name];
  if (canApt()) {
    const opts = { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } };
    if (!aptUpdated) {
      execFileSync('apt-get', ['update', '-qq'], opts);
      aptUpdated = true;
    }
    execFileSync('apt-get', ['install', '-y', '-qq', apt], opts);
    const installed = find(name);
    if (installed) return installed;
  }
  throw new Error(
    `${name} was not found. Install it (Debian: apt-get install ${apt}) or set ${env} to its executable.`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const name of process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(candidates)) {
    console.log(`${name}: ${browserPath(name)}`);
  }
}
