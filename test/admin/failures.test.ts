// Every failure class of a save and a load, one by one, against the real
// mock platform: shown in the panel, reported as platform-api-error, and no
// edit lost. Plus aborts and stale answers when the deployment changes.
import { expect } from '@open-wc/testing';
import { PlatformApiClient } from '../../src/api/index.js';
import type { DeploymentSettings } from '../../src/api/index.js';
import type { PlatformApiErrorDetail } from '../../src/admin/index.js';
import { until, $, button, failNext, mockPlatform, mountPanel, panelText, requests, resetMock, settle, typeInto } from './helpers.js';
import type { FailureRule } from './helpers.js';

interface SaveCase {
  title: string;
  rule: FailureRule;
  status: number;
  code: string;
  text: RegExp;
  /** A client with a short timeout, for the timeout case. */
  timeoutMs?: number;
}

const save = 'updateDeploymentSettings';

const saveCases: SaveCase[] = [
  { title: '400', rule: { operation: save, status: 400 }, status: 400, code: 'bad-request', text: /rejected these changes/ },
  { title: '401', rule: { operation: save, status: 401 }, status: 401, code: 'unauthorized', text: /did not accept the credentials \(401\)/ },
  { title: '403', rule: { operation: save, status: 403 }, status: 403, code: 'forbidden', text: /not allowed to do this \(403\)/ },
  { title: '404', rule: { operation: save, status: 404 }, status: 404, code: 'not-found', text: /Deployment 42 was not found/ },
  { title: '409', rule: { operation: save, status: 409 }, status: 409, code: 'conflict', text: /changed elsewhere.*edits are kept/ },
  { title: '429', rule: { operation: save, status: 429, retryAfter: 1 }, status: 429, code: 'rate-limited', text: /too many requests \(429\)/ },
  { title: '500', rule: { operation: save, status: 500 }, status: 500, code: 'server-error', text: /had a problem \(500\)/ },
  { title: 'timeout', rule: { operation: save, delayMs: 3000 }, status: 0, code: 'timeout', text: /did not answer in time/, timeoutMs: 400 },
  { title: 'network down', rule: { operation: save, drop: true }, status: 0, code: 'network', text: /could not be reached/ },
  {
    title: 'non-JSON 200',
    rule: { operation: save, status: 200, body: '<html>maintenance</html>', contentType: 'text/html' },
    status: 200,
    code: 'invalid-response',
    text: /cannot read/,
  },
  { title: 'wrong-shape 200', rule: { operation: save, status: 200, body: { ok: true } }, status: 200, code: 'invalid-response', text: /cannot read/ },
];

async function editedPanel(timeoutMs?: number) {
  const { mockUrl, adminKey } = await mockPlatform();
  const client = timeoutMs ? new PlatformApiClient({ baseUrl: mockUrl, token: adminKey, timeoutMs }) : undefined;
  const mounted = await mountPanel({ client });
  const { el } = mounted;
  typeInto($<HTMLInputElement>(el, '#field-name'), 'Kept name');
  typeInto($<HTMLInputElement>(el, '#field-releaseChannelVersion'), '1.3.13');
  await settle(el);
  return mounted;
}

async function expectEditsKept(el: HTMLElement) {
  expect($<HTMLInputElement>(el, '#field-name').value).to.equal('Kept name');
  expect($<HTMLInputElement>(el, '#field-releaseChannelVersion').value).to.equal('1.3.13');
  expect($(el, '.badge').textContent).to.contain('Unsaved changes');
  expect(panelText(el)).to.contain('Name: Orders analytics → Kept name');
}

