// What the WordPress tests need from the machine: PHP 8 with mysqli, MariaDB,
// Debian's WordPress with its translations and the Twenty Twenty-Three theme,
// and unzip. Nothing is downloaded from anywhere but Debian's archive: as root
// on Debian the missing packages are installed with apt-get (as
// scripts/browsers.mjs does for the browsers); otherwise the error says
// exactly what to install.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const WORDPRESS_DIR = '/usr/share/wordpress';
const THEME = `${WORDPRESS_DIR}/wp-content/themes/twentytwentythree`;
const PACKAGES = ['wordpress', 'wordpress-l10n', 'wordpress-theme-twentytwentythree', 'php-cli', 'php-mysql', 'mariadb-server', 'unzip'];

/** The first of `names` found on PATH or in the sbin folders MariaDB installs to, or null. */
function which(...names) {
  const dirs = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/local/sbin', '/sbin'];
  for (const name of names) {
    for (const dir of dirs) if (dir && existsSync(`${dir}/${name}`)) return `${dir}/${name}`;
  }
  return null;
}

function phpHasMysqli(php) {
  try {
    return execFileSync(php, ['-m'], { encoding: 'utf8' }).split('\n').some((line) => line.trim().toLowerCase() === 'mysqli');
  } catch {
    return false;
  }
}

/** Which of the packages are missing, each with the Debian package that brings it. */
function missing() {
  const php = which('php');
  const lacks = [];
  if (!php) lacks.push('php-cli');
  if (!php || !phpHasMysqli(php)) lacks.push('php-mysql');
  if (!which('mariadbd', 'mysqld') || !which('mariadb-install-db', 'mysql_install_db') || !which('mariadb', 'mysql')) lacks.push('mariadb-server');
  if (!existsSync(`${WORDPRESS_DIR}/wp-load.php`)) lacks.push('wordpress');
  if (!existsSync(`${THEME}/theme.json`)) lacks.push('wordpress-theme-twentytwentythree');
  // The core's own translations: WordPress offers only installed languages as the site language.
  if (!existsSync(`${WORDPRESS_DIR}/wp-content/languages/de_DE.mo`)) lacks.push('wordpress-l10n');
  if (!which('unzip')) lacks.push('unzip');
  return lacks;
}

/**
 * Makes sure everything is installed and returns the executables' paths:
 * `{ php, mariadbd, installDb, client, unzip }`.
 * @throws Error naming the packages to install, when they are missing and cannot be installed here.
 */
export function requireSystem() {
  let lacks = missing();
  if (lacks.length) {
    const canApt = process.platform === 'linux' && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
    if (!canApt) {
      throw new Error(
        `The WordPress tests need ${lacks.join(', ')}. On Debian or Ubuntu: sudo apt-get install -y ${PACKAGES.join(' ')} ` +
          '(PHP 8.1 or later with mysqli, MariaDB, WordPress 6.1 or later in /usr/share/wordpress, unzip).',
      );
    }
    const opts = { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } };
    execFileSync('apt-get', ['update', '-qq'], opts);
    // All of them, so the versions fit together; apt leaves the installed ones as they are.
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...PACKAGES], opts);
    lacks = missing();
    if (lacks.length) throw new Error(`apt-get ran, but ${lacks.join(', ')} is still missing`);
  }
  return {
    php: which('php'),
    mariadbd: which('mariadbd', 'mysqld'),
    installDb: which('mariadb-install-db', 'mysql_install_db'),
    client: which('mariadb', 'mysql'),
    unzip: which('unzip'),
  };
}
