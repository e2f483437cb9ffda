/**
 * Script tags as a CMS or a plain page uses them, against the built bundles in
 * dist/ (run `npm run build` first). Each page runs in its own same-origin
 * frame, so globals and definitions never leak between tests.
 */
import { expect } from '@open-wc/testing';
import type * as Root from '../../src/index.js';
import type { PlatformEmbedElement } from '../../src/index.js';
import { tenantOrigin, until } from '../frameworks/helpers.js';

interface Recorded {
  events: Array<{ name: string; id: string; detail: Record<string, unknown> }>;
  warnings: string[];
  errors: string[];
  actions: Array<{ type: string; payload: Record<string, unknown> }>;
  navigations: Record<string, string>;
}

type PageWindow = Window &
  typeof globalThis & {
    __platform: Recorded;
    PlatformEmbed?: typeof Root;
    __bundles?: { first: typeof Root; second: typeof Root };
    __bundle?: typeof Root;
    __embedOnly?: { PlatformEmbedElement: typeof Root.PlatformEmbedElement };
    __root?: typeof Root;
  };

const frames: HTMLIFrameElement[] = [];

async function openPage(path: string): Promise<PageWindow> {
  const frame = document.createElement('iframe');
  frames.push(frame);
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  frame.src = `${path}?record`;
  document.body.append(frame);
  await loaded;
  return frame.contentWindow as PageWindow;
}

const named = (rec: Recorded, name: string) => rec.events.filter((e) => e.name === name);

