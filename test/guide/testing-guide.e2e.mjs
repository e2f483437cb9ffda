// docs/testing.md's examples, run the way a customer runs them: from an empty
// folder, the guide's own setup commands (`npm init -y`, …; read from its
// markdown, with the packed package in place of the registry's), the example
// files from docs/testing/ saved there as they are, and the guide's own run
// commands. The guide's code blocks must be those files, byte for byte.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { browserPath } from '../../scripts/browsers.mjs';
import { freePort } from '../e2e/helpers.mjs';
import { fromTarball, guideCommands } from './commands.mjs';

const root = resolve('.');
const guide = join(root, 'docs', 'testing.md');
const examples = join(root, 'docs', 'testing');
const commands = guideCommands(guide);
let dir;

/** Runs a printed command line in the project with `sh`; returns its output, failing the test with it on a non-zero exit. */
function sh(line) {
  // Without this runner's own context, a nested `node --test` runs its files instead of deferring to us.
  const { NODE_TEST_CONTEXT, ...env } = process.env;
  const result = spawnSync('sh', ['-c', line], { cwd: dir, encoding: 'utf8', env, timeout: 240_000 });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  assert.equal(result.status, 0, `${line} failed:\n${output.slice(-4000)}`);
  return output;
}

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'host-app-'));
  const packed = JSON.parse(
    spawnSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], { cwd: root, encoding: 'utf8' }).stdout,
  )[0].filename;
  // The folder holds only the tarball, as a customer's holds nothing yet: the guide's commands make the project.
  for (const line of commands.setup) sh(fromTarball(line, `./${packed}`));
  for (const file of readdirSync(examples)) cpSync(join(examples, file), join(dir, file));
});

after(() => rmSync(dir, { recursive: true, force: true }));

test('the guide prints its setup and run commands, starting from npm init -y', () => {
  assert.equal(commands.setup[0], 'npm init -y');
  assert.ok(commands.setup.some((line) => /^npm install .*\bplatform-embed\b.*@playwright\/test|^npm install .*@playwright\/test.*\bplatform-embed\b/.test(line)));
  assert.equal(commands.playwright.length, 1);
  assert.match(commands.playwright[0], /^CHROMIUM_PATH=\S+ npx playwright test$/);
  assert.deepEqual(commands['node-test'], ['node --test']);
  // The project is what those commands made, not something this test wrote.
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  assert.equal(pkg.type, 'module');
  assert.ok(pkg.dependencies['platform-embed'] && pkg.dependencies['@playwright/test']);
});

test('every example file is quoted whole in docs/testing.md, and every quoted file exists', () => {
  const text = readFileSync(guide, 'utf8');
  const quoted = [...text.matchAll(/<!-- file: docs\/testing\/([\w.-]+) -->\n```\w*\n([\s\S]*?)```/g)];
  const files = readdirSync(examples).sort();
  assert.deepEqual(quoted.map(([, name]) => name).sort(), files);
  for (const [, name, code] of quoted) assert.equal(code, readFileSync(join(examples, name), 'utf8'), `${name} as quoted in docs/testing.md`);
  // Each file is quoted before a file that imports it is, so a reader never meets an unknown import.
  const order = quoted.map(([, name]) => name);
  for (const [, name, code] of quoted) {
    for (const [, imported] of code.matchAll(/from '\.\/([\w.-]+?)(?:\.js)?'/g)) {
      const i = order.findIndex((n) => n === imported || n.replace(/\.ts$/, '') === imported);
      assert.ok(i !== -1 && i < order.indexOf(name), `${name} imports ./${imported}, quoted later or not at all`);
    }
  }
});

test('the Playwright Test examples pass with the command the guide prints, no browser downloaded', () => {
  // The guide names Debian's path; a machine whose Chromium is elsewhere runs the same command with its own.
  const output = sh(commands.playwright[0].replace(/^CHROMIUM_PATH=\S+/, `CHROMIUM_PATH=${browserPath('chromium')}`));
  assert.match(output, /\b4 passed\b/);
  assert.doesNotMatch(output, /\bfailed\b|\bflaky\b/);
});

test('the node:test example passes with the command the guide prints, and exits by itself', () => {
  const output = sh(commands['node-test'][0]);
  assert.match(output, /\bpass 3\b/);
  assert.match(output, /\bfail 0\b/);
});

test('the examples take the ports the guide documents (MOCK_PORT, APP_PORT) and use them', async () => {
  const text = readFileSync(guide, 'utf8');
  assert.match(text, /`MOCK_PORT=\d+ APP_PORT=\d+`/, 'the guide names the two variables');
  // Free ports: the examples pass on them.
  const [mockPort, appPort] = [await freePort(), await freePort()];
  const ok = sh(`MOCK_PORT=${mockPort} APP_PORT=${appPort} ${commands['node-test'][0]}`);
  assert.match(ok, /\bpass 3\b/);
  // Playwright's workers each add their index to those ports.
  const playwright = commands.playwright[0].replace(/^CHROMIUM_PATH=\S+/, `CHROMIUM_PATH=${browserPath('chromium')}`);
  const specs = sh(`MOCK_PORT=${mockPort} APP_PORT=${appPort} ${playwright}`);
  assert.match(specs, /\b4 passed\b/);
  // A port that is taken: each variable reaches its server, which says so.
  for (const name of ['MOCK_PORT', 'APP_PORT']) {
    const taken = createServer();
    await new Promise((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const { NODE_TEST_CONTEXT, ...env } = process.env;
      const result = spawnSync('sh', ['-c', `${name}=${taken.address().port} ${commands['node-test'][0]}`], { cwd: dir, encoding: 'utf8', env, timeout: 120_000 });
      assert.notEqual(result.status, 0, `${name} names the port the example listens on`);
      assert.match(`${result.stdout}${result.stderr}`, new RegExp(String(taken.address().port)));
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  }
});
