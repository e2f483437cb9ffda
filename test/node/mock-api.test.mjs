// The mock platform's HTTP API, rule by rule, against a real server on a free port.
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpRequest, Agent } from 'node:http';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { startMockServer } from '../../dist/testing/server.js';
import { deploymentSettingsSchema, cspsConfigSchema, usageAnalyticsTokenSchema } from '../../dist/api/schemas.js';
import { validate } from '../../dist/schema.js';

let mock;
let keys;

before(async () => {
  mock = await startMockServer({ port: 0 });
  keys = mock.keys;
});
after(() => mock.close());
beforeEach(() => mock.reset());

/** One request; `key: null` sends no Authorization header. */
async function call(method, path, { key = keys.admin, body, headers = {}, json = true } = {}) {
  const h = { ...headers };
  if (key !== null) h.Authorization = `Bearer ${key}`;
  if (body !== undefined && json) h['Content-Type'] ??= 'application/json';
  const res = await fetch(mock.url + path, {
    method,
    headers: h,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    data = text;
  }
  return { status: res.status, headers: res.headers, body: data, text };
}

const settingsPath = (id) => `/api/v1/deployments/${id}/settings`;
const branchesPath = (id, query) => `/build/api/v1/deployments/${id}/branches${query === undefined ? '' : `?${new URLSearchParams(query)}`}`;

function assertErrorBody(res, status, code) {
  assert.equal(res.status, status);
  assert.match(res.headers.get('content-type'), /^application\/json/);
  assert.equal(res.body.error.code, code);
  assert.equal(typeof res.body.error.message, 'string');
  assert.ok(res.body.error.message.length > 0);
}

describe('startMockServer', () => {
  it('returns url, port, host, state, keys, reset and close', () => {
    assert.match(mock.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(mock.url, `http://127.0.0.1:${mock.port}`);
    assert.equal(mock.host, '127.0.0.1');
    assert.deepEqual(Object.keys(keys).sort(), ['admin', 'noAnalytics', 'viewer']);
    assert.equal(new Set(Object.values(keys)).size, 3);
    assert.equal(typeof mock.reset, 'function');
    assert.equal(typeof mock.close, 'function');
  });

  it('close() resolves while a browser-like keep-alive connection is open, and the port stops answering', async () => {
    const other = await startMockServer({ port: 0 });
    const agent = new Agent({ keepAlive: true });
    const status = await new Promise((resolve, reject) => {
      const req = httpRequest(`${other.url}/api/v1/usage-analytics/token`, { method: 'POST', agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      });
      req.on('error', reject);
      req.end();
    });
    assert.equal(status, 401);
    await other.close();
    await assert.rejects(fetch(`${other.url}/api/v1/usage-analytics/token`, { method: 'POST' }));
    agent.destroy();
  });
});

describe('seed data', () => {
  it('deployment 42 fills every DeploymentSettings field and all 13 cspsConfig fields', () => {
    const settings = mock.state.deployments.get(42).settings;
    assert.deepEqual(Object.keys(settings).sort(), Object.keys(deploymentSettingsSchema).sort());
    for (const [key, value] of Object.entries(settings)) assert.notEqual(value, null, `${key} is set`);
    assert.deepEqual(Object.keys(settings.cspsConfig).sort(), Object.keys(cspsConfigSchema).sort());
    assert.equal(Object.keys(settings.cspsConfig).length, 13);
    assert.ok(Array.isArray(settings.launchpadTabs) && settings.launchpadTabs.length > 0);
    assert.ok(Object.keys(settings.templateVariables).length > 0);
    assert.equal(validate(settings, deploymentSettingsSchema, 'settings').ok, true);
  });

  it('every seeded deployment is valid settings', () => {
    for (const { settings } of mock.state.deployments.values()) {
      const checked = validate(settings, deploymentSettingsSchema, 'settings');
      assert.equal(checked.ok, true, checked.reason);
    }
  });

  it('has a branch tree with the deploy branch and nested slash names, each with a parent', () => {
    const branches = mock.state.deployments.get(42).branches;
    assert.equal(branches.get('main').parent, null);
    assert.equal(branches.get('feature/orders').parent, 'main');
    assert.equal(branches.get('feature/orders/fix-totals').parent, 'feature/orders');
    assert.equal(branches.get('release/2026-11').parent, 'main');
  });

  it('has an admin and a non-admin key for account A and a key for account B', () => {
    const a = mock.state.principal(keys.admin);
    const v = mock.state.principal(keys.viewer);
    const b = mock.state.principal(keys.noAnalytics);
    assert.equal(a.role, 'admin');
    assert.notEqual(v.role, 'admin');
    assert.equal(a.accountId, v.accountId);
    assert.notEqual(b.accountId, a.accountId);
    assert.equal(mock.state.accounts.get(b.accountId).usageAnalyticsDeploymentId, null);
    assert.ok([...mock.state.deployments.values()].some((d) => d.accountId === b.accountId));
  });
});

describe('GET /api/v1/deployments/:id/settings', () => {
  it('answers 200 with the settings', async () => {
    const res = await call('GET', settingsPath(42));
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type'), /^application\/json/);
    assert.deepEqual(res.body, mock.state.deployments.get(42).settings);
  });

  it('answers 404 for an unknown deployment, a non-numeric id and another account\'s deployment', async () => {
    assertErrorBody(await call('GET', settingsPath(999)), 404, 'not-found');
    assertErrorBody(await call('GET', settingsPath('abc')), 404, 'not-found');
    assertErrorBody(await call('GET', settingsPath(77)), 404, 'not-found');
    assert.equal((await call('GET', settingsPath(77), { key: keys.noAnalytics })).status, 200);
  });
});

describe('authentication', () => {
  for (const [label, headers] of [
    ['missing', {}],
    ['not bearer', { Authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }],
    ['bearer without a token', { Authorization: 'Bearer' }],
    ['unknown token', { Authorization: 'Bearer not-a-known-key' }],
  ]) {
    it(`answers 401 with a JSON error for a ${label} Authorization header`, async () => {
      const res = await call('GET', settingsPath(42), { key: null, headers });
      assertErrorBody(res, 401, 'unauthorized');
      assert.equal(res.headers.get('www-authenticate'), 'Bearer');
      assert.ok(!res.text.includes('not-a-known-key'), 'the token is not echoed');
    });
  }

  it('applies to every operation', async () => {
    assert.equal((await call('PUT', '/api/v1/deployments/42', { key: null, body: {} })).status, 401);
    assert.equal((await call('POST', '/api/v1/usage-analytics/token', { key: null })).status, 401);
    assert.equal((await call('DELETE', branchesPath(42, { branchName: 'feature/orders' }), { key: null })).status, 401);
    assert.ok(mock.state.deployments.get(42).branches.has('feature/orders'));
  });
});

describe('PUT /api/v1/deployments/:id', () => {
  it('merges the fields and answers the full stored settings', async () => {
    const res = await call('PUT', '/api/v1/deployments/42', {
      body: { name: 'Orders (EU)', releaseChannel: 'latest', customDomain: null, launchpadTabs: ['chat'] },
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.name, 'Orders (EU)');
    assert.equal(res.body.releaseChannel, 'latest');
    assert.equal(res.body.customDomain, null);
    assert.deepEqual(res.body.launchpadTabs, ['chat']);
    assert.equal(res.body.deploymentUrl, 'https://orders-analytics.acme.platform.example');
    assert.equal(validate(res.body, deploymentSettingsSchema).ok, true);
    assert.deepEqual((await call('GET', settingsPath(42))).body, res.body);
  });

  it('replaces cspsConfig as a whole and merges templateVariables key by key', async () => {
    const res = await call('PUT', '/api/v1/deployments/42', {
      body: { cspsConfig: { enabled: false, storageProvider: 'gcs', gcsBucket: 'b' }, templateVariables: { a: 1, currency: null } },
    });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.cspsConfig, { enabled: false, storageProvider: 'gcs', gcsBucket: 'b' });
    assert.deepEqual(res.body.templateVariables, { fiscalYearStartMonth: 2, regions: ['emea', 'amer'], a: 1 });
  });

  it('refuses a field the platform does not write, even with its current value (400 with field); region is writable', async () => {
    const res = await call('PUT', '/api/v1/deployments/42', { body: { name: 'x', isCold: false } });
    assertErrorBody(res, 400, 'bad-request');
    assert.equal(res.body.error.field, 'isCold');
    assert.equal(mock.state.deployments.get(42).settings.name, 'Orders analytics', 'nothing merged');
    const id = await call('PUT', '/api/v1/deployments/42', { body: { id: 42 } });
    assert.equal(id.body.error.field, 'id');
    const region = await call('PUT', '/api/v1/deployments/42', { body: { region: 'gcp-asia' } });
    assert.equal(region.status, 200);
    assert.equal(region.body.region, 'gcp-asia');
  });

  for (const [label, body, field] of [
    ['a wrong type', { name: 5 }, 'name'],
    ['a value outside the enum', { template: 'huge' }, 'template'],
    ['an unknown field', { colour: 'red' }, 'colour'],
    ['null for a required field', { name: null }, 'name'],
    ['a wrong array item', { launchpadTabs: ['a', 1] }, 'launchpadTabs'],
    ['an incomplete cspsConfig', { cspsConfig: { storageProvider: 's3' } }, 'cspsConfig.enabled'],
  ]) {
    it(`answers 400 with the field for ${label}`, async () => {
      const res = await call('PUT', '/api/v1/deployments/42', { body });
      assertErrorBody(res, 400, 'bad-request');
      assert.equal(res.body.error.field, field);
    });
  }

  it('answers 400 for invalid JSON, a non-object body and a non-JSON content type', async () => {
    assertErrorBody(await call('PUT', '/api/v1/deployments/42', { body: '{"name": ' }), 400, 'bad-request');
    assertErrorBody(await call('PUT', '/api/v1/deployments/42', { body: [1] }), 400, 'bad-request');
    assertErrorBody(await call('PUT', '/api/v1/deployments/42', { body: '' }), 400, 'bad-request');
    const text = await call('PUT', '/api/v1/deployments/42', { body: '{"name":"x"}', headers: { 'Content-Type': 'text/plain' } });
    assertErrorBody(text, 400, 'bad-request');
    assert.equal(mock.state.deployments.get(42).settings.name, 'Orders analytics');
  });

  it('answers 404 for another account\'s deployment', async () => {
    assertErrorBody(await call('PUT', '/api/v1/deployments/77', { body: { name: 'x' } }), 404, 'not-found');
    assert.equal(mock.state.deployments.get(77).settings.name, 'Globex ledger');
  });
});

describe('POST /api/v1/usage-analytics/token', () => {
  it('issues an HS256 JWT scoped to the caller\'s account, valid about 24 h', async () => {
    const res = await call('POST', '/api/v1/usage-analytics/token');
    assert.equal(res.status, 200);
    assert.equal(validate(res.body, usageAnalyticsTokenSchema).ok, true);
    assert.equal(res.body.apiUrl, `${mock.url}/usage-analytics/api/v1`);
    assert.equal(res.body.deploymentId, 9001);
    assert.equal(decodeProtectedHeader(res.body.token).alg, 'HS256');
    const claims = decodeJwt(res.body.token);
    const account = mock.state.principal(keys.admin).accountId;
    assert.equal(claims.sub, String(account));
    assert.equal(claims.accountId, account);
    assert.equal(claims.scope, 'usage-analytics');
    assert.equal(new Date(res.body.expiresAt).getTime(), claims.exp * 1000);
    assert.equal(claims.exp - claims.iat, 60 * 60); // about an hour, as the platform's token
    assert.equal(new Date(res.body.expiresAt).toISOString(), res.body.expiresAt);
  });

  it('the token is accepted by the usage-analytics API and a tampered one is not', async () => {
    const { body } = await call('POST', '/api/v1/usage-analytics/token');
    const meta = await call('GET', '/usage-analytics/api/v1/meta', { key: body.token });
    assert.equal(meta.status, 200);
    assert.deepEqual(meta.body, { accountId: 1, deploymentId: 9001, scope: 'usage-analytics' });
    const tampered = body.token.slice(0, -2) + (body.token.endsWith('AA') ? 'BB' : 'AA');
    assertErrorBody(await call('GET', '/usage-analytics/api/v1/meta', { key: tampered }), 401, 'unauthorized');
    // The short-lived token is not an API key.
    assertErrorBody(await call('GET', settingsPath(42), { key: body.token }), 401, 'unauthorized');
  });

  it('answers 403 for a non-admin and 404 for an account without usage analytics', async () => {
    assertErrorBody(await call('POST', '/api/v1/usage-analytics/token', { key: keys.viewer }), 403, 'forbidden');
    assertErrorBody(await call('POST', '/api/v1/usage-analytics/token', { key: keys.noAnalytics }), 404, 'not-found');
  });
});

describe('DELETE /build/api/v1/deployments/:id/branches', () => {
  it('deletes a nested branch, re-parents its children and records no upstream deletion by default', async () => {
    const res = await call('DELETE', branchesPath(42, { branchName: 'feature/orders' }));
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { success: true });
    const branches = mock.state.deployments.get(42).branches;
    assert.equal(branches.has('feature/orders'), false);
    assert.equal(branches.get('feature/orders/fix-totals').parent, 'main');
    assert.deepEqual(mock.state.upstreamDeletions, []);
    assert.deepEqual(mock.state.deletedBranches, [{ deploymentId: 42, branchName: 'feature/orders', removeOnUpstream: false }]);
  });

  it('records an upstream deletion only with removeOnUpstream=true', async () => {
    await call('DELETE', branchesPath(42, { branchName: 'release/2026-11', removeOnUpstream: 'false' }));
    assert.deepEqual(mock.state.upstreamDeletions, []);
    assert.equal(mock.state.deployments.get(42).branches.get('release/2026-11/hotfix-vat').parent, 'main');
    const res = await call('DELETE', branchesPath(42, { branchName: 'feature/orders/fix-totals', removeOnUpstream: 'true' }));
    assert.equal(res.status, 200);
    assert.deepEqual(mock.state.upstreamDeletions, [
      { deploymentId: 42, branchName: 'feature/orders/fix-totals', removeOnUpstream: true },
    ]);
  });

  it('answers 400 without branchName, with an empty one, for the deploy branch and for a bad removeOnUpstream', async () => {
    for (const query of [undefined, { branchName: '' }, { branchName: 'main' }, { branchName: 'feature/orders', removeOnUpstream: 'yes' }]) {
      const res = await call('DELETE', branchesPath(42, query));
      assertErrorBody(res, 400, 'bad-request');
    }
    assert.equal(mock.state.deployments.get(42).branches.size, 5);
    assert.equal((await call('DELETE', branchesPath(77, { branchName: 'trunk' }), { key: keys.noAnalytics })).status, 400);
  });

  it('answers 404 for an unknown branch, a branch deleted twice and another account\'s deployment', async () => {
    assertErrorBody(await call('DELETE', branchesPath(42, { branchName: 'feature/nope' })), 404, 'not-found');
    assert.equal((await call('DELETE', branchesPath(42, { branchName: 'feature/orders' }))).status, 200);
    assertErrorBody(await call('DELETE', branchesPath(42, { branchName: 'feature/orders' })), 404, 'not-found');
    assertErrorBody(await call('DELETE', branchesPath(77, { branchName: 'feature/ledger-close' })), 404, 'not-found');
    assert.ok(mock.state.deployments.get(77).branches.has('feature/ledger-close'));
  });
});

describe('routing', () => {
  it('answers 404 with a JSON error for an unknown route', async () => {
    assertErrorBody(await call('GET', '/api/v1/nothing-here'), 404, 'not-found');
    assertErrorBody(await call('GET', '/api/v1/deployments/42/settings/extra'), 404, 'not-found');
  });

  it('answers 405 with Allow for a wrong method', async () => {
    const res = await call('POST', settingsPath(42));
    assertErrorBody(res, 405, 'method-not-allowed');
    assert.equal(res.headers.get('allow'), 'GET, OPTIONS');
    assert.equal((await call('GET', '/api/v1/usage-analytics/token')).status, 405);
    assert.equal((await call('GET', branchesPath(42, { branchName: 'x' }))).status, 405);
  });
});

describe('CORS', () => {
  for (const origin of ['http://localhost:8000', 'http://127.0.0.1:5173', 'https://localhost', 'http://[::1]:3000']) {
    it(`reflects the loopback origin ${origin} and exposes Retry-After`, async () => {
      const res = await call('GET', settingsPath(42), { headers: { Origin: origin } });
      assert.equal(res.headers.get('access-control-allow-origin'), origin);
      assert.equal(res.headers.get('access-control-expose-headers'), 'Retry-After');
      assert.match(res.headers.get('vary'), /Origin/);
    });
  }

  it('also on error answers, so a browser can read the error body', async () => {
    const res = await call('GET', settingsPath(42), { key: null, headers: { Origin: 'http://localhost:8000' } });
    assert.equal(res.status, 401);
    assert.equal(res.headers.get('access-control-allow-origin'), 'http://localhost:8000');
  });

  it('does not allow a non-loopback origin', async () => {
    const res = await call('GET', settingsPath(42), { headers: { Origin: 'https://evil.example' } });
    assert.equal(res.headers.get('access-control-allow-origin'), null);
    const pre = await call('OPTIONS', settingsPath(42), {
      key: null,
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'GET' },
    });
    assert.equal(pre.status, 403);
    assert.equal(pre.headers.get('access-control-allow-origin'), null);
  });

  it('answers a preflight with the methods and headers', async () => {
    const res = await call('OPTIONS', branchesPath(42, { branchName: 'x' }), {
      key: null,
      headers: { Origin: 'http://localhost:8000', 'Access-Control-Request-Method': 'DELETE', 'Access-Control-Request-Headers': 'authorization' },
    });
    assert.equal(res.status, 204);
    assert.equal(res.headers.get('access-control-allow-origin'), 'http://localhost:8000');
    assert.equal(res.headers.get('access-control-allow-methods'), 'GET, PUT, POST, DELETE');
    assert.equal(res.headers.get('access-control-allow-headers'), 'Authorization, Content-Type');
    assert.ok(mock.state.deployments.get(42).branches.size === 5);
  });
});

