/**
 * `PlatformApiClient.revokeSession` against the mock platform over real
 * HTTP: the request, its idempotent answers, argument checks before any
 * request, no retry, and what a revoked session no longer does (it cannot be
 * redeemed, and a live embed's credential is refused: the embed reports its
 * fatal session error).
 */
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import '../../src/embed.js';
import type { PlatformEmbedElement } from '../../src/embed/platform-embed.js';
import type { GenerateSessionRequest } from '../../src/api/index.js';
import { apiError, client, mock, rejection, useMockPlatform } from './client-helpers.js';
import { mockFail, mockRequests } from './mock-platform.js';

useMockPlatform();

const viewer: GenerateSessionRequest = { deploymentId: 42, externalId: 'ada@example.com' };
const trade = (session: string) =>
  fetch(`${mock.mockUrl}/mock-embed/session`, { method: 'POST', body: JSON.stringify({ session, path: '/embed/dashboard/sales-overview' }) });

describe('PlatformApiClient.revokeSession', () => {
  it('posts { sessionId } to the revoke endpoint with bearer auth and resolves on 204', async () => {
    const { sessionId } = await client().generateSession(viewer);
    expect(await client().revokeSession(sessionId)).to.equal(undefined);
    const revoke = (await mockRequests()).filter((r) => r.path === '/api/v1/embed/session/revoke');
    expect(revoke).to.have.length(1);
    expect(revoke[0]).to.include({ method: 'POST', auth: true, contentType: 'application/json', operation: 'revokeSession' });
    expect(revoke[0]!.body).to.deep.equal({ sessionId });
  });

  it('answers 204 for an unknown id and for a second revocation', async () => {
    const { sessionId } = await client().generateSession(viewer);
    await client().revokeSession(sessionId);
    await client().revokeSession(sessionId);
    await client().revokeSession('ses_never_made');
    expect((await mockRequests()).filter((r) => r.operation === 'revokeSession')).to.have.length(3);
  });

  it('makes a session that was not redeemed unredeemable', async () => {
    const { sessionId } = await client().generateSession(viewer);
    await client().revokeSession(sessionId);
    const answer = await trade(sessionId);
    expect(answer.status).to.equal(401);
    expect((await answer.json()).error.message).to.match(/revoked/);
  });

  const invalid: Array<[string, unknown, typeof TypeError | typeof RangeError]> = [
    ['no id', undefined, TypeError],
    ['a number', 42, TypeError],
    ['an object', { sessionId: 'x' }, TypeError],
    ['an empty id', '', RangeError],
    ['a blank id', '  ', RangeError],
  ];
  for (const [label, value, type] of invalid) {
    it(`refuses ${label} before any request`, async () => {
      const error = await rejection(client().revokeSession(value as string));
      expect(error).to.be.instanceOf(type);
      expect(await mockRequests()).to.deep.equal([]);
    });
  }

  it('is never retried: a 503 fails after one request', async () => {
    await mockFail({ operation: 'revokeSession', status: 503, times: 3 });
    const error = await apiError(client({ retries: 3 }).revokeSession('ses_x'));
    expect(error).to.include({ operation: 'revokeSession', status: 503, code: 'server-error' });
    expect((await mockRequests()).filter((r) => r.operation === 'revokeSession')).to.have.length(1);
  });

  it('needs an administrator key: 403 for a member, 401 without a valid key, the key in no message', async () => {
    const member = await apiError(client({ token: mock.viewerKey }).revokeSession('ses_x'));
    expect(member).to.include({ status: 403, code: 'forbidden' });
    const nobody = await apiError(client({ token: 'not-a-key-at-all' }).revokeSession('ses_x'));
    expect(nobody).to.include({ status: 401, code: 'unauthorized' });
    expect(`${member.message} ${nobody.message}`).not.to.contain(mock.viewerKey);
  });

  it("refuses a live embed's credential afterwards: the embed reports its fatal auth error", async () => {
    const { sessionId } = await client().generateSession(viewer);
    const el = document.createElement('platform-embed') as PlatformEmbedElement;
    Object.assign(el, { baseUrl: mock.mockUrl, dashboard: 'sales-overview', session: sessionId });
    const ready = oneEvent(el, 'platform-ready');
    (await fixture(html`<div></div>`)).append(el);
    await ready;
    const failed = oneEvent(el, 'platform-error');
    await client().revokeSession(sessionId);
    const { detail } = await failed;
    expect(detail).to.include({ context: 'auth', fatal: true, name: 'SessionError' });
    expect(detail.message).to.match(/revoked/);
    expect(el.ready).to.equal(false);
    expect(JSON.stringify(detail)).not.to.contain(sessionId);
  });
});
