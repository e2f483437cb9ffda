// `node scripts/run-on-node.mjs <major> <args…>`: runs `node <args…>` on that
// Node major (scripts/node-versions.mjs installs it from the registry on first
// use) and exits with its exit code.
import { spawnSync } from 'node:child_process';
import { envWithNode, nodeBinary } from './node-versions.mjs';

const [major, ...args] = process.argv.slice(2);
if (!/^\d+$/.test(major ?? '')) {
  console.error('usage: node scripts/run-on-node.mjs <major> <node arguments…>');
  process.exit(2);
}
const node = nodeBinary(major);
const r = spawnSync(node, args, { stdio: 'inherit', env: envWithNode(node) });
process.exit(r.status ?? 1);
