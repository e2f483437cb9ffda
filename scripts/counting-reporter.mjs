// A web-test-runner reporter that writes the real pass/fail counts of a run to
// a JSON file, so `npm test` can print one closing line over every runner, and
// names each failed test there (the end of a CI log is often all one sees).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';

/** The first line of an error message, cut to 200 characters. */
const firstLine = (message) => String(message ?? '').split('\n')[0].slice(0, 200);

/** The names of the failed tests in a node:test TAP report (`not ok N - name` lines). */
export function tapFailures(text) {
  return [...text.matchAll(/^\s*not ok \d+ - (.+)$/gm)].map((m) => firstLine(m[1]));
}

function countSuite(suite, counts, file, path) {
  for (const test of suite.tests ?? []) {
    if (test.skipped) counts.skipped += 1;
    else if (test.passed) counts.passed += 1;
    else {
      counts.failed += 1;
      const message = firstLine(test.error?.message);
      counts.failures.push(`${file}: ${[...path, test.name].join(' > ')}${message ? ` (${message})` : ''}`);
    }
  }
  for (const child of suite.suites ?? []) countSuite(child, counts, file, [...path, child.name]);
}

export function countingReporter(outFile) {
  return {
    onTestRunFinished({ sessions }) {
      const counts = { passed: 0, failed: 0, skipped: 0, fileErrors: 0, failures: [] };
      for (const session of sessions) {
        const file = relative(process.cwd(), session.testFile);
        if (session.testResults) countSuite(session.testResults, counts, file, []);
        // A test file that failed to load or threw outside a test counts as a failure.
        if (!session.passed && (session.errors?.length ?? 0) > 0) {
          counts.fileErrors += 1;
          counts.failures.push(`${file}: the file failed outside a test (${firstLine(session.errors[0]?.message)})`);
        }
      }
      mkdirSync(dirname(outFile), { recursive: true });
      writeFileSync(outFile, JSON.stringify(counts, null, 2));
    },
  };
}
