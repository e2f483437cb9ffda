// Accessibility of the panel in each of its states (axe through
// @open-wc/testing), and keyboard reach of the settings form.
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { $, button, failNext, mountPanel, resetMock, settle, typeInto, until } from './helpers.js';

describe('<platform-admin-panel> accessibility', () => {
  beforeEach(resetMock);

  it('is accessible while loading (with a status message)', async () => {
    await failNext({ operation: 'getDeploymentSettings', delayMs: 1500 });
    const { el } = await mountPanel({ waitLoaded: false });
    await settle(el);
    expect($(el, '[role="status"]').textContent).to.contain('Loading the settings');
    await expect(el).to.be.accessible();
  });

  it('is accessible when loaded, with pending changes and validation errors', async () => {
    const { el } = await mountPanel();
    await expect(el).to.be.accessible();
    typeInto($<HTMLInputElement>(el, '#field-name'), '');
    button(el, 'Add variable').click();
    await settle(el);
    button(el, 'Save changes').click();
    await settle(el);
    await expect(el).to.be.accessible();
  });

  it('is accessible in the error state', async () => {
    const { el } = await mountPanel({ deploymentId: 999 });
    expect(button(el, 'Retry')).to.exist;
    await expect(el).to.be.accessible();
  });

  it('is accessible with the confirmation dialog open and with a revealed token', async () => {
    const { el, log } = await mountPanel();
    typeInto($<HTMLInputElement>(el, '#branch-name'), 'feature/orders');
    await settle(el);
    $(el, '#branch-delete').click();
    await settle(el);
    expect($<HTMLDialogElement>(el, 'dialog').open).to.equal(true);
    await expect(el).to.be.accessible();
    button(el, 'Cancel').click();

    button(el, 'Issue token').click();
    await until(() => log.count('platform-token-issued') === 1);
    await settle(el);
    button(el, 'Show token').click();
    await settle(el);
    await expect(el).to.be.accessible();
  });

  it('is accessible when nothing is configured yet', async () => {
    const { el } = await mountPanel({ deploymentId: null });
    await expect(el).to.be.accessible();
  });

  it('lets Tab walk from the first control through the settings form', async () => {
    const { el } = await mountPanel();
    const name = $<HTMLInputElement>(el, '#field-name');
    name.focus();
    await sendKeys({ press: 'Tab' });
    expect(el.shadowRoot!.activeElement?.id).to.equal('field-template');
    await sendKeys({ press: 'Tab' });
    expect(el.shadowRoot!.activeElement?.id).to.equal('field-releaseChannel');
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    expect(el.shadowRoot!.activeElement?.id).to.equal('field-releaseChannelVersionHold');
    await sendKeys({ type: ' ' });
    await settle(el);
    expect($<HTMLInputElement>(el, '#field-releaseChannelVersionHold').checked).to.equal(true);
    expect($(el, '.badge')).to.exist;
  });
});
