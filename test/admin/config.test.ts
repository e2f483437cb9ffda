// Configuration of the panel: empty states, invalid values shown (never
// thrown), credentials kept out of attributes, batching of property changes,
// and the injected client / token provider paths.
import { expect, fixture, html } from '@open-wc/testing';
import { PlatformApiClient } from '../../src/api/index.js';
import { PlatformAdminPanelElement } from '../../src/admin/index.js';
import { version } from '../../src/version.js';
import { $, EventLog, mockPlatform, mountPanel, panelText, requests, resetMock, settle, until } from './helpers.js';

describe('<platform-admin-panel> configuration', () => {
  beforeEach(resetMock);

  it('is registered by platform-embed/admin and carries the package version', () => {
    expect(customElements.get('platform-admin-panel')).to.equal(PlatformAdminPanelElement);
    expect(PlatformAdminPanelElement.version).to.equal(version);
    expect(document.createElement('platform-admin-panel')).to.be.instanceOf(PlatformAdminPanelElement);
  });

  it('explains what is missing: base-url, credentials, deployment-id; and sends nothing', async () => {
    const { mockUrl, adminKey } = await mockPlatform();
    const bare = await fixture<PlatformAdminPanelElement>(html`<platform-admin-panel></platform-admin-panel>`);
    expect(panelText(bare)).to.contain('Set the base-url attribute');

    const noToken = await fixture<PlatformAdminPanelElement>(
      html`<platform-admin-panel base-url=${mockUrl} deployment-id="42" token=${adminKey}></platform-admin-panel>`,
    );
    // A `token` attribute is ignored on purpose: credentials are property-only.
    expect(panelText(noToken)).to.contain('Set the token or tokenProvider property');

    const { el } = await mountPanel({ deploymentId: null });
    expect(panelText(el)).to.contain('Set the deployment-id attribute');
    await settle(el);
    expect(await requests()).to.have.length(0);
  });

  it('shows an invalid base-url or deployment-id as a configuration error without throwing or firing events', async () => {
    const log = new EventLog();
    const el = await fixture<PlatformAdminPanelElement>(html`<platform-admin-panel
      base-url="http://tenant.example" deployment-id="42" .token=${'k'} @platform-api-error=${log.push}
    ></platform-admin-panel>`);
    expect($(el, '[part~="config-error"] [role="alert"]').textContent).to.contain('https');

    const { mockUrl } = await mockPlatform();
    el.baseUrl = mockUrl;
    el.setAttribute('deployment-id', 'forty-two');
    await settle(el);
    expect($(el, '[part~="config-error"]').textContent).to.contain('deployment-id must be a positive whole number');
    el.deploymentId = -3;
    await settle(el);
    expect($(el, '[part~="config-error"]').textContent).to.contain('deployment-id');
    expect(log.events).to.have.length(0);
    expect(await requests()).to.have.length(0);
  });

  it('loads once when several properties are set in the same task', async () => {
    const { mockUrl, adminKey, viewerKey } = await mockPlatform();
    const log = new EventLog();
    const el = document.createElement('platform-admin-panel');
    el.addEventListener('platform-settings-loaded', log.push);
    el.baseUrl = mockUrl;
    el.deploymentId = 42;
    el.token = adminKey;
    document.body.appendChild(el);
    try {
      await until(() => log.count('platform-settings-loaded') === 1);
      el.deploymentId = 43;
      el.token = viewerKey;
      el.baseUrl = `${mockUrl}/`;
      await until(() => log.count('platform-settings-loaded') === 2);
      await settle(el);
      const reads = await requests('getDeploymentSettings');
      expect(reads.map((r) => r.path)).to.deep.equal(['/api/v1/deployments/42/settings', '/api/v1/deployments/43/settings']);
    } finally {
      el.remove();
    }
  });

  it('uses an injected client, and a tokenProvider', async () => {
    const { mockUrl, adminKey } = await mockPlatform();
    const client = new PlatformApiClient({ baseUrl: mockUrl, token: adminKey });
    const injected = await mountPanel({ client, baseUrl: null });
    expect($<HTMLInputElement>(injected.el, '#field-name').value).to.equal('Orders analytics');

    let calls = 0;
    const tokenProvider = async () => {
      calls += 1;
      return adminKey;
    };
    const provided = await mountPanel({ tokenProvider });
    expect(provided.log.count('platform-settings-loaded')).to.equal(1);
    expect(calls).to.be.greaterThan(0);
    expect(provided.el.tokenProvider).to.equal(tokenProvider);
    expect(provided.el.getAttribute('tokenprovider')).to.equal(null);
  });
});
