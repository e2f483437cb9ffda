/**
 * Server-rendered markup (renderEmbed) taken over by the element, in every
 * order: defined before the markup is parsed (the classic bundle in <head>),
 * defined late (a module injected after the embed already talked), never
 * defined (no JavaScript for the element), and the same markup inserted with
 * innerHTML. Each page is a real document served by the test server
 * in a same-origin iframe; the embed in it is
 * the cross-origin fixture tenant, whose navigations the server logs.
 * Pages come from scripts/wtr-server-plugins.mjs, navigation logs from
 * scripts/wtr-takeover-plugins.mjs.
 */
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import type { PlatformEmbedElement } from '../../src/embed/platform-embed.js';
import { BASE, envelope, settle } from './helpers.js';
import { frameSrc } from '../navigation-spy.js';

type Log = { path: string; session: string | null }[];

const embedLog = async (): Promise<Log> => (await fetch('/__embed-log')).json();
const clearLog = () => fetch('/__embed-log?clear');

/** Waits until `check` is true (polling each frame), failing with `what` after `ms`. */
async function until(check: () => boolean, what: string, ms = 8000): Promise<void> {
  const end = performance.now() + ms;
  while (!check()) {
    if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** An early message for the fixture's `send` parameter: posted by the embed right after ready. */
const view = (path: string) => envelope('platform:event:view', { surface: 'dashboard', path });
const early = [
  view('/embed/dashboard/demo/a'),
  envelope('platform:event:view', { surface: 'dashboard', path: '/x' }, { surface: 'nowhere' }),
  envelope('platform:event:navigate', { path: '/embed/dashboard/demo/b' }),
  { source: 'platform-embed', direction: 'event', type: 'platform:event:drilldown', timestamp: 1, surface: 'dashboard' },
  envelope('platform:event:download', { format: 'zip', target: 'widget' }),
  envelope('platform:event:custom-thing', { n: 1 }),
  envelope('platform:event:dashboard-loaded', { publicId: 'demo', widgetCount: 3 }),
];
/** The valid ones, as `platform-event` details record them (type, and path where there is one). */
const expectedEarly = [
  'platform:event:ready',
  'platform:event:view /embed/dashboard/demo/a',
  'platform:event:navigate /embed/dashboard/demo/b',
  'platform:event:custom-thing',
  'platform:event:dashboard-loaded',
];
const describeSeen = (seen: { type: string; payload: { path?: string } }[]) =>
  seen.map((d) => (d.payload.path ? `${d.type} ${d.payload.path}` : d.type));

let sessionCount = 0;
function pageOptions(extra: Record<string, unknown> = {}) {
  const session = `ssr-${Date.now()}-${++sessionCount}`;
  const path = `/embed/dashboard/demo/?send=${encodeURIComponent(JSON.stringify(early))}`;
  return { session, options: { baseUrl: BASE, path, session, scheme: 'dark', attributes: { id: 'sales' }, ...extra } };
}

/** Loads a server-rendered page in a same-origin iframe. */
async function openPage(order: 'first' | 'late' | 'never', extra: Record<string, unknown> = {}) {
  const { session, options } = pageOptions(extra);
  const frame = document.createElement('iframe');
  frame.style.cssText = 'width:800px;height:900px';
  frame.src = `/__server/page?record${order === 'first' ? '&classic' : ''}&options=${encodeURIComponent(JSON.stringify(options))}`;
  await fixture(html`<div>${frame}</div>`);
  await until(() => frame.contentWindow?.location.pathname === '/__server/page' && frame.contentDocument?.readyState === 'complete', 'the page to load');
  const win = frame.contentWindow as Window & typeof globalThis & { seen: { type: string; payload: { path?: string } }[]; definedFirst: boolean };
  const el = frame.contentDocument!.querySelector('platform-embed') as PlatformEmbedElement & { platformEmbedEarly?: { messages: unknown[] } };
  return { frame, win, el, session, doc: frame.contentDocument! };
}

/** Injects the element's module into a page that has none yet. */
async function defineIn(doc: Document): Promise<void> {
  const script = doc.createElement('script');
  script.type = 'module';
  script.src = '/src/embed.ts';
  doc.head.append(script);
  await until(() => !!doc.defaultView!.customElements.get('platform-embed'), 'the element to be defined');
}

/** The fixture's own report: the actions it received. */
async function frameActions(el: PlatformEmbedElement, win: Window): Promise<{ type: string; payload: unknown }[]> {
  const id = Math.random();
  const reply = new Promise<{ actions: { data: { type: string; payload: unknown } }[] }>((resolve) => {
    const onMessage = (event: MessageEvent) => {
      if (event.data?.fixtureReply === id) {
        win.removeEventListener('message', onMessage);
        resolve(event.data);
      }
    };
    win.addEventListener('message', onMessage);
  });
  el.iframe!.contentWindow!.postMessage({ fixtureCommand: 'report', id }, '*');
  return (await reply).actions.map((a) => ({ type: a.data.type, payload: a.data.payload }));
}

describe('<platform-embed> takes over server-rendered markup', () => {
  beforeEach(clearLog);

  it('never defined (no JavaScript for the element): the embed loads once with the server session, the keeper keeps its messages', async () => {
    const { el, session, win } = await openPage('never');
    await until(() => (el.platformEmbedEarly?.messages.length ?? 0) >= 6, 'the keeper to hold the early messages');
    expect(win.customElements.get('platform-embed')).to.equal(undefined);
    const iframe = el.shadowRoot!.querySelector('iframe')!;
    expect(new URL(iframe.src).searchParams.get('session')).to.equal(session);
    expect(el.hasAttribute('session')).to.equal(false);
    expect((await embedLog()).map((e) => e.session)).to.deep.equal([session]);
    // The element's box holds: its own height from the declarative styles.
    expect(el.getBoundingClientRect().height).to.equal(600);
  });

  it('defined late: same iframe, one navigation, no provider call, early events replayed in order before later ones', async () => {
    const { el, session, win, doc } = await openPage('late');
    await until(() => (el.platformEmbedEarly?.messages.length ?? 0) >= 8, 'the early messages');
    const iframe = el.shadowRoot!.querySelector('iframe')!;
    const after = doc.getElementById('after')!.getBoundingClientRect().top;
    let calls = 0;
    el.sessionProvider = async () => `provided-${++calls}`;
    await defineIn(doc);
    await until(() => el.ready === true, 'ready after the takeover');
    expect(describeSeen(win.seen)).to.deep.equal(expectedEarly);
    expect(el.iframe).to.equal(iframe);
    expect(el.hasAttribute('server-rendered')).to.equal(false);
    expect(el.querySelector('template, script')).to.equal(null);
    expect(el.platformEmbedEarly).to.equal(undefined);
    expect(el.currentPath).to.equal('/embed/dashboard/demo/b');
    expect(doc.getElementById('after')!.getBoundingClientRect().top, 'no layout shift').to.equal(after);
    // State goes out as for any element, after the replayed ready.
    const sent = await frameActions(el, win);
    expect(sent).to.deep.include({ type: 'platform:action:set-color-scheme', payload: { scheme: 'dark' } });
    // A later event comes after the replayed ones.
    el.iframe!.contentWindow!.postMessage({ fixtureCommand: 'post', messages: [view('/embed/dashboard/demo/later')] }, '*');
    await until(() => win.seen.length === expectedEarly.length + 1, 'the later event');
    expect(describeSeen(win.seen).at(-1)).to.equal('platform:event:view /embed/dashboard/demo/later');
    expect(calls).to.equal(0);
    expect((await embedLog()).map((e) => e.session)).to.deep.equal([session]);
    // From now on an ordinary element: reload() asks the provider set before the takeover.
    el.reload();
    await until(() => calls === 1 && el.ready, 'the reload');
    expect((await embedLog()).map((e) => e.session)).to.deep.equal([session, 'provided-1']);
  });

  it('defined first (classic script in <head>): takes over the iframe the parser made, one navigation', async () => {
    const { el, session, win } = await openPage('first');
    expect(win.definedFirst, 'the element was defined before the markup').to.equal(true);
    await until(() => el.ready === true, 'ready');
    await until(() => win.seen.length >= expectedEarly.length, 'the early events');
    expect(describeSeen(win.seen)).to.deep.equal(expectedEarly);
    expect(el.hasAttribute('server-rendered')).to.equal(false);
    expect(el.platformEmbedEarly, 'the element took what the keeper kept').to.equal(undefined);
    expect(el.shadowRoot!.querySelectorAll('iframe').length).to.equal(1);
    expect((await embedLog()).map((e) => e.session)).to.deep.equal([session]);
  });

  it('inserted with innerHTML (no declarative root, no script run): loads exactly once with the server session', async () => {
    const { session, options } = pageOptions();
    const markup = await (await fetch(`/__server/page?options=${encodeURIComponent(JSON.stringify(options))}`)).text();
    const fragment = markup.slice(markup.indexOf('<platform-embed'), markup.indexOf('</platform-embed>') + '</platform-embed>'.length);
    const container = await fixture<HTMLDivElement>(html`<div></div>`);
    const seen: string[] = [];
    container.addEventListener('platform-event', (e) => seen.push((e as CustomEvent).detail.type));
    container.innerHTML = fragment;
    const el = container.querySelector('platform-embed')!;
    await oneEvent(el, 'platform-ready');
    expect(frameSrc(el.iframe)!).to.contain(`session=${session}`);
    expect(el.shadowRoot!.querySelectorAll('iframe').length).to.equal(1);
    expect(el.querySelector('template, script')).to.equal(null);
    await until(() => seen.includes('platform:event:dashboard-loaded'), 'the embed events');
    expect((await embedLog()).map((e) => e.session)).to.deep.equal([session]);
  });

  it('with sessionUrl: the takeover asks nothing, and reload() and renewals ask the session-url, with no script of the page', async () => {
    await fetch('/__session-url-log?clear');
    const { session, options } = pageOptions({ sessionUrl: '/__session-url/ok' });
    const markup = await (await fetch(`/__server/page?options=${encodeURIComponent(JSON.stringify(options))}`)).text();
    const fragment = markup.slice(markup.indexOf('<platform-embed'), markup.indexOf('</platform-embed>') + '</platform-embed>'.length);
    const container = await fixture<HTMLDivElement>(html`<div></div>`);
    container.innerHTML = fragment;
    const el = container.querySelector('platform-embed')!;
    await oneEvent(el, 'platform-ready');
    const asked = async () => ((await (await fetch('/__session-url-log')).json()) as unknown[]).length;
    expect(await asked()).to.equal(0);
    const ready = oneEvent(el, 'platform-ready');
    el.reload();
    await ready;
    expect(await asked()).to.equal(1);
    const log = (await embedLog()).map((e) => e.session);
    expect(log[0]).to.equal(session);
    expect(log[1]).to.match(/^url-\d+$/);
    expect(log.length).to.equal(2);
  });

  it('markup whose iframe is not on the tenant origin is not taken over', async () => {
    const container = await fixture<HTMLDivElement>(html`<div></div>`);
    let calls = 0;
    container.innerHTML = `<platform-embed base-url="${BASE}" dashboard="demo" server-rendered><template shadowrootmode="open"><iframe src="http://127.0.0.2:${location.port}/test/fixtures/tenant/embed/dashboard/demo?session=foreign"></iframe></template><script>void 0</script></platform-embed>`;
    const el = container.querySelector('platform-embed')!;
    el.sessionProvider = async () => `fresh-${++calls}`;
    await oneEvent(el, 'platform-ready');
    expect(frameSrc(el.iframe)!).to.contain('session=fresh-1');
    expect(el.shadowRoot!.querySelectorAll('iframe').length).to.equal(1);
    await settle();
    expect((await embedLog()).map((e) => e.session)).to.deep.equal(['fresh-1']);
  });

  describe('a server-rendered embed that moves (appendChild after the takeover)', () => {
    /** Chromium re-inserts a moved iframe and requests its `src` before any script of the page can run (see the note below). */
    const firefox = navigator.userAgent.includes('Firefox');

    it('with a sessionProvider: one fresh load, ready again, the server session never loaded by the element again', async () => {
      const { el, session, doc } = await openPage('first');
      await until(() => el.ready === true, 'ready after the takeover');
      let calls = 0;
      el.sessionProvider = async () => `moved-${++calls}`;
      const other = doc.createElement('section');
      doc.body.append(other);
      other.appendChild(el);
      await until(() => el.ready === true && calls === 1, 'ready after the move');
      await settle();
      expect(calls).to.equal(1);
      expect(el.iframe!.hasAttribute('src'), 'the new iframe carries no session').to.equal(false);
      const sessions = (await embedLog()).map((e) => e.session);
      // Chromium asks for the moved iframe's src while re-inserting it, before any script runs; the
      // element drops that iframe at once, so its answer is never shown (the session is spent anyway).
      expect(sessions.filter((s) => s !== session)).to.deep.equal(['moved-1']);
      if (firefox) expect(sessions).to.deep.equal([session, 'moved-1']);
      else expect(sessions.filter((s) => s === session).length).to.be.within(1, 2);
    });

    it('with neither a provider nor a session-url: no navigation, and a SessionError that says why (no endless overlay)', async () => {
      const { el, session, doc, win } = await openPage('first');
      await until(() => el.ready === true, 'ready after the takeover');
      const errors: { name: string; message: string; fatal: boolean; context: string }[] = [];
      el.addEventListener('platform-error', (event) => errors.push((event as CustomEvent).detail));
      const clicks: string[] = [];
      const click = win.HTMLAnchorElement.prototype.click;
      win.HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
        clicks.push(this.href);
        click.call(this);
      };
      const waiting = el.whenReady().catch(() => undefined);
      doc.body.appendChild(el);
      await until(() => errors.length > 0, 'the SessionError');
      const failure = await el.whenReady().then(
        () => null,
        (error: Error) => error,
      );
      await waiting;
      expect(errors).to.have.length(1);
      expect(errors[0]).to.include({ name: 'SessionError', context: 'host', fatal: true });
      expect(errors[0].message).to.equal('Reloading a server-rendered embed needs a sessionProvider or session-url.');
      expect(failure?.name).to.equal('SessionError');
      expect(el.ready).to.equal(false);
      const part = (name: string) => el.shadowRoot!.querySelector(`[part="${name}"]`) as HTMLElement;
      expect(part('loading').hidden, 'the loading overlay is gone').to.equal(true);
      expect(part('error').hidden, 'the error overlay is shown').to.equal(false);
      expect(clicks, 'the element started no navigation').to.deep.equal([]);
      await settle();
      const sessions = (await embedLog()).map((e) => e.session);
      expect(sessions.every((s) => s === session)).to.equal(true);
      if (firefox) expect(sessions).to.deep.equal([session]);
      win.HTMLAnchorElement.prototype.click = click;
    });

    it('rendered with sessionUrl: the move asks the session-url once and the element becomes ready', async () => {
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
  });

  describe('a server-rendered embed removed, then inserted again later', () => {
    /** Removes the element, waits, and inserts it again elsewhere in its page. */
    async function reinsert(el: PlatformEmbedElement, doc: Document) {
      el.remove();
      await new Promise((r) => setTimeout(r, 300));
      expect(el.shadowRoot!.querySelector('iframe'), 'the taken-over iframe is gone').to.equal(null);
      doc.body.append(el);
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
      expect(el.iframe).not.to.equal(taken);
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
      const { el, session, doc } = await openPage('first');
      await until(() => el.ready === true, 'ready after the takeover');
      const errors: { name: string; message: string }[] = [];
      el.addEventListener('platform-error', (event) => errors.push((event as CustomEvent).detail));
      await reinsert(el, doc);
      await until(() => errors.length > 0, 'the SessionError');
      await settle();
      expect(errors.map((e) => [e.name, e.message])).to.deep.equal([['SessionError', 'Reloading a server-rendered embed needs a sessionProvider or session-url.']]);
      expect(el.ready).to.equal(false);
      expect(el.shadowRoot!.querySelector('iframe')?.hasAttribute('src') ?? false, 'no iframe with the spent session').to.equal(false);
      expect((await embedLog()).map((e) => e.session)).to.deep.equal([session]);
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
