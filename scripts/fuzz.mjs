// `npm run fuzz`: the property-based suites of test/hardening/ at scale.
// Runs the same tests as `npm test` in headless Chromium with FUZZ_TOTAL
// (default 100000) cases spread over the seven properties and a fixed,
// printed seed (FUZZ_SEED), then prints how many cases each property ran and
// the total.
//
//   npm run fuzz                      100,000 cases in total
//   FUZZ_TOTAL=1000000 npm run fuzz   a longer run
//   FUZZ_SEED=42 npm run fuzz         another reproducible sequence
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestRunner } from '@web/test-runner';

// Outside test-results/: `npm test` clears that folder when it starts.
const report = join(tmpdir(), `platform-embed-fuzz-${process.pid}.jsonl`);
rmSync(report, { force: true });
/** Properties in the fuzz suites: 4 client operations, inbound, foreign sources, actions. */
const properties = 7;
const total = Number(process.env.FUZZ_TOTAL || 100_000);
Object.assign(process.env, {
  FUZZ_CASES: String(Math.ceil(total / properties)),
  FUZZ_SEED: process.env.FUZZ_SEED || '20240611',
  FUZZ_REPORT: report,
  TEST_BROWSER: 'chromium',
  TEST_COVERAGE: '0',
  TEST_FILES: 'test/hardening/fuzz-*.test.ts',
});
console.log(`fuzz: ${total} cases (${process.env.FUZZ_CASES} per property), seed ${process.env.FUZZ_SEED}`);

// The config reads the environment above when imported.
const { default: config } = await import('../web-test-runner.config.mjs');
const runner = await startTestRunner({
  // A long run is the point here: lift the suite-wide limit of the normal config.
  config: { ...config, testsFinishTimeout: 6 * 60 * 60 * 1000, coverage: false },
  readFileConfig: false,
  readCliArgs: false,
  autoExitProcess: false,
});

const passed = await new Promise((resolve) => runner.on('stopped', resolve));
const lines = existsSync(report) ? readFileSync(report, 'utf8').trim().split('\n').filter(Boolean) : [];
let ran = 0;
for (const line of lines) {
  const { property, cases, seed } = JSON.parse(line);
  ran += cases;
  console.log(`  ${property}: ${cases} cases (seed ${seed})`);
}
console.log(`fuzz: ${ran} cases in total; ${passed ? 'every property held' : 'a property FAILED (see the counterexample above)'}`);
rmSync(report, { force: true });
process.exit(passed ? 0 : 1);
