// `npx platform-embed-demo`: the demo `npm start` serves, from the packed
// package installed in an empty folder (no clone, no build): both servers
// answer, the page loads the package's bundle, its backend makes sessions on
// the mock, and a taken port is said in one line.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve('.');
let dir;

/** Runs `line` in the scratch folder with `sh`, failing with its output on a non-zero exit. */
function sh(line) {
  const result = spawnSync('sh', ['-c', line], { cwd: dir, encoding: 'utf8', timeout: 240_000 });
  assert.equal(result.status, 0, `${line} failed:\n${result.stdout}${result.stderr}`);
}

/**
 * Starts the bin with `args` (by default as installed: `npx --no-install platform-embed-demo`);
 * resolves with the child and its output once it printed the demo's address or exited.
 */
function demo(args, command = ['--no-install', 'platform-embed-demo'], cwd = dir) {
  return new Promise((resolveRun) => {
    // Its own process group: Ctrl-C reaches npx and the demo under it, as in a terminal.
    const child = spawn('npx', [...command, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const run = { child, out: '', err: '', code: null };
    child.stdout.on('data', (chunk) => {
      run.out += chunk;
      if (/Demo:\s+http/.test(run.out)) resolveRun(run);
    });
    child.stderr.on('data', (chunk) => (run.err += chunk));
    child.on('exit', (code) => {
      run.code = code;
      resolveRun(run);
    });
  });
}

let packed;

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'platform-embed-demo-'));
  packed = JSON.parse(
    spawnSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], { cwd: root, encoding: 'utf8' }).stdout,
  )[0].filename;
  sh('npm init -y');
  sh(`npm install --no-audit --no-fund --prefer-offline ./${packed}`);
});

after(() => rmSync(dir, { recursive: true, force: true }));

test('npx platform-embed-demo serves the demo and the mock from the installed package', { timeout: 60_000 }, async () => {
  const run = await demo(['--port', '0']);
  try {
    assert.equal(run.code, null, `the demo runs (stderr: ${run.err})`);
    const demoUrl = /Demo:\s+(\S+)/.exec(run.out)[1];
    const mockUrl = /Mock platform:\s+(\S+)/.exec(run.out)[1];
    assert.notEqual(new URL(demoUrl).origin, new URL(mockUrl).origin);
    const page = await fetch(demoUrl);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /platform-embed-embed\.min\.js/);
    const bundle = await fetch(`${demoUrl}/dist/platform-embed-embed.min.js`);
    assert.equal(bundle.status, 200);
    assert.match(await bundle.text(), /platform-embed/);
    const session = await fetch(`${demoUrl}/backend/session`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    assert.equal(session.status, 201);
    assert.match((await session.json()).sessionId, /\S/);
  } finally {
    if (run.code === null) {
      const exited = new Promise((r) => run.child.once('exit', r));
      process.kill(-run.child.pid, 'SIGINT');
      await exited;
    }
  }
});

test('npx platform-embed-demo on a taken port says so in one line, naming its own command', { timeout: 60_000 }, async () => {
  const taken = createServer();
  await new Promise((ok) => taken.listen(0, '127.0.0.1', ok));
  const port = taken.address().port;
  try {
    const run = await demo(['--port', String(port), '--mock-port', '0']);
    assert.equal(run.code, 1);
    const lines = run.err.trim().split('\n');
    assert.equal(lines.length, 1, run.err);
    assert.match(lines[0], new RegExp(`^Port ${port} is in use\\b.*npx platform-embed-demo --port ${port + 1}`));
  } finally {
    taken.close();
  }
});

test("the README's command from nothing, `npx --yes -p platform-embed platform-embed-demo`, serves the demo in an empty folder", { timeout: 120_000 }, async () => {
  const printed = /`(npx --yes -p platform-embed platform-embed-demo)`/.exec(readFileSync(join(root, 'README.md'), 'utf8'))?.[1];
  assert.ok(printed, 'the README prints the command');
  // An empty folder: no package.json, nothing installed; the package comes from the packed file in place of the registry.
  const empty = join(dir, 'empty');
  mkdirSync(empty);
  const command = printed.split(' ').slice(1).map((word) => (word === 'platform-embed' ? join(dir, packed) : word));
  const run = await demo(['--port', '0'], command, empty);
  try {
    assert.equal(run.code, null, `the demo runs (stderr: ${run.err})`);
    const demoUrl = /Demo:\s+(\S+)/.exec(run.out)[1];
    assert.equal((await fetch(demoUrl)).status, 200);
  } finally {
    if (run.code === null) {
      const exited = new Promise((r) => run.child.once('exit', r));
      process.kill(-run.child.pid, 'SIGINT');
      await exited;
    }
  }
});
