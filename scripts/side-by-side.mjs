// Runs `npm test`'s further suites (scripts/test-suites.mjs) a few at a time:
// most of their time is spent waiting (installs, framework builds on one core,
// servers starting, browsers loading pages), so two side by side finish
// sooner on two cores without starving each other. Each suite's output goes to
// test-results/logs/<name>.log and is printed whole when the suite ends, so
// the log reads as if they ran one after another.
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Runs `cmd args` with its output in `logFile`; says `started: <header>`, and
 * when it exits prints `header` and the output, then resolves `{ ok, seconds }`.
 */
export function runLogged(header, logFile, cmd, args, env = {}) {
  const started = performance.now();
  // A line now, so a long run shows what it is doing; the output comes when the step ends.
  console.log(`started: ${header}`);
  const fd = openSync(logFile, 'w');
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', fd, fd], env: { ...process.env, ...env } });
    let ended = false;
    const done = (ok) => {
      if (ended) return;
      ended = true;
      closeSync(fd);
      const seconds = (performance.now() - started) / 1000;
      console.log(`\n=== ${header} (${seconds.toFixed(0)} s) ===`);
      process.stdout.write(readFileSync(logFile, 'utf8'));
      resolve({ ok, seconds });
    };
    child.once('error', (error) => {
      console.error(`${header}: ${error.message}`);
      done(false);
    });
    child.once('exit', (code) => done(code === 0));
  });
}

/** Calls `work(item)` for each item, at most `jobs` at a time, taking them in order. */
export async function inParallel(items, jobs, work) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(jobs, items.length)) }, worker));
}

/** The folder of the suites' logs, made when missing. */
export function logDir(results) {
  const dir = join(results, 'logs');
  mkdirSync(dir, { recursive: true });
  return dir;
}
