// createSessionHandler's onSession and PlatformApiClient.revokeSession from
// Node against the real mock platform: onSession runs once per session handed
// out (and for nothing else), its failure never breaks the answer, and a
// sign-out that revokes what it remembered leaves none of the viewer's
// sessions redeemable. Needs a built dist/ (`npm run build`).
import { beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PlatformApiClient } from '../../dist/index.js';
import { createSessionHandler } from '../../dist/server/index.js';
import { mockPlatformWithLog } from './mock-platform.mjs';
import { startMockPlatform } from '../../dist/testing/index.js';

const endpoint = 'http://app.example/embed-session';
const mock = mockPlatformWithLog();
let platform;
let logged;
beforeEach(() => ({ platform, logged } = mock));

const handlerWith = (options) =>
  createSessionHandler({ baseUrl: platform.url, apiKey: platform.apiKey, deploymentId: 42, viewer: () => ({ externalId: 'ada@example.com' }), ...options });
const post = (body = { dashboard: 'sales-overview' }, headers = {}) =>
  new Request(endpoint, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
const trade = (session) =>
  fetch(`${platform.url}/mock-embed/session`, { method: 'POST', body: JSON.stringify({ session, path: '/embed/dashboard/sales-overview' }) });

describe('onSession', () => {
  it('is called once per session handed out, with the id, the request, the viewer and what was wanted, before the answer', async () => {
    const calls = [];
    let answered = false;
    const handler = handlerWith({
      viewer: () => ({ externalId: 'ada@example.com', groups: ['sales'] }),
      onSession: async (sessionId, context) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        calls.push({ sessionId, context, answered });
      },
    });
    const requests = [post({ dashboard: 'sales-overview' }), post({ path: '/embed/d/42/app' })];
    const ids = [];
    for (const request of requests) {
      const response = await handler(request);
      answered = true;
      assert.equal(response.status, 200);
      ids.push((await response.json()).sessionId);
      answered = false;
    }
    assert.deepEqual(calls.map((c) => c.sessionId), ids);
    assert.equal(calls[0].context.request, requests[0]);
    assert.deepEqual(calls[0].context.viewer, { externalId: 'ada@example.com', groups: ['sales'] });
    assert.deepEqual(calls[0].context.wanted, { dashboard: 'sales-overview' });
    assert.deepEqual(calls[1].context.wanted, { path: '/embed/d/42/app' });
    assert.ok(calls.every((c) => !c.answered), 'called before the answer');
  });

  it('is not called when no session is handed out: not signed in, another site, the platform failing', async () => {
    let calls = 0;
    const onSession = () => void calls++;
    assert.equal((await handlerWith({ onSession, viewer: () => null })(post())).status, 401);
    assert.equal((await handlerWith({ onSession })(post(undefined, { Origin: 'https://evil.example' }))).status, 403);
    platform.fail({ operation: 'generateSession', status: 500 });
    assert.equal((await handlerWith({ onSession })(post())).status, 502);
    assert.equal(calls, 0);
  });

  it('that throws or rejects: the answer is still the session, and the failure is logged on the server', async () => {
    for (const onSession of [() => { throw new Error('store down'); }, async () => { throw new Error('store down'); }]) {
      logged.length = 0;
      const response = await handlerWith({ onSession })(post());
      assert.equal(response.status, 200);
      assert.match((await response.json()).sessionId, /^[0-9a-f]{32}$/);
      assert.equal(logged.length, 1);
      assert.match(logged[0], /onSession failed.*store down/);
    }
  });

  it('must be a function', () => {
    assert.throws(() => handlerWith({ onSession: 'remember' }), { name: 'TypeError', message: /onSession must be a function/ });
  });
});

describe('sign-out revokes what the handler handed the viewer', () => {
  it('revokes every remembered session: none can be redeemed, the mock lists them revoked, the others are left alone', async () => {
    const byViewer = new Map();
    const handler = handlerWith({
      viewer: (request) => ({ externalId: request.headers.get('x-user') }),
      onSession: (sessionId, { viewer }) => {
        const ids = byViewer.get(viewer.externalId) ?? new Set();
        byViewer.set(viewer.externalId, ids.add(sessionId));
      },
    });
    const ada = [];
    for (let i = 0; i < 3; i++) ada.push((await (await handler(post(undefined, { 'x-user': 'ada' }))).json()).sessionId);
    const bob = (await (await handler(post(undefined, { 'x-user': 'bob' }))).json()).sessionId;
    assert.equal((await trade(ada[0])).status, 200, 'one of them in use by an embed');

    const client = new PlatformApiClient({ baseUrl: platform.url, token: platform.apiKey });
    await Promise.all([...byViewer.get('ada')].map((id) => client.revokeSession(id)));
    byViewer.delete('ada');

    for (const id of ada.slice(1)) {
      const answer = await trade(id);
      assert.equal(answer.status, 401);
      assert.match((await answer.json()).error.message, /revoked/);
    }
    assert.equal((await trade(bob)).status, 200, "another viewer's session still opens");
  });
});

describe('docs/sessions.md', () => {
  it('the server code under "Signing out" runs as printed against the mock and revokes what it handed out', async () => {
    const { readFileSync, mkdirSync, writeFileSync } = await import('node:fs');
    const { execFile } = await import('node:child_process');
    const { fileURLToPath } = await import('node:url');
    const doc = readFileSync(new URL('../../docs/sessions.md', import.meta.url), 'utf8');
    const section = doc.slice(doc.indexOf('## Signing out'), doc.indexOf('## Testing your endpoint'));
    const code = /```js\n([\s\S]*?)```/.exec(section)?.[1];
    assert.ok(code?.includes('revokeSession') && code.includes('onSession'), 'the section has its server code');
    assert.match(section, /PlatformEmbed\.discardKeptAlive/);
    // The docs' default key, as `npx platform-embed-mock` prints it.
    const docsPlatform = await startMockPlatform({ apiKey: 'mock-key-acme-admin-7f3c9a2e' });
    try {
      // Inside the package folder, so `platform-embed` resolves to this build as in an app that installed it.
      const dir = new URL('../../test-results/sessions-doc/', import.meta.url);
      mkdirSync(dir, { recursive: true });
      const file = new URL('sign-out.mjs', dir);
      writeFileSync(file, code);
      const env = { ...process.env, PLATFORM_URL: docsPlatform.url };
      delete env.PLATFORM_API_KEY;
      const out = await new Promise((resolve, reject) =>
        execFile(process.execPath, [fileURLToPath(file)], { env, encoding: 'utf8' }, (error, stdout) => (error ? reject(error) : resolve(stdout))),
      );
      assert.equal(out, 'session 200\nsession 200\nrevoked 2\n');
      const sessions = docsPlatform.sessions();
      assert.equal(sessions.length, 2);
      for (const { sessionId } of sessions) {
        const answer = await fetch(`${docsPlatform.url}/mock-embed/session`, { method: 'POST', body: JSON.stringify({ session: sessionId, path: '/embed/dashboard/sales-overview' }) });
        assert.equal(answer.status, 401, 'revoked: no longer redeemable');
      }
    } finally {
      await docsPlatform.close();
    }
  });
});
