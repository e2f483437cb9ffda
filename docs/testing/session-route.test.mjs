// The backend's session route, tested with node:test against the mock
// platform: no browser, no account, no network.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { startMockPlatform } from 'platform-embed/testing';
import { createSessionRoute } from './session-route.mjs';

let platform;
let server;
let url;

before(async () => {
  // Free ports, unless MOCK_PORT and APP_PORT name them.
  platform = await startMockPlatform({ port: Number(process.env.MOCK_PORT ?? 0) });
  const route = createSessionRoute({
    platformUrl: platform.url,
    apiKey: platform.apiKey,
    currentUser: () => ({ email: 'ada@example.com', region: 'EMEA' }),
  });
  server = createServer(route);
  await new Promise((resolve, reject) => server.once('error', reject).listen(Number(process.env.APP_PORT ?? 0), '127.0.0.1', resolve));
  url = `http://127.0.0.1:${server.address().port}/session`;
});

after(async () => {
  await new Promise((resolve) => server.close(resolve));
  await platform.close();
});

test('creates a session for the signed-in user, with their region', async () => {
  const response = await fetch(url, { method: 'POST' });
  assert.equal(response.status, 200);
  const { sessionId } = await response.json();

  assert.deepEqual(platform.sessions().at(-1), { sessionId, externalId: 'ada@example.com', used: false });
  const request = platform.requests().at(-1);
  assert.equal(request.authorized, true);
  assert.deepEqual(request.body.userAttributes, [{ name: 'region', value: 'EMEA' }]);
});

test("refuses another site's page with 403, and makes no session", async () => {
  const sessions = platform.sessions().length;
  const response = await fetch(url, {
    method: 'POST',
    headers: { Origin: 'https://attacker.example', 'Sec-Fetch-Site': 'cross-site' },
  });
  assert.equal(response.status, 403);
  assert.equal(platform.sessions().length, sessions);
});

test('answers 502 when the platform fails, and sends nothing secret', async () => {
  platform.fail({ operation: 'generateSession', status: 503 });
  const response = await fetch(url, { method: 'POST' });
  assert.equal(response.status, 502);
  const body = await response.text();
  assert.ok(!body.includes(platform.apiKey));
});
