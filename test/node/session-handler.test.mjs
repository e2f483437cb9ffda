// createSessionHandler (platform-embed/server): the session endpoint's whole
// table of answers, with real Fetch API Requests against the real mock
// platform. Refusals are proven by the mock's own log: no generate-session
// request reached it. Every answer and every server log line is searched for
// the API key. Needs a built dist/ (`npm run build`).
import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { createSessionHandler } from '../../dist/server/index.js';
import { startMockPlatform } from '../../dist/testing/index.js';
import { mockPlatformWithLog } from './mock-platform.mjs';

const own = 'http://app.example';
const cms = 'https://cms.example.com';
const endpoint = `${own}/embed-session`;

const mock = mockPlatformWithLog();
let platform;
/** Every answer the handler gave in this file, with its body read, to search for the key at the end. */
const answers = [];
/** What the handler logged with console.error (this test's lines). */
let logged;
beforeEach(() => ({ platform, logged } = mock));
afterEach(() => {
  for (const line of logged) assert.ok(!line.includes(platform.apiKey), `a log line holds the API key: ${line}`);
});

/** A handler against the mock; `viewer` defaults to a signed-in Ada. */
function handlerWith(options = {}) {
  return createSessionHandler({
    baseUrl: platform.url,
    apiKey: platform.apiKey,
    deploymentId: 42,
    viewer: () => ({ externalId: 'ada@example.com' }),
    ...options,
  });
}

/** Calls `handler` and returns the answer with its body text and JSON (or null). */
async function call(handler, request) {
  const response = await handler(request);
  const text = await response.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {}
  const result = { status: response.status, headers: response.headers, text, json };
  answers.push(result);
  return result;
}

/** A POST to the endpoint; `headers` and `body` as given (body: a string, bytes, a plain object sent as JSON, or a stream). */
function post({ headers = {}, body, url = endpoint, method = 'POST' } = {}) {
  const init = { method, headers };
  if (body !== undefined) {
    init.body = body?.constructor === Object ? JSON.stringify(body) : body;
    if (body instanceof ReadableStream) init.duplex = 'half';
  }
  return new Request(url, init);
}

const generateCalls = () => platform.requests().filter((r) => r.path === '/api/v1/embed/generate-session').length;

/** Runs `fn` and asserts that the platform saw no generate-session request meanwhile. */
async function withoutGenerate(fn) {
  const before = generateCalls();
  const sessions = platform.sessions().length;
  const result = await fn();
  assert.equal(generateCalls(), before, 'no generate-session request');
  assert.equal(platform.sessions().length, sessions, 'no session generated');
  return result;
}

function assertSession(answer) {
  assert.equal(answer.status, 200, answer.text);
  assert.match(answer.json.sessionId, /^[0-9a-f]{32}$/);
  assert.deepEqual(Object.keys(answer.json), ['sessionId']);
  assert.ok(platform.sessions().some((s) => s.sessionId === answer.json.sessionId), 'the mock generated it');
  assert.equal(answer.headers.get('cache-control'), 'no-store');
  assert.match(answer.headers.get('content-type'), /^application\/json/);
}

function assertNoCors(answer) {
  assert.equal(answer.headers.get('access-control-allow-origin'), null);
  assert.equal(answer.headers.get('access-control-allow-credentials'), null);
}

function assertCors(answer, origin) {
  assert.equal(answer.headers.get('access-control-allow-origin'), origin);
  assert.equal(answer.headers.get('access-control-allow-credentials'), 'true');
  assert.match(answer.headers.get('vary') ?? '', /\bOrigin\b/);
}

