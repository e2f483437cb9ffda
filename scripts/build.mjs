// `npm run build`: compiled ES modules and declarations (tsc), the script-tag
// bundles (rollup) and the custom-elements.json manifest (cem), into a clean
// dist/ (so nothing stale is ever packed). The ES modules are readable
// compiled code with their comments, shipped without maps; the minified
// script bundles have maps that carry their sources, so they work without
// anything else. The testing kit (src/testing/, Node only) is compiled on its
// own with Node's types; its embed pages' files are static browser assets,
// served as they are, so they are copied rather than compiled.
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, rmSync } from 'node:fs';
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
step('tsc (testing kit)', 'node', [bin('tsc'), '-p', 'tsconfig.testing.json']);
cpSync(join('src', 'testing', 'embed'), join('dist', 'testing', 'embed'), { recursive: true, filter: (path) => !path.endsWith('.d.ts') });
chmodSync(join('dist', 'testing', 'cli.js'), 0o755);
step('rollup', 'node', [bin('rollup'), '-c', 'rollup.config.mjs', '--silent']);
step('manifest', 'node', [bin('cem'), 'analyze', '--litelement', '--globs', 'src/**/*.ts', '--exclude', 'src/bundle*.ts', '--exclude', 'src/testing/**', '--exclude', 'src/locales/**']);
step('framework types', 'node', ['scripts/gen-framework-types.mjs']);
step('wordpress plugin', 'node', ['scripts/build-wordpress.mjs']);
console.log('build: dist/ and custom-elements.json are up to date');
