// Starts everything the WordPress tests use, from nothing, and tears it all
// down: packages (apt-get when missing and root), a private MariaDB, a fresh
// WordPress with the plugin from dist/platform-embed-wordpress.zip, the mock
// platform on a free port, and PHP's built-in server. Prints how long each
// phase took. Everything lives in one temporary folder, removed at the end.
import { existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireSystem } from './system.mjs';
import { startMariaDb } from './mariadb.mjs';
import { createSite, installPlugin, installWordPress, runPhp, runPhpJson } from './site.mjs';
import { freePort, startPhpServer } from './php-server.mjs';

export const ZIP = fileURLToPath(new URL('../../dist/platform-embed-wordpress.zip', import.meta.url));

/**
 * @typedef {object} WordPress
 * @property {string} url            the site, e.g. http://127.0.0.1:PORT
 * @property {string} root           its document root
 * @property {Record<string, number>} userIds  login → user id
 * @property {import('../../dist/testing/index.js').MockPlatform} platform
 * @property {(code: string) => string} php          runs PHP statements in the loaded site
 * @property {(code: string) => any} phpJson         same, parsing what it echoed as JSON
 * @property {() => string} log                      the PHP error log so far
 * @property {() => string} accessLog                php -S's own output so far
 * @property {(name: string, code: string) => void} addMuPlugin
 * @property {(name: string) => void} removeMuPlugin
 * @property {Record<string, number>} timings        seconds per phase
 * @property {() => Promise<void>} stop
 */

/** @returns {Promise<WordPress>} */
export async function startWordPress({ zip = ZIP, log = console.log } = {}) {
  const timings = {};
  let started = performance.now();
  const phase = (name) => {
    const now = performance.now();
    timings[name] = Math.round(now - started) / 1000;
    log(`# wordpress harness: ${name} ${timings[name].toFixed(1)} s`);
    started = now;
  };

  const stops = [];
  const dir = mkdtempSync(join(tmpdir(), 'platform-embed-wp-'));
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch((e) => log(`# teardown: ${e.message}`));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const bins = requireSystem();
    phase('packages');

    const db = await startMariaDb({ dir, ...bins });
    stops.push(() => db.stop());
    db.query('CREATE DATABASE wordpress CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci');
    phase('mariadb');

    const port = await freePort();
    const site = createSite({ dir, socket: db.socket, url: `http://127.0.0.1:${port}`, database: 'wordpress' });
    const installed = installWordPress(site, bins.php);
    phase(`wordpress ${installed.version} install`);

    const activation = installPlugin(site, { phpBinary: bins.php, unzip: bins.unzip, zip });
    if (!activation.active) throw new Error(`the plugin did not activate: ${activation.error}`);
    phase('plugin install');

    const { startMockPlatform } = await import('../../dist/testing/index.js');
    const platform = await startMockPlatform();
    stops.push(() => platform.close());
    const accessLog = join(dir, 'php-server.log');
    const server = await startPhpServer(site, { php: bins.php, accessLog });
    stops.push(() => server.stop());
    phase('mock platform and php -S');

    const muPlugin = (name) => join(site.root, 'wp-content', 'mu-plugins', `${name}.php`);
    return {
      url: site.url,
      root: site.root,
      userIds: installed.users,
      platform,
      php: (code) => runPhp(site, bins.php, code),
      phpJson: (code) => runPhpJson(site, bins.php, code),
      phpBinary: bins.php,
      log: () => (existsSync(site.log) ? readFileSync(site.log, 'utf8') : ''),
      accessLog: () => (existsSync(accessLog) ? readFileSync(accessLog, 'utf8') : ''),
      addMuPlugin: (name, code) => writeFileSync(muPlugin(name), code),
      removeMuPlugin: (name) => existsSync(muPlugin(name)) && unlinkSync(muPlugin(name)),
      timings,
      async stop() {
        started = performance.now();
        await stopAll();
        phase('teardown');
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
