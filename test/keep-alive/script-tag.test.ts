/**
 * Keep-alive on a classic-script page, against the built bundles in dist/
 * (run `npm run build` first): a bundle of the element, then
 * `platform-embed-keep-alive.iife.min.js`. The page changes pages as Turbo
 * Drive does (the next page's `<body>` replaces the current one) and as
 * htmx's boost does (the body's content replaced): on the way back the
 * dashboard is adopted, with no navigation and no session.
 */
import { expect } from '@open-wc/testing';
import type { discardKeptAlive, keptCount, PlatformEmbedElement } from '../../src/index.js';
import { fixtureSession, tenantOrigin, until } from '../frameworks/helpers.js';

type PageWindow = Window &
  typeof globalThis & {
    PlatformEmbed: {
      PlatformEmbedElement: typeof PlatformEmbedElement;
      discardKeptAlive: typeof discardKeptAlive;
      keptCount: typeof keptCount;
    };
    PlatformEmbedKeepAlive?: { keptCount(scope?: string): number; KEEP_MS: number; MAX_KEPT: number };
  };

/** The classic builds of the element, and the keep-alive add-on. */
const classic = ['platform-embed.iife.min.js', 'platform-embed-embed.iife.min.js'];
const addOn = 'platform-embed-keep-alive.iife.min.js';

const frames: HTMLIFrameElement[] = [];

/** A page of its own with these classic scripts. */
async function openPage(scripts: string[]): Promise<PageWindow> {
  const frame = document.createElement('iframe');
  frame.style.cssText = 'width:800px;height:600px;border:0';
  frames.push(frame);
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  const path = (src: string) => (src.startsWith('/') ? src : `/dist/${src}`);
  frame.srcdoc = `<!doctype html><html><head>${scripts.map((src) => `<script src="${path(src)}"></script>`).join('')}</head><body></body></html>`;
  document.body.append(frame);
  await loaded;
  return frame.contentWindow as PageWindow;
}

/** Runs `code` as a classic script of the page, as a site would write it; throws what it threw. */
function runClassic(win: PageWindow, code: string): void {
  const errors: unknown[] = [];
  const onError = (event: ErrorEvent) => errors.push(event.error ?? event.message);
  win.addEventListener('error', onError);
  const script = win.document.createElement('script');
  script.textContent = code;
  win.document.head.append(script);
  script.remove();
  win.removeEventListener('error', onError);
  if (errors.length) throw errors[0];
}

/** The docs a site copies from. */
const docFiles = [
  'README.md', 'docs/keep-alive.md', 'docs/hosts/README.md', 'docs/hosts/wordpress.md', 'docs/reference.md', 'docs/sessions.md',
  'docs/time-to-dashboard.md', 'docs/moving.md', 'docs/errors.md', 'docs/performance.md', 'docs/testing.md', 'docs/languages.md',
  'docs/translating.md',
];

interface Snippet {
  where: string;
  /** The files of its `<script src>`s, in order. */
  scripts: string[];
  /** Its classic code: a `<script>`'s body, a JS block, or inline code. */
  code: string;
}

/**
 * Every snippet of the docs that a classic page copies: a code block with a
 * `<script src>` of a classic build or a call on the `PlatformEmbed` global
 * (and no `import`: a module's `PlatformEmbed` is its own name), and the
 * sign-out and count calls on the global written as inline code.
 */
