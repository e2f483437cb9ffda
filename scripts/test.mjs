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
import { extraMajors, nodeBinary } from './node-versions.mjs';
import { inParallel, logDir, runLogged } from './side-by-side.mjs';
import { stageTable } from './stage-times.mjs';

const results = 'test-results';
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** Each step's label and seconds, in the order they ran. */
const stages = [];
const begun = performance.now();
const jobs = Math.max(1, Number(process.env.TEST_JOBS) || 2);
const logs = logDir(results);

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

/**
 * Runs one step side by side with others (at most TEST_JOBS at a time, default
 * 2): its output goes to test-results/logs/ and is printed whole when it ends.
 * With TEST_JOBS=1 it runs as run() does, its output live.
 */
async function runBeside(label, cmd, args, env = {}, name = label) {
  if (jobs === 1) return run(label, cmd, args, env, name);
  const file = join(logs, `${label.replace(/\W+/g, '-').replace(/^-|-$/g, '')}.log`);
  const { ok, seconds } = await runLogged(label, file, cmd, args, env);
  stages.push({ label: `${name}: ${label} (side by side)`, seconds, ok });
  return ok;
}

/** Counts a step that is not a test suite but must pass (build, type check). */
function countGate(label, ok) {
  if (ok) totals.passed += 1;
  else {
    totals.failed += 1;
    failures.push(`${label} failed`);
  }
  return ok;
}

/** A step that is not a test suite but must pass (build, type check). */
function gate(label, cmd, args, name) {
  return countGate(label, run(label, cmd, args, {}, name));
}

/** gate() side by side with others (see runBeside). */
async function gateBeside(label, cmd, args, name) {
  return countGate(label, await runBeside(label, cmd, args, {}, name));
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

const built = wants('build') && gate('build', 'npm', ['run', '--silent', 'build'], 'build');

// The type check and the Node tests both read the built dist/ (the type
// fixtures import the package by name) and change nothing: they run side by
// side. The build's own `tsc -p tsconfig.testing.json` is the testing kit's
// type check, with the same options, so a passing build has done that one.
const checking = (async () => {
  if (!wants('typecheck')) return;
  await gateBeside('type check', ...npx('tsc', '--noEmit', '-p', 'tsconfig.json'), 'typecheck');
  if (built) {
    console.log('\n=== type check (testing kit) ===\npassed: the build compiled tsconfig.testing.json with the same options');
    totals.passed += 1;
  } else gate('type check (testing kit)', ...npx('tsc', '--noEmit', '-p', 'tsconfig.testing.json'), 'typecheck');
})();

// Node tests (mock platform, tooling) through node:test.
const nodeDir = join('test', 'node');
const nodeFiles = existsSync(nodeDir) ? readdirSync(nodeDir).filter((f) => f.endsWith('.test.mjs')) : [];
const nodeTests = (async () => {
  if (!wants('node') || !nodeFiles.length) return;
  const tap = join(results, 'node.tap');
  const ok = await runBeside('node tests', 'node', [...nodeTestArgs(tap), ...nodeFiles.map((f) => join(nodeDir, f))], {}, 'node');
  addTapCounts('node tests', tap, ok);
})();
await Promise.all([checking, nodeTests]);

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

// Further suites (end-to-end, type fixtures, framework hosts) are listed in
// test-suites.mjs: `{ name, label, cmd, args, env?, tap? }` — `tap` is the TAP
// file a node:test suite writes, from which its counts are read; without it
// the suite counts as one. They run TEST_JOBS at a time (default 2), the
// longest first; the Node majors several of them run on are installed before.
const { suites } = await import('./test-suites.mjs');
const chosen = suites.filter((suite) => wants(suite.name));
if (jobs > 1 && chosen.length > 1 && chosen.some((suite) => suite.needsNode)) {
  const started = performance.now();
  console.log(`\n=== Node ${extraMajors.join(' and ')} for the suites (scripts/node-versions/) ===`);
  let ok = true;
  try {
    for (const major of extraMajors) console.log(`Node ${major}: ${nodeBinary(major)}`);
  } catch (error) {
    ok = false;
    console.log(error.message);
  }
  stages.push({ label: `Node ${extraMajors.join(' and ')} installed for the suites`, seconds: (performance.now() - started) / 1000, ok });
}
await inParallel(chosen, jobs, async (suite) => {
  const ok = await runBeside(suite.label, suite.cmd, suite.args, suite.env, suite.name);
  if (suite.tap) addTapCounts(suite.label, suite.tap, ok);
  else countGate(suite.label, ok);
});

console.log('');
if (stages.length) console.log(`${stageTable('time per step of npm test', stages, (performance.now() - begun) / 1000)}\n`);
for (const f of failures) console.log(`FAILED: ${f}`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed === 0 ? 0 : 1);
