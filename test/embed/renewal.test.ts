/**
 * Renewal in place: the platform's credential lasts about 23 hours and is
 * renewed with `set-session`, with no navigation. Three triggers (the embed's
 * expiring and expired events, the page becoming visible with an old
 * credential) join into one renewal: one provider call, one `set-session`.
 */
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import type { PlatformEmbedElement } from '../../src/embed/platform-embed.js';
import type { SessionRenewalDetail } from '../../src/embed/inbound.js';
import { BASE, actions, envelope, eventsFor, postFromFrame, readyEmbed, settle } from './helpers.js';

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const embedLog = async (): Promise<unknown[]> => (await fetch('/__embed-log')).json();
const clearLog = () => fetch('/__embed-log?clear');

/** A provider that answers after `delay` ms with `renew-<n>` and counts its calls. */
function provider(delay = 20) {
  const stats = { calls: 0, issued: [] as string[] };
  const fn = async () => {
    const id = `renew-${++stats.calls}`;
    await wait(delay);
    stats.issued.push(id);
    return id;
  };
  return { fn, stats };
}

/** Every renewal detail the element dispatches from now on. */
function renewals(el: PlatformEmbedElement): SessionRenewalDetail[] {
  const seen: SessionRenewalDetail[] = [];
  el.addEventListener('platform-session-renewal', (e) => seen.push((e as CustomEvent<SessionRenewalDetail>).detail));
  return seen;
}

/** The `set-session` actions the element's fixture received. */
async function setSessions(el: PlatformEmbedElement): Promise<unknown[]> {
  return (await actions(el)).filter((a) => a.type === 'platform:action:set-session').map((a) => a.payload);
}

/** Waits until the fixture received `count` set-session actions (or a second passed). */
async function untilSetSessions(el: PlatformEmbedElement, count: number): Promise<unknown[]> {
  for (let i = 0; i < 50; i++) {
    const sent = await setSessions(el);
    if (sent.length >= count) return sent;
    await wait(20);
  }
  return setSessions(el);
}

/** Replaces `Date.now` with the real clock plus `offset()` ms until `restore()`. */
function shiftClock() {
  const real = Date.now;
  let offset = 0;
  Date.now = () => real() + offset;
  return { forward: (ms: number) => (offset += ms), restore: () => (Date.now = real) };
}

/** Makes the page hidden, then visible again, as a tab switch or a device waking up does. */
function becomeVisible() {
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'visibilityState')!;
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  document.dispatchEvent(new Event('visibilitychange'));
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
  document.dispatchEvent(new Event('visibilitychange'));
  delete (document as unknown as Record<string, unknown>).visibilityState;
  expect(descriptor).to.exist;
}

const expiring = (payload: unknown = {}) => envelope('platform:event:session-expiring', payload as Record<string, unknown>);
const expired = (payload: unknown = {}) => envelope('platform:event:session-expired', payload as Record<string, unknown>);

