// `PlatformApiClient.generateSession` from Node (global fetch, no DOM), the
// way a host backend calls it, against the mock platform over real HTTP.
// Needs a built dist/ (`npm run build`).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { PlatformApiClient, PlatformApiError } from '../../dist/index.js';
import { SESSION_TTL_MS } from '../../dist/testing/sessions.js';
import { startBanner } from '../../dist/testing/banner.js';
import { startMockServer } from '../../dist/testing/server.js';

let mock;
let api;
before(async () => {
  mock = await startMockServer({ port: 0 });
  api = new PlatformApiClient({ baseUrl: mock.url, token: mock.keys.admin });
});
after(() => mock?.close());

/** The embed page's side: trades a session id for the viewer, as the platform's embed does. */
const open = (sessionId) =>
  fetch(`${mock.url}/mock-embed/session`, { method: 'POST', body: JSON.stringify({ session: sessionId, path: '/embed/dashboard/sales-overview' }) });

test('creates a session for an external viewer with row-level-security attributes', async () => {
  const session = await api.generateSession({ deploymentId: 42, externalId: 'ada@example.com', userAttributes: [{ name: 'region', value: 'EMEA' }] });
  assert.match(session.sessionId, /^[0-9a-f]{32}$/);
  const opened = await open(session.sessionId);
  assert.equal(opened.status, 200);
  const viewer = await opened.json();
  assert.equal(viewer.viewer, 'ada@example.com');
  assert.deepEqual(viewer.userAttributes, [{ name: 'region', value: 'EMEA' }]);
  assert.deepEqual(mock.state.viewers.get('ada@example.com').userAttributes, [{ name: 'region', value: 'EMEA' }]);
});

test('a session is single-use and valid for 5 minutes', async () => {
  const { sessionId } = await api.generateSession({ deploymentId: 42, externalId: 'grace@example.com' });
  const stored = mock.state.sessions.get(sessionId);
  assert.equal(stored.expiresAt - stored.createdAt, SESSION_TTL_MS);
  assert.equal(SESSION_TTL_MS, 5 * 60_000);
  assert.equal((await open(sessionId)).status, 200);
  const again = await open(sessionId);
  assert.equal(again.status, 401);
  assert.match((await again.json()).error.message, /already used/);
});

test('every call creates a new session', async () => {
  const ids = new Set();
  for (let i = 0; i < 3; i++) ids.add((await api.generateSession({ deploymentId: 42, externalId: 'ada@example.com' })).sessionId);
  assert.equal(ids.size, 3);
});

test('argument checks reject before any request', async () => {
  const before = mock.state.requests.length;
  await assert.rejects(api.generateSession({ deploymentId: 42, externalId: 'Ada@Example.com' }), RangeError);
  await assert.rejects(api.generateSession({ deploymentId: '42', externalId: 'ada' }), TypeError);
  assert.equal(mock.state.requests.length, before);
});

test('a failure is a PlatformApiError quoting the platform, without the key', async () => {
  const error = await api.generateSession({ deploymentId: 77, externalId: 'ada' }).catch((e) => e);
  assert.ok(error instanceof PlatformApiError);
  assert.equal(error.code, 'not-found');
  assert.match(error.message, /The platform said: "Deployment 77 does not exist\."/);
  assert.ok(!JSON.stringify(error).includes(mock.keys.admin) && !error.message.includes(mock.keys.admin));
});

test('the request `npm run mock` prints works as printed, and the ids it lists exist', async () => {
  const banner = startBanner(mock);
  const curl = /curl -s -X POST (\S+) \\\n\s+-H '([^']+)' -H '([^']+)' \\\n\s+-d '([^']+)'/.exec(banner);
  assert.ok(curl, banner);
  const [, url, auth, type, body] = curl;
  const header = (line) => line.split(/:\s*/);
  const response = await fetch(url, { method: 'POST', headers: Object.fromEntries([header(auth), header(type)]), body });
  assert.equal(response.status, 200);
  assert.match((await response.json()).sessionId, /^[0-9a-f]{32}$/);
  for (const [, id] of banner.matchAll(/dashboard="([\w-]+)"/g)) {
    const page = await fetch(`${mock.url}/embed/dashboard/${id}`);
    assert.equal(page.status, 200, id);
  }
});

test('the embed controls reach every open embed with { all: true }, and name what they did not find', async () => {
  const opened = [];
  for (const externalId of ['a@example.com', 'b@example.com']) {
    const { sessionId } = await api.generateSession({ deploymentId: 42, externalId });
    opened.push((await (await open(sessionId)).json()).credential);
  }
  const check = (credential) => fetch(`${mock.url}/mock-embed/credential`, { method: 'POST', body: JSON.stringify({ credential }) });
  const control = (name, body) => fetch(`${mock.url}/mock-embed/sessions/${name}`, { method: 'POST', body: JSON.stringify(body) });

  assert.equal((await control('fail', { sessionId: 'ses_unknown' })).status, 404);
  assert.equal((await control('fail', { all: true, message: 'The warehouse is down.' })).status, 200);
  for (const credential of opened) {
    assert.deepEqual(await (await check(credential)).json(), { fault: { name: 'RenderError', message: 'The warehouse is down.' } });
  }
  assert.equal((await control('expire', { sessionId: 'ses_unknown' })).status, 404);
  assert.equal((await control('expire', { all: true })).status, 200);
  for (const credential of opened) {
    const answer = await check(credential);
    assert.equal(answer.status, 401);
    assert.match((await answer.json()).error.message, /expired/);
  }
});
