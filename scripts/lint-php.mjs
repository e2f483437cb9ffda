// `php -l` on every PHP file of the WordPress plugin (integrations/wordpress/).
// Exits non-zero naming each file PHP cannot parse. Without `php` on the PATH
// it installs Debian's php-cli when it can (root on Debian), else says what
// to install.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join('integrations', 'wordpress');

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

const hasPhp = () => spawnSync('php', ['--version'], { stdio: 'ignore' }).status === 0;

if (!hasPhp()) {
  const root_ = process.getuid?.() === 0;
  if (root_ && existsSync('/etc/debian_version')) {
    console.log('lint-php: installing php-cli with apt-get');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', 'php-cli'], { stdio: 'inherit', env });
  }
  if (!hasPhp()) {
    console.error('lint-php: php is not installed (on Debian: apt-get install php-cli)');
    process.exit(1);
  }
}

const files = walk(root).filter((p) => p.endsWith('.php')).sort();
let failed = 0;
for (const file of files) {
  const r = spawnSync('php', ['-l', '-d', 'display_errors=1', file], { encoding: 'utf8' });
  if (r.status !== 0) {
    failed++;
    console.error(`lint-php: ${file}\n${(r.stdout + r.stderr).trim()}`);
  }
}
console.log(`lint-php: ${files.length - failed} passed, ${failed} failed (${files.length} PHP files)`);
process.exit(failed ? 1 : 0);
