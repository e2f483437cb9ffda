import { expect } from '@open-wc/testing';
import { codeForStatus } from '../../src/api/errors.js';
import { apiError, client, mock, useMockPlatform } from './client-helpers.js';
import { mockFail, mockRequests, untilRequests } from './mock-platform.js';
import { failureMessage } from '../../src/api/messages.js';

useMockPlatform();

describe('PlatformApiClient failures', () => {
  it('400 → bad-request, with the platform\'s explanation', async () => {
    const error = await apiError(client().updateDeploymentSettings(42, { releaseChannelVersion: '9.9.9' }));
    expect(error).to.include({ name: 'PlatformApiError', operation: 'updateDeploymentSettings', status: 400, code: 'bad-request' });
    expect(error.message).to.include('settings.releaseChannelVersion must be one of the versions of the release channel');
    const deploy = await apiError(client().deleteBranch(42, 'main'));
    expect(deploy).to.include({ operation: 'deleteBranch', status: 400, code: 'bad-request' });
  });

  it('401 → unauthorized', async () => {
    const error = await apiError(client({ token: 'not-a-key' }).getDeploymentSettings(42));
    expect(error).to.include({ status: 401, code: 'unauthorized', operation: 'getDeploymentSettings' });
    expect(await mockRequests()).to.have.length(1);
  });

  it('403 → forbidden for a non-admin issuing a token', async () => {
    const error = await apiError(client({ token: mock.viewerKey }).issueUsageAnalyticsToken());
    expect(error).to.include({ status: 403, code: 'forbidden', operation: 'issueUsageAnalyticsToken' });
    expect(error.message).to.match(/administrator/);
  });

  it('404 → not-found for a deployment, usage analytics off and an unknown branch', async () => {
    const deployment = await apiError(client().getDeploymentSettings(999));
    expect(deployment).to.include({ status: 404, code: 'not-found' });
    expect(deployment.message).to.match(/deployment 999 was not found \(404\)/);
    const other = await apiError(client().getDeploymentSettings(77));
    expect(other.code).to.equal('not-found');
    const analytics = await apiError(client({ token: mock.noAnalyticsKey }).issueUsageAnalyticsToken());
    expect(analytics).to.include({ status: 404, code: 'not-found' });
    expect(analytics.message).to.match(/usage analytics is not enabled/);
    const branch = await apiError(client().deleteBranch(42, 'feature/missing'));
    expect(branch).to.include({ status: 404, code: 'not-found', operation: 'deleteBranch' });
  });

  it('409 → conflict', async () => {
    await mockFail({ operation: 'updateDeploymentSettings', status: 409 });
    const error = await apiError(client().updateDeploymentSettings(42, { name: 'x' }));
    expect(error).to.include({ status: 409, code: 'conflict' });
  });

  it('429 on a read waits Retry-After (seconds) and then succeeds', async () => {
    await mockFail({ operation: 'getDeploymentSettings', status: 429, retryAfter: 1 });
    const settings = await client().getDeploymentSettings(42);
    expect(settings.id).to.equal(42);
    expect(await mockRequests()).to.have.length(2);
  });

  it('429 on a read honours a Retry-After HTTP-date', async () => {
    await mockFail({ operation: 'getDeploymentSettings', status: 429, retryAfter: new Date(Date.now() + 1000).toUTCString() });
    expect((await client().getDeploymentSettings(42)).id).to.equal(42);
    expect(await mockRequests()).to.have.length(2);
  });

  it('429 with a Retry-After beyond the cap fails at once as rate-limited', async () => {
    await mockFail({ operation: 'getDeploymentSettings', status: 429, retryAfter: 120 });
    const error = await apiError(client().getDeploymentSettings(42));
    expect(error).to.include({ status: 429, code: 'rate-limited', retryAfter: 120 });
    expect(error.message).to.match(/try again in 120 s/);
    expect(await mockRequests()).to.have.length(1);
  });

  it('429 on a write is not retried', async () => {
    await mockFail({ operation: 'deleteBranch', status: 429, retryAfter: 1 });
    const error = await apiError(client().deleteBranch(42, 'feature/orders'));
    expect(error.code).to.equal('rate-limited');
    expect(await mockRequests()).to.have.length(1);
  });

  it('500 on a read is retried and then succeeds', async () => {
    await mockFail({ operation: 'getDeploymentSettings', status: 500, times: 2 });
    expect((await client().getDeploymentSettings(42)).id).to.equal(42);
    expect(await mockRequests()).to.have.length(3);
  });

  it('500 on every attempt → server-error after the retries run out', async () => {
    await mockFail({ operation: 'issueUsageAnalyticsToken', status: 503, times: null });
    const error = await apiError(client({ retries: 1 }).issueUsageAnalyticsToken());
    expect(error).to.include({ status: 503, code: 'server-error' });
    expect(await mockRequests()).to.have.length(2);
  });

  it('500 on a write is not retried', async () => {
    await mockFail({ operation: 'updateDeploymentSettings', status: 500 });
    const error = await apiError(client().updateDeploymentSettings(42, { name: 'x' }));
    expect(error).to.include({ status: 500, code: 'server-error', operation: 'updateDeploymentSettings' });
    expect(await mockRequests()).to.have.length(1);
  });

  it('no answer within timeoutMs → timeout (not retried)', async () => {
    await mockFail({ operation: 'getDeploymentSettings', delayMs: 5000 });
    const error = await apiError(client({ timeoutMs: 300 }).getDeploymentSettings(42));
    expect(error).to.include({ status: 0, code: 'timeout' });
    expect(error.message).to.include('300 ms');
    expect(await mockRequests()).to.have.length(1);
  });

  it('a dropped connection on a read is retried', async () => {
    await mockFail({ operation: 'getDeploymentSettings', drop: true });
    expect((await client().getDeploymentSettings(42)).id).to.equal(42);
    expect(await mockRequests()).to.have.length(2);
  });

  it('a dropped connection on a write → network, not retried', async () => {
    await mockFail({ operation: 'deleteBranch', drop: true });
    const error = await apiError(client().deleteBranch(42, 'feature/orders'));
    expect(error).to.include({ status: 0, code: 'network' });
    expect(await mockRequests()).to.have.length(1);
  });

  it('a refused connection → network', async () => {
    const error = await apiError(client({ baseUrl: mock.closedUrl, retries: 0 }).getDeploymentSettings(42));
    expect(error).to.include({ status: 0, code: 'network' });
  });

  it('a 200 that is not JSON → invalid-response', async () => {
    await mockFail({ operation: 'getDeploymentSettings', status: 200, body: '<html>maintenance</html>', contentType: 'text/html' });
    const error = await apiError(client().getDeploymentSettings(42));
    expect(error).to.include({ status: 200, code: 'invalid-response' });
    expect(await mockRequests()).to.have.length(1);
  });

  it('a 200 of the wrong shape → invalid-response, for every operation', async () => {
    await mockFail(
      { operation: 'getDeploymentSettings', status: 200, body: { id: 42 } },
      { operation: 'updateDeploymentSettings', status: 200, body: [] },
      { operation: 'issueUsageAnalyticsToken', status: 200, body: { apiUrl: 'x', deploymentId: '9001', token: 't', expiresAt: 'e' } },
      { operation: 'deleteBranch', status: 200, body: { ok: true } },
    );
    const c = client();
    const errors = [
      await apiError(c.getDeploymentSettings(42)),
      await apiError(c.updateDeploymentSettings(42, { name: 'x' })),
      await apiError(c.issueUsageAnalyticsToken()),
      await apiError(c.deleteBranch(42, 'feature/orders')),
    ];
    expect(errors.map((e) => e.code)).to.deep.equal(Array(4).fill('invalid-response'));
    expect(errors[2]!.message).to.include('deploymentId');
  });

  it('other statuses map to the nearest class', async () => {
    await mockFail({ operation: 'updateDeploymentSettings', status: 422 });
    expect((await apiError(client().updateDeploymentSettings(42, { name: 'x' }))).code).to.equal('bad-request');
    // Browsers re-send a request answered 408 themselves, so these are checked on the mapping directly.
    expect([408, 418, 501, 302, 100].map(codeForStatus)).to.deep.equal(['timeout', 'bad-request', 'server-error', 'invalid-response', 'invalid-response']);
  });

  it('an already aborted signal → aborted, no request sent', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await apiError(client().getDeploymentSettings(42, { signal: controller.signal }));
    expect(error).to.include({ status: 0, code: 'aborted' });
    const provided = await apiError(client({ tokenProvider: async () => mock.adminKey }).issueUsageAnalyticsToken({ signal: controller.signal }));
    expect(provided.code).to.equal('aborted');
    expect(await mockRequests()).to.deep.equal([]);
  });

  it('aborting during the request → aborted', async () => {
    await mockFail({ operation: 'updateDeploymentSettings', delayMs: 5000 });
    const controller = new AbortController();
    const pending = client().updateDeploymentSettings(42, { name: 'x' }, { signal: controller.signal });
    await untilRequests(1);
    controller.abort();
    expect((await apiError(pending)).code).to.equal('aborted');
  });

  it('aborting during a retry wait → aborted, no further attempt', async () => {
    await mockFail({ operation: 'getDeploymentSettings', status: 429, retryAfter: 20 });
    const controller = new AbortController();
    const pending = client().getDeploymentSettings(42, { signal: controller.signal });
    await untilRequests(1);
    controller.abort();
    expect((await apiError(pending)).code).to.equal('aborted');
    expect(await mockRequests()).to.have.length(1);
  });

  it('aborting while the tokenProvider is pending → aborted, no request', async () => {
    const controller = new AbortController();
    const pending = client({ tokenProvider: () => new Promise<string>(() => {}) }).getDeploymentSettings(42, { signal: controller.signal });
    controller.abort();
    expect((await apiError(pending)).code).to.equal('aborted');
    expect(await mockRequests()).to.deep.equal([]);
  });

  it('a tokenProvider that rejects or yields no token → unauthorized (status 0), no request', async () => {
    for (const tokenProvider of [async () => Promise.reject(new Error('backend down')), async () => '', async () => 5 as unknown as string]) {
      const error = await apiError(client({ tokenProvider }).getDeploymentSettings(42));
      expect(error).to.include({ status: 0, code: 'unauthorized' });
    }
    expect(await mockRequests()).to.deep.equal([]);
  });
});

