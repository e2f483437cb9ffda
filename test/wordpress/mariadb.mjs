// A private MariaDB server for one test run: its own data folder, a Unix
// socket and no network port, so it can neither meet another run's server nor
// the system's. Started from nothing, stopped by its process id.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const waitFor = async (check, what, timeoutMs) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what} in ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

// Small buffers and no durability: the data lives for one test run.
const serverOptions = ['--innodb-buffer-pool-size=32M', '--innodb-log-file-size=8M', '--skip-log-bin'];

/**
 * Creates a data folder in `dir` and starts a server on `dir/mysql.sock`.
 * @param {{ dir: string, mariadbd: string, installDb: string, client: string }} options
 * @returns {Promise<{ socket: string, pid: number, query: (sql: string) => string, stop: () => Promise<void> }>}
 */
export async function startMariaDb({ dir, mariadbd, installDb, client }) {
  const data = join(dir, 'data');
  const socket = join(dir, 'mysql.sock');
  const errorLog = join(dir, 'mariadb.err');
  // Root runs the server as root (it refuses otherwise); anyone else runs it as themselves.
  const user = process.getuid?.() === 0 ? ['--user=root'] : [];
  // --no-defaults: nothing from /etc/mysql, so the system's settings cannot leak in.
  execFileSync(installDb, ['--no-defaults', `--datadir=${data}`, '--auth-root-authentication-method=normal', '--skip-test-db', ...user, ...serverOptions], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const child = spawn(
    mariadbd,
    ['--no-defaults', `--datadir=${data}`, `--socket=${socket}`, '--skip-networking', `--pid-file=${join(dir, 'mariadb.pid')}`, `--log-error=${errorLog}`, '--innodb-flush-log-at-trx-commit=0', '--innodb-fast-shutdown=2', ...user, ...serverOptions],
    { stdio: 'ignore' },
  );
  // If the test process dies without its teardown, the server goes with it.
  const orphan = () => child.kill('SIGKILL');
  process.once('exit', orphan);
  let exited = null;
  const gone = new Promise((resolve) => child.once('exit', (code, signal) => resolve((exited = code ?? signal))));
  const query = (sql) => execFileSync(client, ['--no-defaults', `--socket=${socket}`, '--user=root', '--batch', '--skip-column-names', '-e', sql], { encoding: 'utf8' });
  try {
    await waitFor(() => exited !== null || existsSync(socket), 'MariaDB made no socket', 60_000);
    if (exited !== null) throw new Error(`mariadbd exited (${exited}): ${existsSync(errorLog) ? readFileSync(errorLog, 'utf8').slice(-2000) : ''}`);
    // The socket appears a moment before the server accepts connections.
    await waitFor(() => {
      try {
        query('SELECT 1');
        return true;
      } catch {
        return false;
      }
    }, 'MariaDB accepted no connection', 30_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    socket,
    pid: child.pid,
    query,
    async stop() {
      if (exited === null) child.kill('SIGTERM');
      const timer = setTimeout(() => exited === null && child.kill('SIGKILL'), 10_000);
      await gone;
      clearTimeout(timer);
      process.off('exit', orphan);
    },
  };
}
