// PHP's built-in web server in front of the test site: four workers, so the
// block editor's parallel requests do not queue behind each other, and every
// PHP error (notices and deprecations included) written to the site's log.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { freePort } from '../e2e/helpers.mjs';

export { freePort };

/**
 * Serves `site.root` on `site.url` through its router.
 * @param {{ root: string, url: string, log: string }} site
 * @param {{ php: string, accessLog: string }} options
 */
export async function startPhpServer(site, { php, accessLog }) {
  const { host } = new URL(site.url);
  const out = createWriteStream(accessLog, { flags: 'a' });
  const child = spawn(
    php,
    ['-d', 'log_errors=On', '-d', `error_log=${site.log}`, '-d', 'display_errors=Off', '-d', 'error_reporting=E_ALL', '-d', 'memory_limit=256M', '-S', host, '-t', site.root, `${site.root}/router.php`],
    // Its own process group: the workers are its children, and stopping the group stops them all.
    { cwd: site.root, env: { ...process.env, PHP_CLI_SERVER_WORKERS: '4' }, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  const signal = (name) => {
    try {
      process.kill(-child.pid, name);
    } catch {}
  };
  // If the test process dies without its teardown, the server goes with it.
  const orphan = () => signal('SIGKILL');
  process.once('exit', orphan);
  child.stdout.pipe(out, { end: false });
  child.stderr.pipe(out, { end: false });
  let exited = null;
  const gone = new Promise((resolve) => child.once('exit', (code, signal) => resolve((exited = code ?? signal))));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited !== null) throw new Error(`php -S exited (${exited}); see ${accessLog}`);
    const answer = await fetch(`${site.url}/wp-login.php`, { redirect: 'manual' }).catch(() => null);
    if (answer) {
      await answer.arrayBuffer();
      break;
    }
    if (Date.now() > deadline) {
      signal('SIGKILL');
      throw new Error('php -S did not answer in 30 s');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    pid: child.pid,
    async stop() {
      signal('SIGTERM');
      const timer = setTimeout(() => signal('SIGKILL'), 5_000);
      await gone;
      clearTimeout(timer);
      signal('SIGKILL'); // a worker that outlived its parent
      process.off('exit', orphan);
      await new Promise((resolve) => out.end(resolve));
    },
  };
}
