import { expect } from '@open-wc/testing';
import { PlatformApiClient } from '../../src/api/index.js';
import { apiError, client, mock, rejection, useMockPlatform } from './client-helpers.js';
import { mockFail, mockRequests, mockState } from './mock-platform.js';

useMockPlatform();

describe('PlatformApiClient construction', () => {
  it('accepts https URLs and http on loopback hosts', () => {
    for (const baseUrl of ['https://acme.platform.example', 'http://localhost:8080', 'http://127.0.0.1', 'http://[::1]:9000', 'https://x.example/proxy/']) {
      expect(new PlatformApiClient({ baseUrl, token: 't' }).baseUrl).to.equal(baseUrl.replace(/\/$/, ''));
    }
  });

  it('refuses other base URLs with a TypeError', () => {
    for (const baseUrl of ['http://acme.platform.example', 'ftp://localhost', 'acme.example', '', 'https://u:p@x.example', 'https://x.example/?a=1', 'https://x.example/#f', 42]) {
      expect(() => new PlatformApiClient({ baseUrl: baseUrl as string, token: 't' }), String(baseUrl)).to.throw(TypeError);
    }
  });

  it('needs exactly one of token and tokenProvider', () => {
    expect(() => new PlatformApiClient({ baseUrl: 'https://x.example' })).to.throw(TypeError);
    expect(() => new PlatformApiClient({ baseUrl: 'https://x.example', token: 't', tokenProvider: async () => 't' })).to.throw(TypeError);
    expect(() => new PlatformApiClient({ baseUrl: 'https://x.example', token: '' })).to.throw(TypeError);
    expect(() => new PlatformApiClient({ baseUrl: 'https://x.example', token: 'a\r\nX-Evil: 1' })).to.throw(TypeError);
    expect(() => new PlatformApiClient({ baseUrl: 'https://x.example', tokenProvider: 'x' as never })).to.throw(TypeError);
  });

  it('checks timeoutMs, retries and fetch', () => {
    const baseUrl = 'https://x.example';
    expect(() => new PlatformApiClient({ baseUrl, token: 't', timeoutMs: -1 })).to.throw(RangeError);
    expect(() => new PlatformApiClient({ baseUrl, token: 't', timeoutMs: Infinity })).to.throw(RangeError);
    expect(() => new PlatformApiClient({ baseUrl, token: 't', timeoutMs: '5' as never })).to.throw(TypeError);
    expect(() => new PlatformApiClient({ baseUrl, token: 't', retries: 1.5 })).to.throw(RangeError);
    expect(() => new PlatformApiClient({ baseUrl, token: 't', retries: '1' as never })).to.throw(TypeError);
    expect(() => new PlatformApiClient({ baseUrl, token: 't', fetch: 1 as never })).to.throw(TypeError);
    expect(() => new (PlatformApiClient as unknown as new (o: unknown) => unknown)(null)).to.throw(TypeError);
    const c = new PlatformApiClient({ baseUrl, token: 't' });
    expect([c.timeoutMs, c.retries]).to.deep.equal([15000, 2]);
  });

  it('keeps the token out of properties, JSON and strings', () => {
    const token = 'tok-NEVER-SHOWN-91f2';
    const c = new PlatformApiClient({ baseUrl: 'https://x.example', token });
    const values = Object.getOwnPropertyNames(c).map((k) => String((c as unknown as Record<string, unknown>)[k]));
    expect(values.join(' ')).not.to.include(token);
    expect(JSON.stringify(c)).not.to.include(token);
    expect(String(c)).not.to.include(token);
    expect(`${Object.entries(c)}`).not.to.include(token);
  });
});

