/**
 * Accessibility in every state: axe finds nothing for `<platform-embed>`
 * (loading, ready, error) and `<platform-admin-panel>` (not configured,
 * loading, loaded, each section's results and errors, the confirmation
 * dialog, the revealed token). The admin flows are then done with the
 * keyboard alone through `sendKeys` (real key presses in Chromium and
 * Firefox): tab order follows the document, focus moves into the
 * confirmation and back, Escape cancels, Enter submits.
 */
import { expect, fixture, fixtureCleanup, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { PlatformAdminPanelElement } from '../../src/admin/index.js';
import type { PlatformEmbedElement } from '../../src/embed/platform-embed.js';
import { $, $$, button, failNext, mockPlatform, mountPanel, requests, resetMock, typeInto } from '../admin/helpers.js';
import { mountEmbed, tenantBase } from './helpers/tenant.js';

/** The focused element inside the panel's shadow root. */
function focused(el: PlatformAdminPanelElement): Element | null {
  return el.shadowRoot!.activeElement;
}

function describeEl(node: Element | null): string {
  if (!node) return '(none)';
  return `${node.localName}${node.id ? `#${node.id}` : ''}${node.className ? `.${String(node.className).split(' ').join('.')}` : ''} "${(node.getAttribute('aria-label') ?? node.textContent ?? '').trim().slice(0, 30)}"`;
}

/** Presses Tab until `match` has focus; fails after `max` presses. */
async function tabTo(el: PlatformAdminPanelElement, match: (node: Element) => boolean, max = 80): Promise<Element> {
  for (let i = 0; i < max; i++) {
    const node = focused(el);
    if (node && match(node)) return node;
    await sendKeys({ press: 'Tab' });
  }
  throw new Error(`never reached by Tab; focus is on ${describeEl(focused(el))}`);
}

/** Focusable controls of the panel in document order (what Tab must visit). */
function tabbables(el: PlatformAdminPanelElement): Element[] {
  return $$(el, 'input, select, textarea, button, a[href], [tabindex]').filter((node) => {
    const h = node as HTMLElement;
    if ((h as HTMLButtonElement).disabled || h.tabIndex < 0) return false;
    if (h.closest('dialog:not([open])') || h.closest('fieldset[disabled]')) return false;
    return h.getClientRects().length > 0;
  });
}

describe('hardening: accessibility of <platform-embed> in every state', () => {
  afterEach(fixtureCleanup);

  it('loading', async () => {
    const el = await mountEmbed({ dashboard: 'manual' });
    expect(el.ready).to.equal(false);
    expect(el.shadowRoot!.querySelector('[role="status"]')).to.not.equal(null);
    await expect(el).to.be.accessible();
  });

  it('ready', async () => {
    const el = await mountEmbed({ dashboard: 'auto-a11y' });
    expect(el.ready).to.equal(true);
    expect(el.iframe!.title).to.equal('Embedded analytics');
    await expect(el).to.be.accessible();
  });

  it('error', async () => {
    const el = await fixture<PlatformEmbedElement>(html`<platform-embed
      base-url=${tenantBase()}
      dashboard="auto-a11y"
      .sessionProvider=${() => Promise.reject(new Error('no session'))}
    ></platform-embed>`);
    await el.whenReady().catch(() => undefined);
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[part="error"]')!.hasAttribute('hidden')).to.equal(false);
    await expect(el).to.be.accessible();
  });
});

describe('hardening: accessibility of <platform-admin-panel> in every state', () => {
  beforeEach(resetMock);
  afterEach(async () => {
    fixtureCleanup();
    await resetMock();
  });

  it('not configured and misconfigured', async () => {
    const empty = await fixture<PlatformAdminPanelElement>(html`<platform-admin-panel></platform-admin-panel>`);
    await expect(empty).to.be.accessible();
    const bad = await fixture<PlatformAdminPanelElement>(html`<platform-admin-panel base-url="http://evil.example" .token=${'t'}></platform-admin-panel>`);
    expect(bad.shadowRoot!.querySelector('[role="alert"]')).to.not.equal(null);
    await expect(bad).to.be.accessible();
  });

  it('loading, then loaded', async () => {
    await failNext({ operation: 'getDeploymentSettings', delayMs: 1500 });
    const { el, log } = await mountPanel({ waitLoaded: false });
    expect(el.shadowRoot!.textContent).to.match(/Loading the settings/);
    await expect(el).to.be.accessible();
    await waitUntil(() => log.count('platform-settings-loaded') === 1, 'not loaded', { timeout: 5000 });
    await el.updateComplete;
    await expect(el).to.be.accessible();
  });

  it('load error', async () => {
    await failNext({ operation: 'getDeploymentSettings', status: 404 });
    const { el } = await mountPanel();
    await el.updateComplete;
    expect(button(el, 'Retry')).to.exist;
    await expect(el).to.be.accessible();
  });

  it('settings: invalid edit, pending changes and a failed save', async () => {
    const { el, log } = await mountPanel();
    typeInto($<HTMLInputElement>(el, '#field-name'), '');
    await el.updateComplete;
    $<HTMLButtonElement>(el, 'section[part~="settings-section"] button[type="submit"]').click();
    await el.updateComplete;
    await expect(el).to.be.accessible();
    await failNext({ operation: 'updateDeploymentSettings', status: 500 });
    typeInto($<HTMLInputElement>(el, '#field-name'), 'Accessible name');
    await el.updateComplete;
    $<HTMLButtonElement>(el, 'section[part~="settings-section"] button[type="submit"]').click();
    await waitUntil(() => log.count('platform-api-error') === 1, 'no failure');
    await el.updateComplete;
    await expect(el).to.be.accessible();
  });

  it('token: issued (masked), revealed, and a forbidden issue', async () => {
    const { el, log } = await mountPanel();
    button(el, /^Issue/).click();
    await waitUntil(() => log.count('platform-token-issued') === 1, 'no token');
    await el.updateComplete;
    await expect(el).to.be.accessible();
    button(el, 'Show token').click();
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('code.jwt')).to.not.equal(null);
    await expect(el).to.be.accessible();
    fixtureCleanup();
    const { viewerKey } = await mockPlatform();
    const viewer = await mountPanel({ token: viewerKey });
    button(viewer.el, /^Issue/).click();
    await waitUntil(() => viewer.log.count('platform-api-error') === 1, 'no 403');
    await viewer.el.updateComplete;
    expect(viewer.log.of<{ code: string }>('platform-api-error')[0]!.code).to.equal('forbidden');
    await expect(viewer.el).to.be.accessible();
  });

  it('branch: deploy-branch refusal, confirmation dialog, deleted and not-found', async () => {
    const { el, log } = await mountPanel();
    typeInto($<HTMLInputElement>(el, '#branch-name'), 'main');
    await el.updateComplete;
    $<HTMLButtonElement>(el, '#branch-delete').click();
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('#branch-name-error')).to.not.equal(null);
    await expect(el).to.be.accessible();
    typeInto($<HTMLInputElement>(el, '#branch-name'), 'no/such/branch');
    await el.updateComplete;
    $<HTMLButtonElement>(el, '#branch-delete').click();
    await el.updateComplete;
    expect($<HTMLDialogElement>(el, 'dialog').open).to.equal(true);
    await expect(el).to.be.accessible();
    $<HTMLButtonElement>(el, 'dialog .confirm-delete').click();
    await waitUntil(() => log.count('platform-api-error') === 1, 'no 404');
    await el.updateComplete;
    await expect(el).to.be.accessible();
    typeInto($<HTMLInputElement>(el, '#branch-name'), 'feature/orders/fix-totals');
    await el.updateComplete;
    $<HTMLButtonElement>(el, '#branch-delete').click();
    await el.updateComplete;
    $<HTMLButtonElement>(el, 'dialog .confirm-delete').click();
    await waitUntil(() => log.count('platform-branch-deleted') === 1, 'not deleted');
    await el.updateComplete;
    await expect(el).to.be.accessible();
  });
});