describe('test hooks', () => {
  const fail = (rule) => call('POST', '/__mock/fail', { key: null, body: rule });

  it('answers the next request of an operation with the injected status, then behaves normally', async () => {
    assert.equal((await fail({ operation: 'getDeploymentSettings', status: 409 })).status, 200);
    assertErrorBody(await call('GET', settingsPath(42)), 409, 'conflict');
    assert.equal((await call('GET', settingsPath(42))).status, 200);
  });

  it('sends Retry-After, a non-JSON body and a wrong-shape body', async () => {
    await fail([
      { operation: 'getDeploymentSettings', status: 429, retryAfter: 3 },
      { operation: 'getDeploymentSettings', status: 200, body: '<html>oops</html>', contentType: 'text/html' },
      { operation: 'getDeploymentSettings', status: 200, body: { id: 'x' } },
    ]);
    const limited = await call('GET', settingsPath(42), { headers: { Origin: 'http://localhost:1' } });
    assertErrorBody(limited, 429, 'rate-limited');
    assert.equal(limited.headers.get('retry-after'), '3');
    const html = await call('GET', settingsPath(42));
    assert.equal(html.status, 200);
    assert.equal(html.text, '<html>oops</html>');
    assert.match(html.headers.get('content-type'), /^text\/html/);
    assert.deepEqual((await call('GET', settingsPath(42))).body, { id: 'x' });
  });

  it('drops the connection', async () => {
    await fail({ operation: 'issueUsageAnalyticsToken', drop: true });
    await assert.rejects(call('POST', '/api/v1/usage-analytics/token'));
    assert.equal((await call('POST', '/api/v1/usage-analytics/token')).status, 200);
  });

  it('delays an answer (the caller gives up first) and the request then proceeds normally', async () => {
    await fail({ operation: 'getDeploymentSettings', delayMs: 5000 });
    await assert.rejects(fetch(mock.url + settingsPath(42), { headers: { Authorization: `Bearer ${keys.admin}` }, signal: AbortSignal.timeout(200) }));
    assert.equal(mock.state.failures.length, 0, 'the rule was used');
  });

  it('matches by path prefix and method, repeats `times` times or forever with null', async () => {
    await fail({ path: '/build/', method: 'delete', status: 503, times: 2 });
    assert.equal((await call('GET', settingsPath(42))).status, 200);
    assert.equal((await call('DELETE', branchesPath(42, { branchName: 'feature/orders' }))).status, 503);
    assert.equal((await call('DELETE', branchesPath(42, { branchName: 'feature/orders' }))).status, 503);
    assert.equal((await call('DELETE', branchesPath(42, { branchName: 'feature/orders' }))).status, 200);
    await fail({ operation: 'getDeploymentSettings', status: 500, times: null });
    for (let i = 0; i < 4; i++) assertErrorBody(await call('GET', settingsPath(42)), 500, 'server-error');
    assert.equal((await call('DELETE', '/__mock/fail', { key: null })).status, 200);
    assert.equal((await call('GET', settingsPath(42))).status, 200);
  });

  it('refuses an invalid rule', async () => {
    for (const rule of [{ status: 500 }, { operation: 'x', status: 99 }, { operation: 'x', bogus: 1 }, { operation: 'x', times: 0 }]) {
      assertErrorBody(await fail(rule), 400, 'bad-request');
    }
    assertErrorBody(await call('POST', '/__mock/fail', { key: null, body: 'nope', json: false }), 400, 'bad-request');
    assert.deepEqual(mock.state.failures, []);
  });

  it('records requests with auth presence and the key name, never the token', async () => {
    await call('GET', settingsPath(42));
    await call('DELETE', branchesPath(42, { branchName: 'feature/orders/fix-totals', removeOnUpstream: 'true' }), { key: keys.viewer });
    await call('PUT', '/api/v1/deployments/42', { body: { name: 'n' } });
    await call('GET', settingsPath(42), { key: null });
    const { body } = await call('GET', '/__mock/requests', { key: null });
    const list = body.requests;
    assert.equal(list.length, 4, 'hook calls are not recorded');
    assert.deepEqual(
      list.map((r) => [r.method, r.path, r.operation, r.auth, r.key]),
      [
        ['GET', '/api/v1/deployments/42/settings', 'getDeploymentSettings', true, 'admin'],
        ['DELETE', '/build/api/v1/deployments/42/branches', 'deleteBranch', true, 'viewer'],
        ['PUT', '/api/v1/deployments/42', 'updateDeploymentSettings', true, 'admin'],
        ['GET', '/api/v1/deployments/42/settings', 'getDeploymentSettings', false, null],
      ],
    );
    assert.deepEqual(list[1].query, { branchName: 'feature/orders/fix-totals', removeOnUpstream: 'true' });
    assert.deepEqual(list[2].body, { name: 'n' });
    const text = JSON.stringify(body);
    for (const key of Object.values(keys)) assert.ok(!text.includes(key), 'no token in the log');
    await call('DELETE', '/__mock/requests', { key: null });
    assert.deepEqual((await call('GET', '/__mock/requests', { key: null })).body.requests, []);
  });

  it('GET /__mock/state shows branches and upstream deletions', async () => {
    await call('DELETE', branchesPath(42, { branchName: 'feature/orders', removeOnUpstream: 'true' }));
    const { body } = await call('GET', '/__mock/state', { key: null });
    const d42 = body.deployments.find((d) => d.id === 42);
    assert.ok(!d42.branches.some((b) => b.name === 'feature/orders'));
    assert.deepEqual(body.upstreamDeletions, [{ deploymentId: 42, branchName: 'feature/orders', removeOnUpstream: true }]);
  });

  it('POST /__mock/reset and reset() restore the seed in place, clearing rules and the log', async () => {
    const state = mock.state;
    await call('PUT', '/api/v1/deployments/42', { body: { name: 'changed' } });
    await call('DELETE', branchesPath(42, { branchName: 'feature/orders', removeOnUpstream: 'true' }));
    await fail({ operation: 'getDeploymentSettings', status: 500 });
    assert.equal((await call('POST', '/__mock/reset', { key: null })).status, 200);
    assert.equal(mock.state, state, 'same state object');
    assert.equal(state.deployments.get(42).settings.name, 'Orders analytics');
    assert.ok(state.deployments.get(42).branches.has('feature/orders'));
    assert.deepEqual(state.upstreamDeletions, []);
    assert.deepEqual(state.failures, []);
    assert.deepEqual(state.requests, []);
    await call('PUT', '/api/v1/deployments/42', { body: { name: 'again' } });
    mock.reset();
    assert.equal(state.deployments.get(42).settings.name, 'Orders analytics');
  });

  it('answers 404 for an unknown hook', async () => {
    assertErrorBody(await call('GET', '/__mock/nothing', { key: null }), 404, 'not-found');
  });
});
