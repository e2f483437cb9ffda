/**
 * `ready` follows the document in the iframe, also when the embed reloads or
 * navigates itself. Fixture dashboards: `slow` sends ready as its script runs
 * and holds its `load` event back with a slow image (ready before load);
 * `late` sends ready only after its `load` event (ready after load);
 * `silent` never sends ready.
 */
import { expect, fixture, html } from '@open-wc/testing';
import type { PlatformEmbedElement } from '../../src/embed/platform-embed.js';
import { ReadyTimeoutError } from '../../src/embed/errors.js';
import { BASE, actions, report, settle } from './helpers.js';
import { frameSrc } from '../navigation-spy.js';

/**
 * Connects an embed of a fixture dashboard and records the order of its
 * readies and its iframe's `load` events, and `ready` as each load happened.
 */
async function embedOf(dashboard: string, attrs: Partial<PlatformEmbedElement> = {}) {
  const el = document.createElement('platform-embed');
  Object.assign(el, { baseUrl: BASE, dashboard, session: 'fixture', ...attrs });
  const entries: string[] = [];
  const readyAtLoad: boolean[] = [];
  el.addEventListener('platform-ready', () => entries.push('ready'));
  (await fixture(html`<div></div>`)).append(el);
  await el.updateComplete;
  const frame = el.iframe!;
  // Added after the element's own listener (attached with the first src), so it sees the element's reaction.
  frame.addEventListener('load', () => {
    if (frame.contentDocument?.URL === 'about:blank') return; // the initial document, not the embed's
    entries.push('load');
    readyAtLoad.push(el.ready);
  });
  return { el, entries, readyAtLoad };
}

async function until(predicate: () => boolean, what: string, ms = 8000): Promise<void> {
  const end = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await settle(1);
  }
}

const command = (el: PlatformEmbedElement, message: Record<string, unknown>) => el.iframe!.contentWindow!.postMessage(message, '*');
const count = (list: string[], name: string) => list.filter((x) => x === name).length;

describe('<platform-embed> ready follows the document in the iframe', () => {
  it('ready before the load event: stays ready when the load event comes', async () => {
    const { el, entries, readyAtLoad } = await embedOf('slow');
    await until(() => entries.includes('load'), 'the load event');
    expect(entries).to.deep.equal(['ready', 'load']);
    expect(readyAtLoad).to.deep.equal([true]);
    expect(el.ready).to.equal(true);
    expect((await el.whenReady()).embedTenant).to.equal('acme');
  });

  it('ready after the load event: not ready at load, ready at the ready', async () => {
    const { el, entries, readyAtLoad } = await embedOf('late');
    const info = await el.whenReady();
    expect(info.embedTenant).to.equal('acme');
    expect(entries).to.deep.equal(['load', 'ready']);
    expect(readyAtLoad).to.deep.equal([false]);
    expect(el.ready).to.equal(true);
  });

  it('the embed reloading itself makes actions wait for its new document (ready after load)', async () => {
    const { el, entries, readyAtLoad } = await embedOf('late');
    await el.whenReady();
    const href = (await report(el)).href;
    let waited = false;
    el.iframe!.addEventListener(
      'load',
      () => {
        // The new document is in but has not said ready: an action now must reach it, not the old one.
        expect(el.ready).to.equal(false);
        expect(el.hasAttribute('ready')).to.equal(false);
        el.navigate('/embed/dashboard/late/next');
        void el.whenReady().then(() => (waited = true));
      },
      { once: true },
    );
    command(el, { fixtureCommand: 'reload' });
    await until(() => count(entries, 'ready') === 2, 'the second ready');
    await el.updateComplete;
    expect(waited).to.equal(true);
    expect(readyAtLoad.slice(-1)).to.deep.equal([false]);
    const reply = await report(el);
    expect(reply.href).to.equal(href);
    expect(reply.actions.map((a) => a.data.type)).to.deep.equal(['platform:action:navigate']);
    expect(reply.actions[0].data.payload).to.deep.equal({ path: '/embed/dashboard/late/next' });
    expect(el.ready).to.equal(true);
  });

  for (const dashboard of ['late', 'slow']) {
    it(`several reloads in a row by the embed itself (${dashboard === 'late' ? 'ready after load' : 'ready before load'})`, async () => {
      const { el, entries, readyAtLoad } = await embedOf(dashboard, { readyTimeout: 3000, scheme: 'dark' });
      const errors: unknown[] = [];
      el.addEventListener('platform-error', (e) => errors.push((e as CustomEvent).detail));
      await el.whenReady();
      await until(() => entries.includes('load'), 'the first load');
      for (let round = 2; round <= 4; round++) {
        command(el, { fixtureCommand: 'reload' });
        await until(() => count(entries, 'ready') === round && count(entries, 'load') === round, `reload ${round}`);
      }
      // Each new document got the state again after its ready.
      expect((await actions(el)).map((a) => a.type)).to.deep.equal(['platform:action:set-color-scheme']);
      expect(readyAtLoad).to.deep.equal(dashboard === 'late' ? [false, false, false, false] : [true, true, true, true]);
      expect(el.ready).to.equal(true);
      await new Promise((resolve) => setTimeout(resolve, 3200));
      // No timer of an earlier document fired: each ready settled its document's wait.
      expect(errors).to.deep.equal([]);
      expect(el.ready).to.equal(true);
    });
  }

  it('a document that never sends ready: not ready, then ReadyTimeoutError from its load', async () => {
    const { el } = await embedOf('late', { readyTimeout: 600 });
    await el.whenReady();
    const errors: Array<Record<string, unknown>> = [];
    el.addEventListener('platform-error', (e) => errors.push((e as CustomEvent).detail));
    const silent = frameSrc(el.iframe)!.replace('/dashboard/late', '/dashboard/silent');
    const loaded = new Promise((resolve) => el.iframe!.addEventListener('load', resolve, { once: true }));
    command(el, { fixtureCommand: 'navigate', href: silent });
    await loaded;
    expect(el.ready).to.equal(false);
    const error = await el.whenReady().catch((e: unknown) => e);
    expect(error).to.be.instanceOf(ReadyTimeoutError);
    expect(errors).to.deep.equal([{ message: 'The embed did not become ready within 600 ms.', name: 'ReadyTimeoutError', context: 'host', fatal: true }]);
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector<HTMLElement>('[part="error"]')!.hidden).to.equal(false);
  });
});
