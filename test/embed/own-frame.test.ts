/**
 * Every navigation the element starts reaches its own iframe and nothing else.
 * A navigation by frame name goes to the first frame of that name anywhere in
 * the page's frame tree, frames inside other origins' iframes included, so
 * the element's iframe names must be unguessable. Tested against a hostile
 * cross-origin frame (depth 1 and 2) that names its frames as the element
 * once did, decoy frames on the host page, a same-origin nested document that
 * uses the package too, renewals, and a reload() from a real click while the
 * element is out of the document (a link whose target is found nowhere would
 * open a window).
 */
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import type { PlatformEmbedElement } from '../../src/embed/platform-embed.js';
import { BASE, HOST_ORIGIN, report, THIRD } from './helpers.js';

/** The names the element gave its iframes before they became unguessable, and a few more. */
const GUESSES = Array.from({ length: 12 }, (_, i) => `platform-embed-${i + 1}`);

async function hostileFrame(depth: number, names: string[]): Promise<HTMLIFrameElement> {
  const frame = document.createElement('iframe');
  frame.title = 'third-party widget';
  const ready = new Promise<void>((resolve) => {
    const on = (event: MessageEvent) => {
      if (event.source === frame.contentWindow && event.data?.hostileReady) {
        removeEventListener('message', on);
        resolve();
      }
    };
    addEventListener('message', on);
  });
  frame.src = `${THIRD}/test/fixtures/hostile.html?depth=${depth}&names=${names.join(',')}`;
  document.body.append(frame);
  await ready;
  return frame;
}

/** What the hostile frames caught, at every depth (`depth:name`). */
async function captured(frame: HTMLIFrameElement): Promise<string[]> {
  const id = Math.random();
  const reply = new Promise<string[]>((resolve) => {
    const on = (event: MessageEvent) => {
      if (event.data?.hostileReply === id) {
        removeEventListener('message', on);
        resolve(event.data.captured);
      }
    };
    addEventListener('message', on);
  });
  frame.contentWindow!.postMessage({ hostile: 'report', id }, '*');
  return reply;
}

async function embed(session: string, extra: Partial<PlatformEmbedElement> = {}): Promise<PlatformEmbedElement> {
  const el = document.createElement('platform-embed');
  el.baseUrl = BASE;
  el.dashboard = 'demo';
  el.session = session;
  Object.assign(el, extra);
  const ready = oneEvent(el, 'platform-ready');
  document.body.append(el);
  await ready;
  return el;
}

/** Every navigation by name in this window: the target, and whether a connected iframe of the page had that name. */
function watchClicks(): { clicks: { target: string; found: boolean }[]; stop: () => void } {
  const clicks: { target: string; found: boolean }[] = [];
  const click = HTMLAnchorElement.prototype.click;
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    const frames = [...document.querySelectorAll('platform-embed')].map((el) => (el as PlatformEmbedElement).iframe);
    clicks.push({ target: this.target, found: frames.some((f) => f?.isConnected && f.name === this.target) });
    click.call(this);
  };
  return { clicks, stop: () => (HTMLAnchorElement.prototype.click = click) };
}