describe('script tags and CMS pages (built bundles)', () => {
  before(async () => {
    for (const file of ['platform-embed.iife.min.js', 'platform-embed.min.js', 'index.js']) {
      const res = await fetch(`/dist/${file}`, { method: 'HEAD' });
      if (!res.ok) throw new Error(`dist/${file} is missing: run \`npm run build\` before these tests`);
    }
  });

  afterEach(() => {
    for (const frame of frames.splice(0)) frame.remove();
  });

  it('upgrades markup that came before the classic script and applies its JSON attributes', async () => {
    const win = await openPage('/docs/hosts/cms/dashboard.html');
    const rec = win.__platform;
    const el = win.document.getElementById('sales-dashboard') as PlatformEmbedElement;
    expect(el).to.be.instanceOf(win.customElements.get('platform-embed')!);
    await until(() => named(rec, 'platform-ready').length > 0, 'platform-ready');

    const src = new URL(rec.navigations[el.iframe!.name]!);
    expect(src.origin).to.equal(tenantOrigin);
    // The session came from the page's session-url (the test server's /embed-session), and stands nowhere in the DOM.
    expect(src.searchParams.get('session')).to.equal('fw-fixture-html');
    expect(win.document.documentElement.outerHTML).not.to.contain('fw-fixture-html');
    expect(src.searchParams.get('f_orders.region')).to.equal('{"value":["EMEA","AMER"]}');
    expect(src.searchParams.get('f_orders.product')).to.equal('{"value":"Enterprise"}');
    expect(src.searchParams.get('timezone')).to.equal('Europe/Berlin');

    await until(() => rec.actions.some((a) => a.type === 'platform:action:set-theme'), 'set-theme');
    expect(rec.actions.find((a) => a.type === 'platform:action:set-theme')!.payload).to.deep.equal({
      primaryColor: '#0055ff',
      borderRadius: '6px',
    });
    await until(() => rec.actions.some((a) => a.type === 'platform:action:set-color-scheme'), 'set-color-scheme');
    expect(rec.actions.find((a) => a.type === 'platform:action:set-color-scheme')!.payload).to.deep.equal({ scheme: 'dark' });
    expect(named(rec, 'platform-error')).to.deep.equal([]);
    expect(rec.errors).to.deep.equal([]);
  });

  it('runs the plain HTML page: module script, properties from script, a method from a button', async () => {
    const win = await openPage('/docs/hosts/html/index.html');
    const rec = win.__platform;
    await until(() => named(rec, 'platform-ready').length > 0, 'platform-ready');
    const el = win.document.getElementById('dashboard') as PlatformEmbedElement;
    expect(new URL(win.__platform.navigations[el.iframe!.name]!).searchParams.get('f_orders.product')).to.equal('{"value":"Pro"}');
    expect((win.document.getElementById('status') as HTMLOutputElement).value).to.match(/^Ready \(signed, SDK \d/);
    await until(() => rec.actions.some((a) => a.type === 'platform:action:set-theme'), 'set-theme');
    (win.document.getElementById('dark') as HTMLButtonElement).click();
    await until(
      () => rec.actions.some((a) => a.type === 'platform:action:set-color-scheme' && a.payload['scheme'] === 'dark'),
      'set-color-scheme dark after the click',
    );
    expect(rec.errors).to.deep.equal([]);
  });

  it('exposes the package root on window.PlatformEmbed', async () => {
    const win = await openPage('/docs/hosts/cms/dashboard.html');
    const api = win.PlatformEmbed!;
    expect(api).to.be.an('object');
    expect(api.PlatformEmbedElement).to.equal(win.customElements.get('platform-embed'));
    expect(api.PlatformAdminPanelElement).to.equal(win.customElements.get('platform-admin-panel'));
    expect(api.PlatformApiClient).to.be.a('function');
    expect(api.defineElement).to.be.a('function');
    expect(api.version).to.match(/^\d+\.\d+\.\d+/);
  });

  it('reports invalid JSON attributes as a ConfigError and never throws', async () => {
    const win = await openPage('/test/cms/pages/invalid-json.html');
    const rec = win.__platform;
    await until(() => named(rec, 'platform-error').length >= 2, 'a ConfigError per invalid attribute');
    const errors = named(rec, 'platform-error').map((e) => e.detail);
    for (const detail of errors) expect(detail).to.include({ name: 'ConfigError', context: 'host' });
    expect(errors.map((d) => String(d['message'])).join('\n')).to.match(/filters/).and.to.match(/theme/);
    expect(rec.warnings.join('\n')).to.match(/filters/);
    // Host problems are never reported as embed events.
    expect(named(rec, 'platform-event').map((e) => e.detail['type'])).to.deep.equal(['platform:event:ready']);
    expect(rec.errors).to.deep.equal([]);

    // The invalid values were never sent: the embed loads without them.
    const el = win.document.getElementById('broken') as PlatformEmbedElement;
    await until(() => named(rec, 'platform-ready').length > 0, 'platform-ready');
    expect([...new URL(win.__platform.navigations[el.iframe!.name]!).searchParams.keys()].filter((k) => k.startsWith('f_'))).to.deep.equal([]);
    expect(rec.actions.filter((a) => a.type === 'platform:action:set-theme')).to.deep.equal([]);
  });

  it('defines once when the ES module bundle is loaded from two URLs', async () => {
    const win = await openPage('/test/cms/pages/module-twice.html');
    const rec = win.__platform;
    await until(() => win.__bundles !== undefined, 'both module copies');
    const { first, second } = win.__bundles!;
    // Two URLs are two module instances with their own classes; the first defines.
    expect(first.PlatformEmbedElement).not.to.equal(second.PlatformEmbedElement);
    expect(win.customElements.get('platform-embed')).to.equal(first.PlatformEmbedElement);
    expect(win.customElements.get('platform-admin-panel')).to.equal(first.PlatformAdminPanelElement);
    expect(rec.errors).to.deep.equal([]);
    expect(rec.warnings).to.deep.equal([]);
    await until(() => named(rec, 'platform-ready').length > 0, 'the markup to upgrade and load');
  });

  it('a translation registered through the full bundle reaches the embed that the embed-only bundle defined', async () => {
    const win = await openPage('/test/cms/pages/embed-then-full.html');
    const rec = win.__platform;
    await until(() => win.__bundle !== undefined, 'both bundles');
    const el = win.document.getElementById('waiting') as PlatformEmbedElement;
    // The embed-only bundle defined the element; the full bundle's own class is not in use.
    expect(win.customElements.get('platform-embed')).to.equal(win.__embedOnly!.PlatformEmbedElement);
    expect(win.customElements.get('platform-embed')).not.to.equal(win.__bundle!.PlatformEmbedElement);
    const loadingText = () => el.shadowRoot!.querySelector('[part="loading"] span')!.textContent;
    expect(loadingText(), 'English before any translation').to.equal('Loading…');
    expect(el.iframe!.title).to.equal('Embedded analytics');

    win.__bundle!.registerTranslation('ja', { embedLoading: '読み込み中…', embedFrameTitle: '埋め込み分析' });
    // Already on screen: re-rendered in place, no reload needed.
    await until(() => loadingText() === '読み込み中…', 'the Japanese loading text');
    expect(el.iframe!.title).to.equal('埋め込み分析');
    // An element made after the registration speaks it too.
    const later = win.document.createElement('platform-embed');
    later.setAttribute('base-url', el.getAttribute('base-url')!);
    later.setAttribute('dashboard', 'sales-overview');
    win.document.body.append(later);
    await later.updateComplete;
    expect(later.shadowRoot!.querySelector('[part="loading"] span')!.textContent).to.equal('読み込み中…');
    // The same version twice: no warning, no error.
    expect(rec.warnings).to.deep.equal([]);
    expect(rec.errors).to.deep.equal([]);
  });

  it('a translation registered through one copy of the bundle reaches the elements of the other', async () => {
    const win = await openPage('/test/cms/pages/module-twice.html');
    await until(() => win.__bundles !== undefined, 'both module copies');
    const { second } = win.__bundles!;
    const el = win.document.getElementById('twice') as PlatformEmbedElement;
    expect(el).to.be.instanceOf(win.__bundles!.first.PlatformEmbedElement);
    second.registerTranslation('en', { embedFrameTitle: 'Sales dashboard' });
    await until(() => el.iframe?.title === 'Sales dashboard', 'the title registered through the second copy');
  });

  it('warns when a different version defined the tag first, and keeps that one', async () => {
    const win = await openPage('/test/cms/pages/version-clash.html');
    const rec = win.__platform;
    await until(() => win.__bundle !== undefined, 'the bundle');
    expect(rec.errors).to.deep.equal([]);
    expect(rec.warnings.some((w) => w.includes('0.0.1') && w.includes('platform-embed'))).to.equal(true);
    expect((win.customElements.get('platform-embed') as unknown as { version: string }).version).to.equal('0.0.1');
    // The admin panel was free, so this copy defined it.
    expect(win.customElements.get('platform-admin-panel')).to.equal(win.__bundle!.PlatformAdminPanelElement);
  });

  it('defines nothing when only the package root is imported', async () => {
    const win = await openPage('/test/cms/pages/root-only.html');
    await until(() => win.__root !== undefined, 'the root module');
    expect(win.__root!.PlatformEmbedElement).to.be.a('function');
    expect(win.customElements.get('platform-embed')).to.equal(undefined);
    expect(win.customElements.get('platform-admin-panel')).to.equal(undefined);
  });

  it('defineElement registers into a scoped custom element registry', async function () {
    const win = await openPage('/test/cms/pages/root-only.html');
    await until(() => win.__root !== undefined, 'the root module');
    const Registry = (win as unknown as { CustomElementRegistry: { new (): CustomElementRegistry } }).CustomElementRegistry;
    let registry: CustomElementRegistry;
    try {
      registry = new Registry();
    } catch {
      console.info('skipped: this browser has no scoped custom element registries (new CustomElementRegistry() throws)');
      this.skip();
    }
    const { defineElement, PlatformEmbedElement } = win.__root!;
    defineElement('platform-embed', PlatformEmbedElement, registry);
    expect(registry.get('platform-embed')).to.equal(PlatformEmbedElement);
    expect(win.customElements.get('platform-embed')).to.equal(undefined);

    const host = win.document.createElement('div');
    win.document.body.append(host);
    // The option was first called `registry`, then `customElementRegistry`.
    const root = host.attachShadow({ mode: 'open', customElementRegistry: registry, registry } as ShadowRootInit);
    root.innerHTML = '<platform-embed></platform-embed>';
    const inner = root.querySelector('platform-embed')!;
    expect(inner).to.be.instanceOf(PlatformEmbedElement);
    // A second define into the same registry is not an error.
    defineElement('platform-embed', PlatformEmbedElement, registry);
  });
});
