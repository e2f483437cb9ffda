// The human messages per operation and code, and failures that are not
// PlatformApiErrors (an injected client of another make).
import { expect } from '@open-wc/testing';
import { PlatformApiError, platformApiErrorCodes } from '../../src/api/index.js';
import type { PlatformApiClient } from '../../src/api/index.js';
import type { PlatformApiErrorDetail } from '../../src/admin/index.js';
import { describeFailure } from '../../src/admin/messages.js';
import { $, mountPanel, panelText, resetMock, settle, typeInto, until } from './helpers.js';

const apiError = (code: (typeof platformApiErrorCodes)[number], status: number) =>
  new PlatformApiError({ operation: 'getDeploymentSettings', status, code, message: 'raw' });

describe('admin panel messages', () => {
  it('has a distinct human sentence for every client error code', () => {
    const seen = new Set<string>();
    for (const code of platformApiErrorCodes) {
      const detail = describeFailure('issueUsageAnalyticsToken', apiError(code, 0));
      expect(detail.code).to.equal(code);
      expect(detail.message).to.match(/^[A-Z].*\.$/);
      seen.add(detail.message);
    }
    expect(seen.size).to.equal(platformApiErrorCodes.length);
  });

  it('names the deployment and the branch where it helps', () => {
    expect(describeFailure('getDeploymentSettings', apiError('not-found', 404), { deploymentId: 7 }).message).to.contain('Deployment 7');
    expect(describeFailure('deleteBranch', apiError('not-found', 404), { branchName: 'a/b' }).message).to.contain('“a/b”');
    expect(describeFailure('updateDeploymentSettings', apiError('server-error', 503)).message).to.contain('(503)');
  });

  it('classifies argument errors and anything else', () => {
    expect(describeFailure('deleteBranch', new RangeError('bad id'))).to.include({ code: 'invalid-argument', status: 0 });
    expect(describeFailure('deleteBranch', new TypeError('bad name')).code).to.equal('invalid-argument');
    expect(describeFailure('deleteBranch', 'boom')).to.include({ code: 'unknown', status: 0 });
    expect(describeFailure('deleteBranch', { name: 'PlatformApiError', code: 'made-up' }).code).to.equal('unknown');
  });
});

describe('<platform-admin-panel> with a client of another make', () => {
  beforeEach(resetMock);

  it('reports a deletion answered with success: false, and a thrown non-API error', async () => {
    const { el, log } = await mountPanel();
    const fake = {
      getDeploymentSettings: () => Promise.resolve(log.of('platform-settings-loaded')[0]),
      deleteBranch: () => Promise.resolve({ success: false }),
      issueUsageAnalyticsToken: () => Promise.reject(new Error('socket closed')),
    } as unknown as PlatformApiClient;
    el.client = fake;
    await until(() => log.count('platform-settings-loaded') === 2);
    await settle(el);

    typeInto($<HTMLInputElement>(el, '#branch-name'), 'feature/orders');
    await settle(el);
    $(el, '#branch-delete').click();
    await settle(el);
    $(el, '.confirm-delete').click();
    await until(() => log.count('platform-api-error') === 1);
    await settle(el);
    expect(log.count('platform-branch-deleted')).to.equal(0);
    expect(log.of<PlatformApiErrorDetail>('platform-api-error')[0]!.code).to.equal('unknown');
    expect(panelText(el)).to.contain('The branch could not be deleted. The reason is not known.');

    [...el.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent!.trim() === 'Issue token')!.click();
    await until(() => log.count('platform-api-error') === 2);
    expect(log.of<PlatformApiErrorDetail>('platform-api-error')[1]!.operation).to.equal('issueUsageAnalyticsToken');
  });
});
