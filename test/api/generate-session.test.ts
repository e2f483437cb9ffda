/**
 * `PlatformApiClient.generateSession` and the platform's answers as it sends
 * them (string error bodies, tokens without `expiresAt`), against the mock
 * platform over real HTTP.
 */
import { expect } from '@open-wc/testing';
import { PlatformApiError } from '../../src/api/index.js';
import type { GenerateSessionRequest } from '../../src/api/index.js';
import { apiError, client, mock, rejection, useMockPlatform } from './client-helpers.js';
import { mockFail, mockRequests } from './mock-platform.js';

useMockPlatform();

const viewer: GenerateSessionRequest = {
  deploymentId: 42,
  externalId: 'ada@example.com',
  email: 'ada@example.com',
  userAttributes: [{ name: 'region', value: 'EMEA' }],
  groups: ['analysts'],
  embedTheme: { primaryColor: '#0055ff' },
  settings: { locale: 'de-DE', timezone: 'Europe/Berlin', hideSidebar: true },
};

describe('PlatformApiClient.generateSession', () => {
  it('posts the request to generate-session with bearer auth and resolves with the session id', async () => {
    const session = await client().generateSession(viewer);
    expect(session.sessionId).to.match(/^[0-9a-f]{32}$/);
    const [req] = await mockRequests();
    expect(req).to.include({ method: 'POST', path: '/api/v1/embed/generate-session', auth: true, contentType: 'application/json' });
  });

  it('opens the embed once: the session is single-use', async () => {
    const { sessionId } = await client().generateSession(viewer);
    const trade = () =>
      fetch(`${mock.mockUrl}/mock-embed/session`, { method: 'POST', body: JSON.stringify({ session: sessionId, path: '/embed/dashboard/sales-overview' }) });
    const first = await trade();
    expect(first.status).to.equal(200);
    expect(await first.json()).to.include({ viewer: 'ada@example.com', deploymentId: 42 });
    const second = await trade();
    expect(second.status).to.equal(401);
    expect((await second.json()).error.message).to.match(/already used/);
  });

  const invalid: Array<[string, unknown, typeof TypeError | typeof RangeError]> = [
    ['no request', undefined, TypeError],
    ['an array', [], TypeError],
    ['no deploymentId', { externalId: 'a' }, TypeError],
    ['deploymentId 0', { deploymentId: 0, externalId: 'a' }, RangeError],
    ['deploymentId 1.5', { deploymentId: 1.5, externalId: 'a' }, RangeError],
    ['neither externalId nor internalId', { deploymentId: 42 }, TypeError],
    ['both externalId and internalId', { deploymentId: 42, externalId: 'a', internalId: 'b' }, TypeError],
    ['externalId not a string', { deploymentId: 42, externalId: 7 }, TypeError],
    ['externalId empty', { deploymentId: 42, externalId: '' }, RangeError],
    ['externalId with capitals', { deploymentId: 42, externalId: 'Ada@example.com' }, RangeError],
    ['externalId with spaces around', { deploymentId: 42, externalId: ' ada ' }, RangeError],
    ['userAttributes not an array', { deploymentId: 42, externalId: 'a', userAttributes: { region: 'EMEA' } }, TypeError],
    ['groups of numbers', { deploymentId: 42, externalId: 'a', groups: [1] }, TypeError],
    ['embedTenantName with capitals', { deploymentId: 42, externalId: 'a', embedTenantName: 'Acme' }, RangeError],
    ['embedTenantName ending in a dash', { deploymentId: 42, externalId: 'a', embedTenantName: 'acme-' }, RangeError],
    ['creatorMode "yes"', { deploymentId: 42, externalId: 'a', creatorMode: 'yes' }, TypeError],
    ['securityContext a string', { deploymentId: 42, externalId: 'a', securityContext: 'x' }, TypeError],
    ['a settings switch "no"', { deploymentId: 42, externalId: 'a', settings: { allowAi: 'no' } }, TypeError],
    ['settings.locale a number', { deploymentId: 42, externalId: 'a', settings: { locale: 7 } }, TypeError],
    ['email a number', { deploymentId: 42, externalId: 'a', email: 7 }, TypeError],
    ['a user attribute value that is an object', { deploymentId: 42, externalId: 'a', userAttributes: [{ name: 'n', value: { a: 1 } }] }, TypeError],
    ['roles of numbers', { deploymentId: 42, externalId: 'a', roles: [1] }, TypeError],
    ['a tenant group definition without a name', { deploymentId: 42, externalId: 'a', tenantGroupDefinitions: [{ description: 'x' }] }, TypeError],
    ['a user attribute definition of an unknown type', { deploymentId: 42, externalId: 'a', userAttributeDefinitions: [{ name: 'n', type: 'date' }] }, TypeError],
    ['isEphemeral "true"', { deploymentId: 42, externalId: 'a', isEphemeral: 'true' }, TypeError],
    ['a value JSON cannot carry', { deploymentId: 42, externalId: 'a', userAttributes: [{ name: 'n', value: 10n }] }, TypeError],
  ];
  for (const [label, request, kind] of invalid) {
    it(`rejects ${label} with ${kind.name} before any request`, async () => {
      const error = await rejection(client().generateSession(request as GenerateSessionRequest));
      expect(error).to.be.instanceOf(kind);
      expect(error).not.to.be.instanceOf(PlatformApiError);
      expect(await mockRequests()).to.deep.equal([]);
    });
  }

  it('names the field of a settings switch that is not true, false or null', async () => {
    const error = (await rejection(client().generateSession({ deploymentId: 42, externalId: 'a', settings: { showDashboardChat: 'no' } } as unknown as GenerateSessionRequest))) as Error;
    expect(error).to.be.instanceOf(TypeError);
    expect(error.message).to.include('settings.showDashboardChat');
  });

  it('sends the newer fields, null values, tri-state switches, an attribute without value and a locale it cannot judge as they are', async () => {
    const request: GenerateSessionRequest = {
      deploymentId: 42,
      externalId: 'ada@example.com',
      email: null,
      userProfile: { displayName: 'Ada', picture: null },
      roles: ['viewer'],
      groups: ['sales'],
      isEphemeral: true,
      publicDashboardId: 'sales-overview',
      userAttributes: [{ name: 'region' }, { name: 'tier', value: null }],
      settings: { allowAi: null, showDashboardChat: false, showWorkbookShare: true, locale: 'tlh-Qaaa', timezone: 'Nowhere/City' },
    };
    expect(await client().generateSession(request)).to.have.property('sessionId');
    const [req] = await mockRequests();
    expect(req!.body).to.deep.equal(request);
  });

  it('sends a field the platform added after this package, as it is', async () => {
    await mockFail({ path: '/api/v1/embed/generate-session', status: 200, body: { sessionId: 'a'.repeat(32) } });
    await client().generateSession({ deploymentId: 42, externalId: 'a', fieldFromTomorrow: { x: 1 } });
    const [req] = await mockRequests();
    expect(req!.body).to.deep.include({ fieldFromTomorrow: { x: 1 } });
  });

  it('a 404 with a branchName names the branch as a possible cause', async () => {
    const error = await apiError(client().generateSession({ deploymentId: 42, externalId: 'a', branchName: 'feature/gone' }));
    expect(error).to.include({ code: 'not-found', status: 404 });
    expect(error.message).to.include('deployment 42 or its branch "feature/gone" was not found');
  });

  it('a non-admin key is forbidden, and no session is made', async () => {
    const error = await apiError(client({ token: 'mock-key-acme-viewer-2b81de4c' }).generateSession(viewer));
    expect(error).to.include({ code: 'forbidden', status: 403 });
  });

  it('keeps fields the platform adds to the answer', async () => {
    await mockFail({ path: '/api/v1/embed/generate-session', status: 200, body: { sessionId: 'ses_x', expiresAt: '2026-01-01T00:00:00Z', extra: { a: 1 } } });
    expect(await client().generateSession(viewer)).to.deep.equal({ sessionId: 'ses_x', expiresAt: '2026-01-01T00:00:00Z', extra: { a: 1 } });
  });

  for (const body of [{}, { sessionId: '' }, { sessionId: 5 }, 'not json']) {
    it(`answers ${JSON.stringify(body)}: invalid-response`, async () => {
      await mockFail({ path: '/api/v1/embed/generate-session', status: 200, body });
      const error = await apiError(client().generateSession(viewer));
      expect(error).to.include({ operation: 'generateSession', code: 'invalid-response', status: 200 });
    });
  }

  for (const status of [429, 500, 503]) {
    it(`is never retried, also not on ${status}`, async () => {
      await mockFail({ path: '/api/v1/embed/generate-session', status, retryAfter: status === 429 ? 0 : undefined, times: null });
      const error = await apiError(client({ retries: 3 }).generateSession(viewer));
      expect(error.status).to.equal(status);
      expect((await mockRequests()).filter((r) => r.path === '/api/v1/embed/generate-session')).to.have.length(1);
    });
  }

  it('names the deployment and quotes the platform for an unknown one', async () => {
    const error = await apiError(client().generateSession({ deploymentId: 999, externalId: 'a' }));
    expect(error).to.include({ operation: 'generateSession', code: 'not-found', status: 404 });
    expect(error.message).to.equal('Creating an embed session for deployment 999 failed: deployment 999 was not found (404). The platform said: "Deployment 999 does not exist."');
  });

  it('an invalid key is unauthorized, and the key never shows', async () => {
    const token = 'mock-key-not-known-0000';
    const error = await apiError(client({ token }).generateSession(viewer));
    expect(error).to.include({ code: 'unauthorized', status: 401 });
    expect(JSON.stringify(error)).not.to.include(token);
    expect(error.message).not.to.include(token);
  });
});

