// The settings section against the real mock platform: controls built from
// the schema, edits, the pending-changes summary, validation and saving
// exactly the changed fields.
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { deploymentSettingsSchema, readOnlySettings } from '../../src/api/index.js';
import type { DeploymentSettings } from '../../src/api/index.js';
import { until, $, $$, button, choose, mountPanel, panelText, requests, resetMock, settle, toggle, typeInto } from './helpers.js';

describe('<platform-admin-panel> settings', () => {
  beforeEach(resetMock);

  it('loads deployment 42 and renders each field with the control its schema calls for', async () => {
    const { el, log } = await mountPanel();
    expect(log.of<DeploymentSettings>('platform-settings-loaded')[0]!.id).to.equal(42);

    const name = $<HTMLInputElement>(el, '#field-name');
    expect(name.type).to.equal('text');
    expect(name.value).to.equal('Orders analytics');
    expect($(el, 'label[for="field-name"]').textContent).to.contain('Name');

    const template = $<HTMLSelectElement>(el, '#field-template');
    expect(template.tagName).to.equal('SELECT');
    expect(template.value).to.equal('simpleCluster');
    expect([...template.options].map((o) => o.value)).to.deep.equal(['single', 'simpleCluster', 'multiCluster']);

    const deployMode = $<HTMLSelectElement>(el, '#field-deployMode');
    expect([...deployMode.options].map((o) => o.value)).to.deep.equal(['', 'git', 'cli']);
    expect(deployMode.options[0]!.textContent).to.equal('not set');
    expect(deployMode.value).to.equal('git');

    const merges = $<HTMLInputElement>(el, '#field-deployBranchMergeAllowed');
    expect(merges.type).to.equal('checkbox');
    expect(merges.getAttribute('role')).to.equal('switch');
    expect(merges.checked).to.equal(true);

    // The platform writes region, cloud provider and creation method; it derives the flags and the repository type.
    for (const key of ['region', 'cloudProvider', 'creationMethod']) expect(el.shadowRoot!.querySelector(`#field-${key}`), key).to.not.equal(null);
    for (const key of ['isPlatformSqlEnabled', 'isSupportPreAggregations', 'repoType']) expect(el.shadowRoot!.querySelector(`#field-${key}`), key).to.equal(null);

    const tabs = $$<HTMLInputElement>(el, '[id^="field-launchpadTabs-"][type="text"]');
    expect(tabs.map((i) => i.value)).to.deep.equal(['dashboards', 'workbooks', 'chat']);

    const keys = $$<HTMLInputElement>(el, '[id^="field-templateVariables-"][placeholder="key"]').map((i) => i.value);
    expect(keys).to.deep.equal(['fiscalYearStartMonth', 'currency', 'regions']);

    expect($<HTMLInputElement>(el, '#field-cspsConfig-enabled').checked).to.equal(true);
    expect($<HTMLInputElement>(el, '#field-cspsConfig-storageProvider').value).to.equal('s3');
    expect($<HTMLInputElement>(el, '#field-cspsConfig-s3Bucket').value).to.equal('acme-preaggregations');
    expect($<HTMLInputElement>(el, '#field-cspsConfig-azureContainer').value).to.equal('');

    // Read-only values are text, never controls.
    for (const key of readOnlySettings) expect(el.shadowRoot!.querySelector(`#field-${key}`)).to.equal(null);
    expect(panelText(el)).to.contain('Deployment URL');
    expect(panelText(el)).to.contain('https://orders-analytics.acme.platform.example');

    // Every editable field of the schema has a control.
    for (const key of Object.keys(deploymentSettingsSchema)) {
      if ((readOnlySettings as readonly string[]).includes(key)) continue;
      const control = el.shadowRoot!.querySelector(`#field-${key}, #field-${key}-add, #field-${key}-enabled`);
      expect(control, key).to.not.equal(null);
    }
    // Every control has a label bound to it.
    for (const control of $$<HTMLInputElement>(el, 'input, select')) {
      expect(control.labels?.length ?? 0, control.id).to.be.greaterThan(0);
    }
  });

  it('summarises pending edits, then saves only the changed fields and fires platform-settings-saved', async () => {
    const { el, log } = await mountPanel();
    expect(panelText(el)).to.contain('No unsaved changes');
    expect(el.shadowRoot!.querySelector('.badge')).to.equal(null);

    typeInto($<HTMLInputElement>(el, '#field-name'), 'Orders analytics EU');
    toggle($<HTMLInputElement>(el, '#field-deployBranchMergeAllowed'));
    choose($<HTMLSelectElement>(el, '#field-releaseChannel'), 'latest');
    await settle(el);

    expect($(el, '.badge').textContent).to.contain('Unsaved changes');
    const summary = $(el, '[part="summary"]').textContent!.replace(/\s+/g, ' ');
    expect(summary).to.contain('Name: Orders analytics → Orders analytics EU');
    expect(summary).to.contain('Allow merges into the deploy branch: on → off');
    expect(summary).to.contain('Release channel: Stable → Latest');

    button(el, 'Save changes').click();
    await until(() => log.count('platform-settings-saved') === 1, 'no platform-settings-saved');
    await settle(el);

    const puts = await requests('updateDeploymentSettings');
    expect(puts).to.have.length(1);
    expect(puts[0]!.body).to.deep.equal({ name: 'Orders analytics EU', releaseChannel: 'latest', deployBranchMergeAllowed: false });
    const saved = log.of<DeploymentSettings>('platform-settings-saved')[0]!;
    expect(saved.name).to.equal('Orders analytics EU');
    expect(saved.deployBranchMergeAllowed).to.equal(false);
    expect(panelText(el)).to.contain('Settings saved.');
    expect(el.shadowRoot!.querySelector('.badge')).to.equal(null);
    expect($<HTMLInputElement>(el, '#field-name').value).to.equal('Orders analytics EU');
  });

  it('deletes a removed template variable the way the platform deletes (null), then shows what the platform answered', async () => {
    const { el, log } = await mountPanel();
    const keyInputs = () => $$<HTMLInputElement>(el, '[id^="field-templateVariables-"][placeholder="key"]');
    const index = keyInputs().findIndex((input) => input.value === 'currency');
    expect(index).to.equal(1);
    $$<HTMLButtonElement>(el, 'button[aria-label^="Remove variable"]')[index]!.click();
    await settle(el);
    button(el, 'Save changes').click();
    await until(() => log.count('platform-settings-saved') === 1, 'no platform-settings-saved');
    await settle(el);
    const [put] = await requests('updateDeploymentSettings');
    // The platform merges the map key by key: a key left out would survive, so the removed one is sent as null.
    expect((put!.body as { templateVariables: Record<string, unknown> }).templateVariables).to.deep.equal({ fiscalYearStartMonth: 2, currency: null, regions: ['emea', 'amer'] });
    // The form shows the map the platform answered with.
    expect(keyInputs().map((i) => i.value)).to.deep.equal(['fiscalYearStartMonth', 'regions']);
    expect(log.of<DeploymentSettings>('platform-settings-saved')[0]!.templateVariables).to.deep.equal({ fiscalYearStartMonth: 2, regions: ['emea', 'amer'] });
  });

  it('treats untouched null values as unchanged and sends nothing for them', async () => {
    const { el } = await mountPanel({ deploymentId: 43 });
    const hold = $<HTMLInputElement>(el, '#field-releaseChannelVersionHold');
    expect(hold.checked).to.equal(false);
    expect(button(el, 'Save changes').getAttribute('aria-disabled')).to.equal('true');

    toggle(hold);
    await settle(el);
    expect(panelText(el)).to.contain('Hold the release channel version: off → on');
    toggle(hold);
    await settle(el);
    expect(panelText(el)).to.contain('No unsaved changes');

    button(el, 'Save changes').click();
    await settle(el);
    expect(await requests('updateDeploymentSettings')).to.have.length(0);
  });

  it('sends null for a cleared nullable field and keeps non-string template variables as they were', async () => {
    const { el, log } = await mountPanel();
    choose($<HTMLSelectElement>(el, '#field-deployMode'), '');
    typeInto($<HTMLInputElement>(el, '#field-customDomain'), '');
    const values = $$<HTMLInputElement>(el, '[id^="field-templateVariables-"][placeholder="value"]');
    typeInto(values[1]!, 'USD');
    typeInto($<HTMLInputElement>(el, '#field-cspsConfig-s3Sse'), '');
    await settle(el);

    button(el, 'Save changes').click();
    await until(() => log.count('platform-settings-saved') === 1);
    const [put] = await requests('updateDeploymentSettings');
    const body = put!.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).to.deep.equal(['cspsConfig', 'customDomain', 'deployMode', 'templateVariables']);
    expect(body['deployMode']).to.equal(null);
    expect(body['customDomain']).to.equal(null);
    expect(body['templateVariables']).to.deep.equal({ fiscalYearStartMonth: 2, currency: 'USD', regions: ['emea', 'amer'] });
    const csps = body['cspsConfig'] as Record<string, unknown>;
    expect(csps['s3Sse']).to.equal(null);
    expect(csps['s3Bucket']).to.equal('acme-preaggregations');
    expect(csps['enabled']).to.equal(true);
  });

  it('edits the launchpad tabs list: reorder, remove, add', async () => {
    const { el, log } = await mountPanel();
    const rows = () => $$<HTMLInputElement>(el, '[id^="field-launchpadTabs-"][type="text"]');
    // The moved row's control id, read before the move (the rows are rendered by position, so an element may carry another row's id afterwards).
    const movedId = rows()[1]!.id;
    $(el, `#${movedId}-up`).click();
    await settle(el);
    expect(rows().map((i) => i.value)).to.deep.equal(['workbooks', 'dashboards', 'chat']);
    // Focus stays on the moved row.
    expect(el.shadowRoot!.activeElement?.id).to.equal(movedId);
    expect(el.shadowRoot!.activeElement).to.equal(rows()[0]);

    button(el, 'Remove entry 3').click();
    await settle(el);
    button(el, 'Add entry').click();
    await settle(el);
    const added = rows()[2]!;
    expect(el.shadowRoot!.activeElement).to.equal(added);
    typeInto(added, 'reports');
    await settle(el);
    expect(panelText(el)).to.contain('Launchpad tabs: dashboards, workbooks, chat → workbooks, dashboards, reports');

    button(el, 'Save changes').click();
    await until(() => log.count('platform-settings-saved') === 1);
    const [put] = await requests('updateDeploymentSettings');
    expect(put!.body).to.deep.equal({ launchpadTabs: ['workbooks', 'dashboards', 'reports'] });
  });

  it('shows validation messages beside the fields and sends no request while any is open', async () => {
    const { el, log } = await mountPanel();
    const name = $<HTMLInputElement>(el, '#field-name');
    typeInto(name, '   ');
    button(el, 'Add variable').click();
    await settle(el);
    const keyInputs = $$<HTMLInputElement>(el, '[id^="field-templateVariables-"][placeholder="key"]');
    typeInto(keyInputs[3]!, 'currency');
    button(el, 'Add entry').click();
    typeInto($<HTMLInputElement>(el, '#field-cspsConfig-storageProvider'), '');
    await settle(el);

    expect(name.getAttribute('aria-invalid')).to.equal('true');
    const nameError = $(el, `#${name.getAttribute('aria-describedby')}`);
    expect(nameError.textContent).to.equal('Name is required.');
    const dupKey = $$<HTMLInputElement>(el, '[id^="field-templateVariables-"][placeholder="key"]')[3]!;
    expect($(el, `#${dupKey.getAttribute('aria-describedby')}`).textContent).to.equal('The key “currency” is used twice.');
    const emptyTab = $$<HTMLInputElement>(el, '[id^="field-launchpadTabs-"][type="text"]')[3]!;
    expect($(el, `#${emptyTab.getAttribute('aria-describedby')}`).textContent).to.contain('Enter a value');
    const provider = $<HTMLInputElement>(el, '#field-cspsConfig-storageProvider');
    expect($(el, `#${provider.getAttribute('aria-describedby')}`).textContent).to.equal('Storage provider is required.');

    button(el, 'Save changes').click();
    await settle(el);
    expect($(el, '[role="alert"].error').textContent).to.contain('Some values need attention');
    expect(await requests('updateDeploymentSettings')).to.have.length(0);
    expect(log.count('platform-settings-saved')).to.equal(0);
  });

  it('reverts every edit to the loaded values', async () => {
    const { el } = await mountPanel();
    typeInto($<HTMLInputElement>(el, '#field-name'), 'Changed');
    toggle($<HTMLInputElement>(el, '#field-deployBranchReadOnly'));
    await settle(el);
    expect(el.shadowRoot!.querySelector('.badge')).to.not.equal(null);
    button(el, 'Discard changes').click();
    await settle(el);
    expect($<HTMLInputElement>(el, '#field-name').value).to.equal('Orders analytics');
    expect($<HTMLInputElement>(el, '#field-deployBranchReadOnly').checked).to.equal(true);
    expect(el.shadowRoot!.querySelector('.badge')).to.equal(null);
  });

  it('sends one request for a double click and for Enter pressed twice', async () => {
    const { el, log } = await mountPanel();
    typeInto($<HTMLInputElement>(el, '#field-name'), 'Once');
    await settle(el);
    const save = button(el, 'Save changes');
    save.click();
    save.click();
    save.dispatchEvent(new MouseEvent('dblclick', { bubbles: true }));
    await settle(el);
    expect(save.getAttribute('aria-disabled')).to.equal('true');
    await until(() => log.count('platform-settings-saved') === 1);
    expect(await requests('updateDeploymentSettings')).to.have.length(1);

    const name = $<HTMLInputElement>(el, '#field-name');
    typeInto(name, 'Twice?');
    await settle(el);
    name.focus();
    const form = $<HTMLFormElement>(el, 'form');
    form.requestSubmit();
    form.requestSubmit();
    await until(() => log.count('platform-settings-saved') === 2);
    expect(await requests('updateDeploymentSettings')).to.have.length(2);
  });

  it('saves with the Enter key from a text field', async () => {
    const { el, log } = await mountPanel();
    const name = $<HTMLInputElement>(el, '#field-name');
    name.focus();
    await sendKeys({ press: 'End' });
    await sendKeys({ type: ' (prod)' });
    await settle(el);
    await sendKeys({ press: 'Enter' });
    await until(() => log.count('platform-settings-saved') === 1, 'Enter did not save');
    const puts = await requests('updateDeploymentSettings');
    expect(puts).to.have.length(1);
    expect(puts[0]!.body).to.deep.equal({ name: 'Orders analytics (prod)' });
  });
});
