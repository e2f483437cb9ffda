// createSessionHandler behind real servers: a node:http server through
// @hono/node-server's getRequestListener (the adapter the docs name) called
// with real fetch and cookies, the docs' own Node endpoint
// (docs/hosts/server/session-endpoint.mjs) run as its guide says, and the
// docs' edge worker called as a worker runtime calls it. All against the
// mock platform; and the test that docs/sessions.md prints, run as printed.
// Needs a built dist/ (`npm run build`).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { createSessionHandler } from '../../dist/server/index.js';
import { startMockPlatform } from '../../dist/testing/index.js';

// The key the docs' snippets use by default, so they run as printed.
const docsKey = 'mock-key-acme-admin-7f3c9a2e';
const cms = 'https://cms.example.com';

let platform;
before(async () => {
  platform = await startMockPlatform({ apiKey: docsKey });
});
after(async () => {
  await platform?.close();
});

const generateCalls = () => platform.requests().filter((r) => r.path === '/api/v1/embed/generate-session').length;
const sessionOf = (id) => platform.sessions().find((s) => s.sessionId === id);

describe('behind node:http through getRequestListener, with real fetch and cookies', () => {
  let server;
  let url;
  const seen = [];

  before(async () => {
    const handler = createSessionHandler({
      baseUrl: platform.url,
      apiKey: platform.apiKey,
      deploymentId: 42,
      allowedOrigins: [cms],
      viewer: (request, wanted) => {
        seen.push({ url: request.url, wanted });
        const user = /(?:^|;\s*)uid=([^;]+)/.exec(request.headers.get('cookie') ?? '')?.[1];
        return user ? { externalId: user } : null;
      },
    });
    server = createServer(getRequestListener(handler));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${server.address().port}/embed-session`;
  });
  after(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve()));
  });

  /** What the element sends (see CONTRACT "Sessions without code"), plus `headers`. */
  const elementPost = (headers = {}, body = { dashboard: 'sales-overview' }) =>
    fetch(url, { method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  it('a signed-in viewer (cookie) from the page itself gets a session for them', async () => {
    const own = new URL(url).origin;
    const response = await elementPost({ cookie: 'uid=grace; theme=dark', origin: own, 'sec-fetch-site': 'same-origin' });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'no-store');
    assert.equal(response.headers.get('access-control-allow-origin'), null);
    const { sessionId } = await response.json();
    assert.equal(sessionOf(sessionId).externalId, 'grace');
    assert.deepEqual(seen.at(-1), { url, wanted: { dashboard: 'sales-overview' } });
  });

  it('no cookie: 401; another site: 403 without a generate-session call', async () => {
    const before = generateCalls();
    const anonymous = await elementPost();
    assert.equal(anonymous.status, 401);
    assert.equal(typeof (await anonymous.json()).error, 'string');
    const forged = await elementPost({ cookie: 'uid=grace', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    assert.equal(forged.status, 403);
    const sibling = await elementPost({ cookie: 'uid=grace', origin: 'http://other.127.0.0.1', 'sec-fetch-site': 'same-site' });
    assert.equal(sibling.status, 403);
    assert.equal(generateCalls(), before);
  });

  it('an allowed site: the preflight, then the POST with credentials, both with CORS headers for it', async () => {
    const preflight = await fetch(url, {
      method: 'OPTIONS',
      headers: { origin: cms, 'sec-fetch-site': 'cross-site', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), cms);
    assert.equal(preflight.headers.get('access-control-allow-credentials'), 'true');
    assert.match(preflight.headers.get('vary'), /Origin/);
    const response = await elementPost({ cookie: 'uid=lin', origin: cms, 'sec-fetch-site': 'cross-site' }, { path: '/embed/apps/churn' });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('access-control-allow-origin'), cms);
    assert.equal(sessionOf((await response.json()).sessionId).externalId, 'lin');
  });

  it('a large body, declared or streamed in chunks, is refused with 400', async () => {
    const before = generateCalls();
    const declared = await elementPost({ cookie: 'uid=grace' }, { dashboard: 'sales-overview', pad: 'x'.repeat(10_000) });
    assert.equal(declared.status, 400);
    // Chunked (no Content-Length) on a connection of its own: the server answers before reading it all and closes it.
    const chunked = await new Promise((resolve, reject) => {
      const req = request(url, { method: 'POST', agent: false, headers: { cookie: 'uid=grace', 'content-type': 'application/json' } }, (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (d) => (text += d)).on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
      });
      req.on('error', (error) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
      const chunk = ' '.repeat(1024);
      let sent = 0;
      const write = () => {
        while (sent < 64 && !req.destroyed) if (sent++, !req.write(chunk)) return void req.once('drain', write);
        if (!req.destroyed) req.end();
      };
      write();
    });
    assert.equal(chunked.status, 400);
    assert.match(JSON.parse(chunked.text).error, /4096 bytes/);
    assert.equal(generateCalls(), before);
  });

  it('GET: 405 with Allow', async () => {
    const response = await fetch(url, { headers: { cookie: 'uid=grace' } });
    assert.equal(response.status, 405);
    assert.equal(response.headers.get('allow'), 'POST, OPTIONS');
  });

  it('the platform failing: 502 naming the status, without the key', async () => {
    platform.fail({ operation: 'generateSession', status: 503, body: { error: `down (${platform.apiKey})` } });
    const logged = [];
    const realConsoleError = console.error;
    console.error = (...args) => logged.push(args.join(' '));
    const response = await elementPost({ cookie: 'uid=grace' }).finally(() => (console.error = realConsoleError));
    assert.equal(logged.length, 1);
    assert.match(logged[0], /503/);
    assert.ok(!logged[0].includes(platform.apiKey), 'the server log has no key either');
    assert.equal(response.status, 502);
    const text = await response.text();
    assert.match(text, /503/);
    assert.ok(!text.includes(platform.apiKey));
  });
});

describe('docs/hosts/server/session-endpoint.mjs, run as printed', () => {
  let child;
  let base;
  let output = '';

  before(async () => {
    const file = fileURLToPath(new URL('../../docs/hosts/server/session-endpoint.mjs', import.meta.url));
    // Only the platform URL changes: the snippet's default key is the one this mock accepts.
    const env = { ...process.env, PORT: '0', PLATFORM_URL: platform.url };
    delete env.PLATFORM_API_KEY;
    child = spawn(process.execPath, [file], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stderr.on('data', (chunk) => (output += chunk));
    base = await new Promise((resolve, reject) => {
      child.stdout.on('data', (chunk) => {
        output += chunk;
        const printed = /http:\/\/localhost:\d+\//.exec(output);
        if (printed) resolve(printed[0].replace('localhost', '127.0.0.1'));
      });
      child.on('exit', (code) => reject(new Error(`the endpoint exited (${code}): ${output}`)));
    });
  });
  after(() => {
    child?.kill();
  });

  it('the page signs the visitor in and names the endpoint; the endpoint answers with a session for them', async () => {
    const page = await fetch(base);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<platform-embed [^>]*session-url="\/embed-session"/);
    const cookie = page.headers.get('set-cookie').split(';')[0];
    const response = await fetch(`${base}embed-session`, {
      method: 'POST',
      headers: { cookie, accept: 'application/json', 'content-type': 'application/json', origin: base.slice(0, -1), 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ dashboard: 'sales-overview' }),
    });
    assert.equal(response.status, 200, output);
    assert.equal(sessionOf((await response.json()).sessionId).externalId, 'ada@example.com');
  });

  it('without the cookie: 401; from another site: 403', async () => {
    const post = (headers) => fetch(`${base}embed-session`, { method: 'POST', headers, body: '{"dashboard":"sales-overview"}' });
    assert.equal((await post({})).status, 401);
    assert.equal((await post({ cookie: 'user=ada%40example.com', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })).status, 403);
    assert.ok(!output.includes(docsKey), 'the key is in no log line');
  });

  it('answers /favicon.ico without a 404 (no error in the console of its page)', async () => {
    assert.equal((await fetch(`${base}favicon.ico`)).status, 204);
  });
});

describe('docs/hosts/server/edge-worker.mjs, called as a worker runtime calls it', () => {
  let worker;

  before(async () => {
    // The worker reads its environment once, when it is loaded.
    process.env.PLATFORM_URL = platform.url;
    process.env.ALLOWED_ORIGINS = `${cms}, https://blog.example.org`;
    delete process.env.PLATFORM_API_KEY;
    worker = (await import('../../docs/hosts/server/edge-worker.mjs')).default;
  });
  after(() => {
    delete process.env.PLATFORM_URL;
    delete process.env.ALLOWED_ORIGINS;
  });

  it('the anonymous viewer gets a session from the worker itself and from an allowed site, with CORS for that site', async () => {
    const own = await worker.fetch(new Request('https://sessions.example.net/', { method: 'POST', body: '{"dashboard":"sales-overview"}' }), {}, {});
    assert.equal(own.status, 200);
    assert.equal(sessionOf((await own.json()).sessionId).externalId, 'public-visitor');
    const other = await worker.fetch(
      new Request('https://sessions.example.net/', { method: 'POST', headers: { origin: 'https://blog.example.org', 'sec-fetch-site': 'cross-site' }, body: '{}' }),
    );
    assert.equal(other.status, 200);
    assert.equal(other.headers.get('access-control-allow-origin'), 'https://blog.example.org');
  });

  it('a site not in ALLOWED_ORIGINS: 403', async () => {
    const before = generateCalls();
    const refused = await worker.fetch(
      new Request('https://sessions.example.net/', { method: 'POST', headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, body: '{}' }),
    );
    assert.equal(refused.status, 403);
    assert.equal(generateCalls(), before);
  });
});

