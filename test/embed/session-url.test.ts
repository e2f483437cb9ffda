/**
 * `session-url`: the element as its own provider, for pages with no script of
 * their own. The test server's /__session-url/<mode> answers as a host
 * backend would (scripts/wtr-session-plugins.mjs) and logs what it was sent.
 */
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import type { PlatformEmbedElement } from '../../src/embed/platform-embed.js';
import { BASE, envelope, postFromFrame, settle } from './helpers.js';

type Call = { method: string; mode: string; body: string; contentType: string; accept: string; cookie: string };
const calls = async (): Promise<Call[]> => (await fetch('/__session-url-log')).json();
const clearCalls = () => fetch('/__session-url-log?clear');
const embedLog = async (): Promise<{ path: string; session: string | null }[]> => (await fetch('/__embed-log')).json();
const clearLog = () => fetch('/__embed-log?clear');
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An element of the fixture tenant with `session-url` and `attrs`, inserted as markup would be. */
async function withUrl(url: string, attrs: Record<string, string> = { dashboard: 'demo' }): Promise<PlatformEmbedElement> {
  const el = document.createElement('platform-embed');
  el.setAttribute('base-url', BASE);
  el.setAttribute('session-url', url);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  (await fixture(html`<div></div>`)).append(el);
  return el;
}

