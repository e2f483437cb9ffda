// Branch deletion against the real mock platform: the confirmation dialog
// (cancel, Escape, focus), the request it sends, the deploy branch refused
// before any request, and the platform's 400/404 explained.
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { PlatformApiErrorDetail, PlatformBranchDeletedDetail } from '../../src/admin/index.js';
import { $, button, failNext, mountPanel, panelText, requests, resetMock, settle, toggle, typeInto, until } from './helpers.js';

const dialogOf = (el: HTMLElement) => $<HTMLDialogElement>(el, 'dialog.confirm');

async function askToDelete(el: HTMLElement & { updateComplete: Promise<boolean> }, branch: string) {
  typeInto($<HTMLInputElement>(el, '#branch-name'), branch);
  await el.updateComplete;
  $(el, '#branch-delete').click();
  await el.updateComplete;
}

describe('<platform-admin-panel> branch deletion', () => {
  beforeEach(resetMock);

  it('asks for confirmation with focus inside; Cancel sends nothing and focus returns to Delete', async () => {
    const { el } = await mountPanel();
    await askToDelete(el, 'feature/orders');
    const dialog = dialogOf(el);
    expect(dialog.open).to.equal(true);
    expect(dialog.textContent).to.contain('Delete branch “feature/orders”?');
    expect(dialog.textContent).to.contain('the branch on your Git provider stays');
    expect(dialog.contains(el.shadowRoot!.activeElement)).to.equal(true);

    button(el, 'Cancel').click();
    await until(() => !dialog.open);
    await settle(el);
    expect(el.shadowRoot!.activeElement?.id).to.equal('branch-delete');
    expect(await requests('deleteBranch')).to.have.length(0);
  });

  it('Escape cancels the confirmation and returns focus to Delete', async () => {
    const { el } = await mountPanel();
    await askToDelete(el, 'feature/orders');
    const dialog = dialogOf(el);
    expect(dialog.open).to.equal(true);
    await sendKeys({ press: 'Escape' });
    await until(() => !dialog.open, 'Escape did not close the confirmation');
    await settle(el);
    expect(el.shadowRoot!.activeElement?.id).to.equal('branch-delete');
    expect(await requests('deleteBranch')).to.have.length(0);
  });

  it('confirm sends one DELETE with the slashed name and removeOnUpstream=false by default', async () => {
    const { el, log } = await mountPanel();
    await askToDelete(el, 'feature/orders/fix-totals');
    const confirm = $(el, '.confirm-delete');
    confirm.click();
    confirm.click();
    await until(() => log.count('platform-branch-deleted') === 1);
    await settle(el);
    const sent = await requests('deleteBranch');
    expect(sent).to.have.length(1);
    expect(sent[0]!.method).to.equal('DELETE');
    expect(sent[0]!.path).to.equal('/build/api/v1/deployments/42/branches');
    expect(sent[0]!.query).to.deep.equal({ branchName: 'feature/orders/fix-totals', removeOnUpstream: 'false' });
    expect(log.of<PlatformBranchDeletedDetail>('platform-branch-deleted')[0]).to.deep.equal({
      deploymentId: 42,
      branchName: 'feature/orders/fix-totals',
      removeOnUpstream: false,
    });
    expect(panelText(el)).to.contain('Branch “feature/orders/fix-totals” was deleted.');
    expect($<HTMLInputElement>(el, '#branch-name').value).to.equal('');
    expect(el.shadowRoot!.activeElement?.id).to.equal('branch-delete');
  });

  it('with "Also delete on the Git provider" checked, says so and sends removeOnUpstream=true', async () => {
    const { el, log } = await mountPanel();
    const upstream = $<HTMLInputElement>(el, '#branch-upstream');
    expect(upstream.checked).to.equal(false);
    toggle(upstream);
    await askToDelete(el, 'feature/orders');
    expect(dialogOf(el).textContent).to.contain('also be deleted on the connected Git provider');
    $(el, '.confirm-delete').click();
    await until(() => log.count('platform-branch-deleted') === 1);
    const [sent] = await requests('deleteBranch');
    expect(sent!.query).to.deep.equal({ branchName: 'feature/orders', removeOnUpstream: 'true' });
    expect(log.of<PlatformBranchDeletedDetail>('platform-branch-deleted')[0]!.removeOnUpstream).to.equal(true);
    await settle(el);
    expect(panelText(el)).to.contain('was deleted here and on the Git provider');
  });

  it('refuses the deploy branch before any request, and an empty name', async () => {
    const { el } = await mountPanel();
    await askToDelete(el, 'main');
    expect(dialogOf(el).open).to.equal(false);
    const input = $<HTMLInputElement>(el, '#branch-name');
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    expect($(el, `#${input.getAttribute('aria-describedby')}`).textContent).to.contain('“main” is the deploy branch');

    await askToDelete(el, '  ');
    expect(dialogOf(el).open).to.equal(false);
    expect(panelText(el)).to.contain('Enter the name of the branch to delete.');
    expect(await requests('deleteBranch')).to.have.length(0);
  });

  it('explains a 404 for an unknown branch', async () => {
    const { el, log } = await mountPanel();
    await askToDelete(el, 'feature/nope');
    $(el, '.confirm-delete').click();
    await until(() => log.count('platform-api-error') === 1);
    await settle(el);
    const detail = log.of<PlatformApiErrorDetail>('platform-api-error')[0]!;
    expect(detail.operation).to.equal('deleteBranch');
    expect(detail.code).to.equal('not-found');
    expect(detail.status).to.equal(404);
    expect($(el, '[part~="branch-section"] [role="alert"]').textContent).to.equal(
      'No branch named “feature/nope” exists in this deployment.',
    );
    expect(log.count('platform-branch-deleted')).to.equal(0);
  });

  it('explains a 400 from the platform as the deploy branch', async () => {
    const { el, log } = await mountPanel();
    await failNext({ operation: 'deleteBranch', status: 400 });
    await askToDelete(el, 'release/2026-11');
    $(el, '.confirm-delete').click();
    await until(() => log.count('platform-api-error') === 1);
    await settle(el);
    expect(log.of<PlatformApiErrorDetail>('platform-api-error')[0]!.code).to.equal('bad-request');
    expect(panelText(el)).to.contain('it is the deploy branch');
  });

  it('says "deploy branch" only for the platform\'s 400: another refusal gets its own sentence', async () => {
    const cases: [status: number, code: string, text: string][] = [
      [403, 'forbidden', 'The branch could not be deleted. These credentials are not allowed to do this (403).'],
      [404, 'not-found', 'No branch named “feature/orders” exists in this deployment.'],
      [409, 'conflict', 'The branch could not be deleted. The request conflicts with a change made elsewhere (409). Try again.'],
      [410, 'bad-request', 'The branch could not be deleted. The platform rejected the request (410).'],
      [422, 'bad-request', 'The branch could not be deleted. The platform rejected the request (422).'],
    ];
    for (const [status, code, text] of cases) {
      await resetMock();
      const { el, log } = await mountPanel();
      await failNext({ operation: 'deleteBranch', status });
      await askToDelete(el, 'feature/orders');
      $(el, '.confirm-delete').click();
      await until(() => log.count('platform-api-error') === 1, `${status}: no platform-api-error`);
      await settle(el);
      const detail = log.of<PlatformApiErrorDetail>('platform-api-error')[0]!;
      expect(detail, String(status)).to.include({ status, code, message: text });
      expect($(el, '[part~="branch-section"] [role="alert"]').textContent, String(status)).to.equal(text);
      expect($(el, '[part~="branch-section"]').textContent, String(status)).to.not.match(/deploy branch/i);
      el.remove();
    }
  });

  it('is keyboard operable: Tab reaches the checkbox and Delete, Enter opens the confirmation', async () => {
    const { el } = await mountPanel();
    const input = $<HTMLInputElement>(el, '#branch-name');
    input.focus();
    await sendKeys({ type: 'feature/orders' });
    await sendKeys({ press: 'Tab' });
    expect(el.shadowRoot!.activeElement?.id).to.equal('branch-upstream');
    await sendKeys({ type: ' ' });
    expect($<HTMLInputElement>(el, '#branch-upstream').checked).to.equal(true);
    await sendKeys({ press: 'Tab' });
    expect(el.shadowRoot!.activeElement?.id).to.equal('branch-delete');
    await sendKeys({ press: 'Enter' });
    await settle(el);
    const dialog = dialogOf(el);
    expect(dialog.open).to.equal(true);
    expect(dialog.contains(el.shadowRoot!.activeElement)).to.equal(true);
    await sendKeys({ press: 'Escape' });
    await until(() => !dialog.open);
    await settle(el);
    expect(el.shadowRoot!.activeElement?.id).to.equal('branch-delete');
  });
});