describe('docs/sessions.md', () => {
  it('"The options" lists every option createSessionHandler takes, and only those', () => {
    const doc = readFileSync(new URL('../../docs/sessions.md', import.meta.url), 'utf8');
    const block = /### The options\n\n```ts\ncreateSessionHandler\(\{\n([\s\S]*?)\}\)\n```/.exec(doc)?.[1];
    assert.ok(block, 'the section prints the options');
    const listed = [...block.matchAll(/^  (\w+)\??:/gm)].map(([, name]) => name).sort();
    const source = readFileSync(new URL('../../src/server/session-options.ts', import.meta.url), 'utf8');
    const known = /const known = new Set\(\[([^\]]*)\]\)/.exec(source)[1].match(/'(\w+)'/g).map((q) => q.slice(1, -1)).sort();
    assert.deepEqual(listed, known);
  });

  it('the test under "Testing your endpoint" passes as printed', () => {
    const doc = readFileSync(new URL('../../docs/sessions.md', import.meta.url), 'utf8');
    const section = doc.slice(doc.indexOf('## Testing your endpoint'));
    const code = /```js\n([\s\S]*?)```/.exec(section)?.[1];
    assert.ok(code?.includes('createSessionHandler'), 'the section has its test');
    // Inside the package folder, so `platform-embed/…` resolves to this build as in an app that installed it.
    const dir = new URL('../../test-results/sessions-doc/', import.meta.url);
    mkdirSync(dir, { recursive: true });
    const file = new URL('endpoint.test.mjs', dir);
    writeFileSync(file, code);
    // Without the runner's own context variable, which would make the inner run report to this one instead of printing.
    const env = { ...process.env };
    delete env.NODE_TEST_CONTEXT;
    const out = execFileSync(process.execPath, ['--test', '--test-reporter=tap', fileURLToPath(file)], { encoding: 'utf8', env });
    assert.match(out, /^# pass 1$/m);
    assert.match(out, /^# fail 0$/m);
  });
});