describe('<platform-embed> renewal in place', () => {
  beforeEach(clearLog);

  for (const [trigger, message] of [
    ['expiring', expiring],
    ['expired', expired],
  ] as const) {
    it(`session-${trigger}: one provider call, one set-session, no navigation, ready and place kept`, async () => {
      const { fn, stats } = provider();
      const el = await readyEmbed({ sessionProvider: fn });
      await settle();
      const navigations = (await embedLog()).length;
      const frame = el.iframe;
      const seen = renewals(el);
      let readyChanges = 0;
      new MutationObserver(() => readyChanges++).observe(el, { attributes: true, attributeFilter: ['ready'] });
      const event = oneEvent(el, `platform-session-${trigger}`);
      postFromFrame(el, message());
      expect((await event).detail).to.deep.equal({});
      expect(await untilSetSessions(el, 1)).to.deep.equal([{ sessionId: 'renew-2' }]);
      expect(stats.calls).to.equal(2);
      expect(seen).to.deep.equal([{ attempt: 1, error: null, trigger, inPlace: true }]);
      expect(el.ready).to.equal(true);
      expect(readyChanges).to.equal(0);
      expect(el.iframe).to.equal(frame);
      expect(el.shadowRoot!.querySelector<HTMLElement>('[part=loading]')!.hidden).to.equal(true);
      await wait(100);
      expect((await embedLog()).length).to.equal(navigations);
    });
  }

  it('expiring, expired and a late expiring within 30 s join into one renewal', async () => {
    const { fn, stats } = provider(60);
    const el = await readyEmbed({ sessionProvider: fn });
    const seen = renewals(el);
    postFromFrame(el, expiring(), expired(), expiring());
    await untilSetSessions(el, 1);
    // A late timer of the same expiry, after the session went out.
    postFromFrame(el, expired(null));
    await wait(150);
    expect(stats.calls).to.equal(2);
    expect(await setSessions(el)).to.deep.equal([{ sessionId: 'renew-2' }]);
    expect(seen.map((d) => d.trigger)).to.deep.equal(['expiring']);
  });

  it('a trigger more than 30 s after the last renewal renews again', async () => {
    const { fn, stats } = provider();
    const el = await readyEmbed({ sessionProvider: fn });
    postFromFrame(el, expiring());
    await untilSetSessions(el, 1);
    const clock = shiftClock();
    try {
      clock.forward(31_000);
      postFromFrame(el, expired());
      expect(await untilSetSessions(el, 2)).to.deep.equal([{ sessionId: 'renew-2' }, { sessionId: 'renew-3' }]);
      expect(stats.calls).to.equal(3);
    } finally {
      clock.restore();
    }
  });

  it('a missing or null payload is taken as {}; fields of a payload are kept as sent', async () => {
    const el = await readyEmbed({ session: 'fixed', sessionRenewal: 'off' });
    const { payload: _drop, ...noPayload } = expiring();
    const details: unknown[] = [];
    el.addEventListener('platform-session-expiring', (e) => details.push((e as CustomEvent).detail));
    el.addEventListener('platform-session-expired', (e) => details.push((e as CustomEvent).detail));
    const events = await eventsFor(el, noPayload, expired(null), expiring({ expiresAt: 1700000000000, reason: 'timer' }), expired('text'));
    expect(details).to.deep.equal([{}, {}, { expiresAt: 1700000000000, reason: 'timer' }]);
    expect(events.map((e) => e.type)).to.deep.equal([
      'platform:event:session-expiring',
      'platform:event:session-expired',
      'platform:event:session-expiring',
    ]);
  });

  it('session-renewal="off": the events are dispatched and nothing else happens', async () => {
    const { fn, stats } = provider();
    const el = await readyEmbed({ sessionProvider: fn, sessionRenewal: 'off' });
    const seen = renewals(el);
    const event = oneEvent(el, 'platform-session-expired');
    postFromFrame(el, expiring(), expired());
    await event;
    await wait(100);
    expect(stats.calls).to.equal(1);
    expect(seen).to.deep.equal([]);
    expect(await setSessions(el)).to.deep.equal([]);
  });

  it('without a provider (a fixed session only): the events are dispatched and nothing else happens', async () => {
    const el = await readyEmbed({ session: 'fixed-only' });
    const seen = renewals(el);
    const event = oneEvent(el, 'platform-session-expired');
    postFromFrame(el, expired());
    await event;
    await wait(100);
    expect(seen).to.deep.equal([]);
    expect(await setSessions(el)).to.deep.equal([]);
    expect(el.ready).to.equal(true);
  });

  it('a refused set-session falls back to the reload renewal, with the same attempt count', async () => {
    const { fn, stats } = provider();
    const el = await readyEmbed({ sessionProvider: fn });
    const seen = renewals(el);
    postFromFrame(el, expired());
    await untilSetSessions(el, 1);
    const reloaded = oneEvent(el, 'platform-ready');
    postFromFrame(el, envelope('platform:event:error', { message: 'The session was already used.', name: 'SessionError', context: 'auth', fatal: true }));
    await reloaded;
    expect(stats.calls).to.equal(3);
    expect(seen.map(({ attempt, trigger, inPlace }) => ({ attempt, trigger, inPlace }))).to.deep.equal([
      { attempt: 1, trigger: 'expired', inPlace: true },
      { attempt: 2, trigger: 'error', inPlace: false },
    ]);
    expect((await embedLog()).map((e) => (e as { session: string }).session)).to.include('renew-3');
  });

  it('a provider that rejects during a renewal in place ends the load with a SessionError', async () => {
    let calls = 0;
    const el = await readyEmbed({
      sessionProvider: async () => {
        if (++calls > 1) throw new Error('backend down');
        return 'first';
      },
    });
    const error = oneEvent(el, 'platform-error');
    postFromFrame(el, expiring());
    const detail = (await error).detail;
    expect(detail).to.deep.include({ name: 'SessionError', context: 'host', fatal: true });
    expect(el.ready).to.equal(false);
    await el.whenReady().then(
      () => expect.fail('whenReady resolved'),
      (e: Error) => expect(e.name).to.equal('SessionError'),
    );
    expect(await setSessions(el)).to.deep.equal([]);
  });

  it('visible again with a credential 22 hours old renews; younger, nothing happens', async () => {
    const { fn, stats } = provider();
    const el = await readyEmbed({ sessionProvider: fn });
    const seen = renewals(el);
    const clock = shiftClock();
    try {
      clock.forward(21 * 3600_000);
      becomeVisible();
      await wait(100);
      expect(stats.calls).to.equal(1);
      clock.forward(3600_000);
      becomeVisible();
      expect(await untilSetSessions(el, 1)).to.deep.equal([{ sessionId: 'renew-2' }]);
      expect(seen).to.deep.equal([{ attempt: 1, error: null, trigger: 'visible', inPlace: true }]);
      // The credential is new from the set-session on: visible again an hour later does nothing.
      clock.forward(3600_000);
      becomeVisible();
      await wait(100);
      expect(stats.calls).to.equal(2);
    } finally {
      clock.restore();
    }
  });

  it('a disconnected element no longer listens to the page', async () => {
    const { fn, stats } = provider();
    const el = await readyEmbed({ sessionProvider: fn });
    el.remove();
    const clock = shiftClock();
    try {
      clock.forward(23 * 3600_000);
      becomeVisible();
      await wait(100);
      expect(stats.calls).to.equal(1);
    } finally {
      clock.restore();
    }
  });
});

