import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import type { PlatformEmbedElement } from '../../src/embed/platform-embed.js';
import { ReadyTimeoutError, SessionError } from '../../src/embed/errors.js';
import { observerCount, routerSize } from '../../src/embed/router.js';
import { BASE, FIXTURE_SESSION, actions, nextReady, readyEmbed, settle, connected } from './helpers.js';
import { frameSrc } from '../navigation-spy.js';

/** A promise with its resolve/reject functions outside. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const sessionOf = (el: PlatformEmbedElement) => new URL(frameSrc(el.iframe)!).searchParams.get('session');
const visible = (el: PlatformEmbedElement, part: string) => !el.shadowRoot!.querySelector<HTMLElement>(`[part="${part}"]`)!.hidden;

describe('<platform-embed> lifecycle', () => {
  it('re-applies state after reload() and becomes ready again in a new iframe', async () => {
    const el = await readyEmbed({
      scheme: 'dark',
      locale: 'de',
      timezone: 'Europe/Berlin',
      theme: { primaryColor: '#000000' },
      filters: { 'orders.status': 'open' },
    });
    const expected = [
      ['platform:action:set-color-scheme', { scheme: 'dark' }],
      ['platform:action:set-theme', { primaryColor: '#000000' }],
      ['platform:action:set-locale', { locale: 'de' }],
      ['platform:action:set-timezone', { timezone: 'Europe/Berlin' }],
    ];
    expect((await actions(el)).map((a) => [a.type, a.payload])).to.deep.equal(expected);
    const first = el.iframe;
    const again = nextReady(el);
    el.reload();
    expect(el.ready).to.equal(false);
    expect(el.hasAttribute('ready')).to.equal(false);
    await el.updateComplete;
    expect(visible(el, 'loading')).to.equal(true);
    await again;
    expect(el.iframe).to.not.equal(first);
    expect(el.ready).to.equal(true);
    expect(visible(el, 'loading')).to.equal(false);
    // Filters are not re-sent: the new URL carries them.
    expect(new URL(frameSrc(el.iframe)!).searchParams.get('f_orders.status')).to.equal('"open"');
    expect((await actions(el)).map((a) => [a.type, a.payload])).to.deep.equal(expected);
  });

  it('reloads with a new URL when dashboard, session, base-url or allow-export change', async () => {
    const el = await readyEmbed();
    for (const change of [
      () => (el.session = 'next-session'),
      () => (el.allowExport = true),
      () => el.setAttribute('base-url', `${BASE}/`),
    ]) {
      const frame = el.iframe;
      const ready = nextReady(el);
      change();
      await el.updateComplete;
      expect(el.ready).to.equal(false);
      expect(el.iframe).to.not.equal(frame);
      await ready;
    }
    const url = new URL(frameSrc(el.iframe)!);
    expect(url.searchParams.get('session')).to.equal('next-session');
    expect(url.searchParams.get('allowExport')).to.equal('true');
    el.dashboard = 'silent';
    await el.updateComplete;
    expect(new URL(frameSrc(el.iframe)!).pathname).to.equal('/test/fixtures/tenant/embed/dashboard/silent');
  });

  it('whenReady resolves at once when ready and at the next ready otherwise', async () => {
    const el = await connected({ dashboard: 'demo' });
    const early = el.whenReady();
    const info = await early;
    expect(info).to.deep.equal({ embedTenant: 'acme', deploymentId: 42, mode: 'signed', surface: 'dashboard', publicId: 'demo' });
    expect(await el.whenReady()).to.deep.equal(info);
    el.reload();
    const pending = el.whenReady();
    expect(el.ready).to.equal(false);
    expect(await pending).to.deep.equal(info);
  });

  it('times out without ready: fatal ReadyTimeoutError event, error slot, whenReady rejected', async () => {
    const el = await connected({ dashboard: 'silent', readyTimeout: 200 });
    const waiting = el.whenReady();
    const error = await oneEvent(el, 'platform-error');
    expect(error.detail).to.deep.equal({
      message: 'The embed did not become ready within 200 ms.',
      name: 'ReadyTimeoutError',
      context: 'host',
      fatal: true,
    });
    const rejection = await waiting.then(() => null, (e: unknown) => e);
    expect(rejection).to.be.instanceOf(ReadyTimeoutError);
    expect((rejection as Error).name).to.equal('ReadyTimeoutError');
    await el.updateComplete;
    expect(visible(el, 'error')).to.equal(true);
    expect(visible(el, 'loading')).to.equal(false);
    await expect(el).to.be.accessible();
  });

  it('does not time out when ready-timeout is 0', async () => {
    const el = await connected({ dashboard: 'silent', readyTimeout: 0 });
    let errors = 0;
    el.addEventListener('platform-error', () => errors++);
    await new Promise((r) => setTimeout(r, 100));
    expect(errors).to.equal(0);
  });

  it('asks sessionProvider before loading and again on reload()', async () => {
    let calls = 0;
    const el = await connected({ dashboard: 'demo', sessionProvider: async () => `provided-${++calls}` });
    await oneEvent(el, 'platform-ready');
    expect(calls).to.equal(1);
    expect(sessionOf(el)).to.equal('provided-1');
    const ready = nextReady(el);
    el.reload();
    await ready;
    expect(calls).to.equal(2);
    expect(sessionOf(el)).to.equal('provided-2');
    for (const name of el.getAttributeNames()) expect(el.getAttribute(name)).to.not.contain('provided');
  });

  it('does not call sessionProvider when session is set', async () => {
    let calls = 0;
    const el = await connected({ dashboard: 'demo', session: 'fixed', sessionProvider: async () => `p${++calls}` });
    await oneEvent(el, 'platform-ready');
    expect(calls).to.equal(0);
    expect(sessionOf(el)).to.equal('fixed');
  });

  it('reports a rejected sessionProvider as a fatal SessionError without the session', async () => {
    const el = await connected({
      dashboard: 'demo',
      sessionProvider: () => Promise.reject(new Error('backend down')),
    });
    const waiting = el.whenReady();
    const error = await oneEvent(el, 'platform-error');
    expect(error.detail).to.deep.equal({ message: 'sessionProvider rejected.', name: 'SessionError', context: 'host', fatal: true });
    const rejection = await waiting.then(() => null, (e: unknown) => e);
    expect(rejection).to.be.instanceOf(SessionError);
    await el.updateComplete;
    expect(el.iframe!.hasAttribute('src')).to.equal(false);
    expect(visible(el, 'error')).to.equal(true);
  });

  it('reports a provider that throws or returns no session', async () => {
    const thrower = await connected({ dashboard: 'demo', sessionProvider: () => { throw new Error('sync'); } });
    expect((await oneEvent(thrower, 'platform-error')).detail.name).to.equal('SessionError');
    const empty = await connected({ dashboard: 'demo', sessionProvider: async () => '' });
    expect((await oneEvent(empty, 'platform-error')).detail.message).to.equal('sessionProvider did not return a session id.');
  });

  it('a reload() before the navigation waits for the provider call already made', async () => {
    const answers = [deferred<string>(), deferred<string>()];
    let call = 0;
    const el = await connected({ dashboard: 'demo', sessionProvider: () => answers[call++]!.promise });
    await el.updateComplete;
    el.reload();
    await settle();
    expect(call, 'one provider call in flight').to.equal(1);
    const ready = oneEvent(el, 'platform-ready');
    answers[0]!.resolve('first');
    await ready;
    expect(sessionOf(el)).to.equal('first');
    expect(call).to.equal(1);
    expect(el.ready).to.equal(true);
  });

  it('disconnects cleanly: router entry removed, whenReady rejected, no timer fires, provider answer dropped', async () => {
    const before = routerSize();
    const observersBefore = observerCount();
    const answer = deferred<string>();
    const el = await connected({ dashboard: 'silent', readyTimeout: 150, debug: true, sessionProvider: () => answer.promise });
    await el.updateComplete;
    expect(routerSize()).to.equal(before + 1);
    expect(observerCount()).to.equal(observersBefore + 1);
    const waiting = el.whenReady();
    let errors = 0;
    el.addEventListener('platform-error', () => errors++);
    el.remove();
    expect(routerSize()).to.equal(before);
    expect(observerCount()).to.equal(observersBefore);
    const rejection = await waiting.then(() => null, (e: unknown) => e);
    expect((rejection as Error).name).to.equal('AbortError');
    answer.resolve('late');
    await new Promise((r) => setTimeout(r, 300));
    expect(errors).to.equal(0);
    expect(el.iframe!.hasAttribute('src')).to.equal(false);
  });

  it('whenReady() called while the element is out of the document: at once AbortError after a removal, the first ready before any insertion', async () => {
    const el = await readyEmbed();
    const parent = el.parentElement!;
    el.remove();
    const settled = await Promise.race([
      el.whenReady().then(
        () => 'resolved',
        (e: unknown) => e,
      ),
      settle().then(() => 'still pending'),
    ]);
    expect((settled as Error).name, 'rejected before anything else ran').to.equal('AbortError');
    expect(settled).to.be.instanceOf(DOMException);
    // Inserted again: it waits for the new load's ready, as any connected element.
    parent.append(el);
    expect(await el.whenReady()).to.deep.include({ publicId: 'demo' });

    // Never inserted yet: the wait is for its first ready.
    const fresh = document.createElement('platform-embed');
    Object.assign(fresh, { baseUrl: BASE, dashboard: 'demo', session: FIXTURE_SESSION });
    const first = fresh.whenReady();
    parent.append(fresh);
    expect(await first).to.deep.include({ publicId: 'demo' });
  });

  it('works again after being moved in the DOM', async () => {
    const el = await readyEmbed({ scheme: 'dark' });
    const before = routerSize();
    const other = await fixture(html`<section></section>`);
    const ready = nextReady(el);
    other.append(el);
    expect(el.ready).to.equal(false);
    await ready;
    expect(routerSize()).to.equal(before);
    expect((await actions(el)).map((a) => a.type)).to.deep.equal(['platform:action:set-color-scheme']);
  });

  it('adds the window listener with the first embed and removes it with the last', async () => {
    const before = routerSize();
    const a = await readyEmbed();
    const b = await readyEmbed();
    expect(routerSize()).to.equal(before + 2);
    a.remove();
    b.remove();
    expect(routerSize()).to.equal(before);
  });
});
