// Running the shell commands a guide prints (test/guide/commands.mjs reads
// them from its markdown): a line run to its end, a long-running line started
// in its own process group, and the printed mock on a free port. The one change
// to a printed line: `npm install platform-embed` installs the packed tarball
// (fromTarball) in place of the registry's.
import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { browserPath, chromiumArgs } from '../../scripts/browsers.mjs';
import { fromTarball } from '../guide/commands.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The environment of a printed command: the test runner's, without node:test's own marker. */
function inheritedEnv(env = process.env) {
  const { NODE_TEST_CONTEXT, ...rest } = env;
  return rest;
}

/**
 * Runs a printed command to its end in `cwd` with `sh`; fails the test with its
 * output otherwise. `env` replaces the inherited environment (e.g. with another Node first on PATH).
 */
export function runPrinted(cwd, line, tarball, env = process.env) {
  const result = spawnSync('sh', ['-c', fromTarball(line, tarball)], { cwd, env: inheritedEnv(env), encoding: 'utf8', timeout: 300_000 });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  assert.equal(result.status, 0, `${line} failed:\n${output.slice(-4000)}`);
  return output;
}

/**
 * Starts the printed long-running commands of one test, each in its own process
 * group so that `stopAll()` ends the whole tree (sh, npx, node).
 */
export function printedProcesses() {
  const children = new Set();
  return {
    /** Starts `line` in `cwd`; resolves with the first match of `ready` in its output. */
    start(cwd, line, env, ready, base = process.env) {
      const child = spawn('sh', ['-c', line], { cwd, env: { ...inheritedEnv(base), ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
      children.add(child);
      let output = '';
      return new Promise((ok, fail) => {
        const timer = setTimeout(() => fail(new Error(`${line}: not ready within 120 s:\n${output.slice(-3000)}`)), 120_000);
        const read = (chunk) => {
          output += chunk;
          const match = ready.exec(output);
          if (match) {
            clearTimeout(timer);
            ok({ match, output: () => output });
          }
        };
        child.stdout.on('data', read);
        child.stderr.on('data', (chunk) => (output += chunk));
        child.once('exit', (code) => {
          clearTimeout(timer);
          fail(new Error(`${line} exited with ${code}:\n${output.slice(-3000)}`));
        });
      });
    },
    /** The printed mock command on a free port; resolves with its URL and output. */
    async startMock(cwd, line, base = process.env) {
      assert.match(line, /^npx platform-embed-mock\b/);
      const command = line.replace(/^npx platform-embed-mock/, 'npx platform-embed-mock --port 0');
      const mock = await this.start(cwd, command, {}, /^\s*PLATFORM_URL=(\S+) PLATFORM_API_KEY=(\S+) node server\.mjs$/m, base);
      const [, url, key] = mock.match;
      assert.equal(key, 'mock-key-acme-admin-7f3c9a2e', 'the packaged mock takes the documented local key');
      return { url, output: mock.output };
    },
    stopAll() {
      for (const child of children) {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          // Already gone.
        }
      }
    },
  };
}

/**
 * Registers the test file's `before` and `after`: a scratch folder holding the
 * packed package (`npm pack`), Chromium, and the printed processes; all gone
 * after. Returns them, filled in once `before` ran.
 * @param {string} prefix the scratch folder's name prefix
 */
export function packedScratch(prefix) {
  const scratch = { work: '', tarball: '', browser: null, processes: printedProcesses() };
  before(async () => {
    scratch.work = mkdtempSync(join(tmpdir(), prefix));
    const packed = JSON.parse(spawnSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', scratch.work], { cwd: root, encoding: 'utf8' }).stdout)[0].filename;
    scratch.tarball = join(scratch.work, packed);
    scratch.browser = await chromium.launch({ executablePath: browserPath('chromium'), args: chromiumArgs, headless: true });
  });
  after(async () => {
    await scratch.browser?.close();
    scratch.processes.stopAll();
    if (scratch.work) rmSync(scratch.work, { recursive: true, force: true });
  });
  return scratch;
}