describe('<platform-embed> setSession()', () => {
  it('checks its argument: a TypeError for a non-string, a RangeError for an empty one, nothing sent', async () => {
    const el = await readyEmbed({ session: 'fixed' });
    expect(() => el.setSession(42 as unknown as string)).to.throw(TypeError);
    expect(() => el.setSession('')).to.throw(RangeError);
    await wait(50);
    expect(await setSessions(el)).to.deep.equal([]);
  });

  it('sends each session once, in call order, never coalesced; before ready it waits for ready', async () => {
    const el = document.createElement('platform-embed');
    Object.assign(el, { baseUrl: BASE, dashboard: 'demo', session: 'fixed' });
    el.setSession('early');
    const ready = oneEvent(el, 'platform-ready');
    (await fixture(html`<div></div>`)).append(el);
    await ready;
    el.setSession('a');
    el.setSession('b');
    expect(await untilSetSessions(el, 3)).to.deep.equal([{ sessionId: 'early' }, { sessionId: 'a' }, { sessionId: 'b' }]);
  });

  it('the session it sends is never used for a navigation, and a reload does not send it again', async () => {
    const { fn } = provider();
    const el = await readyEmbed({ sessionProvider: fn });
    el.setSession('host-renewed');
    await untilSetSessions(el, 1);
    await clearLog();
    const ready = oneEvent(el, 'platform-ready');
    el.reload();
    await ready;
    await settle();
    expect((await embedLog()).map((e) => (e as { session: string }).session)).to.deep.equal(['renew-2']);
    expect(await setSessions(el)).to.deep.equal([]);
  });
});
