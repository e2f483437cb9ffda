// `npx platform-embed-mock`: the package's bin starts the mock from a shell,
// prints a generate-session curl that works as printed, and stops on SIGTERM
// and Ctrl-C (SIGINT) with exit code 0.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const bin = pkg.bin['platform-embed-mock'];

/** Starts the bin; resolves with the child and its banner once it printed "Press Ctrl-C". */
function start(args) {
  const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, err })));
  const banner = new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('Press Ctrl-C')) resolve(out);
    });
    exited.then(({ code }) => reject(new Error(`exited with ${code}: ${err}`)));
  });
  // A caller that only wants the exit does not wait for the banner.
  banner.catch(() => {});
  return { child, banner, exited };
}

for (const signal of ['SIGTERM', 'SIGINT']) {
  test(`prints a working curl, and stops on ${signal} with exit code 0`, { timeout: 30_000 }, async () => {
    const { child, banner, exited } = start(['--port', '0', '--api-key', 'key-from-the-shell']);
    const text = await banner;
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(text)[1];
    assert.match(text, /API key:\s+key-from-the-shell/);
    for (const id of ['sales-overview', 'ops-health', 'marketing-funnel']) assert.match(text, new RegExp(`dashboard="${id}"`));
    const curl = /^\s*(curl -s -X POST [\s\S]*?\}\]\}')$/m.exec(text)[1];
    const { stdout } = await promisify(execFile)('sh', ['-c', curl]);
    assert.match(JSON.parse(stdout).sessionId, /^[0-9a-f]{32}$/);
    const page = await fetch(`${url}/embed/dashboard/sales-overview`);
    assert.equal(page.status, 200);
    child.kill(signal);
    const { code } = await exited;
    assert.equal(code, 0);
    await assert.rejects(fetch(url), 'the port is closed');
  });
}

test('a taken port and an unknown argument are errors that say so', { timeout: 30_000 }, async () => {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  try {
    const taken = await start(['--port', String(port)]).exited;
    assert.equal(taken.code, 1);
    assert.match(taken.err, new RegExp(`port ${port} .*in use`));
    const unknown = await start(['--prot', '1']).exited;
    assert.equal(unknown.code, 2);
    assert.match(unknown.err, /Unknown argument --prot/);
  } finally {
    server.close();
  }
});

test('without --api-key it takes the documented local key, and prints the env line the snippets read', { timeout: 30_000 }, async () => {
  const { child, banner, exited } = start(['--port', '0']);
  try {
    const text = await banner;
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(text)[1];
    assert.match(text, /API key:\s+mock-key-acme-admin-7f3c9a2e\s+\(the documented local key/);
    assert.ok(text.includes(`PLATFORM_URL=${url} PLATFORM_API_KEY=mock-key-acme-admin-7f3c9a2e node server.mjs`), text);
    // The key reaches deployment 42, the one every snippet names.
    const response = await fetch(`${url}/api/v1/embed/generate-session`, {
      method: 'POST',
      headers: { authorization: 'Bearer mock-key-acme-admin-7f3c9a2e', 'content-type': 'application/json' },
      body: JSON.stringify({ deploymentId: 42, externalId: 'ada@example.com' }),
    });
    assert.equal(response.status, 200);
    assert.match((await response.json()).sessionId, /^[0-9a-f]{32}$/);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
});
