// The platform's API description (src/api/platform-api.json, derived from its
// published OpenAPI document) against this package: the client's and the
// mock's schema tables hold the same fields, types and writable set; every
// request the client, the session handler and the admin panel build
// validates against the request schema; every answer the mock gives
// validates against the response schema. Needs a built dist/.
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import {
  PlatformApiClient,
  branchDeletionSchema,
  cspsConfigSchema,
  deploymentSettingsSchema,
  embedSessionSchema,
  generateSessionSchema,
  readOnlySettings,
  usageAnalyticsTokenSchema,
  writableSettings,
} from '../../dist/index.js';
import { createSessionHandler } from '../../dist/server/index.js';
import { startMockServer } from '../../dist/testing/server.js';
import { buildUpdate, toForm, cloneForm } from '../../dist/admin/settings-draft.js';

/** One mock platform for the file, reset before each test. */
let mock;
before(async () => {
  mock = await startMockServer({ port: 0 });
});
after(() => mock.close());
beforeEach(() => mock.reset());

const description = JSON.parse(readFileSync(new URL('../../src/api/platform-api.json', import.meta.url), 'utf8'));
const defs = description.$defs;

/** The description with every described object closed: a field it does not name fails validation. */
function closed(schema) {
  if (Array.isArray(schema)) return schema.map(closed);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, closed(v)]));
  if (schema.properties && schema.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

const ajv = new Ajv2020({ allErrors: true, strictTypes: false });
ajv.addSchema({ $id: 'platform-api', $defs: closed(defs) });
const validator = (name) => {
  const check = ajv.getSchema(`platform-api#/$defs/${name}`);
  assert.ok(check, `the description has ${name}`);
  return (value, label = name) => assert.ok(check(value), `${label}: ${ajv.errorsText(check.errors)}\n${JSON.stringify(value)}`);
};

describe('the description', () => {
  it('names its source commit and the date it was read', () => {
    assert.match(description.source.commit, /^[0-9a-f]{40}$/);
    assert.equal(description.source.read, '2026-11-28');
    assert.equal(description.source.path, 'docs-mintlify/api-reference/api.yaml');
  });

  it('every operation names schemas it defines', () => {
    for (const [name, op] of Object.entries(description.operations)) {
      for (const ref of [op.request, ...Object.values(op.responses)].filter(Boolean)) assert.ok(defs[ref], `${name}: ${ref}`);
    }
  });

  it('a closed schema refuses a field it does not name (the check can fail)', () => {
    const check = ajv.getSchema('platform-api#/$defs/UpdateDeploymentInput');
    assert.equal(check({ isPlatformSqlEnabled: true }), false);
    assert.equal(check({ name: 'x' }), true);
  });
});

/** What a JSON Schema property allows: its type, whether null, its enum values. */
function describeProperty(schema) {
  const resolved = schema.$ref ? defs[schema.$ref.split('/').pop()] : schema;
  if (resolved.oneOf) {
    const parts = resolved.oneOf.map(describeProperty);
    const real = parts.filter((p) => p.type !== 'null');
    if (real.length > 1) return { type: 'unknown', nullable: parts.some((p) => p.type === 'null') };
    return { ...real[0], nullable: parts.length > real.length || real[0].nullable };
  }
  if (resolved.enum) {
    const values = resolved.enum.filter((v) => v !== null);
    return { type: 'string', nullable: resolved.enum.includes(null), enum: values.sort() };
  }
  const types = [resolved.type].flat();
  const type = types.find((t) => t !== 'null') ?? 'null';
  return { type, nullable: types.includes('null'), items: resolved.items?.type, ref: resolved.items?.$ref ?? (resolved.properties ? resolved : undefined) };
}

/** Compares one schema table of the package with a described object, field by field. */
function compareTable(table, schemaName, path = schemaName) {
  const schema = typeof schemaName === 'string' ? defs[schemaName] : schemaName;
  assert.deepEqual(Object.keys(table).sort(), Object.keys(schema.properties).sort(), `${path}: the same fields`);
  const required = Object.keys(table).filter((k) => table[k].required).sort();
  assert.deepEqual(required, [...(schema.required ?? [])].sort(), `${path}: the same required fields`);
  for (const [key, spec] of Object.entries(table)) {
    const described = describeProperty(schema.properties[key]);
    const at = `${path}.${key}`;
    // `unknown` in a table: a value the package passes as it is (a union the platform checks).
    if (spec.type !== 'unknown') {
      assert.equal(spec.type, described.type, `${at}: type`);
      assert.equal(Boolean(spec.nullable), described.nullable, `${at}: nullable`);
    }
    if (described.enum) assert.deepEqual([...(spec.enum ?? [])].sort(), described.enum, `${at}: values`);
    if (spec.items) assert.equal(spec.items, described.items, `${at}: items`);
    const nested = spec.each ?? spec.fields;
    if (nested) {
      const target = spec.each ? defs[described.ref.split('/').pop()] : described.ref;
      compareTable(nested, target, at);
    }
  }
}

describe('the schema tables are the description', () => {
  it('DeploymentSettings and CspsConfig', () => {
    compareTable(deploymentSettingsSchema, 'DeploymentSettings');
    compareTable(cspsConfigSchema, 'CspsConfig');
  });

  it('the writable settings are exactly the fields of UpdateDeploymentInput, and the rest is read-only', () => {
    assert.deepEqual([...writableSettings].sort(), Object.keys(defs.UpdateDeploymentInput.properties).sort());
    assert.deepEqual([...readOnlySettings, ...writableSettings].sort(), Object.keys(deploymentSettingsSchema).sort());
    for (const key of ['isPlatformSqlEnabled', 'isSupportPreAggregations', 'repoType']) assert.ok(readOnlySettings.includes(key), key);
    for (const key of ['region', 'cloudProvider', 'creationMethod']) assert.ok(writableSettings.includes(key), key);
  });

  it('GenerateSession, with its settings, profiles, group and attribute definitions', () => {
    compareTable(generateSessionSchema, 'GenerateSession');
  });

  it('the answers: session, usage-analytics token, branch deletion', () => {
    compareTable(embedSessionSchema, 'GenerateSessionResponse');
    compareTable(usageAnalyticsTokenSchema, 'UsageAnalyticsTokenResponse');
    compareTable(branchDeletionSchema, 'DataModelWriteResponse');
  });
});

describe('every request the package builds is a valid request', () => {

  /** A client whose requests are recorded and answered by `answer`. */
  function recording(answer = () => ({ sessionId: 'a'.repeat(32) })) {
    const sent = [];
    const client = new PlatformApiClient({
      baseUrl: 'https://acme.platform.example',
      token: 'key',
      fetch: async (url, init) => {
        sent.push({ url: String(url), method: init.method, body: init.body ? JSON.parse(init.body) : undefined });
        return new Response(JSON.stringify(answer(init)), { status: 200, headers: { 'content-type': 'application/json' } });
      },
    });
    return { client, sent };
  }

  const full = {
    deploymentId: 42,
    externalId: 'ada@example.com',
    email: null,
    userProfile: { displayName: 'Ada', picture: 'https://example.com/ada.png' },
    userAttributes: [{ name: 'region', value: 'EMEA' }, { name: 'tier' }, { name: 'ids', value: [1, 2] }, { name: 'none', value: null }],
    userAttributeDefinitions: [{ name: 'tier', type: 'string', defaultValue: null }],
    groups: ['sales'],
    roles: ['viewer'],
    tenantGroups: ['north'],
    tenantGroupDefinitions: [{ name: 'north', description: null }],
    groupDefinitions: [{ name: 'legacy' }],
    securityContext: { tenant: 7 },
    embedTenantName: 'acme-eu',
    embedTenantProfile: { displayName: 'Acme EU' },
    creatorMode: true,
    isEphemeral: false,
    publicDashboardId: 'sales-overview',
    branchName: 'feature/orders',
    embedTheme: { primaryColor: '#0055ff', font: null },
    settings: { allowAi: false, showDashboardChat: null, showWorkbookShare: true, locale: 'xx-unknown', timezone: 'Mars/Olympus' },
  };

  it('generateSession: a minimal and a full request, each field with the platform type', async () => {
    const validate = validator('GenerateSession');
    const { client, sent } = recording();
    await client.generateSession({ deploymentId: 42, externalId: 'ada@example.com' });
    await client.generateSession({ deploymentId: 42, internalId: '17' });
    await client.generateSession(full);
    for (const { body } of sent) validate(body);
    assert.deepEqual(sent[2].body, full, 'sent as given');
  });

  it('updateDeploymentSettings: every writable field, and a deleted template variable as null', async () => {
    const validate = validator('UpdateDeploymentInput');
    const settings = mock.state.deployments.get(42).settings;
    const { client, sent } = recording(() => settings);
    const all = Object.fromEntries(writableSettings.map((key) => [key, settings[key]]));
    await client.updateDeploymentSettings(42, all);
    await client.updateDeploymentSettings(42, { templateVariables: { currency: null } });
    for (const { body } of sent) validate(body);
    await assert.rejects(client.updateDeploymentSettings(42, { isPlatformSqlEnabled: false }), /isPlatformSqlEnabled is not writable/);
  });

  it('revokeSession: a session id the mock generated has the platform form', async () => {
    const api = new PlatformApiClient({ baseUrl: mock.url, token: mock.keys.admin });
    const { sessionId } = await api.generateSession({ deploymentId: 42, externalId: 'ada@example.com' });
    await api.revokeSession(sessionId);
    validator('RevokeEmbedSessionInput')(mock.state.requests.at(-1).body);
  });

  it('createSessionHandler: the viewer function may return any field of GenerateSession', async () => {
    const validate = validator('GenerateSession');
    const { deploymentId: _, branchName: __, ...viewer } = { ...full, groups: ['sales'] };
    const handler = createSessionHandler({ baseUrl: mock.url, apiKey: mock.keys.admin, deploymentId: 42, viewer: () => viewer });
    const answer = await handler(new Request('http://host.example/session', { method: 'POST', headers: { 'sec-fetch-site': 'same-origin' } }));
    assert.equal(answer.status, 200, await answer.clone().text());
    validate(mock.state.requests.at(-1).body);
  });

  it('the admin panel: a write of edited fields, with a removed template variable sent as null', () => {
    const validate = validator('UpdateDeploymentInput');
    const original = toForm(mock.state.deployments.get(42).settings);
    const form = cloneForm(original);
    form.name = 'Orders EU';
    form.region = 'aws-eu-central-1';
    form.templateVariables = form.templateVariables.filter((row) => row.key !== 'currency');
    const update = buildUpdate(original, form);
    validate(update);
    assert.equal(update.templateVariables.currency, null);
    assert.equal(update.templateVariables.fiscalYearStartMonth, 2);
    assert.deepEqual(Object.keys(update).sort(), ['name', 'region', 'templateVariables']);
  });
});

describe('every answer the mock gives is a valid answer', () => {

  const call = async (method, path, { key = mock.keys.admin, body, scheme = 'Bearer' } = {}) => {
    const res = await fetch(mock.url + path, {
      method,
      headers: { authorization: `${scheme} ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };

  it('settings of every deployment, and after writes', async () => {
    const validate = validator('DeploymentSettings');
    for (const [id, d] of mock.state.deployments) {
      const key = d.accountId === mock.state.principal(mock.keys.admin).accountId ? mock.keys.admin : mock.keys.noAnalytics;
      const read = await call('GET', `/api/v1/deployments/${id}/settings`, { key });
      assert.equal(read.status, 200);
      validate(read.body, `settings of ${id}`);
    }
    const written = await call('PUT', '/api/v1/deployments/42', { body: { name: 'Orders EU', region: 'aws-eu-west-1', templateVariables: { currency: null, quarter: 'Q1' } } });
    assert.equal(written.status, 200, JSON.stringify(written.body));
    validate(written.body, 'write answer');
  });

  it('versions, usage-analytics token, session, branch deletion', async () => {
    const versions = await call('GET', '/api/v1/deployments/42/versions');
    validator('DeploymentVersionsResponse')(versions.body);
    validator('UsageAnalyticsTokenResponse')((await call('POST', '/api/v1/usage-analytics/token')).body);
    const session = await call('POST', '/api/v1/embed/generate-session', { body: { deploymentId: 42, externalId: 'ada@example.com' } });
    validator('GenerateSessionResponse')(session.body);
    validator('RevokeEmbedSessionInput')({ sessionId: session.body.sessionId }, 'the session id has the form revoke takes');
    const deleted = await call('DELETE', '/build/api/v1/deployments/42/branches?branchName=feature%2Forders');
    validator('DataModelWriteResponse')(deleted.body);
  });
});

describe('the mock platform answers as the platform does', () => {

  const post = (path, body, { key = mock.keys.admin, scheme = 'Bearer' } = {}) =>
    fetch(mock.url + path, { method: 'POST', headers: { authorization: `${scheme} ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(async (r) => ({
      status: r.status,
      body: await r.json().catch(() => undefined),
    }));
  const put = (body) =>
    fetch(`${mock.url}/api/v1/deployments/42`, { method: 'PUT', headers: { authorization: `Bearer ${mock.keys.admin}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(async (r) => ({
      status: r.status,
      body: await r.json(),
    }));
  const viewer = { deploymentId: 42, externalId: 'ada@example.com' };

  it('generate-session: 403 for a non-admin key, nothing created', async () => {
    const answer = await post('/api/v1/embed/generate-session', viewer, { key: mock.keys.viewer });
    assert.equal(answer.status, 403);
    assert.equal(mock.state.generated.length, 0);
  });

  it('generate-session: the Api-Key header form is accepted as Bearer is', async () => {
    const answer = await post('/api/v1/embed/generate-session', viewer, { scheme: 'Api-Key' });
    assert.equal(answer.status, 200);
    assert.match(answer.body.sessionId, /^[0-9a-f]{32}$/);
    const settings = await fetch(`${mock.url}/api/v1/deployments/42/settings`, { headers: { authorization: `Api-Key ${mock.keys.admin}` } });
    assert.equal(settings.status, 200);
  });

  it('generate-session: 404 for a branchName that is not a branch of the deployment; a known branch is fine', async () => {
    const unknown = await post('/api/v1/embed/generate-session', { ...viewer, branchName: 'feature/nope' });
    assert.equal(unknown.status, 404);
    assert.match(unknown.body.error.message, /feature\/nope/);
    assert.equal((await post('/api/v1/embed/generate-session', { ...viewer, branchName: 'feature/orders' })).status, 200);
  });

  it('generate-session: a group the tenant does not have is refused, naming it', async () => {
    const answer = await post('/api/v1/embed/generate-session', { ...viewer, groups: ['sales', 'no-such-group'] });
    assert.equal(answer.status, 400);
    assert.match(answer.body.error.message, /no-such-group/);
    assert.equal((await post('/api/v1/embed/generate-session', { ...viewer, groups: ['sales'] })).status, 200);
  });

  it('generate-session: the newer fields, null email, attributes without value and tri-state settings are accepted; "no" is not a switch', async () => {
    const ok = await post('/api/v1/embed/generate-session', {
      ...viewer,
      email: null,
      userProfile: { displayName: 'Ada' },
      roles: ['viewer'],
      isEphemeral: true,
      publicDashboardId: 'sales-overview',
      userAttributes: [{ name: 'region' }],
      settings: { allowAi: null, showDashboardChat: false, locale: 'tlh', timezone: 'Nowhere/City' },
    });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    const no = await post('/api/v1/embed/generate-session', { ...viewer, settings: { allowAi: 'no' } });
    assert.equal(no.status, 400);
    assert.match(no.body.error.message, /settings\.allowAi/);
  });

  it('the credential an embed trades its session for is usable for 23 hours, not 24', async () => {
    const { body } = await post('/api/v1/embed/generate-session', viewer);
    const before = Date.now();
    const traded = await fetch(`${mock.url}/mock-embed/session`, { method: 'POST', body: JSON.stringify({ session: body.sessionId, path: '/embed/dashboard/sales-overview' }) });
    const { credential } = await traded.json();
    const after = Date.now();
    const session = mock.state.sessions.get(body.sessionId);
    const { expiresAt } = mock.state.credentials.get(credential);
    assert.ok(expiresAt >= before + 23 * 3_600_000 && expiresAt <= after + 23 * 3_600_000, 'usable 23 hours from the trade');
    assert.ok(session.expiresAt - session.createdAt <= 5 * 60_000, 'a session id waits at most 5 minutes');
  });

  it('settings write: a field UpdateDeploymentInput does not have is a 400 naming it', async () => {
    for (const key of ['isPlatformSqlEnabled', 'isSupportPreAggregations', 'repoType', 'id']) {
      const answer = await put({ [key]: mock.state.deployments.get(42).settings[key] });
      assert.equal(answer.status, 400, key);
      assert.equal(answer.body.error.field, key);
    }
    const moved = await put({ region: 'aws-eu-west-1', cloudProvider: 'gcp', creationMethod: 'upload' });
    assert.equal(moved.status, 200);
    assert.deepEqual([moved.body.region, moved.body.cloudProvider, moved.body.creationMethod], ['aws-eu-west-1', 'gcp', 'upload']);
  });

  it('settings write: templateVariables merge key by key, and a null value deletes its key', async () => {
    const answer = await put({ templateVariables: { currency: null, quarter: 'Q1' } });
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body.templateVariables, { fiscalYearStartMonth: 2, regions: ['emea', 'amer'], quarter: 'Q1' });
  });

  it('settings write: releaseChannelVersion must be listed by /versions for the channel; an older one is held', async () => {
    const bad = await put({ releaseChannelVersion: '9.9.9' });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error.field, 'releaseChannelVersion');
    const wrongChannel = await put({ releaseChannelVersion: '1.4.2' });
    assert.equal(wrongChannel.status, 400, 'a version of another channel');
    const older = await put({ releaseChannelVersion: 'v1.3.13' });
    assert.equal(older.status, 200);
    assert.equal(older.body.releaseChannelVersion, '1.3.13');
    assert.equal(older.body.releaseChannelVersionHold, true);
    const head = await put({ releaseChannel: 'latest', releaseChannelVersion: '1.4.2', releaseChannelVersionHold: false });
    assert.equal(head.status, 200);
    assert.equal(head.body.releaseChannelVersionHold, false);
    const versions = await (await fetch(`${mock.url}/api/v1/deployments/42/versions`, { headers: { authorization: `Bearer ${mock.keys.admin}` } })).json();
    assert.deepEqual(versions.items.filter((v) => v.isCurrent).map((v) => v.releaseChannelVersion), ['1.4.2']);
  });

  it('per-dashboard access by groups: off by default, then a viewer without the group is refused that dashboard', async () => {
    const trade = async (groups, dashboard = 'sales-overview') => {
      const { body } = await post('/api/v1/embed/generate-session', { ...viewer, groups });
      return fetch(`${mock.url}/mock-embed/session`, { method: 'POST', body: JSON.stringify({ session: body.sessionId, path: `/embed/dashboard/${dashboard}` }) });
    };
    assert.equal((await trade(['analysts'])).status, 200, 'open to every session by default');
    mock.state.dashboardAccess.set('sales-overview', ['sales']);
    const refused = await trade(['analysts']);
    assert.equal(refused.status, 404);
    assert.match((await refused.json()).error.message, /sales-overview/);
    assert.equal((await trade(['sales'])).status, 200);
    assert.equal((await trade([], 'ops-health')).status, 200, 'another dashboard stays open');
  });
});

describe('startMockPlatform: the tenant\'s groups and per-dashboard access', () => {
  it('takes groups and dashboardAccess, and setDashboardAccess changes access for later loads', async () => {
    const { startMockPlatform } = await import('../../dist/testing/index.js');
    await assert.rejects(startMockPlatform({ groups: 'sales' }), { name: 'TypeError', message: /groups/ });
    await assert.rejects(startMockPlatform({ dashboardAccess: { 'sales-overview': 'sales' } }), { name: 'TypeError', message: /dashboardAccess/ });
    const platform = await startMockPlatform({ groups: ['north', 'south'], dashboardAccess: { 'sales-overview': ['north'] } });
    try {
      const api = new PlatformApiClient({ baseUrl: platform.url, token: platform.apiKey });
      await assert.rejects(api.generateSession({ deploymentId: 42, externalId: 'ada', groups: ['sales'] }), { code: 'bad-request' });
      const trade = async (groups) => {
        const { sessionId } = await api.generateSession({ deploymentId: 42, externalId: 'ada', groups });
        return (await fetch(`${platform.url}/mock-embed/session`, { method: 'POST', body: JSON.stringify({ session: sessionId, path: '/embed/dashboard/sales-overview' }) })).status;
      };
      assert.equal(await trade(['south']), 404);
      assert.equal(await trade(['north']), 200);
      platform.setDashboardAccess('sales-overview', null);
      assert.equal(await trade(['south']), 200);
      platform.setDashboardAccess('sales-overview', ['north']);
      assert.equal(await trade(['south']), 404);
      assert.throws(() => platform.setDashboardAccess('sales-overview', 'north'), TypeError);
    } finally {
      await platform.close();
    }
  });
});