describe('same-origin requests get a session', () => {
  it('without an Origin header (an older browser, or not a browser): 200 { sessionId }, generated for deployment 42 and the viewer', async () => {
    const answer = await call(handlerWith(), post({ body: { dashboard: 'sales-overview' } }));
    assertSession(answer);
    assertNoCors(answer);
    const sent = platform.requests().filter((r) => r.path === '/api/v1/embed/generate-session').at(-1);
    assert.deepEqual(sent.body, { externalId: 'ada@example.com', deploymentId: 42 });
    assert.equal(sent.authorized, true);
    assert.equal(platform.sessions().find((s) => s.sessionId === answer.json.sessionId).externalId, 'ada@example.com');
  });

  it('with Origin equal to the request URL origin', async () => {
    const answer = await call(handlerWith(), post({ headers: { origin: own }, body: { dashboard: 'sales-overview' } }));
    assertSession(answer);
    assertNoCors(answer);
  });

  it('Sec-Fetch-Site: same-origin and none are trusted, also when a proxy rewrote the URL the handler sees', async () => {
    for (const site of ['same-origin', 'none', 'Same-Origin']) {
      assertSession(await call(handlerWith(), post({ headers: { 'sec-fetch-site': site, origin: own }, body: {} })));
    }
    // Behind a TLS-terminating proxy: the handler sees http://internal:3000, the browser says same-origin.
    const proxied = post({ url: 'http://internal:3000/embed-session', headers: { 'sec-fetch-site': 'same-origin', origin: 'https://app.example' }, body: {} });
    assertSession(await call(handlerWith(), proxied));
  });

  it('an empty body asks for nothing in particular; the viewer gets the Request and what the element wants', async () => {
    const seen = [];
    const handler = handlerWith({
      viewer: (request, wanted) => {
        seen.push({ cookie: request.headers.get('cookie'), wanted, frozen: Object.isFrozen(wanted) });
        return { externalId: request.headers.get('cookie').split('=')[1] };
      },
    });
    assertSession(await call(handler, post({ headers: { cookie: 'uid=grace' } })));
    assertSession(await call(handler, post({ headers: { cookie: 'uid=grace' }, body: { dashboard: 'sales-overview', extra: [1, 2] } })));
    assertSession(await call(handler, post({ headers: { cookie: 'uid=grace' }, body: { path: '/embed/apps/churn?tab=2' } })));
    assert.deepEqual(seen, [
      { cookie: 'uid=grace', wanted: {}, frozen: true },
      { cookie: 'uid=grace', wanted: { dashboard: 'sales-overview' }, frozen: true },
      { cookie: 'uid=grace', wanted: { path: '/embed/apps/churn?tab=2' }, frozen: true },
    ]);
    assert.ok(platform.sessions().filter((s) => s.externalId === 'grace').length >= 3);
  });

  it('a body of exactly 4096 bytes is still read', async () => {
    const base = JSON.stringify({ dashboard: 'sales-overview', pad: '' });
    const body = JSON.stringify({ dashboard: 'sales-overview', pad: 'x'.repeat(4096 - base.length) });
    assert.equal(Buffer.byteLength(body), 4096);
    assertSession(await call(handlerWith(), post({ body })));
  });
});

describe('other sites are refused before anything else happens', () => {
  const foreign = ['https://evil.example', 'https://app.example', 'http://app.example.evil.test', 'null', `${cms}.evil.test`];

  it('an Origin that is neither own nor allowed: 403 without a generate-session call, without CORS headers', async () => {
    let viewerCalls = 0;
    const handler = handlerWith({ allowedOrigins: [cms], viewer: () => (viewerCalls++, { externalId: 'ada' }) });
    await withoutGenerate(async () => {
      for (const origin of foreign) {
        for (const site of [undefined, 'cross-site', 'same-site']) {
          const headers = { origin, ...(site ? { 'sec-fetch-site': site } : {}) };
          const answer = await call(handler, post({ headers, body: { dashboard: 'sales-overview' } }));
          assert.equal(answer.status, 403, `${origin} ${site}`);
          assert.equal(typeof answer.json.error, 'string');
          assert.equal(answer.headers.get('cache-control'), 'no-store');
          assertNoCors(answer);
        }
      }
    });
    assert.equal(viewerCalls, 0, 'the viewer function is not asked');
  });

  it('Sec-Fetch-Site: same-site (a sibling subdomain) and cross-site are refused even without an Origin header', async () => {
    await withoutGenerate(async () => {
      for (const site of ['same-site', 'cross-site', 'something-new']) {
        assert.equal((await call(handlerWith(), post({ headers: { 'sec-fetch-site': site }, body: {} }))).status, 403, site);
      }
      const sibling = { origin: 'http://cms.app.example', 'sec-fetch-site': 'same-site' };
      assert.equal((await call(handlerWith(), post({ headers: sibling, body: {} }))).status, 403);
    });
  });

  it('the refusal comes before the body is read', async () => {
    let pulled = false;
    // highWaterMark 0: the stream pulls only when someone reads.
    const body = new ReadableStream({ pull: (c) => ((pulled = true), c.enqueue(new TextEncoder().encode('{}')), c.close()) }, { highWaterMark: 0 });
    const answer = await call(handlerWith(), post({ headers: { origin: 'https://evil.example' }, body }));
    assert.equal(answer.status, 403);
    assert.equal(pulled, false);
  });
});

