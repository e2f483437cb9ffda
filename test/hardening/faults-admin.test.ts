/**
 * Fault injection for `<platform-admin-panel>` against the real mock
 * platform (`/__mock/fail`): lost network, 5xx, slow and malformed answers,
 * and a `deployment-id` change while a request is in flight. Edits survive
 * every failure, stale answers are dropped, and a click sends one request.
 */
import { expect, fixture, fixtureCleanup, html, waitUntil } from '@open-wc/testing';
import type { PlatformAdminPanelElement } from '../../src/admin/index.js';
import { PlatformApiClient, type DeploymentSettings } from '../../src/api/index.js';
import { $, button, failNext, mockPlatform, mountPanel, panelText, requests, resetMock, typeInto } from '../admin/helpers.js';

type ApiError = { operation: string; status: number; code: string; message: string };

/** Edits the name field and returns the input. */
async function editName(el: PlatformAdminPanelElement, value: string): Promise<HTMLInputElement> {
  const input = $<HTMLInputElement>(el, '#field-name');
  typeInto(input, value);
  await el.updateComplete;
  return input;
}

function saveButton(el: PlatformAdminPanelElement): HTMLButtonElement {
  return $<HTMLButtonElement>(el, 'section[part~="settings-section"] button[type="submit"]');
}

describe('hardening: admin panel faults', () => {
  beforeEach(resetMock);
  afterEach(async () => {
    fixtureCleanup();
    await resetMock();
  });

  it('a lost connection while loading shows a network error; Retry loads', async () => {
    // Every attempt (the client retries reads) is cut off mid-response.
    await failNext({ operation: 'getDeploymentSettings', drop: true, times: null });
    const { el, log } = await mountPanel();
    expect(log.of<ApiError>('platform-api-error').map((e) => e.code)).to.deep.equal(['network']);
    expect($(el, '[role="alert"]').textContent).to.match(/could not be reached|network/i);
    await resetMock();
    button(el, 'Retry').click();
    await waitUntil(() => log.count('platform-settings-loaded') === 1, 'no reload after Retry');
  });

  it('a 5xx on save keeps the edits and shows the failure; one click sent one request', async () => {
    const { el, log } = await mountPanel();
    await failNext({ operation: 'updateDeploymentSettings', status: 503 });
    await editName(el, 'Edited before the outage');
    saveButton(el).click();
    await waitUntil(() => log.count('platform-api-error') === 1, 'no api error');
    await el.updateComplete;
    expect(log.of<ApiError>('platform-api-error')[0]).to.include({ operation: 'updateDeploymentSettings', status: 503, code: 'server-error' });
    expect($<HTMLInputElement>(el, '#field-name').value).to.equal('Edited before the outage');
    expect(panelText(el)).to.match(/Unsaved changes/);
    // Writes are never retried: one click, one request.
    expect(await requests('updateDeploymentSettings')).to.have.length(1);
    saveButton(el).click();
    await waitUntil(() => log.count('platform-settings-saved') === 1, 'the second save did not go through');
    expect(log.of<DeploymentSettings>('platform-settings-saved')[0]!.name).to.equal('Edited before the outage');
  });

  it('a slow save: repeated clicks send one request, edits stay until it answers', async () => {
    const { el, log } = await mountPanel();
    await failNext({ operation: 'updateDeploymentSettings', delayMs: 800 });
    await editName(el, 'Slow save');
    for (let i = 0; i < 5; i++) {
      saveButton(el).click();
      await el.updateComplete;
    }
    await waitUntil(() => log.count('platform-settings-saved') === 1, 'save never finished', { timeout: 5000 });
    expect(await requests('updateDeploymentSettings')).to.have.length(1);
  });

  it('a malformed 2xx answer is an invalid-response error and the edits stay', async () => {
    const { el, log } = await mountPanel();
    await failNext({ operation: 'updateDeploymentSettings', status: 200, body: '{"id": "not a number"' });
    await editName(el, 'Kept after garbage');
    saveButton(el).click();
    await waitUntil(() => log.count('platform-api-error') === 1, 'no api error');
    await el.updateComplete;
    expect(log.of<ApiError>('platform-api-error')[0]!.code).to.equal('invalid-response');
    expect($<HTMLInputElement>(el, '#field-name').value).to.equal('Kept after garbage');
  });

  it('a deployment-id change mid-load aborts the old request; only the new deployment loads', async () => {
    await failNext({ operation: 'getDeploymentSettings', delayMs: 800 });
    const { el, log } = await mountPanel({ waitLoaded: false });
    el.deploymentId = 43;
    await waitUntil(() => log.count('platform-settings-loaded') === 1, 'deployment 43 never loaded', { timeout: 5000 });
    expect(log.of<DeploymentSettings>('platform-settings-loaded')[0]!.id).to.equal(43);
    expect($<HTMLInputElement>(el, '#field-name').value).to.equal(log.of<DeploymentSettings>('platform-settings-loaded')[0]!.name);
  });

  it('a stale answer that ignores the abort signal is dropped after a deployment change', async () => {
    // A client whose reads ignore abort: the panel must still drop the older answer by itself.
    const { mockUrl, adminKey } = await mockPlatform();
    const real = new PlatformApiClient({ baseUrl: mockUrl, token: adminKey });
    let releaseOld: () => void = () => {};
    const client = Object.create(real) as PlatformApiClient;
    client.getDeploymentSettings = async (id: number) => {
      const settings = await real.getDeploymentSettings(id);
      if (id === 42) await new Promise<void>((resolve) => (releaseOld = resolve));
      return settings;
    };
    const loaded: DeploymentSettings[] = [];
    const el = await fixture<PlatformAdminPanelElement>(html`<platform-admin-panel
      deployment-id="42"
      .client=${client}
      @platform-settings-loaded=${(e: CustomEvent<DeploymentSettings>) => loaded.push(e.detail)}
    ></platform-admin-panel>`);
    el.deploymentId = 43;
    await waitUntil(() => loaded.length === 1, 'deployment 43 never loaded');
    await editName(el, 'Edit on 43');
    releaseOld();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await el.updateComplete;
    expect(loaded.map((s) => s.id)).to.deep.equal([43]);
    expect($<HTMLInputElement>(el, '#field-name').value).to.equal('Edit on 43');
  });
});