describe('PlatformApiClient operations', () => {
  it('getDeploymentSettings resolves with the settings, sent with bearer auth and no body', async () => {
    const settings = await client().getDeploymentSettings(42);
    const seeded = (await mockState()).deployments.find((d) => d.id === 42)!.settings;
    expect(settings).to.deep.equal(seeded);
    const [req] = await mockRequests();
    expect(req).to.include({ method: 'GET', path: '/api/v1/deployments/42/settings', auth: true, key: 'admin', contentType: null });
  });

  it('drops unknown fields from a response', async () => {
    const seeded = (await mockState()).deployments.find((d) => d.id === 42)!.settings;
    await mockFail({ operation: 'getDeploymentSettings', status: 200, body: { ...seeded, secretExtra: 'x' } });
    const settings = await client().getDeploymentSettings(42);
    expect(settings).not.to.have.property('secretExtra');
    expect(settings.name).to.equal('Orders analytics');
  });

  it('updateDeploymentSettings sends JSON and resolves with the full stored settings', async () => {
    const saved = await client().updateDeploymentSettings(42, { name: 'Orders (EU)', customDomain: null, launchpadTabs: ['chat'] });
    expect(saved.name).to.equal('Orders (EU)');
    expect(saved.customDomain).to.equal(null);
    expect(saved.deploymentUrl).to.equal('https://orders-analytics.acme.platform.example');
    const [req] = await mockRequests();
    expect(req).to.include({ method: 'PUT', path: '/api/v1/deployments/42', contentType: 'application/json' });
    expect(req!.body).to.deep.equal({ name: 'Orders (EU)', customDomain: null, launchpadTabs: ['chat'] });
    expect((await client().getDeploymentSettings(42)).name).to.equal('Orders (EU)');
  });

  it('issueUsageAnalyticsToken resolves with apiUrl, deploymentId, token and expiresAt', async () => {
    const issued = await client().issueUsageAnalyticsToken();
    expect(issued.apiUrl.startsWith(mock.mockUrl)).to.equal(true);
    expect(issued.deploymentId).to.equal(9001);
    expect(issued.token.split('.')).to.have.length(3);
    expect(new Date(issued.expiresAt!).toISOString()).to.equal(issued.expiresAt);
    const [req] = await mockRequests();
    expect(req).to.include({ method: 'POST', path: '/api/v1/usage-analytics/token', auth: true });
  });

  it('deleteBranch sends the slashed branch name intact and removeOnUpstream=false by default', async () => {
    expect(await client().deleteBranch(42, 'feature/orders/fix-totals')).to.deep.equal({ success: true });
    const [req] = await mockRequests();
    expect(req!.path).to.equal('/build/api/v1/deployments/42/branches');
    expect(req!.query).to.deep.equal({ branchName: 'feature/orders/fix-totals', removeOnUpstream: 'false' });
    const state = await mockState();
    expect(state.deployments.find((d) => d.id === 42)!.branches.map((b) => b.name)).not.to.include('feature/orders/fix-totals');
    expect(state.upstreamDeletions).to.deep.equal([]);
  });

  it('deleteBranch with removeOnUpstream: true deletes upstream too, children move to the parent', async () => {
    await client().deleteBranch(42, 'feature/orders', { removeOnUpstream: true });
    const [req] = await mockRequests();
    expect(req!.query.removeOnUpstream).to.equal('true');
    const state = await mockState();
    expect(state.upstreamDeletions).to.deep.equal([{ deploymentId: 42, branchName: 'feature/orders', removeOnUpstream: true }]);
    const child = state.deployments.find((d) => d.id === 42)!.branches.find((b) => b.name === 'feature/orders/fix-totals');
    expect(child!.parent).to.equal('main');
  });

  it('encodes reserved characters of a branch name as query data', async () => {
    const name = 'odd/a&b=c?d#e %+ü';
    const error = await apiError(client().deleteBranch(42, name));
    expect(error.code).to.equal('not-found');
    const [req] = await mockRequests();
    expect(req!.query).to.deep.equal({ branchName: name, removeOnUpstream: 'false' });
  });

  it('asks the tokenProvider once per call and uses its token', async () => {
    let calls = 0;
    const c = client({ tokenProvider: async () => (calls++, mock.viewerKey) });
    await c.getDeploymentSettings(42);
    await c.deleteBranch(42, 'release/2026-11');
    expect(calls).to.equal(2);
    expect((await mockRequests()).map((r) => r.key)).to.deep.equal(['viewer', 'viewer']);
  });
});

describe('PlatformApiClient argument checks', () => {
  it('reject with TypeError/RangeError and send no request', async () => {
    const c = client();
    const cases: [() => Promise<unknown>, ErrorConstructor][] = [
      [() => c.getDeploymentSettings('42' as unknown as number), TypeError],
      [() => c.getDeploymentSettings(0), RangeError],
      [() => c.getDeploymentSettings(-3), RangeError],
      [() => c.getDeploymentSettings(1.5), RangeError],
      [() => c.getDeploymentSettings(NaN), RangeError],
      [() => c.getDeploymentSettings(2 ** 53), RangeError],
      [() => c.getDeploymentSettings(42, { signal: 'x' as unknown as AbortSignal }), TypeError],
      [() => c.getDeploymentSettings(42, 5 as never), TypeError],
      [() => c.updateDeploymentSettings(42, null as never), TypeError],
      [() => c.updateDeploymentSettings(42, [] as never), TypeError],
      [() => c.updateDeploymentSettings(42, { name: 5 as unknown as string }), TypeError],
      [() => c.updateDeploymentSettings(42, { colour: 'red' } as never), TypeError],
      [() => c.updateDeploymentSettings(42, { template: 'huge' as never }), RangeError],
      [() => c.updateDeploymentSettings(42, { cspsConfig: { storageProvider: 's3' } as never }), TypeError],
      [() => c.updateDeploymentSettings(0, { name: 'x' }), RangeError],
      [() => c.deleteBranch(42, ''), RangeError],
      [() => c.deleteBranch(42, 5 as unknown as string), TypeError],
      [() => c.deleteBranch(42, 'x', { removeOnUpstream: 'yes' as unknown as boolean }), TypeError],
      [() => c.deleteBranch(Number.MAX_VALUE, 'x'), RangeError],
    ];
    for (const [run, type] of cases) {
      const error = await rejection(run());
      expect(error, String(run)).to.be.instanceOf(type);
    }
    expect(await mockRequests()).to.deep.equal([]);
  });
});