describe('allowed origins (another site, e.g. a CMS)', () => {
  it('a POST from an allowed origin gets the session with CORS headers for that origin, never *', async () => {
    const handler = handlerWith({ allowedOrigins: [cms, 'http://localhost:8080'] });
    for (const site of ['cross-site', 'same-site', undefined]) {
      const headers = { origin: cms, cookie: 'sid=1', ...(site ? { 'sec-fetch-site': site } : {}) };
      const answer = await call(handler, post({ headers, body: { dashboard: 'sales-overview' } }));
      assertSession(answer);
      assertCors(answer, cms);
    }
    assertCors(await call(handler, post({ headers: { origin: 'http://localhost:8080', 'sec-fetch-site': 'cross-site' } })), 'http://localhost:8080');
  });

  it('preflight from an allowed origin: 204 with CORS headers; from any other: 403; no generate-session call', async () => {
    const handler = handlerWith({ allowedOrigins: [cms] });
    await withoutGenerate(async () => {
      const preflight = (origin) =>
        new Request(endpoint, {
          method: 'OPTIONS',
          headers: { origin, 'sec-fetch-site': 'cross-site', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
        });
      const ok = await call(handler, preflight(cms));
      assert.equal(ok.status, 204);
      assert.equal(ok.text, '');
      assertCors(ok, cms);
      assert.match(ok.headers.get('access-control-allow-methods'), /\bPOST\b/);
      assert.match(ok.headers.get('access-control-allow-headers').toLowerCase(), /\bcontent-type\b/);
      assert.equal(ok.headers.get('cache-control'), 'no-store');
      const refused = await call(handler, preflight('https://evil.example'));
      assert.equal(refused.status, 403);
      assertNoCors(refused);
      // OPTIONS from the page's own origin is no preflight: 204 with Allow, no CORS headers.
      const same = await call(handler, new Request(endpoint, { method: 'OPTIONS' }));
      assert.equal(same.status, 204);
      assert.equal(same.headers.get('allow'), 'POST, OPTIONS');
      assertNoCors(same);
    });
  });

  it('answers other than 200 to an allowed origin carry its CORS headers too, so its page can read them', async () => {
    const handler = handlerWith({ allowedOrigins: [cms], viewer: () => null });
    const headers = { origin: cms, 'sec-fetch-site': 'cross-site' };
    const unauthorized = await call(handler, post({ headers, body: {} }));
    assert.equal(unauthorized.status, 401);
    assertCors(unauthorized, cms);
    const bad = await call(handler, post({ headers, body: '[' }));
    assert.equal(bad.status, 400);
    assertCors(bad, cms);
  });
});

describe('methods', () => {
  it('anything but POST and OPTIONS: 405 with Allow: POST, OPTIONS and no generate-session call', async () => {
    const handler = handlerWith({ allowedOrigins: [cms] });
    await withoutGenerate(async () => {
      for (const method of ['GET', 'HEAD', 'PUT', 'DELETE', 'PATCH']) {
        const answer = await call(handler, new Request(endpoint, { method }));
        assert.equal(answer.status, 405, method);
        assert.equal(answer.headers.get('allow'), 'POST, OPTIONS');
        assert.equal(answer.headers.get('cache-control'), 'no-store');
      }
      assertCors(await call(handler, new Request(endpoint, { method: 'GET', headers: { origin: cms, 'sec-fetch-site': 'cross-site' } })), cms);
    });
  });
});

describe('bodies that are not a small JSON object: 400, no generate-session call', () => {
  const big = JSON.stringify({ dashboard: 'sales-overview', pad: 'x'.repeat(5000) });

  it('over 4 KB by Content-Length, by a Content-Length that lies, and by a chunked stream without one', async () => {
    let viewerCalls = 0;
    const handler = handlerWith({ viewer: () => (viewerCalls++, { externalId: 'ada' }) });
    await withoutGenerate(async () => {
      const declared = await call(handler, post({ body: big }));
      assert.equal(declared.status, 400);
      assert.match(declared.json.error, /4096 bytes/);
      const lie = await call(handler, post({ headers: { 'content-length': '20' }, body: big }));
      assert.equal(lie.status, 400);
      assert.match(lie.json.error, /4096 bytes/);
      const chunk = new TextEncoder().encode('x'.repeat(1000));
      let sent = 0;
      const stream = new ReadableStream({ pull: (c) => (sent++ < 10 ? c.enqueue(chunk) : c.close()) });
      const chunked = await call(handler, post({ body: stream }));
      assert.equal(chunked.status, 400);
      assert.match(chunked.json.error, /4096 bytes/);
      assert.ok(sent <= 6, `stopped reading after the limit (pulled ${sent} chunks)`);
      for (const value of ['abc', '-1', '1e9']) assert.equal((await call(handler, post({ headers: { 'content-length': value }, body: '{}' }))).status, 400, value);
    });
    assert.equal(viewerCalls, 0);
  });

  it('a stream that never ends is cut off at the limit', async () => {
    let cancelled = false;
    const endless = new ReadableStream({ pull: (c) => c.enqueue(new Uint8Array(512)), cancel: () => void (cancelled = true) });
    const answer = await withoutGenerate(() => call(handlerWith(), post({ body: endless })));
    assert.equal(answer.status, 400);
    assert.equal(cancelled, true);
  });

  it('bad JSON, bad UTF-8, not an object, dashboard or path of the wrong kind', async () => {
    const cases = [
      ['{"dashboard":', /not JSON/],
      [new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x7d]), /not JSON/],
      ['[]', /JSON object/],
      ['null', /JSON object/],
      ['"sales-overview"', /JSON object/],
      ['42', /JSON object/],
      [{ dashboard: 42 }, /dashboard/],
      [{ dashboard: '' }, /dashboard/],
      [{ dashboard: ['sales-overview'] }, /dashboard/],
      [{ path: 7 }, /path/],
      [{ path: '/api/v1/deployments' }, /path must start with \/embed\//],
      [{ path: 'embed/x' }, /path must start with \/embed\//],
      [{ path: '/embed/../api/v1/embed/generate-session' }, /path must stay under \/embed\//],
      [{ path: '/embed/\\..\\..\\api' }, /path must stay under \/embed\//],
      [{ dashboard: 'sales-overview', path: '/embed/x' }, /not both/],
    ];
    let viewerCalls = 0;
    const handler = handlerWith({ viewer: () => (viewerCalls++, { externalId: 'ada' }) });
    await withoutGenerate(async () => {
      for (const [body, reason] of cases) {
        const answer = await call(handler, post({ body }));
        assert.equal(answer.status, 400, String(body));
        assert.match(answer.json.error, reason);
        assert.equal(answer.headers.get('cache-control'), 'no-store');
      }
    });
    assert.equal(viewerCalls, 0);
  });
});

describe('the viewer function', () => {
  it('null (not signed in, also async): 401 { error }, no generate-session call', async () => {
    await withoutGenerate(async () => {
      for (const viewer of [() => null, async () => null]) {
        const answer = await call(handlerWith({ viewer }), post({ body: { dashboard: 'sales-overview' } }));
        assert.equal(answer.status, 401);
        assert.equal(typeof answer.json.error, 'string');
        assert.equal(answer.headers.get('cache-control'), 'no-store');
      }
    });
  });

  it('an async viewer with every generate-session field', async () => {
    const viewer = async () => ({
      externalId: 'lin@example.com',
      email: 'lin@example.com',
      userAttributes: [{ name: 'region', value: 'EMEA' }],
      groups: ['sales'],
      settings: { locale: 'de-DE', timezone: 'Europe/Berlin' },
    });
    assertSession(await call(handlerWith({ viewer }), post({ body: {} })));
    const sent = platform.requests().filter((r) => r.path === '/api/v1/embed/generate-session').at(-1);
    assert.deepEqual(sent.body.userAttributes, [{ name: 'region', value: 'EMEA' }]);
    assert.equal(sent.body.deploymentId, 42);
  });

  it('a viewer that throws: 500 with a generic message; its own message stays in the server log', async () => {
    const viewer = () => {
      throw new Error('database password hunter2 rejected');
    };
    const answer = await withoutGenerate(() => call(handlerWith({ viewer }), post({ body: {} })));
    assert.equal(answer.status, 500);
    assert.match(answer.json.error, /viewer function failed/);
    assert.ok(!answer.text.includes('hunter2'));
    assert.ok(logged.some((line) => line.includes('hunter2')), 'logged on the server');
    const rejecting = await call(handlerWith({ viewer: () => Promise.reject(new Error('nope')) }), post({ body: {} }));
    assert.equal(rejecting.status, 500);
  });

  it('a result generate-session refuses: 500 naming the field, no generate-session call', async () => {
    const cases = [
      [{ externalId: 'Ada@Example.com' }, /externalId/],
      [{ externalId: 'ada', internalId: 'u1' }, /externalId and internalId/],
      [{}, /externalId and internalId/],
      [{ externalId: 'ada', roles: 'admin' }, /roles/],
      [{ externalId: 'ada', deploymentId: 43 }, /deploymentId/],
      [{ externalId: 'ada', settings: { allowAi: 'no' } }, /settings\.allowAi/],
      [undefined, /session request object or null/],
      ['ada', /session request object or null/],
      [[{ externalId: 'ada' }], /session request object or null/],
    ];
    await withoutGenerate(async () => {
      for (const [result, reason] of cases) {
        const answer = await call(handlerWith({ viewer: () => result }), post({ body: {} }));
        assert.equal(answer.status, 500, JSON.stringify(result));
        assert.match(answer.json.error, reason);
      }
    });
  });
});

describe('the platform fails or answers nonsense: 502 naming the status, without the platform body', () => {
  const marker = 'PLATFORM-INTERNAL-DETAIL-93d1';

  it('a 500, a 401 (wrong key), a 404, a 429', async () => {
    for (const status of [500, 401, 404, 429]) {
      platform.fail({ operation: 'generateSession', status, body: { error: { message: `${marker} ${platform.apiKey}` } } });
      const answer = await call(handlerWith(), post({ body: { dashboard: 'sales-overview' } }));
      assert.equal(answer.status, 502, String(status));
      assert.match(answer.json.error, new RegExp(`\\b${status}\\b`));
      assert.ok(!answer.text.includes(marker), 'no platform body');
      assert.equal(answer.headers.get('cache-control'), 'no-store');
    }
    // A real wrong key, not an injected failure.
    const wrongKey = createSessionHandler({ baseUrl: platform.url, apiKey: 'not-the-key-0000', deploymentId: 42, viewer: () => ({ externalId: 'ada' }) });
    const answer = await call(wrongKey, post({ body: {} }));
    assert.equal(answer.status, 502);
    assert.match(answer.json.error, /\b401\b/);
  });

  it('a 2xx that is not JSON, or JSON without a sessionId', async () => {
    for (const rule of [
      { status: 200, body: `<html>${marker}</html>`, contentType: 'text/html' },
      { status: 200, body: { session: marker } },
      { status: 200, body: { sessionId: '' } },
    ]) {
      platform.fail({ operation: 'generateSession', ...rule });
      const answer = await call(handlerWith(), post({ body: {} }));
      assert.equal(answer.status, 502, JSON.stringify(rule));
      assert.match(answer.json.error, /\b200\b/);
      assert.ok(!answer.text.includes(marker));
    }
  });

  it('a dropped connection and an unreachable platform', async () => {
    platform.fail({ operation: 'generateSession', drop: true });
    const dropped = await call(handlerWith(), post({ body: {} }));
    assert.equal(dropped.status, 502);
    const gone = createSessionHandler({ baseUrl: 'http://127.0.0.1:9', apiKey: platform.apiKey, deploymentId: 42, viewer: () => ({ externalId: 'ada' }) });
    const unreachable = await call(gone, post({ body: {} }));
    assert.equal(unreachable.status, 502);
    assert.match(unreachable.json.error, /network/);
  });
});

describe('options', () => {
  const good = () => ({ baseUrl: platform.url, apiKey: platform.apiKey, deploymentId: 42, viewer: () => null });

  it('bad options throw a TypeError at creation, naming the option and never quoting the key', () => {
    const cases = [
      [{ apiKey: undefined }, /apiKey/],
      [{ apiKey: '' }, /apiKey/],
      [{ apiKey: 42 }, /apiKey/],
      [{ apiKey: 'line\nbreak' }, /apiKey/],
      [{ deploymentId: undefined }, /deploymentId/],
      [{ deploymentId: 0 }, /deploymentId/],
      [{ deploymentId: -3 }, /deploymentId/],
      [{ deploymentId: 4.2 }, /deploymentId/],
      [{ deploymentId: '42' }, /deploymentId/],
      [{ deploymentId: Number.MAX_SAFE_INTEGER + 1 }, /deploymentId/],
      [{ baseUrl: undefined }, /baseUrl/],
      [{ baseUrl: 'not a url' }, /baseUrl/],
      [{ baseUrl: 'http://platform.example' }, /baseUrl/],
      [{ baseUrl: 'https://platform.example/?x=1' }, /baseUrl/],
      [{ viewer: undefined }, /viewer/],
      [{ viewer: { externalId: 'ada' } }, /viewer/],
      [{ allowedOrigins: 'https://cms.example.com' }, /allowedOrigins/],
      [{ allowedOrigins: ['https://cms.example.com/'] }, /allowedOrigins\[0\]/],
      [{ allowedOrigins: [cms, 'https://cms.example.com/path'] }, /allowedOrigins\[1\]/],
      [{ allowedOrigins: ['cms.example.com'] }, /allowedOrigins\[0\]/],
      [{ allowedOrigins: ['HTTPS://CMS.EXAMPLE.COM'] }, /allowedOrigins\[0\]/],
      [{ allowedOrigins: ['https://cms.example.com:443'] }, /allowedOrigins\[0\]/],
      [{ allowedOrigins: ['*'] }, /allowedOrigins\[0\]/],
      [{ allowedOrigins: ['null'] }, /allowedOrigins\[0\]/],
      [{ allowedOrigins: ['ftp://cms.example.com'] }, /allowedOrigins\[0\]/],
      [{ allowedOrigins: [42] }, /allowedOrigins\[0\]/],
      [{ allowedOrigin: [cms] }, /unknown option allowedOrigin/],
    ];
    for (const [change, name] of cases) {
      const options = { ...good(), ...change };
      for (const [key, value] of Object.entries(change)) if (value === undefined) delete options[key];
      assert.throws(
        () => createSessionHandler(options),
        (error) => {
          assert.ok(error instanceof TypeError, `${JSON.stringify(change)}: ${error}`);
          assert.match(error.message, name);
          assert.match(error.message, /^createSessionHandler: /);
          assert.ok(!error.message.includes(platform.apiKey));
          return true;
        },
      );
    }
    for (const bad of [undefined, null, 'options']) assert.throws(() => createSessionHandler(bad), TypeError);
  });

  it('good options: exact origins with ports, an http: base on localhost', () => {
    assert.equal(typeof createSessionHandler({ ...good(), allowedOrigins: [] }), 'function');
    assert.equal(typeof createSessionHandler({ ...good(), allowedOrigins: [cms, 'http://localhost:8080', 'https://[::1]:8443'] }), 'function');
  });
});

describe('properties', () => {
  const own2 = fc.constantFrom(own, 'http://internal:3000');
  const foreignOrigin = fc.oneof(
    fc.constantFrom('https://evil.example', 'null', 'https://app.example', `${cms}.evil.test`, 'http://cms.app.example', `${cms}/`, 'HTTPS://CMS.EXAMPLE.COM'),
    fc.webUrl().map((u) => new URL(u).origin).filter((o) => o !== cms && o !== own && o !== 'http://internal:3000'),
  );
  const extraHeaders = fc.dictionary(
    fc.constantFrom('cookie', 'content-type', 'accept', 'x-forwarded-host', 'x-forwarded-proto', 'referer', 'authorization', 'access-control-request-method'),
    fc.string({ maxLength: 40 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
    { maxKeys: 4 },
  );
  const bodyArb = fc.option(
    fc.oneof(
      fc.json({ maxDepth: 2 }),
      fc.record({ dashboard: fc.constantFrom('sales-overview', 'x') }).map((o) => JSON.stringify(o)),
      fc.string({ maxLength: 100 }),
    ),
    { nil: undefined },
  );
  const methodArb = fc.constantFrom('POST', 'OPTIONS', 'GET', 'PUT', 'post');

  it('a foreign Origin or a same-site/cross-site Sec-Fetch-Site never gets a 2xx or a session', async () => {
    const handler = handlerWith({ allowedOrigins: [cms] });
    await fc.assert(
      fc.asyncProperty(
        own2,
        methodArb,
        fc.option(foreignOrigin, { nil: undefined }),
        fc.constantFrom(undefined, 'cross-site', 'same-site', 'CROSS-SITE', ''),
        extraHeaders,
        bodyArb,
        async (url, method, origin, site, extra, body) => {
          fc.pre(origin !== undefined || (site !== undefined && site !== ''));
          const headers = { ...extra, ...(origin !== undefined ? { origin } : {}), ...(site !== undefined ? { 'sec-fetch-site': site } : {}) };
          const hasBody = body !== undefined && !['GET', 'HEAD'].includes(method.toUpperCase());
          const request = new Request(`${url}/embed-session`, { method, headers, ...(hasBody ? { body } : {}) });
          const before = platform.sessions().length;
          const answer = await call(handler, request);
          assert.ok(answer.status >= 400, `${method} ${JSON.stringify(headers)} got ${answer.status}`);
          assert.equal(platform.sessions().length, before);
          assertNoCors(answer);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('no answer carries the API key, whatever the request and whatever the platform answers', async () => {
    // A platform of its own: a failure rule that a refused request never reached stays pending, and must not reach other tests.
    const isolated = await startMockPlatform({ apiKey: platform.apiKey });
    const handler = createSessionHandler({ baseUrl: isolated.url, apiKey: platform.apiKey, deploymentId: 42, viewer: () => ({ externalId: 'ada' }), allowedOrigins: [cms] });
    const failure = fc.option(
      fc.record({
        status: fc.constantFrom(200, 400, 401, 403, 404, 409, 429, 500, 503),
        body: fc.constantFrom({ error: platform.apiKey }, { message: `Bearer ${platform.apiKey}` }, `key=${platform.apiKey}`, { sessionId: 42 }),
      }),
      { nil: undefined },
    );
    await fc.assert(
      fc.asyncProperty(methodArb, fc.constantFrom(undefined, own, cms, 'https://evil.example'), extraHeaders, bodyArb, failure, async (method, origin, extra, body, rule) => {
        if (rule) isolated.fail({ operation: 'generateSession', ...rule });
        const headers = { ...extra, ...(origin ? { origin } : {}) };
        const hasBody = body !== undefined && !['GET', 'HEAD'].includes(method.toUpperCase());
        const answer = await call(handler, new Request(endpoint, { method, headers, ...(hasBody ? { body } : {}) }));
        assert.ok(!answer.text.includes(platform.apiKey));
        for (const [name, value] of answer.headers) assert.ok(!value.includes(platform.apiKey), name);
      }),
      { numRuns: 150 },
    ).finally(() => isolated.close());
  });
});

describe('no answer in this file', () => {
  it('carries the API key in its body or headers, and every one is no-store', () => {
    assert.ok(answers.length > 100, `${answers.length} answers`);
    for (const answer of answers) {
      assert.ok(!answer.text.includes(platform.apiKey));
      for (const [name, value] of answer.headers) assert.ok(!value.includes(platform.apiKey), name);
      assert.equal(answer.headers.get('cache-control'), 'no-store');
    }
  });
});

describe('the server entry', () => {
  it('createSessionHandler imports in plain Node with no DOM global and adds no global', () => {
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', `
      const before = new Set(Object.getOwnPropertyNames(globalThis));
      const { createSessionHandler } = await import('platform-embed/server');
      const added = Object.getOwnPropertyNames(globalThis).filter((n) => !before.has(n));
      const handler = createSessionHandler({ baseUrl: 'https://acme.example', apiKey: 'k', deploymentId: 1, viewer: () => null });
      const answer = await handler(new Request('https://app.example/s', { method: 'POST', body: '{}' }));
      console.log(JSON.stringify({ added, status: answer.status, window: typeof window, document: typeof document, HTMLElement: typeof HTMLElement }));
    `], { encoding: 'utf8' });
    assert.deepEqual(JSON.parse(out), { added: [], status: 401, window: 'undefined', document: 'undefined', HTMLElement: 'undefined' });
  });
});
