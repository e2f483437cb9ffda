// `npm run test:model -- [--runs N] [--seed S] [--mix 1|2|3] [--path P] [--replay-path R] [--verbose] [--browser chromium|firefox] [--stress N]`
// runs the model-based lifecycle test (test/model/) alone, in Chromium and
// Firefox (or the one browser named), with N generated sequences per browser
// (default 200, shared by the three mixes of commands, or all for the one
// `--mix`) from seed S (default: a new one, printed). The replay line a
// failure prints (`--mix`, `--runs`, `--seed`, `--path`, `--replay-path`)
// runs its shrunk sequence again; `--verbose` prints
// every sequence; `--stress N` keeps N busy threads spinning beside it for the
// whole run (CPU pressure: the verdicts must not change). The package is built
// first when its sources changed.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { browserPath } from './browsers.mjs';

const { values } = parseArgs({
  options: { runs: { type: 'string' }, seed: { type: 'string' }, path: { type: 'string' }, 'replay-path': { type: 'string' }, mix: { type: 'string' }, verbose: { type: 'boolean' }, browser: { type: 'string', multiple: true }, stress: { type: 'string' } },
});
const runs = Number(values.runs ?? 201);
if (!Number.isSafeInteger(runs) || runs < 1) throw new TypeError('--runs takes a positive whole number');
if (values.seed !== undefined && !/^-?\d+$/.test(values.seed)) throw new TypeError('--seed takes a whole number');
const browsers = values.browser ?? ['chromium', 'firefox'];
const stress = Number(values.stress ?? 0);
if (!Number.isSafeInteger(stress) || stress < 0) throw new TypeError('--stress takes a whole number of busy threads');

const build = spawnSync('node', ['scripts/build-if-stale.mjs'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

// Busy threads, each spinning until the run ends.
const spinners = Array.from({ length: stress }, () => new Worker('for (;;);', { eval: true }));
if (stress) console.log(`model: ${stress} busy thread${stress === 1 ? '' : 's'} spinning beside the run`);

/** Milliseconds a sequence may take: busy threads slow everything down. */
const perRun = stress ? 8000 : 3000;

let failed = false;
for (const browser of browsers) {
  browserPath(browser);
  const started = Date.now();
  const result = await run('node', [join('node_modules', '.bin', 'web-test-runner'), '--config', 'web-test-runner.config.mjs'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      TEST_BROWSER: browser,
      TEST_COVERAGE: '0',
      TEST_FILES: 'test/model/**/*.test.ts',
      MODEL_RUNS: String(runs),
      ...(values.seed !== undefined ? { MODEL_SEED: values.seed } : {}),
      ...(values.path !== undefined ? { MODEL_PATH: values.path } : {}),
      ...(values['replay-path'] !== undefined ? { MODEL_REPLAY_PATH: values['replay-path'] } : {}),
      ...(values.mix !== undefined ? { MODEL_MIX: values.mix } : {}),
      ...(values.verbose ? { MODEL_VERBOSE: '1' } : {}),
      // A few seconds a sequence at most (more under stress), and room for shrinking a failure; the runner's page limit beyond that.
      MODEL_TIME_LIMIT: String(Math.max(240_000, runs * perRun + 300_000)),
      TESTS_FINISH_TIMEOUT: String(Math.max(300_000, runs * perRun + 400_000)),
    },
  });
  console.log(`model test in ${browser}: ${result.status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  failed ||= result.status !== 0;
}
await Promise.all(spinners.map((spinner) => spinner.terminate()));
process.exit(failed ? 1 : 0);

/** Runs a command with the output shown (asynchronously: the busy threads are stopped only once it ends). */
function run(command, args, options) {
  return new Promise((resolve) => spawn(command, args, options).on('exit', (status) => resolve({ status })));
}