describe('PlatformApiClient token hygiene', () => {
  it('the token never appears in any error\'s message, properties or JSON', async () => {
    const token = mock.adminKey;
    await mockFail(
      { operation: 'getDeploymentSettings', status: 400, body: { error: { code: 'x', message: `Bad header Authorization: Bearer ${token} for ${token}` } } },
      { operation: 'updateDeploymentSettings', status: 500, body: { message: `${token} `.repeat(50) } },
      { operation: 'issueUsageAnalyticsToken', status: 200, body: { apiUrl: token, deploymentId: token } },
      { operation: 'deleteBranch', drop: true },
      { operation: 'getDeploymentSettings', delayMs: 3000 },
    );
    const c = client({ retries: 0 });
    const errors = [
      await apiError(c.getDeploymentSettings(42)),
      await apiError(c.updateDeploymentSettings(42, { name: 'x' })),
      await apiError(c.issueUsageAnalyticsToken()),
      await apiError(c.deleteBranch(42, 'feature/orders')),
      await apiError(client({ token, timeoutMs: 200 }).getDeploymentSettings(42)),
    ];
    const stranger = 'unknown-key-7d1e0c';
    const unknown = await apiError(client({ token: stranger }).getDeploymentSettings(42));
    expect(JSON.stringify(unknown) + unknown.message + (unknown.stack ?? '')).not.to.include(stranger);
    expect(errors[0]!.message).to.include('[redacted]');
    for (const error of errors) {
      const own = Object.getOwnPropertyNames(error).map((k) => String((error as unknown as Record<string, unknown>)[k]));
      const text = [error.message, String(error), JSON.stringify(error), error.stack ?? '', ...own].join('\n');
      expect(text, error.code).not.to.include(token);
    }
    expect(JSON.parse(JSON.stringify(errors[0]))).to.deep.equal({
      name: 'PlatformApiError',
      operation: 'getDeploymentSettings',
      status: 400,
      code: 'bad-request',
      message: errors[0]!.message,
    });
    expect(errors[1]!.message.length).to.be.below(400);
  });

  it('a token echoed in other forms (upper-case, base64 at any offset, base64url, split by control characters) is not quoted', async () => {
    const token = mock.adminKey;
    const b64 = (text: string) => btoa(text);
    const forms = {
      'upper-case': token.toUpperCase(),
      'base64 of the header': b64(`Authorization: Bearer ${token}`),
      'base64 at offset 1': b64(`x${token}y`),
      'base64 at offset 2': b64(`xy${token}`),
      base64url: b64(`k=${token}`).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''),
      'split by a NUL': `${token.slice(0, 5)}\u0000${token.slice(5)}`,
      'split by a newline and a tab': `${token.slice(0, 3)}\n${token.slice(3, 9)}\t${token.slice(9)}`,
    };
    for (const [form, echoed] of Object.entries(forms)) {
      await mockFail({ operation: 'getDeploymentSettings', status: 400, body: { error: `rejected ${echoed} here` } });
      const error = await apiError(client({ retries: 0 }).getDeploymentSettings(42));
      expect(error.message, form).to.equal('Loading the settings of deployment 42 failed: the platform rejected the request as invalid (400).');
    }
    // The control: an explanation that holds no form of the token is quoted.
    await mockFail({ operation: 'getDeploymentSettings', status: 400, body: { error: 'rejected here' } });
    expect((await apiError(client({ retries: 0 }).getDeploymentSettings(42))).message).to.include('The platform said: "rejected here"');
  });

  it('a URL-encoded token is not quoted either, nor a token of non-Latin-1 characters in any form', () => {
    const wording = { _subject: 'Loading', _notFound: 'gone' };
    const token = 'k3y+with/slashes=and spaces';
    const said = (quoted: string, t = token) => failureMessage(wording, 'bad-request', { status: 400, _serverMessage: quoted, _token: t });
    expect(said(`bad ${encodeURIComponent(token)}`)).to.equal('Loading failed: the platform rejected the request as invalid (400).');
    expect(said(`bad ${token}`)).to.include('The platform said: "bad [redacted]"');
    expect(said('no token here')).to.include('The platform said: "no token here"');
    // btoa cannot encode it: nothing is quoted rather than a form left unchecked.
    expect(said('anything', 'clé-✓-secrète')).to.equal('Loading failed: the platform rejected the request as invalid (400).');
  });

  it('a token split by C1 control characters or fully percent-encoded (any case) is not quoted', async () => {
    const token = mock.adminKey;
    const hex = (t: string) => [...t].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
    const forms = {
      'split by U+0085': `${token.slice(0, 4)}\u0085${token.slice(4)}`,
      'split by U+009B and U+0080': `${token.slice(0, 2)}\u009b${token.slice(2, 7)}\u0080${token.slice(7)}`,
      'percent-encoded, lower case': hex(token),
      'percent-encoded, upper case': hex(token).toUpperCase(),
      'percent-encoded in part': `${token.slice(0, 3)}${hex(token.slice(3, 8)).toUpperCase()}${token.slice(8)}`,
    };
    for (const [form, echoed] of Object.entries(forms)) {
      await mockFail({ operation: 'getDeploymentSettings', status: 400, body: { error: `rejected ${echoed} here` } });
      const error = await apiError(client({ retries: 0 }).getDeploymentSettings(42));
      expect(error.message, form).to.equal('Loading the settings of deployment 42 failed: the platform rejected the request as invalid (400).');
    }
    // The handler's log and 502 use the same messages; a plain control character still reads as a space.
    await mockFail({ operation: 'getDeploymentSettings', status: 400, body: { error: 'rejected\u0085here' } });
    expect((await apiError(client({ retries: 0 }).getDeploymentSettings(42))).message).to.include('The platform said: "rejected here"');
  });

  it('a 2xx answer whose enum field holds the token: the schema\'s reason is not quoted', async () => {
    const token = mock.adminKey;
    const settings = await client().getDeploymentSettings(42);
    const forms = {
      plain: token,
      'long enough to be cut': `${'x'.repeat(40)}${token}`,
      'split by U+0085': `${token.slice(0, 4)}\u0085${token.slice(4)}`,
      'percent-encoded': [...token].map((c) => `%${c.charCodeAt(0).toString(16)}`).join(''),
    };
    for (const [form, value] of Object.entries(forms)) {
      await mockFail({ operation: 'getDeploymentSettings', status: 200, body: { ...settings, template: value } });
      const error = await apiError(client({ retries: 0 }).getDeploymentSettings(42));
      expect(error.code, form).to.equal('invalid-response');
      expect(error.message, form).to.equal('Loading the settings of deployment 42 failed: the response was not what the API specifies (200).');
    }
    // The control: a value without the token is named.
    await mockFail({ operation: 'getDeploymentSettings', status: 200, body: { ...settings, template: 'huge' } });
    expect((await apiError(client({ retries: 0 }).getDeploymentSettings(42))).message).to.include('template must be one of');
  });

  it('a token of one or two characters does not suppress every explanation', () => {
    const wording = { _subject: 'Loading', _notFound: 'gone' };
    for (const token of ['k', 'W', 'J7', '~~', 'ab']) {
      const said = (quoted: string) => failureMessage(wording, 'bad-request', { status: 400, _serverMessage: quoted, _token: token });
      expect(said('deployment is frozen'), token).to.include('The platform said: "deployment is frozen"');
      const reason = failureMessage(wording, 'invalid-response', { status: 200, _reason: 'x.y must be one of p, q', _token: token });
      expect(reason, token).to.equal('Loading failed: x.y must be one of p, q (200).');
    }
    // The token itself is still kept out.
    expect(failureMessage(wording, 'bad-request', { status: 400, _serverMessage: 'bad zq here', _token: 'zq' })).to.include('"bad [redacted] here"');
  });

  it('a token with a NUL or another control character is refused before any request, and never echoed', async () => {
    for (const bad of ['abc\u0000def-secret', 'abc\u0007def-secret', 'abc\u007fdef-secret']) {
      let thrown: unknown;
      try {
        client({ token: bad });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).to.be.instanceOf(TypeError);
      expect((thrown as Error).message).to.equal('token must not contain control characters');
    }
    // From a provider: the call fails as unauthorized, and neither its message nor its cause holds the token.
    const error = await apiError(client({ token: undefined, tokenProvider: async () => 'abc\u0000def-secret' }).getDeploymentSettings(42));
    expect(error.code).to.equal('unauthorized');
    const text = [error.message, String(error.cause), (error.cause as Error)?.message, JSON.stringify(error)].join(' ');
    expect(text).not.to.include('def-secret');
    expect(await mockRequests()).to.deep.equal([]);
  });
});