describe('hardening: admin flows with the keyboard alone', () => {
  beforeEach(resetMock);
  afterEach(async () => {
    fixtureCleanup();
    await resetMock();
  });

  it('Tab visits every control in document order', async function () {
    this.timeout(30_000);
    const { el } = await mountPanel();
    const expected = tabbables(el);
    expect(expected.length).to.be.greaterThan(10);
    $<HTMLElement>(el, 'input, select, button').focus();
    const visited: Element[] = [focused(el)!];
    // One press fewer than controls: a Tab past the last control would leave the page, and
    // Firefox then stops firing default actions for synthesised keys in later tests.
    for (let i = 1; i < expected.length; i++) {
      await sendKeys({ press: 'Tab' });
      visited.push(focused(el)!);
    }
    expect(visited.map(describeEl)).to.deep.equal(expected.map(describeEl));
  });

  it('edit and save, issue and reveal the token, delete a branch: keyboard only', async function () {
    this.timeout(40_000);
    const { el, log } = await mountPanel();
    $<HTMLElement>(el, 'input, select, button').focus();

    // Settings: type a new name, Enter submits the form.
    await tabTo(el, (n) => n.id === 'field-name');
    await sendKeys({ press: 'End' });
    await sendKeys({ type: ' (keyboard)' });
    const saved = oneEvent(el, 'platform-settings-saved');
    await sendKeys({ press: 'Enter' });
    expect(((await saved) as CustomEvent<{ name: string }>).detail.name).to.equal('Orders analytics (keyboard)');

    // Token: Enter on "Issue token", Space on "Show token".
    await tabTo(el, (n) => n.localName === 'button' && /^Issue/.test(n.textContent!.trim()));
    const issued = oneEvent(el, 'platform-token-issued');
    await sendKeys({ press: ' ' });
    await issued;
    await el.updateComplete;
    await tabTo(el, (n) => n.textContent!.trim() === 'Show token');
    await sendKeys({ press: ' ' });
    await el.updateComplete;
    // Space showed the token: the same button now offers to hide it.
    expect(button(el, 'Hide token')).to.not.equal(null);
    expect(el.shadowRoot!.querySelector('code.jwt')).to.not.equal(null);

    // Branch: type the name, Space ticks "also delete upstream", Enter opens the confirmation.
    await tabTo(el, (n) => n.id === 'branch-name');
    await sendKeys({ type: 'feature/orders/fix-totals' });
    await sendKeys({ press: 'Tab' });
    expect(focused(el)?.id).to.equal('branch-upstream');
    await sendKeys({ press: ' ' });
    await tabTo(el, (n) => n.id === 'branch-delete');
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    const dialog = $<HTMLDialogElement>(el, 'dialog');
    expect(dialog.open).to.equal(true);
    // Focus moved into the confirmation (on the safe choice).
    expect(dialog.contains(focused(el))).to.equal(true);
    expect(focused(el)?.classList.contains('cancel')).to.equal(true);

    // Escape cancels: no request, focus back on Delete.
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect(dialog.open).to.equal(false);
    expect(focused(el)?.id).to.equal('branch-delete');
    expect(await requests('deleteBranch')).to.have.length(0);

    // Again, and confirm with Tab + Enter.
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(dialog.open).to.equal(true);
    await tabTo(el, (n) => n.classList.contains('confirm-delete'), 5);
    const deleted = oneEvent(el, 'platform-branch-deleted');
    await sendKeys({ press: 'Enter' });
    expect(((await deleted) as CustomEvent).detail).to.deep.equal({
      deploymentId: 42,
      branchName: 'feature/orders/fix-totals',
      removeOnUpstream: true,
    });
    await el.updateComplete;
    expect(focused(el)?.id).to.equal('branch-delete');
    expect(await requests('deleteBranch')).to.have.length(1);
    expect(log.count('platform-api-error')).to.equal(0);
  });
});
