// docs/testing.md's examples, run the way a customer runs them: the package
// is packed (`npm pack`) and installed with @playwright/test into an empty
// project, the example files from docs/testing/ are copied there as they
// are, and `npx playwright test` and `node --test` run in it. The guide's
// code blocks must be those files, byte for byte.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { browserPath, chromiumArgs } from '../../scripts/browsers.mjs';

const root = resolve('.');
const examples = join(root, 'docs', 'testing');
const playwrightVersion = createRequire(join(root, 'package.json'))('@playwright/test/package.json').version;
let dir;

/** Runs a command in the project; returns its combined output, failing the test with it on a non-zero exit. */
function run(cmd, args, env = {}) {
  // Without this runner's own context, a nested `node --test` runs its files instead of deferring to us.
  const { NODE_TEST_CONTEXT, ...inherited } = process.env;
  const result = spawnSync(cmd, args, { cwd: dir, encoding: 'utf8', env: { ...inherited, ...env }, timeout: 240_000 });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  assert.equal(result.status, 0, `${cmd} ${args.join(' ')} failed:\n${output.slice(-4000)}`);
  return output;
}

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'platform-embed-guide-'));
  const packed = JSON.parse(
    spawnSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], { cwd: root, encoding: 'utf8' }).stdout,
  )[0].filename;
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'host-app', private: true, type: 'module' }, null, 2));
  for (const file of readdirSync(examples)) cpSync(join(examples, file), join(dir, file));
  // The registry is reachable; what npm has cached already is taken from the cache.
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', `./${packed}`, `@playwright/test@${playwrightVersion}`]);
});

after(() => rmSync(dir, { recursive: true, force: true }));

test('every example file is quoted whole in docs/testing.md, and every quoted file exists', () => {
  const guide = readFileSync(join(root, 'docs', 'testing.md'), 'utf8');
  const quoted = [...guide.matchAll(/<!-- file: docs\/testing\/([\w.-]+) -->\n```\w*\n([\s\S]*?)```/g)];
  const files = readdirSync(examples).sort();
  assert.deepEqual(quoted.map(([, name]) => name).sort(), files);
  for (const [, name, code] of quoted) assert.equal(code, readFileSync(join(examples, name), 'utf8'), `${name} as quoted in docs/testing.md`);
});

test('the Playwright Test examples pass against the installed package', () => {
  const output = run('npx', ['playwright', 'test'], { CHROMIUM_PATH: browserPath('chromium'), CHROMIUM_ARGS: chromiumArgs.join(' '), CI: '1' });
  assert.match(output, /\b4 passed\b/);
  assert.doesNotMatch(output, /\bfailed\b|\bflaky\b/);
});

test('the node:test example passes against the installed package and exits by itself', () => {
  const output = run('node', ['--test', '--test-reporter=tap', 'session-route.test.mjs']);
  assert.match(output, /# pass 2\n# fail 0/);
});
