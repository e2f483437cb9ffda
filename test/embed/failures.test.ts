/**
 * Fatal embed errors and session renewal, against the cross-origin fixture
 * embed: a session id starting with `expired` makes it report a fatal auth
 * error instead of ready, as the platform does for a session it no longer
 * accepts.
 */
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import type { PlatformEmbedElement } from '../../src/embed/platform-embed.js';
import { EmbedError, ReadyTimeoutError, SessionError } from '../../src/embed/errors.js';
import type { SessionRenewalDetail } from '../../src/embed/inbound.js';
import { BASE, actions, envelope, nextReady, postFromFrame, readyEmbed, settle, connected } from './helpers.js';
import { frameSrc } from '../navigation-spy.js';

const expiredPayload = { message: 'The session has expired.', name: 'SessionExpiredError', context: 'auth', fatal: true };
const sessionOf = (el: PlatformEmbedElement) => new URL(frameSrc(el.iframe)!).searchParams.get('session');
const overlay = (el: PlatformEmbedElement, part: string) => el.shadowRoot!.querySelector<HTMLElement>(`[part="${part}"]`)!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every `platform-error` and `platform-session-renewal` detail of `el`, and every ready, in order. */
function record(el: PlatformEmbedElement) {
  const log: Array<[string, Record<string, unknown>]> = [];
  for (const name of ['platform-error', 'platform-session-renewal', 'platform-ready'] as const) {
    el.addEventListener(name, (e) => log.push([name, (e as CustomEvent).detail]));
  }
  return log;
}

/** A provider handing out `sessions` in order (the last one again when they run out), counting calls. */
function provider(...sessions: string[]) {
  const fn = Object.assign(
    async () => {
      fn.calls += 1;
      return sessions[Math.min(fn.calls, sessions.length) - 1];
    },
    { calls: 0 },
  );
  return fn;
}

/** Resolves when `predicate` holds, checked every frame. */
async function until(predicate: () => boolean, what: string, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await settle(1);
  }
}

/** The `demo` fixture dashboard unless `attrs` says otherwise. */
const connectedDemo = (attrs: Partial<PlatformEmbedElement>) => connected({ dashboard: 'demo', ...attrs });

describe('<platform-embed> fatal embed errors', () => {
  it('end the load at once: EmbedError, the embed message in the error slot, no ReadyTimeoutError afterwards', async () => {
    // A timeout the fixture's error beats even on a loaded machine, and that the wait below outlasts.
    const el = await connectedDemo({ session: 'expired-fixed', readyTimeout: 1500 });
    const log = record(el);
    const error = await el.whenReady().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).to.be.instanceOf(EmbedError);
    expect((error as EmbedError).name).to.equal('EmbedError');
    expect((error as EmbedError).message).to.equal('The session has expired.');
    expect((error as EmbedError).detail).to.deep.equal(expiredPayload);
    await el.updateComplete;
    expect(el.ready).to.equal(false);
    expect(overlay(el, 'error').hidden).to.equal(false);
    expect(overlay(el, 'loading').hidden).to.equal(true);
    expect(overlay(el, 'error').textContent).to.contain('The session has expired.');
    // Well past the ready timeout: only the embed's own error was dispatched.
    await sleep(1800);
    expect(log).to.deep.equal([['platform-error', expiredPayload]]);
    // A later whenReady() rejects at once with the same error.
    const again = await el.whenReady().catch((e: unknown) => e);
    expect(again).to.equal(error);
  });

  it('a later ready from the embed clears the failure', async () => {
    const el = await readyEmbed();
    const fatal = { message: 'The dashboard could not be rendered.', name: 'RenderError', fatal: true };
    const failed = oneEvent(el, 'platform-error');
    postFromFrame(el, envelope('platform:event:error', fatal));
    await failed;
    await el.updateComplete;
    expect(el.ready).to.equal(false);
    expect(el.hasAttribute('ready')).to.equal(false);
    expect(overlay(el, 'error').textContent).to.contain('The dashboard could not be rendered.');
    const rejected = await el.whenReady().catch((e: unknown) => e);
    expect(rejected).to.be.instanceOf(EmbedError);

    const ready = nextReady(el);
    postFromFrame(el, envelope('platform:event:ready', { embedTenant: 'acme', deploymentId: 42, mode: 'signed', surface: 'dashboard' }));
    await ready;
    await el.updateComplete;
    expect(el.ready).to.equal(true);
    expect(overlay(el, 'error').hidden).to.equal(true);
    expect((await el.whenReady()).embedTenant).to.equal('acme');
  });

  it('a non-fatal error changes nothing', async () => {
    const el = await readyEmbed();
    const seen = oneEvent(el, 'platform-error');
    postFromFrame(el, envelope('platform:event:error', { message: 'A widget failed.', name: 'WidgetError', fatal: false }));
    expect((await seen).detail.message).to.equal('A widget failed.');
    await el.updateComplete;
    expect(el.ready).to.equal(true);
    expect(overlay(el, 'error').hidden).to.equal(true);
    expect((await el.whenReady()).deploymentId).to.equal(42);
  });

  it('a session problem without a provider, or with session-renewal="off", is an EmbedError, not a renewal', async () => {
    const off = provider('expired-1', 'fresh-2');
    for (const attrs of [{ session: 'expired-fixed' }, { sessionProvider: off, sessionRenewal: 'off' as const }]) {
      const el = await connectedDemo(attrs);
      const log = record(el);
      const error = await el.whenReady().catch((e: unknown) => e);
      expect(error).to.be.instanceOf(EmbedError);
      await settle();
      expect(log.map(([name]) => name)).to.deep.equal(['platform-error']);
    }
    expect(off.calls).to.equal(1);
  });
});

