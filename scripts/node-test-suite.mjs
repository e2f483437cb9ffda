// A node:test run as a suite of `npm test`: the spec report on stdout and a TAP
// copy in test-results/, from which scripts/test.mjs reads the counts.
import { join } from 'node:path';

/** node:test arguments that print the spec report and keep a TAP copy in `tapFile`. */
export function nodeTestArgs(tapFile) {
  return ['--test', '--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=tap', `--test-reporter-destination=${tapFile}`];
}

/** A `scripts/test.mjs` suite entry running the node:test `files`. */
export function nodeTestSuite(name, label, ...files) {
  const tap = join('test-results', `${name}.tap`);
  return { name, label, cmd: 'node', args: [...nodeTestArgs(tap), ...files], tap };
}