describe('<platform-admin-panel> save failures', () => {
  beforeEach(resetMock);

  for (const c of saveCases) {
    it(`${c.title}: shown, reported, edits kept`, async () => {
      const { el, log } = await editedPanel(c.timeoutMs);
      await failNext(c.rule);
      button(el, 'Save changes').click();
      await until(() => log.count('platform-api-error') === 1, 'no platform-api-error');
      await settle(el);

      const detail = log.of<PlatformApiErrorDetail>('platform-api-error')[0]!;
      expect(detail.operation).to.equal(save);
      expect(detail.code).to.equal(c.code);
      expect(detail.status).to.equal(c.status);
      expect(detail.message).to.match(c.text);
      expect($(el, 'form [role="alert"]').textContent).to.contain(detail.message);
      expect(log.count('platform-settings-saved')).to.equal(0);
      await expectEditsKept(el);
      expect(button(el, 'Save changes').getAttribute('aria-disabled')).to.equal('false');
    });
  }

  it('abort: Cancel during a save is reported as cancelled and keeps the edits; saving again works', async () => {
    const { el, log } = await editedPanel();
    await failNext({ operation: save, delayMs: 2000 });
    button(el, 'Save changes').click();
    await settle(el);
    button(el, 'Cancel').click();
    await until(() => log.count('platform-api-error') === 1, 'cancel not reported');
    await settle(el);
    const detail = log.of<PlatformApiErrorDetail>('platform-api-error')[0]!;
    expect(detail).to.deep.equal({
      operation: save,
      status: 0,
      code: 'aborted',
      message: 'The settings could not be saved. The request was cancelled.',
    });
    expect(panelText(el)).to.contain('The settings could not be saved. The request was cancelled.');
    await expectEditsKept(el);

    button(el, 'Save changes').click();
    await until(() => log.count('platform-settings-saved') === 1);
    expect(log.of<DeploymentSettings>('platform-settings-saved')[0]!.name).to.equal('Kept name');
  });
});

describe('<platform-admin-panel> load failures', () => {
  beforeEach(resetMock);

  it('401 for a wrong key: error state with Retry', async () => {
    const { el, log } = await mountPanel({ token: 'not-a-real-key' });
    const [detail] = log.of<PlatformApiErrorDetail>('platform-api-error');
    expect(detail!.operation).to.equal('getDeploymentSettings');
    expect(detail!.code).to.equal('unauthorized');
    expect(detail!.status).to.equal(401);
    expect($(el, '.error-box [role="alert"]').textContent).to.contain('did not accept the credentials');
    expect(button(el, 'Retry')).to.exist;
    expect(el.shadowRoot!.querySelector('#field-name')).to.equal(null);
  });

  it('404 for an unknown deployment', async () => {
    const { el, log } = await mountPanel({ deploymentId: 999 });
    const [detail] = log.of<PlatformApiErrorDetail>('platform-api-error');
    expect(detail!.code).to.equal('not-found');
    expect(panelText(el)).to.contain('Deployment 999 was not found');
  });

  it('500 then Retry loads the settings', async () => {
    const { mockUrl, adminKey } = await mockPlatform();
    await failNext({ operation: 'getDeploymentSettings', status: 500 });
    const client = new PlatformApiClient({ baseUrl: mockUrl, token: adminKey, retries: 0 });
    const { el, log } = await mountPanel({ client });
    expect(log.of<PlatformApiErrorDetail>('platform-api-error')[0]!.code).to.equal('server-error');
    button(el, 'Retry').click();
    await until(() => log.count('platform-settings-loaded') === 1);
    await settle(el);
    expect($<HTMLInputElement>(el, '#field-name').value).to.equal('Orders analytics');
  });

  it('Cancel during a load reports it and offers Retry', async () => {
    await failNext({ operation: 'getDeploymentSettings', delayMs: 2000 });
    const { el, log } = await mountPanel({ waitLoaded: false });
    await until(() => el.shadowRoot!.querySelector('[role="status"]')?.textContent?.includes('Loading'));
    button(el, 'Cancel').click();
    await until(() => log.count('platform-api-error') === 1);
    expect(log.of<PlatformApiErrorDetail>('platform-api-error')[0]!.code).to.equal('aborted');
    await settle(el);
    button(el, 'Retry').click();
    await until(() => log.count('platform-settings-loaded') === 1);
  });
});

/** A fetch that ignores abort signals (so only the panel's generation check can drop an answer) and records them. */
function stubbornFetch() {
  const signals: (AbortSignal | null | undefined)[] = [];
  const responses: Promise<unknown>[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    signals.push(init?.signal);
    const { signal: _ignored, ...rest } = init ?? {};
    const response = globalThis.fetch(input, rest);
    responses.push(response.then((r) => r.clone().text()));
    return response;
  };
  return { fetch, signals, responses };
}