describe('<platform-embed> session renewal', () => {
  it('renews a session the embed no longer accepts: the embed error, platform-session-renewal, a fresh session, ready', async () => {
    const sessions = provider('expired-1', 'fresh-2');
    const el = await connectedDemo({ sessionProvider: sessions });
    const log = record(el);
    const info = await el.whenReady();
    expect(info.embedTenant).to.equal('acme');
    expect(log.map(([name]) => name)).to.deep.equal(['platform-error', 'platform-session-renewal', 'platform-ready']);
    expect(log[1][1]).to.deep.equal({ attempt: 1, error: expiredPayload, trigger: 'error', inPlace: false });
    expect(sessions.calls).to.equal(2);
    expect(sessionOf(el)).to.equal('fresh-2');
    expect(el.ready).to.equal(true);
  });

  it('the renewal event bubbles out of shadow roots and carries the attempt', async () => {
    const host = document.createElement('div');
    const root = host.attachShadow({ mode: 'open' });
    const el = document.createElement('platform-embed');
    Object.assign(el, { baseUrl: BASE, dashboard: 'demo', sessionProvider: provider('expired-1', 'fresh-2') });
    root.append(el);
    const outside = oneEvent(document, 'platform-session-renewal');
    (await fixture(html`<div></div>`)).append(host);
    const event = (await outside) as CustomEvent<SessionRenewalDetail>;
    expect(event.detail.attempt).to.equal(1);
    expect(event.detail.error!.context).to.equal('auth');
    expect(event.detail).to.include({ trigger: 'error', inPlace: false });
    await el.whenReady();
  });

  it('gives up after 3 renewals without a ready: a fatal SessionError', async () => {
    const sessions = provider('expired-1', 'expired-2', 'expired-3', 'expired-4', 'fresh-5');
    const el = await connectedDemo({ sessionProvider: sessions });
    const log = record(el);
    const error = await el.whenReady().catch((e: unknown) => e);
    expect(error).to.be.instanceOf(SessionError);
    expect((error as Error).message).to.equal('The session could not be renewed after 3 attempts.');
    await settle();
    expect(sessions.calls).to.equal(4);
    const renewals = log.filter(([name]) => name === 'platform-session-renewal').map(([, d]) => d.attempt);
    expect(renewals).to.deep.equal([1, 2, 3]);
    // Every embed error was dispatched; the last event is the host's own fatal SessionError.
    expect(log.filter(([name, d]) => name === 'platform-error' && d.context === 'auth')).to.have.length(4);
    expect(log.at(-1)).to.deep.equal([
      'platform-error',
      { message: 'The session could not be renewed after 3 attempts.', name: 'SessionError', context: 'host', fatal: true },
    ]);
    await el.updateComplete;
    expect(overlay(el, 'error').hidden).to.equal(false);
    expect(el.ready).to.equal(false);
  });

  it('a ready starts the count again', async () => {
    const sessions = provider('expired-1', 'expired-2', 'fresh-3', 'expired-4', 'expired-5', 'fresh-6');
    const el = await connectedDemo({ sessionProvider: sessions });
    const log = record(el);
    await el.whenReady();
    expect(sessionOf(el)).to.equal('fresh-3');
    // The credential the embed holds expires later: the platform says so from the open embed.
    // Its error and the two expired sessions after it: three renewals, allowed since the ready.
    const ready = nextReady(el);
    postFromFrame(el, envelope('platform:event:error', expiredPayload));
    await ready;
    await until(() => sessionOf(el) === 'fresh-6' && el.ready, 'the second renewal');
    const renewals = log.filter(([name]) => name === 'platform-session-renewal').map(([, d]) => d.attempt);
    // Without the reset, the second round would have given up at its second renewal.
    expect(renewals).to.deep.equal([1, 2, 1, 2, 3]);
    expect(log.some(([, d]) => d.name === 'SessionError')).to.equal(false);
  });

  it('puts the viewer back where they were', async () => {
    const sessions = provider('fresh-1', 'fresh-2');
    const el = await readyEmbed({ sessionProvider: sessions });
    const moved = oneEvent(el, 'platform-navigate');
    postFromFrame(el, envelope('platform:event:navigate', { path: '/embed/dashboard/demo/orders?page=2' }));
    await moved;
    expect(el.currentPath).to.equal('/embed/dashboard/demo/orders?page=2');
    const ready = nextReady(el);
    postFromFrame(el, envelope('platform:event:error', expiredPayload));
    await ready;
    expect(sessionOf(el)).to.equal('fresh-2');
    const sent = (await actions(el)).filter((a) => a.type === 'platform:action:navigate');
    expect(sent.map((a) => a.payload)).to.deep.equal([{ path: '/embed/dashboard/demo/orders?page=2' }]);
  });

  it('sends no navigate when the viewer is still on the loaded path', async () => {
    const el = await readyEmbed({ sessionProvider: provider('fresh-1', 'fresh-2') });
    const moved = oneEvent(el, 'platform-view');
    postFromFrame(el, envelope('platform:event:view', { surface: 'dashboard', path: '/embed/dashboard/demo', title: 'Demo' }));
    await moved;
    const ready = nextReady(el);
    postFromFrame(el, envelope('platform:event:error', expiredPayload));
    await ready;
    expect(sessionOf(el)).to.equal('fresh-2');
    expect((await actions(el)).filter((a) => a.type === 'platform:action:navigate')).to.deep.equal([]);
  });

  it('a fixed session serves the first load only; renewals, reloads and reconnects ask the provider', async () => {
    const sessions = provider('fresh-1', 'fresh-2', 'fresh-3');
    const el = await connectedDemo({ session: 'expired-fixed', sessionProvider: sessions });
    const log = record(el);
    await el.whenReady();
    expect(log.map(([name]) => name)).to.deep.equal(['platform-error', 'platform-session-renewal', 'platform-ready']);
    expect(sessionOf(el)).to.equal('fresh-1');
    const ready = nextReady(el);
    el.reload();
    await ready;
    expect(sessionOf(el)).to.equal('fresh-2');
    // Moved in the page (a disconnect and a connect): the spent fixed session is not tried again.
    const parent = el.parentElement!;
    const again = nextReady(el);
    el.remove();
    parent.append(el);
    await again;
    expect(sessionOf(el)).to.equal('fresh-3');
    expect(sessions.calls).to.equal(3);
    expect(log.filter(([name]) => name === 'platform-error')).to.have.length(1);
  });

  it('asks for a fresh session on every load, never reusing one', async () => {
    const sessions = provider('s-1', 's-2', 's-3');
    const el = await readyEmbed({ sessionProvider: sessions });
    const seen = [sessionOf(el)];
    for (let i = 0; i < 2; i++) {
      const ready = nextReady(el);
      el.reload();
      await ready;
      seen.push(sessionOf(el));
    }
    expect(seen).to.deep.equal(['s-1', 's-2', 's-3']);
  });

  it('a provider that rejects during a renewal ends with a fatal SessionError', async () => {
    let calls = 0;
    const el = await connectedDemo({
      sessionProvider: async () => {
        calls += 1;
        if (calls === 1) return 'expired-1';
        throw new Error('backend down');
      },
    });
    const log = record(el);
    const error = await el.whenReady().catch((e: unknown) => e);
    expect(error).to.be.instanceOf(SessionError);
    expect((error as Error).message).to.equal('sessionProvider rejected.');
    expect(((error as Error).cause as Error).message).to.equal('backend down');
    await settle();
    expect(log.map(([name, d]) => `${name}:${d.name ?? d.attempt}`)).to.deep.equal([
      'platform-error:SessionExpiredError',
      'platform-session-renewal:1',
      'platform-error:SessionError',
    ]);
  });

  it('a ready timeout during a renewal is the usual ReadyTimeoutError', async () => {
    const el = await connectedDemo({ sessionProvider: provider('expired-1', 'fresh-2'), dashboard: 'silent', readyTimeout: 500 });
    const error = await el.whenReady().catch((e: unknown) => e);
    // The silent dashboard reports the expired session, then never becomes ready with the fresh one.
    expect(error).to.be.instanceOf(ReadyTimeoutError);
  });
});
