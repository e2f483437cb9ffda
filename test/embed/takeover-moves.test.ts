/**
 * Server-rendered embeds after the takeover: moved with appendChild when a
 * session-url is set, removed and inserted again later (the taken-over iframe
 * is never put back, the server's spent session never requested again),
 * moved with moveBefore() where the browser drops the moved iframe's document,
 * and the permissions the markup's iframe grants the embed.
 */
import { expect } from '@open-wc/testing';
import type { PlatformEmbedElement } from '../../src/embed/platform-embed.js';
import { moveKeepsShadowIframes, settle, type Movable } from './helpers.js';
import { clearLog, embedLog, openPage, until } from './server-page.js';

/**
 * A taken-over embed with neither a sessionProvider nor a session-url, moved by
 * `relocate`: it ends in the SessionError of the contract, not ready, with no
 * iframe carrying the spent session. Returns the server's session and the log.
 */
async function relocatedWithNeither(relocate: (el: PlatformEmbedElement, doc: Document) => Promise<void>) {
  const { el, session, doc } = await openPage('first');
  await until(() => el.ready === true, 'ready after the takeover');
  const errors: { name: string; message: string }[] = [];
  el.addEventListener('platform-error', (event) => errors.push((event as CustomEvent).detail));
  await relocate(el, doc);
  await until(() => errors.length > 0, 'the SessionError');
  await settle();
  expect(errors.map((e) => [e.name, e.message])).to.deep.equal([['SessionError', 'Reloading a server-rendered embed needs a sessionProvider or session-url.']]);
  expect(el.ready).to.equal(false);
  expect(el.shadowRoot!.querySelector('iframe')?.hasAttribute('src') ?? false, 'no iframe with the spent session').to.equal(false);
  return { session, sessions: (await embedLog()).map((e) => e.session) };
}

