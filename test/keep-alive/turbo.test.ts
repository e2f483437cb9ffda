/**
 * Turbo Drive 8 (the real library) on a classic-script page, against the built
 * bundles in dist/ (run `npm run build` first): the pages are
 * test/keep-alive/turbo/*.html, the element asks the test server's
 * `session-url` (scripts/wtr-session-plugins.mjs). A visit back to a cached
 * page first shows Turbo's preview (`<html data-turbo-preview>`, a clone of
 * the old page) and then the real page: the preview's element starts nothing.
 */
import { expect } from '@open-wc/testing';
import type { PlatformEmbedElement } from '../../src/index.js';
import { fixtureSession, until } from '../frameworks/helpers.js';

type TurboWindow = Window & typeof globalThis & { Turbo: { visit(url: string): void } };

const sessionCalls = async (dashboard: string): Promise<number> =>
  ((await (await fetch('/__session-url-log')).json()) as { body: string }[]).filter((call) => call.body.includes(dashboard)).length;
const navigations = async (dashboard: string): Promise<number> =>
  ((await (await fetch('/__embed-log')).json()) as { path: string }[]).filter((entry) => entry.path.endsWith(`/dashboard/${dashboard}`)).length;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const frames: HTMLIFrameElement[] = [];

async function open(src: string): Promise<Window & typeof globalThis> {
  const frame = document.createElement('iframe');
  frame.style.cssText = 'width:800px;height:600px;border:0';
  frames.push(frame);
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  frame.src = src;
  document.body.append(frame);
  await loaded;
  return frame.contentWindow as Window & typeof globalThis;
}

/** A Turbo visit, resolved at its `turbo:load`. */
async function visit(win: TurboWindow, url: string): Promise<void> {
  const loaded = new Promise((resolve) => win.document.addEventListener('turbo:load', resolve, { once: true }));
  win.Turbo.visit(url);
  await loaded;
}

const embedOf = (win: Window) => win.document.querySelector('platform-embed') as PlatformEmbedElement | null;

describe("Turbo Drive's cached preview (Turbo 8, classic scripts)", () => {
  afterEach(() => {
    for (const frame of frames.splice(0)) frame.remove();
  });

  for (const keep of [false, true]) {
    it(`a visit back to a cached dashboard ${keep ? 'with' : 'without'} keep-alive: the preview's element asks for nothing, the real page's ${keep ? 'adopts the kept embed' : 'asks once'}`, async () => {
      await fetch('/__session-url-log?clear');
      await fetch('/__embed-log?clear');
      const page = `/test/keep-alive/turbo/analytics.html${keep ? '?keep' : ''}`;
      const win = (await open(page)) as TurboWindow;
      await until(() => !!embedOf(win)?.ready, 'the dashboard ready');
      expect([await sessionCalls('demo'), await navigations('demo')], 'the first visit').to.deep.equal([1, 1]);

      const previews: Element[] = [];
      win.document.addEventListener('turbo:before-render', (event) => {
        const { newBody } = (event as CustomEvent<{ newBody: HTMLElement }>).detail;
        if (win.document.documentElement.hasAttribute('data-turbo-preview')) previews.push(newBody.querySelector('platform-embed')!);
      });
      // Whether the preview's element was ready once shown (it would be at once had it adopted the kept embed).
      const previewReady: boolean[] = [];
      win.document.addEventListener('turbo:render', () => {
        if (win.document.documentElement.hasAttribute('data-turbo-preview')) previewReady.push(embedOf(win)!.ready);
      });
      const counts: number[] = [];
      const count = () => counts.push((win as unknown as { PlatformEmbed: { keptCount(): number } }).PlatformEmbed.keptCount());
      // Turbo asks for the next page first: the dashboard is still on screen, nothing is kept.
      win.document.addEventListener('turbo:before-fetch-request', count, { once: true });
      await visit(win, '/test/keep-alive/turbo/settings.html');
      count();
      expect(embedOf(win), 'the settings page').to.equal(null);
      expect(counts, 'kept while the next page is asked for, then on it').to.deep.equal(keep ? [0, 1] : [0, 0]);
      // A viewer reads the page a moment before going back.
      await wait(300);
      await visit(win, page);
      await until(() => !!embedOf(win)?.ready, 'the dashboard ready again');
      await wait(300);
      expect(previews.length, 'Turbo showed its preview of the cached page').to.equal(1);
      const [preview] = previews as PlatformEmbedElement[];
      expect(preview!.isConnected, 'the preview is thrown away').to.equal(false);
      expect(preview!.ready).to.equal(false);
      expect(previewReady, 'the preview, once shown, neither loaded nor adopted').to.deep.equal([false]);
      expect(embedOf(win)).to.not.equal(preview);
      expect([await sessionCalls('demo'), await navigations('demo')], 'sessions and navigations after the return').to.deep.equal(keep ? [1, 1] : [2, 2]);
    });
  }

  it('an element still in the document when the preview ends loads then; one removed with the preview never loads', async () => {
    const frame = document.createElement('iframe');
    frames.push(frame);
    const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    frame.srcdoc = '<!doctype html><html data-turbo-preview><head><script src="/dist/platform-embed-embed.iife.min.js"></script></head><body></body></html>';
    document.body.append(frame);
    await loaded;
    const win = frame.contentWindow as Window & typeof globalThis;
    const asked: string[] = [];
    const element = (name: string) => {
      const embed = win.document.createElement('platform-embed') as PlatformEmbedElement;
      embed.setAttribute('base-url', `http://127.0.0.1:${location.port}`);
      embed.setAttribute('dashboard', 'sales');
      embed.sessionProvider = async () => {
        asked.push(name);
        return fixtureSession;
      };
      win.document.body.append(embed);
      return embed;
    };
    const stays = element('stays');
    const thrownAway = element('thrown away');
    await wait(300);
    expect(asked, 'nothing asked while previewed').to.deep.equal([]);
    expect(stays.ready).to.equal(false);
    // What Turbo does for the real render: the mark goes, the preview's body is replaced, `turbo:render`.
    win.document.documentElement.removeAttribute('data-turbo-preview');
    thrownAway.remove();
    win.document.documentElement.dispatchEvent(new CustomEvent('turbo:render', { bubbles: true }));
    await until(() => stays.ready, 'the element that stayed is ready');
    await wait(300);
    expect(asked).to.deep.equal(['stays']);
    expect(thrownAway.ready).to.equal(false);
  });
});
