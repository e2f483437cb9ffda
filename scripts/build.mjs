// `npm run build`: compiled ES modules and declarations (tsc), the script-tag
// bundles (rollup) and the custom-elements.json manifest (cem), into a clean
// dist/ (so nothing stale is ever packed). The ES modules are readable
// compiled code with their comments, shipped without maps; the minified
// script bundles have maps that carry their sources, so they work without
// anything else.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';

const bin = (name) => join('node_modules', '.bin', name);

function step(label, cmd, args) {
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`build: ${label} failed`);
    process.exit(r.status ?? 1);
  }
}

rmSync('dist', { recursive: true, force: true });
step('tsc', 'node', [bin('tsc'), '-p', 'tsconfig.build.json']);
step('rollup', 'node', [bin('rollup'), '-c', 'rollup.config.mjs', '--silent']);
step('manifest', 'node', [bin('cem'), 'analyze', '--litelement', '--globs', 'src/**/*.ts', '--exclude', 'src/bundle*.ts']);
step('framework types', 'node', ['scripts/gen-framework-types.mjs']);
console.log('build: dist/ and custom-elements.json are up to date');