describe('<platform-admin-panel> deployment changes and disconnects', () => {
  beforeEach(resetMock);

  it('drops a stale settings answer when deployment-id changes mid-request, and aborts it', async () => {
    const { mockUrl, adminKey } = await mockPlatform();
    await failNext({ path: '/api/v1/deployments/42/settings', delayMs: 800 });
    const stub = stubbornFetch();
    const client = new PlatformApiClient({ baseUrl: mockUrl, token: adminKey, fetch: stub.fetch });
    const { el, log } = await mountPanel({ client, waitLoaded: false });
    await until(() => stub.signals.length === 1);
    el.deploymentId = 43;
    await until(() => log.count('platform-settings-loaded') === 1);
    // Let the slow answer for 42 arrive: it must not replace 43's values.
    await Promise.all(stub.responses);
    await settle(el);
    expect(stub.signals[0]!.aborted).to.equal(true);
    expect(log.of<DeploymentSettings>('platform-settings-loaded').map((s) => s.id)).to.deep.equal([43]);
    expect(log.count('platform-api-error')).to.equal(0);
    expect($<HTMLInputElement>(el, '#field-name').value).to.equal('Marketing sandbox');
  });

  it('aborts a save when the deployment changes; the old edits are discarded, nothing is reported', async () => {
    const { el, log } = await mountPanel();
    typeInto($<HTMLInputElement>(el, '#field-name'), 'For 42 only');
    await settle(el);
    await failNext({ operation: save, delayMs: 800 });
    button(el, 'Save changes').click();
    await until(async () => (await requests(save)).length === 1);
    el.deploymentId = 43;
    await until(() => log.count('platform-settings-loaded') === 2);
    await new Promise((resolve) => setTimeout(resolve, 1000)); // past the delayed answer
    await settle(el);
    expect(log.count('platform-settings-saved')).to.equal(0);
    expect(log.count('platform-api-error')).to.equal(0);
    expect($<HTMLInputElement>(el, '#field-name').value).to.equal('Marketing sandbox');
    expect(el.shadowRoot!.querySelector('.badge')).to.equal(null);
  });

  it('keeps edits when only the credentials change, re-applied on the reloaded values', async () => {
    const { viewerKey } = await mockPlatform();
    const { el, log } = await mountPanel();
    typeInto($<HTMLInputElement>(el, '#field-name'), 'Still mine');
    await settle(el);
    el.token = viewerKey;
    await until(() => log.count('platform-settings-loaded') === 2);
    await settle(el);
    expect($<HTMLInputElement>(el, '#field-name').value).to.equal('Still mine');
    expect(panelText(el)).to.contain('Name: Orders analytics → Still mine');
  });

  it('aborts the load on disconnect and loads again when reconnected', async () => {
    const { mockUrl, adminKey } = await mockPlatform();
    await failNext({ operation: 'getDeploymentSettings', delayMs: 600 });
    const stub = stubbornFetch();
    const client = new PlatformApiClient({ baseUrl: mockUrl, token: adminKey, fetch: stub.fetch });
    const { el, log } = await mountPanel({ client, waitLoaded: false });
    await until(() => stub.signals.length === 1);
    const parent = el.parentNode!;
    el.remove();
    expect(stub.signals[0]!.aborted).to.equal(true);
    await Promise.all(stub.responses);
    expect(log.count('platform-settings-loaded')).to.equal(0);
    expect(log.count('platform-api-error')).to.equal(0);
    parent.appendChild(el);
    await until(() => log.count('platform-settings-loaded') === 1);
  });

  it('a disconnect during a save keeps the edits and says so', async () => {
    const { el, log } = await mountPanel();
    typeInto($<HTMLInputElement>(el, '#field-name'), 'Interrupted');
    await settle(el);
    await failNext({ operation: save, delayMs: 800 });
    button(el, 'Save changes').click();
    await settle(el);
    const parent = el.parentNode!;
    el.remove();
    parent.appendChild(el);
    await settle(el);
    expect(panelText(el)).to.contain('The save was interrupted');
    expect($<HTMLInputElement>(el, '#field-name').value).to.equal('Interrupted');
    expect(log.count('platform-settings-loaded')).to.equal(1);
  });
});
