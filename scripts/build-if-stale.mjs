// Builds the package when dist/ is missing or older than src/: the demo and
// the mock platform need it (the mock reads the built schemas in dist/).
// Run directly (`node scripts/build-if-stale.mjs`) or import buildIfStale().
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bundle = join(root, 'dist', 'platform-embed.min.js');

/** Newest modification time under `dir`, in ms. */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

/** Runs `npm run build` when needed; exits the process when the build fails. */
export function buildIfStale() {
  const stale = !existsSync(bundle) || statSync(bundle).mtimeMs < newest(join(root, 'src'));
  if (!stale) return;
  // Build chatter goes to stderr, so stdout carries only what the caller prints.
  console.error('Building the package (dist/ is missing or older than src/)…');
  const result = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: ['ignore', process.stderr, 'inherit'] });
  if (result.status !== 0) {
    console.error('The build failed; fix it, or run the demo with --no-build to serve the existing dist/.');
    process.exit(result.status ?? 1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfStale();