async function classicSnippets(): Promise<Snippet[]> {
  const snippets: Snippet[] = [];
  const block = /^(`{3,})(\w*)\n([\s\S]*?)^\1$/gm;
  for (const file of docFiles) {
    const text = await (await fetch(`/${file}`)).text();
    for (const [, , lang, body] of text.matchAll(block)) {
      if (/\bimport\b/.test(body!) || !/\.iife\.min\.js|\bPlatformEmbed\.\w+\(/.test(body!)) continue;
      snippets.push({
        where: `${file}: ${body!.trim().split('\n')[0]}`,
        scripts: [...body!.matchAll(/<script src="[^"]*\/([\w.-]+\.js)"/g)].map((match) => match[1]!),
        code: lang === 'html' ? [...body!.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]).join('\n') : body!,
      });
    }
    for (const [, code] of text.replace(block, '').matchAll(/`(PlatformEmbed\.(?:discardKeptAlive|keptCount)\([^`]*\))`/g)) {
      snippets.push({ where: `${file}: \`${code}\``, scripts: [], code: code! });
    }
  }
  return snippets;
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
    for (const bundle of [...classic, 'platform-embed-embed.min.js']) {
      it(`${name}, ${bundle}: back to the dashboard with 0 navigations and 0 sessions`, async () => {
        // The ES bundle is a module: a classic page takes the IIFE; the embed-only one is loaded as a module.
        const win = await openPage(bundle.includes('iife') ? [bundle, addOn] : []);
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
        if (bundle.includes('iife')) expect(win.PlatformEmbed.keptCount('viewer-1'), 'kept, on the global').to.equal(1);
        expect(iframe.isConnected, 'the kept iframe survives the swap').to.equal(true);
        const [navigationsBefore, sessionsBefore] = [navigations, sessions];
        const back = visit(analytics)!;
        await new Promise((resolve) => win.requestAnimationFrame(resolve));
        expect(back.ready, 'ready in the first frame').to.equal(true);
        expect(back.iframe).to.equal(iframe);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect([navigations - navigationsBefore, sessions - sessionsBefore], 'navigations and sessions on the way back').to.deep.equal([0, 0]);
        // The sign-out line of a script-tag page, as a classic script of the page.
        visit(settings);
        expect(win.PlatformEmbedKeepAlive!.keptCount(), 'kept again').to.equal(1);
        if (bundle.includes('iife')) runClassic(win, 'PlatformEmbed.discardKeptAlive();');
        else (win.customElements.get('platform-embed') as typeof PlatformEmbedElement).discardKeptAlive();
        expect(win.PlatformEmbedKeepAlive!.keptCount()).to.equal(0);
      });
    }
  }

  it('every snippet of the docs that a classic page copies runs as printed, with each classic build', async function () {
    this.timeout(180_000);
    const snippets = await classicSnippets();
    const files = new Set(snippets.map(({ where }) => where.split(':')[0]));
    expect([...files], 'the docs with classic snippets').to.include.members(['README.md', 'docs/keep-alive.md', 'docs/hosts/README.md']);
    for (const snippet of snippets) {
      const builds = snippet.scripts.filter((file) => classic.includes(file));
      for (const build of builds.length ? [builds[0]!] : classic) {
        const scripts = snippet.scripts.length ? snippet.scripts : [build, addOn];
        const turbo = /\bTurbo\./.test(snippet.code) ? ['/node_modules/@hotwired/turbo/dist/turbo.es2017-umd.js'] : [];
        const what = `${snippet.where} (${scripts.join(', ')})`;
        const win = await openPage([...turbo, ...scripts]);
        expect(win.customElements.get('platform-embed'), what).to.equal(win.PlatformEmbed.PlatformEmbedElement);
        const keeps = scripts.includes(addOn);
        if (keeps) {
          win.document.body.innerHTML = analytics;
          const embed = win.document.querySelector('platform-embed') as PlatformEmbedElement;
          embed.sessionProvider = async () => fixtureSession;
          await until(() => embed.ready, `the dashboard ready: ${what}`);
          win.document.body.innerHTML = settings;
          expect(win.eval('PlatformEmbed.keptCount()'), `kept: ${what}`).to.equal(1);
        }
        if (snippet.code) runClassic(win, snippet.code);
        if (keeps && /discardKeptAlive\(/.test(snippet.code)) expect(win.PlatformEmbed.keptCount(), `dropped: ${what}`).to.equal(0);
        for (const frame of frames.splice(0)) frame.remove();
      }
    }
  });

  it('without the add-on, discardKeptAlive and keptCount exist on the class of every bundle and on the classic global, and do nothing', async () => {
    for (const bundle of classic) {
      const win = await openPage([bundle]);
      const Class = win.customElements.get('platform-embed') as typeof PlatformEmbedElement;
      expect(Class).to.equal(win.PlatformEmbed.PlatformEmbedElement);
      expect(Class.discardKeptAlive).to.be.a('function');
      expect(() => Class.discardKeptAlive()).to.not.throw();
      expect(() => win.PlatformEmbed.PlatformEmbedElement.discardKeptAlive('viewer-1')).to.not.throw();
      expect(() => win.PlatformEmbed.discardKeptAlive()).to.not.throw();
      expect([Class.keptCount(), win.PlatformEmbed.keptCount('viewer-1')]).to.deep.equal([0, 0]);
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
