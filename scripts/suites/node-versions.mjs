// The package's Node-side tests on every Node major it supports: Node 20 is the
// machine's (the `node` suite runs all of test/node on it); 22 and 24 come from
// the registry's node package (scripts/node-versions/). The files: renderEmbed
// and the React entry's import in Node (server), the API client's
// generate-session (generate-session), the session handler and endpoint
// (session-handler, session-endpoint, where present), and the testing kit and
// its bin (testing-kit, testing-cli). Shape: see scripts/test.mjs.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { nodeTestArgs } from '../node-test-suite.mjs';
import { extraMajors } from '../node-versions.mjs';

const files = ['server', 'generate-session', 'session-handler', 'session-endpoint', 'testing-kit', 'testing-cli']
  .map((f) => join('test', 'node', `${f}.test.mjs`))
  .filter((file) => existsSync(file));

export const suites = extraMajors.map((major) => {
  const tap = join('test-results', `node${major}.tap`);
  return {
    name: `node${major}`,
    label: `Node-side tests on Node ${major} (renderEmbed, React entry import, API client, session handler, testing kit)`,
    cmd: 'node',
    args: [join('scripts', 'run-on-node.mjs'), major, ...nodeTestArgs(tap), ...files],
    tap,
    needsNode: true,
  };
});