describe('<platform-embed> navigates its own frame, and no other', () => {
  afterEach(() => {
    document.querySelectorAll('body > platform-embed, body > iframe').forEach((node) => node.remove());
  });

  it('a cross-origin frame that names frames like ours, at depth 1 and 2, catches nothing; a control navigation by name does reach it', async function () {
    this.timeout(30_000);
    const hostile = await hostileFrame(2, [...GUESSES, 'control']);
    const elements = [await embed('own-a'), await embed('own-b'), await embed('own-c')];
    for (const [i, el] of elements.entries()) {
      expect((await report(el)).href, 'each element loaded in its own iframe').to.contain(`session=own-${'abc'[i]}`);
    }
    expect(await captured(hostile)).to.deep.equal([]);
    // The test can fail: a navigation by a known name reaches the hostile frame, even two levels down.
    const link = document.createElement('a');
    link.href = `${BASE}/embed/dashboard/demo/?session=control`;
    link.target = 'control';
    link.click();
    await new Promise((r) => setTimeout(r, 500));
    expect((await captured(hostile)).sort()).to.deep.equal(['2:control']);
  });

  it('renewals after the hostile frame is there: the reloaded iframe is ours too', async function () {
    this.timeout(30_000);
    const hostile = await hostileFrame(1, GUESSES);
    let calls = 0;
    const el = await embed('expired-first', { sessionProvider: async () => `renewed-${++calls}` });
    // The fixture answers a session starting with "expired" with a fatal auth error: a reload renewal follows.
    await new Promise<void>((resolve) => {
      const check = () => (el.ready && calls >= 1 ? resolve() : setTimeout(check, 20));
      check();
    });
    expect((await report(el)).href).to.contain('session=renewed-1');
    el.reload();
    await oneEvent(el, 'platform-ready');
    expect((await report(el)).href).to.contain('session=renewed-2');
    expect(await captured(hostile)).to.deep.equal([]);
  });

  it('decoy frames named like ours on the host page stay blank', async () => {
    const decoys = GUESSES.slice(0, 4).map((name) => {
      const frame = document.createElement('iframe');
      frame.name = name;
      document.body.append(frame);
      return frame;
    });
    const el = await embed('own-decoy');
    el.reload();
    await oneEvent(el, 'platform-ready');
    for (const decoy of decoys) expect(decoy.contentDocument!.URL).to.equal('about:blank');
    expect((await report(el)).href).to.contain('session=own-decoy');
  });

  it('a same-origin nested document that uses the package keeps its own dashboard, and so does the page', async function () {
    this.timeout(20_000);
    const nested = document.createElement('iframe');
    nested.title = 'preview';
    const nestedReady = new Promise<void>((resolve) => {
      const on = (event: MessageEvent) => {
        if (event.source === nested.contentWindow && event.data?.nestedReady) {
          removeEventListener('message', on);
          resolve();
        }
      };
      addEventListener('message', on);
    });
    nested.src = `${HOST_ORIGIN}/test/fixtures/nested-host.html?base=${encodeURIComponent(BASE)}&session=nested-1`;
    document.body.append(nested);
    const el = await embed('top-1');
    await nestedReady;
    const inner = nested.contentDocument!.querySelector('platform-embed') as PlatformEmbedElement;
    expect(inner.ready).to.equal(true);
    expect((await report(el)).href).to.contain('session=top-1');
    // The nested element's fixture, asked directly (its window belongs to another realm than this page's `Window`).
    const id = Math.random();
    const href = new Promise<string>((resolve) => {
      const on = (event: MessageEvent) => {
        if (event.data?.fixtureReply === id) {
          removeEventListener('message', on);
          resolve(event.data.href);
        }
      };
      addEventListener('message', on);
    });
    inner.iframe!.contentWindow!.postMessage({ fixtureCommand: 'report', id }, '*');
    // The fixture answers its own parent: the nested document, which is same-origin with this page.
    nested.contentWindow!.addEventListener('message', (event) => {
      if (event.data?.fixtureReply === id) window.postMessage(event.data, HOST_ORIGIN);
    });
    expect(await href).to.contain('session=nested-1');
    expect(inner.iframe!.name).to.not.equal(el.iframe!.name);
  });

  it('iframe names are unguessable: distinct, random, never a counter', async () => {
    const els = await Promise.all(Array.from({ length: 8 }, (_, i) => embed(`names-${i}`)));
    const names = els.map((el) => el.iframe!.name);
    expect(new Set(names).size).to.equal(names.length);
    for (const name of names) {
      expect(name).to.not.match(/^platform-embed-\d+$/);
      // Four random 32-bit numbers: 128 bits.
      expect(name.split(',').length).to.equal(4);
    }
  });

  it('reload() from a real click while out of the document opens no window, and the element loads once back in', async function () {
    this.timeout(20_000);
    const { clicks, stop } = watchClicks();
    const opened: unknown[] = [];
    const open = window.open;
    window.open = (...args: Parameters<typeof window.open>) => {
      opened.push(args);
      return null;
    };
    try {
      let calls = 0;
      const el = await embed('click-1', { sessionProvider: async () => `click-${++calls + 1}` });
      const button = await fixture<HTMLButtonElement>(html`<button style="position:fixed;left:0;top:0;width:80px;height:40px">reload</button>`);
      button.addEventListener('click', () => {
        el.remove();
        el.reload();
      });
      clicks.length = 0;
      await sendMouse({ type: 'click', position: [20, 20] });
      await new Promise((r) => setTimeout(r, 300));
      expect(el.isConnected).to.equal(false);
      expect(clicks.filter((c) => !c.found), 'no navigation by a name no connected iframe has').to.deep.equal([]);
      expect(opened).to.deep.equal([]);
      const ready = oneEvent(el, 'platform-ready');
      document.body.append(el);
      await ready;
      expect(clicks.length).to.equal(1);
      expect(clicks[0].found).to.equal(true);
      expect((await report(el)).href).to.contain('session=click-2');
    } finally {
      stop();
      window.open = open;
    }
  });

  it('a load adds no entry to the page history, whether its session is at hand or comes later from a provider', async () => {
    const before = history.length;
    await embed('history-1');
    let release!: (id: string) => void;
    const el = document.createElement('platform-embed');
    el.baseUrl = BASE;
    el.dashboard = 'demo';
    let calls = 0;
    // The first session comes late; the reload's at once.
    el.sessionProvider = () => (++calls === 1 ? new Promise<string>((resolve) => (release = resolve)) : Promise.resolve(`history-${calls + 1}`));
    document.body.append(el);
    // The iframe waits for its session meanwhile: nothing of it may commit a document of its own.
    await new Promise((r) => setTimeout(r, 300));
    const ready = oneEvent(el, 'platform-ready');
    release('history-2');
    await ready;
    el.reload();
    await oneEvent(el, 'platform-ready');
    expect(history.length).to.equal(before);
    expect(el.ready).to.equal(true);
  });
});
