// A web-test-runner reporter that writes the real pass/fail counts of a run to
// a JSON file, so `npm test` can print one closing line over every runner.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

function countSuite(suite, counts) {
  for (const test of suite.tests ?? []) {
    if (test.skipped) counts.skipped += 1;
    else if (test.passed) counts.passed += 1;
    else counts.failed += 1;
  }
  for (const child of suite.suites ?? []) countSuite(child, counts);
}

export function countingReporter(outFile) {
  return {
    onTestRunFinished({ sessions }) {
      const counts = { passed: 0, failed: 0, skipped: 0, fileErrors: 0 };
      for (const session of sessions) {
        if (session.testResults) countSuite(session.testResults, counts);
        // A test file that failed to load or threw outside a test counts as a failure.
        if (!session.passed && (session.errors?.length ?? 0) > 0) counts.fileErrors += 1;
      }
      mkdirSync(dirname(outFile), { recursive: true });
      writeFileSync(outFile, JSON.stringify(counts, null, 2));
    },
  };
}
