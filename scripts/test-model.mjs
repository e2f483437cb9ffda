// `npm run test:model -- [--runs N] [--seed S] [--mix 1|2|3] [--path P] [--replay-path R] [--verbose] [--browser chromium|firefox]`
// runs the model-based lifecycle test (test/model/) alone, in Chromium and
// Firefox (or the one browser named), with N generated sequences per browser
// (default 200, shared by the three mixes of commands, or all for the one
// `--mix`) from seed S (default: a new one, printed). The replay line a
// failure prints (`--mix`, `--runs`, `--seed`, `--path`, `--replay-path`)
// runs its shrunk sequence again; `--verbose` prints
// every sequence. The package is built first when its sources changed.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { browserPath } from './browsers.mjs';

const { values } = parseArgs({
  options: { runs: { type: 'string' }, seed: { type: 'string' }, path: { type: 'string' }, 'replay-path': { type: 'string' }, mix: { type: 'string' }, verbose: { type: 'boolean' }, browser: { type: 'string', multiple: true } },
});
const runs = Number(values.runs ?? 201);
if (!Number.isSafeInteger(runs) || runs < 1) throw new TypeError('--runs takes a positive whole number');
if (values.seed !== undefined && !/^-?\d+$/.test(values.seed)) throw new TypeError('--seed takes a whole number');
const browsers = values.browser ?? ['chromium', 'firefox'];

const build = spawnSync('node', ['scripts/build-if-stale.mjs'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

let failed = false;
for (const browser of browsers) {
  browserPath(browser);
  const started = Date.now();
  const result = spawnSync('node', [join('node_modules', '.bin', 'web-test-runner'), '--config', 'web-test-runner.config.mjs'], {
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
      // Three seconds a sequence at most, and room for shrinking a failure; the runner's page limit beyond that.
      MODEL_TIME_LIMIT: String(Math.max(240_000, runs * 3000 + 300_000)),
      TESTS_FINISH_TIMEOUT: String(Math.max(300_000, runs * 3000 + 400_000)),
    },
  });
  console.log(`model test in ${browser}: ${result.status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  failed ||= result.status !== 0;
}
process.exit(failed ? 1 : 0);
