// `npm test`: builds the package, type-checks, then runs every test suite —
// Node tests of the mock platform, the browser tests in Chromium (with
// coverage) and Firefox — and ends with the time each step took (a table)
// and one plain line `N passed, M failed` taken from the runners' own results.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { browserPath } from './browsers.mjs';
import { tapFailures } from './counting-reporter.mjs';
import { nodeTestArgs } from './node-test-suite.mjs';
import { stageTable } from './stage-times.mjs';

const results = 'test-results';
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** Each step's label and seconds, in the order they ran. */
const stages = [];

/** Runs one step; `name` is its TEST_ONLY name, shown with its time. */
function run(label, cmd, args, env = {}, name = null) {
  console.log(`\n=== ${label} ===`);
  const started = performance.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  stages.push({ label: name ? `${name}: ${label}` : label, seconds: (performance.now() - started) / 1000, ok: r.status === 0 });
  return r.status === 0;
}

function addCounts(label, file, ok) {
  const counts = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  if (!counts) {
    totals.failed += 1;
    failures.push(`${label}: the runner produced no results`);
    return;
  }
  totals.passed += counts.passed;
  totals.failed += counts.failed + (counts.fileErrors ?? 0);
  totals.skipped += counts.skipped ?? 0;
  if (!ok && counts.failed === 0 && !counts.fileErrors) {
    // e.g. the coverage threshold was not met: the run failed without a failing test.
    totals.failed += 1;
    failures.push(`${label}: the runner exited with an error`);
  } else if (!ok) {
    failures.push(`${label}: ${counts.failed + (counts.fileErrors ?? 0)} failed`);
    for (const name of counts.failures ?? []) failures.push(`  ${name}`);
  }
}

/** A step that is not a test suite but must pass (build, type check). */
function gate(label, cmd, args, name) {
  const ok = run(label, cmd, args, {}, name);
  if (ok) totals.passed += 1;
  else {
    totals.failed += 1;
    failures.push(`${label} failed`);
  }
  return ok;
}

function addTapCounts(label, tapFile, ok) {
  if (!existsSync(tapFile)) {
    totals.failed += 1;
    failures.push(`${label}: the runner produced no results`);
    return;
  }
  const text = readFileSync(tapFile, 'utf8');
  const num = (key) => Number(text.match(new RegExp(`^# ${key} (\\d+)$`, 'm'))?.[1] ?? 0);
  const failed = num('fail') + num('cancelled');
  totals.passed += num('pass');
  totals.failed += failed;
  totals.skipped += num('skipped');
  if (!ok) {
    failures.push(`${label}: ${failed || 'the runner'} failed`);
    if (failed === 0) totals.failed += 1;
    for (const name of tapFailures(text)) failures.push(`  ${name}`);
  }
}

const npx = (bin, ...args) => ['node', [join('node_modules', '.bin', bin), ...args]];

const only = process.env.TEST_ONLY?.split(',');
const wants = (name) => !only || only.includes(name);

if (wants('build')) gate('build', 'npm', ['run', '--silent', 'build'], 'build');
if (wants('typecheck')) gate('type check', ...npx('tsc', '--noEmit', '-p', 'tsconfig.json'), 'typecheck');
if (wants('typecheck')) gate('type check (testing kit)', ...npx('tsc', '--noEmit', '-p', 'tsconfig.testing.json'), 'typecheck');

// Node tests (mock platform, tooling) through node:test.
const nodeDir = join('test', 'node');
const nodeFiles = existsSync(nodeDir) ? readdirSync(nodeDir).filter((f) => f.endsWith('.test.mjs')) : [];
if (wants('node') && nodeFiles.length) {
  const tap = join(results, 'node.tap');
  const ok = run('node tests', 'node', [...nodeTestArgs(tap), ...nodeFiles.map((f) => join(nodeDir, f))], {}, 'node');
  addTapCounts('node tests', tap, ok);
}

const wtr = join('node_modules', '.bin', 'web-test-runner');
for (const browser of ['chromium', 'firefox']) {
  if (!wants(browser)) continue;
  browserPath(browser); // installs or explains before the runner starts
  const label = `browser tests (${browser}${browser === 'chromium' ? ', coverage' : ''})`;
  const ok = run(label, 'node', [wtr, '--config', 'web-test-runner.config.mjs'], {
    TEST_BROWSER: browser,
    TEST_COVERAGE: browser === 'chromium' ? '1' : '0',
  }, browser);
  addCounts(label, join(results, `browser-${browser}.json`), ok);
}

// Further suites (end-to-end, type fixtures, size) are listed in test-suites.mjs:
// `{ name, label, cmd, args, env?, tap? }` — `tap` is the TAP file a node:test
// suite writes, from which its counts are read; without it the suite counts as one.
const { suites } = await import('./test-suites.mjs');
for (const suite of suites) {
  if (!wants(suite.name)) continue;
  const ok = run(suite.label, suite.cmd, suite.args, suite.env, suite.name);
  if (suite.tap) addTapCounts(suite.label, suite.tap, ok);
  else if (ok) totals.passed += 1;
  else {
    totals.failed += 1;
    failures.push(`${suite.label} failed`);
  }
}

console.log('');
if (stages.length) console.log(`${stageTable('time per step of npm test', stages)}\n`);
for (const f of failures) console.log(`FAILED: ${f}`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed === 0 ? 0 : 1);