describe('<platform-embed session-url>', () => {
  beforeEach(async () => {
    await clearCalls();
    await clearLog();
  });

  it('POSTs { dashboard } as JSON with same-origin credentials and loads the session it answers', async () => {
    document.cookie = 'host-session=signed-in; path=/';
    try {
      const el = await withUrl('/__session-url/ok');
      await oneEvent(el, 'platform-ready');
      await settle();
      const [call, ...more] = await calls();
      expect(more).to.deep.equal([]);
      expect(call).to.deep.include({ method: 'POST', contentType: 'application/json', accept: 'application/json' });
      expect(JSON.parse(call!.body)).to.deep.equal({ dashboard: 'demo' });
      expect(call!.cookie).to.contain('host-session=signed-in');
      const log = await embedLog();
      expect(log.length).to.equal(1);
      expect(log[0]!.session).to.match(/^url-\d+$/);
    } finally {
      document.cookie = 'host-session=; path=/; max-age=0';
    }
  });

  it('POSTs { path } for a path embed', async () => {
    const el = await withUrl('/__session-url/ok', { path: '/embed/d/42/app' });
    await oneEvent(el, 'platform-ready');
    expect(JSON.parse((await calls())[0]!.body)).to.deep.equal({ path: '/embed/d/42/app' });
  });

  it('serves reload() and the renewal in place, one call each', async () => {
    const el = await withUrl('/__session-url/ok');
    await oneEvent(el, 'platform-ready');
    const ready = oneEvent(el, 'platform-ready');
    el.reload();
    await ready;
    expect((await calls()).length).to.equal(2);
    const renewal = oneEvent(el, 'platform-session-renewal');
    postFromFrame(el, envelope('platform:event:session-expired', {}));
    expect((await renewal).detail).to.include({ trigger: 'expired', inPlace: true });
    for (let i = 0; i < 25 && (await calls()).length < 3; i++) await wait(20);
    expect((await calls()).length).to.equal(3);
    expect(el.ready).to.equal(true);
  });

  it('a sessionProvider, when set, is used instead', async () => {
    const el = document.createElement('platform-embed');
    Object.assign(el, { baseUrl: BASE, dashboard: 'demo', sessionUrl: '/__session-url/ok', sessionProvider: async () => 'from-provider' });
    (await fixture(html`<div></div>`)).append(el);
    await oneEvent(el, 'platform-ready');
    await settle();
    expect(await calls()).to.deep.equal([]);
    expect((await embedLog()).map((e) => e.session)).to.deep.equal(['from-provider']);
  });

  it('one call in flight: a load that supersedes another waits for it', async () => {
    const el = await withUrl('/__session-url/slow');
    await el.updateComplete;
    el.reload();
    el.reload();
    await oneEvent(el, 'platform-ready');
    await settle();
    expect((await calls()).length).to.equal(1);
    expect((await embedLog()).length).to.equal(1);
  });

  it('lazy: nothing is asked until the element comes near the visible area', async () => {
    const spacer = await fixture(html`<div style="height: 5000px"></div>`);
    const el = document.createElement('platform-embed');
    el.setAttribute('base-url', BASE);
    el.setAttribute('dashboard', 'demo');
    el.setAttribute('loading', 'lazy');
    el.setAttribute('session-url', '/__session-url/ok');
    spacer.after(el);
    await wait(200);
    expect(await calls()).to.deep.equal([]);
    const ready = oneEvent(el, 'platform-ready');
    el.scrollIntoView();
    await ready;
    expect((await calls()).length).to.equal(1);
    el.remove();
  });

  describe('reload() in the same task as a change acts on the element as changed', () => {
    /** A ready element of the fixture tenant with the fixed `session` "first" and no session source. */
    async function fixedSession(): Promise<PlatformEmbedElement> {
      const el = document.createElement('platform-embed');
      Object.assign(el, { baseUrl: BASE, dashboard: 'demo', session: 'first' });
      const ready = oneEvent(el, 'platform-ready');
      (await fixture(html`<div></div>`)).append(el);
      await ready;
      await settle();
      await clearLog();
      await clearCalls();
      return el;
    }

    it('a new session-url: one load, with a session of that URL, never the spent one', async () => {
      const el = await fixedSession();
      const ready = oneEvent(el, 'platform-ready');
      el.setAttribute('session-url', '/__session-url/ok');
      el.reload();
      await ready;
      await settle();
      expect((await calls()).length).to.equal(1);
      const log = await embedLog();
      expect(log.length).to.equal(1);
      expect(log[0]!.session).to.match(/^url-\d+$/);
    });

    it('a new session: one load, with that session', async () => {
      const el = await fixedSession();
      const ready = oneEvent(el, 'platform-ready');
      el.session = 'second';
      el.reload();
      await ready;
      await settle();
      expect((await embedLog()).map((entry) => entry.session)).to.deep.equal(['second']);
    });

    it('a new dashboard: loads of that dashboard only', async () => {
      const el = await withUrl('/__session-url/ok');
      await oneEvent(el, 'platform-ready');
      await settle();
      await clearLog();
      const ready = oneEvent(el, 'platform-ready');
      el.setAttribute('dashboard', 'slow');
      el.reload();
      await ready;
      await settle();
      const paths = (await embedLog()).map((entry) => entry.path.replace(/^.*\/dashboard\/|\/.*$/g, ''));
      expect(paths.length).to.be.greaterThan(0);
      expect(new Set(paths)).to.deep.equal(new Set(['slow']));
    });
  });

  for (const [name, url, says] of [
    ['a 4xx status', '/__session-url/status-401', 'session-url /__session-url/status-401 answered 401.'],
    ['a 5xx status', '/__session-url/status-503', 'session-url /__session-url/status-503 answered 503.'],
    ['a body that is not JSON', '/__session-url/text', 'session-url /__session-url/text did not answer JSON.'],
    ['JSON without a sessionId', '/__session-url/empty', 'session-url /__session-url/empty answered no sessionId.'],
    ['a network error', 'http://127.0.0.1:1/sessions?token=secret', 'session-url /sessions could not be reached.'],
  ] as const) {
    it(`${name}: a fatal SessionError naming the path, never the body or the query`, async () => {
      const el = await withUrl(url);
      const error = (await oneEvent(el, 'platform-error')).detail;
      expect(error).to.deep.equal({ message: says, name: 'SessionError', context: 'host', fatal: true });
      expect(el.ready).to.equal(false);
      expect(el.shadowRoot!.querySelector<HTMLElement>('[part=error]')!.hidden).to.equal(false);
      expect(el.shadowRoot!.textContent).not.to.contain('backend-body-must-not-leak');
      expect(await embedLog()).to.deep.equal([]);
      await el.whenReady().then(
        () => expect.fail('whenReady resolved'),
        (e: Error) => expect(e.message).to.equal(says),
      );
    });
  }

  for (const bad of ['javascript:alert(1)', 'data:application/json,{}', 'http://[::1']) {
    it(`refuses ${bad} as a ConfigError and asks nothing`, async () => {
      const el = document.createElement('platform-embed');
      el.setAttribute('base-url', BASE);
      el.setAttribute('dashboard', 'demo');
      el.setAttribute('session-url', bad);
      const error = oneEvent(el, 'platform-error');
      (await fixture(html`<div></div>`)).append(el);
      const detail = (await error).detail;
      expect(detail).to.deep.include({ name: 'ConfigError', context: 'host', fatal: false });
      expect(detail.message).to.match(/^session-url /);
      expect(detail.message).not.to.contain('alert');
    });
  }

  it('refuses a URL with user info as a ConfigError that quotes neither, and asks nothing', async () => {
    const asked: string[] = [];
    const fetch = window.fetch;
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      asked.push(String(input));
      return fetch(input, init);
    };
    try {
      const el = document.createElement('platform-embed');
      el.setAttribute('base-url', BASE);
      el.setAttribute('dashboard', 'demo');
      el.setAttribute('session-url', 'https://alice:s3cret-pass@backend.example/session');
      const error = oneEvent(el, 'platform-error');
      (await fixture(html`<div></div>`)).append(el);
      const detail = (await error).detail;
      expect(detail).to.deep.include({ name: 'ConfigError', context: 'host', fatal: false });
      expect(detail.message).to.equal('session-url must not contain credentials');
      await new Promise((r) => setTimeout(r, 100));
      expect(asked.filter((url) => url.includes('backend.example'))).to.deep.equal([]);
      expect(el.ready).to.equal(false);
    } finally {
      window.fetch = fetch;
    }
  });
});
