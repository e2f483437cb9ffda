// The closing summary of `npm test` names each failed test: a CI log's tail is
// often all one sees of a failed run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { countingReporter, tapFailures } from '../../scripts/counting-reporter.mjs';

test('the browser reporter counts a run and names each failed test with its suites and first error line', () => {
  const dir = mkdtempSync(join(tmpdir(), 'summary-'));
  try {
    const out = join(dir, 'counts.json');
    countingReporter(out).onTestRunFinished({
      sessions: [
        {
          testFile: join(process.cwd(), 'test/embed/a.test.ts'),
          passed: false,
          testResults: {
            tests: [],
            suites: [
              {
                name: 'outer',
                tests: [
                  { name: 'works', passed: true },
                  { name: 'breaks', passed: false, error: { message: 'AssertionError: expected 1\nstack line' } },
                  { name: 'skipped', skipped: true },
                ],
                suites: [],
              },
            ],
          },
        },
        { testFile: join(process.cwd(), 'test/embed/b.test.ts'), passed: false, errors: [{ message: 'SyntaxError: x' }] },
      ],
    });
    const counts = JSON.parse(readFileSync(out, 'utf8'));
    assert.deepEqual(
      { passed: counts.passed, failed: counts.failed, skipped: counts.skipped, fileErrors: counts.fileErrors },
      { passed: 1, failed: 1, skipped: 1, fileErrors: 1 },
    );
    assert.deepEqual(counts.failures, [
      'test/embed/a.test.ts: outer > breaks (AssertionError: expected 1)',
      'test/embed/b.test.ts: the file failed outside a test (SyntaxError: x)',
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a TAP report gives the names of its failed tests, and none when all passed', () => {
  const tap = ['TAP version 13', '# Subtest: suite', '    not ok 2 - inner breaks', 'ok 1 - fine', 'not ok 3 - top breaks', '# fail 2'].join('\n');
  assert.deepEqual(tapFailures(tap), ['inner breaks', 'top breaks']);
  assert.deepEqual(tapFailures('ok 1 - fine\n# fail 0'), []);
});