describe('<platform-embed> server-rendered, after the takeover', () => {
  beforeEach(clearLog);

  it('moved with appendChild, rendered with sessionUrl: the move asks the session-url once and the element becomes ready', async () => {
    await fetch('/__session-url-log?clear');
    const { el, session, doc } = await openPage('first', { sessionUrl: '/__session-url/ok' });
    await until(() => el.ready === true, 'ready after the takeover');
    const asked = async () => ((await (await fetch('/__session-url-log')).json()) as unknown[]).length;
    expect(await asked()).to.equal(0);
    const other = doc.createElement('section');
    doc.body.append(other);
    const errors: unknown[] = [];
    el.addEventListener('platform-error', (event) => errors.push((event as CustomEvent).detail));
    other.appendChild(el);
    await until(() => el.ready === true, 'ready after the move', 4000);
    await settle();
    expect(errors).to.deep.equal([]);
    expect(await asked()).to.equal(1);
    const sessions = (await embedLog()).map((e) => e.session);
    expect(sessions.filter((s) => s !== session)).to.have.length(1);
    expect(sessions.filter((s) => s !== session)[0]).to.match(/^url-\d+$/);
  });

  describe('a server-rendered embed removed, then inserted again later', () => {
    /**
     * Removes the element, waits, and inserts it again elsewhere in its page.
     * (DOM nodes of the page are compared with `===`, never handed to chai:
     * its inspection of another realm's iframe does not end.)
     */
    async function reinsert(el: PlatformEmbedElement, doc: Document) {
      const taken = el.iframe!;
      el.remove();
      await new Promise((r) => setTimeout(r, 300));
      expect(taken.isConnected, 'the taken-over iframe is out').to.equal(false);
      doc.body.append(el);
      const frames = [...el.shadowRoot!.querySelectorAll('iframe')];
      expect(frames.includes(taken), 'the taken-over iframe is not put back').to.equal(false);
      expect(frames.filter((frame) => frame.hasAttribute('src')).length, 'no iframe with the spent session').to.equal(0);
    }

    it('with a sessionProvider: one fresh load, the taken-over iframe never put back, the spent session never requested again', async () => {
      const { el, session, doc } = await openPage('first');
      await until(() => el.ready === true, 'ready after the takeover');
      const taken = el.iframe;
      let calls = 0;
      el.sessionProvider = async () => `again-${++calls}`;
      await reinsert(el, doc);
      await until(() => el.ready === true, 'ready after the insertion');
      await settle();
      expect(el.iframe === taken, 'a new iframe').to.equal(false);
      expect(taken!.isConnected).to.equal(false);
      expect(el.shadowRoot!.querySelectorAll('iframe')).to.have.length(1);
      expect(calls).to.equal(1);
      expect((await embedLog()).map((e) => e.session)).to.deep.equal([session, 'again-1']);
    });

    it('with a session-url: asks it once and loads with its session', async () => {
      await fetch('/__session-url-log?clear');
      const { el, session, doc } = await openPage('first', { sessionUrl: '/__session-url/ok' });
      await until(() => el.ready === true, 'ready after the takeover');
      await reinsert(el, doc);
      await until(() => el.ready === true, 'ready after the insertion');
      await settle();
      expect(((await (await fetch('/__session-url-log')).json()) as unknown[]).length).to.equal(1);
      const sessions = (await embedLog()).map((e) => e.session);
      expect(sessions[0]).to.equal(session);
      expect(sessions.length).to.equal(2);
      expect(sessions[1]).to.match(/^url-\d+$/);
    });

    it('with neither: no navigation, the SessionError of the contract, the old iframe not put back', async () => {
      const { session, sessions } = await relocatedWithNeither(reinsert);
      expect(sessions).to.deep.equal([session]);
    });
  });

  describe("moved with moveBefore() where the browser drops the moved iframe's document (Firefox)", () => {
    /** Moves the element with moveBefore(); the iframe with the spent session leaves at once. */
    async function move(el: PlatformEmbedElement, doc: Document) {
      const taken = el.iframe!;
      const other = doc.createElement('section');
      doc.body.append(other);
      (other as unknown as Movable).moveBefore(el, null);
      expect(taken.isConnected, 'the taken-over iframe is out').to.equal(false);
    }

    it('with neither: the SessionError of the contract, the spent session never shown again', async function () {
      if (!('moveBefore' in Element.prototype) || (await moveKeepsShadowIframes())) this.skip();
      const { session, sessions } = await relocatedWithNeither(move);
      // The browser starts the moved iframe's navigation before any script runs; the element drops that iframe in the same task.
      expect(sessions.every((s) => s === session)).to.equal(true);
    });

    it('with a session-url: asks it once and loads with its session', async function () {
      if (!('moveBefore' in Element.prototype) || (await moveKeepsShadowIframes())) this.skip();
      await fetch('/__session-url-log?clear');
      const { el, session, doc } = await openPage('first', { sessionUrl: '/__session-url/ok' });
      await until(() => el.ready === true, 'ready after the takeover');
      await move(el, doc);
      await until(() => el.ready === true, 'ready after the move');
      await settle();
      expect(((await (await fetch('/__session-url-log')).json()) as unknown[]).length).to.equal(1);
      const fresh = (await embedLog()).map((e) => e.session).filter((s) => s !== session);
      expect(fresh).to.have.length(1);
      expect(fresh[0]).to.match(/^url-\d+$/);
    });
  });

  describe('permissions', () => {
    /** `document.fullscreenEnabled` inside the embed's document, as the fixture reports it (asked until its script answers). */
    async function fullscreen(el: PlatformEmbedElement, win: Window): Promise<boolean> {
      const frame = el.shadowRoot!.querySelector('iframe')!;
      const id = Math.random();
            const reply = new Promise<boolean>((resolve) => {
        const onMessage = (event: MessageEvent) => {
          if (event.data?.fixtureReply === id) {
            win.removeEventListener('message', onMessage);
            resolve(event.data.fullscreen);
          }
        };
        win.addEventListener('message', onMessage);
      });
      const ask = () => frame.contentWindow?.postMessage({ fixtureCommand: 'report', id }, '*');
      ask();
      const timer = setInterval(ask, 100);
      try {
        return await reply;
      } finally {
        clearInterval(timer);
      }
    }

    it('server-rendered with the default allow, the element never defined: full screen is enabled inside the embed', async () => {
      const { el, win } = await openPage('never');
      expect(win.customElements.get('platform-embed')).to.equal(undefined);
      expect(await fullscreen(el, win)).to.equal(true);
    });

    it('server-rendered and taken over with allow="": full screen is disabled inside the embed', async () => {
      const { el, win } = await openPage('first', { allow: '' });
      await until(() => el.ready === true, 'ready after the takeover');
      expect(await fullscreen(el, win)).to.equal(false);
    });

    it('server-rendered and taken over with the default allow: enabled', async () => {
      const { el, win } = await openPage('first');
      await until(() => el.ready === true, 'ready after the takeover');
      expect(await fullscreen(el, win)).to.equal(true);
    });
  });
});
