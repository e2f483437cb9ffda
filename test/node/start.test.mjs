// `npm start` on a checkout that has never been built: it must build first and
// only then load the mock platform (which reads the built schemas in dist/).
// Runs in a temporary copy of the sources, so the real dist/ is not touched.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve('.');
const copied = ['package.json', 'tsconfig.json', 'tsconfig.build.json', 'tsconfig.testing.json', 'rollup.config.mjs', 'custom-elements-manifest.config.mjs', 'src', 'scripts', 'demo', 'integrations'];

// The whole build runs in the copy: on a busy two-core machine it alone can take minutes.
test('npm start builds a fresh checkout, then serves the demo and the bundle', { timeout: 900_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'platform-embed-start-'));
  let child;
  try {
    for (const entry of copied) cpSync(join(root, entry), join(dir, entry), { recursive: true });
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
    assert.equal(existsSync(join(dir, 'dist')), false);

    child = spawn('node', ['scripts/start.mjs', '--port', '0'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stderr.on('data', (chunk) => (err += chunk));
    const demoUrl = await new Promise((resolveUrl, reject) => {
      child.stdout.on('data', (chunk) => {
        out += chunk;
        const match = /Demo:\s+(http:\/\/\S+)/.exec(out);
        if (match) resolveUrl(match[1]);
      });
      child.on('exit', (code) => reject(new Error(`start exited with ${code} before serving:\n${err.slice(-2000)}`)));
    });

    assert.match(err, /Building the package/);
    assert.equal((await fetch(demoUrl)).status, 200);
    const bundle = await fetch(`${demoUrl}/dist/platform-embed.min.js`);
    assert.equal(bundle.status, 200);
    assert.match(await bundle.text(), /platform-embed/);
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGINT');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Runs `npm start`'s script with `args` to its end; resolves with its exit code and output. */
function startTo(args) {
  return new Promise((resolveRun) => {
    const child = spawn('node', ['scripts/start.mjs', '--no-build', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    const timer = setTimeout(() => child.kill('SIGINT'), 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolveRun({ code, out, err });
    });
  });
}

for (const [what, flag, other] of [['mock platform', '--mock-port', '--port'], ['demo', '--port', '--mock-port']]) {
  test(`npm start with the ${what}'s port taken says what to do in one line, with no stack trace`, { timeout: 60_000 }, async () => {
    // Something already listens there, as the quick start's `npx platform-embed-mock` does on 4100.
    const taken = createServer();
    await new Promise((ok) => taken.listen(0, '127.0.0.1', ok));
    const port = taken.address().port;
    try {
      const { code, out, err } = await startTo([flag, String(port), other, '0']);
      assert.equal(code, 1, `exit code 1 (stdout: ${out})`);
      assert.doesNotMatch(out, /Demo:/);
      const lines = err.trim().split('\n');
      assert.equal(lines.length, 1, `one line:\n${err}`);
      assert.match(lines[0], new RegExp(`^Port ${port} is in use\\b`));
      assert.match(lines[0], new RegExp(`npm start -- ${flag} ${port + 1}`));
      assert.match(lines[0], /--port 0/);
      if (flag === '--mock-port') assert.match(lines[0], /npx platform-embed-mock/);
      assert.doesNotMatch(err, /\n\s+at /);
    } finally {
      taken.close();
    }
  });
}

test('npm start checks its ports before it builds: a taken port stops a never-built checkout at once, nothing built', { timeout: 60_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'platform-embed-start-'));
  const taken = createServer();
  await new Promise((ok) => taken.listen(0, '127.0.0.1', ok));
  const port = taken.address().port;
  try {
    for (const entry of copied) cpSync(join(root, entry), join(dir, entry), { recursive: true });
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
    const { code, err } = await new Promise((resolveRun) => {
      const child = spawn('node', ['scripts/start.mjs', '--port', String(port)], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.on('exit', (exitCode) => resolveRun({ code: exitCode, err: stderr }));
    });
    assert.equal(code, 1);
    assert.match(err.trim(), new RegExp(`^Port ${port} is in use\\b.*npm start -- --port ${port + 1}`));
    assert.doesNotMatch(err, /Building the package/);
    assert.equal(existsSync(join(dir, 'dist')), false, 'nothing was built');
  } finally {
    taken.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