describe('the platform answers as it sends them', () => {
  it('quotes a string error body { "error": "…" }', async () => {
    await mockFail({ operation: 'getDeploymentSettings', status: 403, body: { error: 'API key lacks the deployments scope' } });
    const error = await apiError(client().getDeploymentSettings(42));
    expect(error.message).to.match(/The platform said: "API key lacks the deployments scope"$/);
  });

  it('quotes { "error": { "message" } } and { "message" } as before', async () => {
    await mockFail({ operation: 'getDeploymentSettings', status: 409, body: { error: { message: 'Deployment is being rebuilt' } } });
    expect((await apiError(client().getDeploymentSettings(42))).message).to.match(/"Deployment is being rebuilt"$/);
    await mockFail({ operation: 'getDeploymentSettings', status: 409, body: { message: 'Try later' } });
    expect((await apiError(client().getDeploymentSettings(42))).message).to.match(/"Try later"$/);
  });

  it('accepts a usage-analytics token without expiresAt, or with null', async () => {
    for (const expiresAt of [undefined, null]) {
      const body: Record<string, unknown> = { apiUrl: 'https://ua.example/api/v1', deploymentId: 9001, token: 'a.b.c' };
      if (expiresAt === null) body.expiresAt = null;
      await mockFail({ operation: 'issueUsageAnalyticsToken', status: 200, body });
      const token = await client().issueUsageAnalyticsToken();
      expect(token.token).to.equal('a.b.c');
      expect(token.expiresAt ?? null).to.equal(null);
    }
  });

  it('still refuses a token whose expiresAt is not a string', async () => {
    await mockFail({ operation: 'issueUsageAnalyticsToken', status: 200, body: { apiUrl: 'x', deploymentId: 9001, token: 'a.b.c', expiresAt: 5 } });
    expect((await apiError(client().issueUsageAnalyticsToken())).code).to.equal('invalid-response');
  });
});
