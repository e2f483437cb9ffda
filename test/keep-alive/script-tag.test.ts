/**
 * Keep-alive on a classic-script page, against the built bundles in dist/
 * (run `npm run build` first): a bundle of the element, then
 * `platform-embed-keep-alive.iife.min.js`. The page changes pages as Turbo
 * Drive does (the next page's `<body>` replaces the current one) and as
 * htmx's boost does (the body's content replaced): on the way back the
 * dashboard is adopted, with no navigation and no session.
 */
import { expect } from '@open-wc/testing';
import type { PlatformEmbedElement } from '../../src/index.js';
import { fixtureSession, tenantOrigin, until } from '../frameworks/helpers.js';

type PageWindow = Window &
  typeof globalThis & {
    PlatformEmbed: { PlatformEmbedElement: typeof PlatformEmbedElement };
    PlatformEmbedKeepAlive?: { keptCount(scope?: string): number; KEEP_MS: number; MAX_KEPT: number };
  };

const frames: HTMLIFrameElement[] = [];

/** A page of its own with these classic scripts. */
async function openPage(scripts: string[]): Promise<PageWindow> {
  const frame = document.createElement('iframe');
  frame.style.cssText = 'width:800px;height:600px;border:0';
  frames.push(frame);
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  frame.srcdoc = `<!doctype html><html><head>${scripts.map((src) => `<script src="/dist/${src}"></script>`).join('')}</head><body></body></html>`;
  document.body.append(frame);
  await loaded;
  return frame.contentWindow as PageWindow;
}

const analytics = `<h1>Analytics</h1><platform-embed keep-alive="viewer-1" base-url="${tenantOrigin}" dashboard="sales" style="--platform-embed-height:300px"></platform-embed>`;
const settings = '<h1>Settings</h1><p>Nothing embedded here.</p>';

describe('keep-alive on a script-tag page (built bundles)', () => {
  afterEach(() => {
    for (const frame of frames.splice(0)) frame.remove();
  });

  for (const [name, swap] of [
    ['Turbo Drive (the body replaced)', (win: PageWindow, html: string) => {
      const body = win.document.createElement('body');
      body.innerHTML = html;
      win.document.body.replaceWith(body);
    }],
    ["htmx's boost (the body's content replaced)", (win: PageWindow, html: string) => {
      win.document.body.innerHTML = html;
    }],
  ] as const) {
    for (const bundle of ['platform-embed.iife.min.js', 'platform-embed-embed.min.js']) {
      it(`${name}, ${bundle}: back to the dashboard with 0 navigations and 0 sessions`, async () => {
        // The ES bundle is a module: a classic page takes the IIFE; the embed-only one is loaded as a module.
        const win = await openPage(bundle.includes('iife') ? [bundle, 'platform-embed-keep-alive.iife.min.js'] : []);
        if (!bundle.includes('iife')) {
          const module = win.document.createElement('script');
          module.type = 'module';
          module.textContent = `import('/dist/${bundle}')`;
          win.document.head.append(module);
          await until(() => !!win.customElements.get('platform-embed'), 'the element defined');
          const addOn = win.document.createElement('script');
          const added = new Promise((resolve) => addOn.addEventListener('load', resolve));
          addOn.src = '/dist/platform-embed-keep-alive.iife.min.js';
          win.document.head.append(addOn);
          await added;
        }
        let navigations = 0;
        let sessions = 0;
        win.addEventListener('message', (event) => {
          if (event.origin === tenantOrigin && (event.data as { type?: unknown } | null)?.type === 'platform:event:ready') navigations += 1;
        });
        const visit = (html: string) => {
          swap(win, html);
          const embed = win.document.querySelector('platform-embed') as PlatformEmbedElement | null;
          if (embed) embed.sessionProvider = async () => `${fixtureSession}-keep-${++sessions}`;
          return embed;
        };
        const first = visit(analytics)!;
        await until(() => first.ready, 'the dashboard ready');
        const iframe = first.iframe!;
        visit(settings);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(win.PlatformEmbedKeepAlive!.keptCount('viewer-1'), 'kept').to.equal(1);
        expect(iframe.isConnected, 'the kept iframe survives the swap').to.equal(true);
        const [navigationsBefore, sessionsBefore] = [navigations, sessions];
        const back = visit(analytics)!;
        await new Promise((resolve) => win.requestAnimationFrame(resolve));
        expect(back.ready, 'ready in the first frame').to.equal(true);
        expect(back.iframe).to.equal(iframe);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect([navigations - navigationsBefore, sessions - sessionsBefore], 'navigations and sessions on the way back').to.deep.equal([0, 0]);
        // The sign-out one-liner of a script-tag page.
        visit(settings);
        win.PlatformEmbed?.PlatformEmbedElement.discardKeptAlive?.();
        (win.customElements.get('platform-embed') as typeof PlatformEmbedElement).discardKeptAlive();
        expect(win.PlatformEmbedKeepAlive!.keptCount()).to.equal(0);
      });
    }
  }

  it('without the add-on, discardKeptAlive exists on the class of every bundle and does nothing', async () => {
    for (const bundle of ['platform-embed.iife.min.js']) {
      const win = await openPage([bundle]);
      const Class = win.customElements.get('platform-embed') as typeof PlatformEmbedElement;
      expect(Class.discardKeptAlive).to.be.a('function');
      expect(() => Class.discardKeptAlive()).to.not.throw();
      expect(() => win.PlatformEmbed.PlatformEmbedElement.discardKeptAlive('viewer-1')).to.not.throw();
    }
    const win = await openPage([]);
    const module = win.document.createElement('script');
    module.type = 'module';
    module.textContent = "import('/dist/platform-embed-embed.min.js')";
    win.document.head.append(module);
    await until(() => !!win.customElements.get('platform-embed'), 'the element defined');
    expect(() => (win.customElements.get('platform-embed') as typeof PlatformEmbedElement).discardKeptAlive()).to.not.throw();
  });
});
