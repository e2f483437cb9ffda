/**
 * `renderEmbed` output served as a real document (see
 * scripts/wtr-server-plugins.mjs) and loaded in a same-origin iframe, against
 * the mock platform's real embed pages on another origin: the iframe
 * navigates while the page is parsed with no element definition (and with
 * scripts off), the keeper keeps the embed's own messages, a strict
 * nonce-based policy lets the keeper and styles run, hostile values add no
 * markup, and the URL, iframe attributes and CSS are the element's own.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { PlatformApiClient } from '../../src/api/index.js';
import type { EarlyRecord } from '../../src/embed/handoff.js';
import { renderEmbed, type RenderEmbedOptions } from '../../src/server/index.js';
import { mockPlatform, mockRequests, mockReset } from '../api/mock-platform.js';
import { frameSrc } from '../navigation-spy.js';

const DASHBOARD = 'sales-overview';

async function newSession(): Promise<string> {
  const { mockUrl, adminKey } = await mockPlatform();
  const api = new PlatformApiClient({ baseUrl: mockUrl, token: adminKey });
  return (await api.generateSession({ deploymentId: 42, externalId: 'ada@example.com' })).sessionId;
}

interface Loaded {
  frame: HTMLIFrameElement;
  win: Window & { violations?: string[]; pwned?: unknown };
  doc: Document;
  host: HTMLElement & { platformEmbedEarly?: EarlyRecord };
}

/** Loads the server-rendered page in a same-origin iframe; resolves when its `load` fired. */
async function loadPage(options: RenderEmbedOptions | Record<string, unknown>, extra: { csp?: string; sandbox?: string } = {}): Promise<Loaded> {
  const query = new URLSearchParams({ options: JSON.stringify(options) });
  if (extra.csp) query.set('csp', extra.csp);
  const frame = document.createElement('iframe');
  if (extra.sandbox !== undefined) frame.setAttribute('sandbox', extra.sandbox);
  frame.style.cssText = 'width:800px;height:900px';
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  frame.src = `/__server/page?${query}`;
  document.body.append(frame);
  await loaded;
  const win = frame.contentWindow as Loaded['win'];
  const doc = frame.contentDocument!;
  return { frame, win, doc, host: doc.querySelector('platform-embed') as Loaded['host'] };
}

/** The embed-page requests the mock received for `session`. */
async function embedLoads(session: string): Promise<number> {
  return (await mockRequests()).filter((r) => r.method === 'GET' && r.path.startsWith('/embed/') && r.query.session === session).length;
}

const types = (record: EarlyRecord) => record.messages.map(([event]) => (event.data as { type?: string }).type);

describe('server-rendered <platform-embed> (renderEmbed) in a real document', () => {
  beforeEach(mockReset);
  afterEach(() => document.querySelectorAll('body > iframe').forEach((f) => f.remove()));

  it('never defined: the iframe loads with the session while the page is parsed; the keeper keeps ready, view and dashboard-loaded in order', async () => {
    const { mockUrl } = await mockPlatform();
    const session = await newSession();
    const { win, host } = await loadPage({ baseUrl: mockUrl, session, dashboard: DASHBOARD, attributes: { id: 'sales' } });
    expect(win.customElements.get('platform-embed')).to.equal(undefined);
    expect(host.hasAttribute('server-rendered')).to.equal(true);
    // The declarative root exists with the iframe: nothing built it but the parser.
    const iframe = host.shadowRoot!.querySelector('iframe')!;
    expect(new URL(iframe.src).searchParams.get('session')).to.equal(session);
    expect([...host.attributes].some((a) => a.value.includes(session))).to.equal(false);
    // The element's own box from the styles in the root, before and without any definition.
    expect(host.getBoundingClientRect().height).to.equal(600);
    expect(win.document.getElementById('after')!.getBoundingClientRect().top).to.be.greaterThan(600);
    const record = host.platformEmbedEarly!;
    expect(record, 'keeper record').to.be.an('object');
    await waitUntil(() => types(record).includes('platform:event:dashboard-loaded'), 'dashboard-loaded kept', { timeout: 10_000 });
    expect(types(record).slice(0, 1)).to.deep.equal(['platform:event:ready']);
    expect(types(record).indexOf('platform:event:view')).to.be.lessThan(types(record).indexOf('platform:event:dashboard-loaded'));
    for (const [event, time] of record.messages) {
      expect(event.source).to.equal(iframe.contentWindow);
      expect(event.origin).to.equal(new URL(mockUrl).origin);
      expect(time).to.be.at.least(record.time);
    }
    // Arrival times in order, the load time before them all.
    const times = record.messages.map(([, time]) => time);
    expect(times).to.deep.equal([...times].sort((a, b) => a - b));
    expect(record.time).to.be.a('number');
    await waitUntil(() => record.loaded, 'iframe load seen by the keeper');
    expect(typeof record.listener).to.equal('function');
    expect(await embedLoads(session)).to.equal(1);
  });

  it('keeps messages of its own iframe only (another window posting to the page is ignored)', async () => {
    const { mockUrl } = await mockPlatform();
    const { win, host } = await loadPage({ baseUrl: mockUrl, session: await newSession(), dashboard: DASHBOARD });
    win.postMessage({ source: 'platform-embed', direction: 'event', type: 'platform:event:ready', payload: {}, timestamp: 1, surface: 'dashboard' }, '*');
    await waitUntil(() => types(host.platformEmbedEarly!).includes('platform:event:ready'), 'ready kept', { timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(host.platformEmbedEarly!.messages.every(([event]) => event.source !== win)).to.equal(true);
  });

  it('with scripts off (a sandbox without allow-scripts), the dashboard still loads once with the session and no script runs', async () => {
    const { mockUrl } = await mockPlatform();
    const session = await newSession();
    const { host } = await loadPage({ baseUrl: mockUrl, session, dashboard: DASHBOARD }, { sandbox: 'allow-same-origin' });
    expect(host.platformEmbedEarly).to.equal(undefined);
    expect(host.shadowRoot!.querySelector('iframe')!.getAttribute('src')).to.include(`session=${session}`);
    await waitUntil(async () => (await embedLoads(session)) === 1, 'the embed page was requested with the session', { timeout: 10_000 });
    expect(host.getBoundingClientRect().height).to.equal(600);
  });

  describe('strict policy with a nonce', () => {
    const policy = (nonce: string, mockUrl: string) =>
      `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; frame-src ${new URL(mockUrl).origin}`;

    it('the nonce lets the keeper and the styles run, with no violation', async () => {
      const { mockUrl } = await mockPlatform();
      const { win, host } = await loadPage({ baseUrl: mockUrl, session: await newSession(), dashboard: DASHBOARD, nonce: 'n0nce42' }, { csp: policy('n0nce42', mockUrl) });
      expect(host.platformEmbedEarly, 'keeper ran').to.be.an('object');
      await waitUntil(() => types(host.platformEmbedEarly!).includes('platform:event:ready'), 'ready kept', { timeout: 10_000 });
      expect(host.getBoundingClientRect().height).to.equal(600);
      expect(win.violations).to.deep.equal([]);
    });

    it('without the page nonce the policy blocks the keeper (the policy is enforced), and the iframe still loads', async () => {
      const { mockUrl } = await mockPlatform();
      const session = await newSession();
      const { win, host } = await loadPage({ baseUrl: mockUrl, session, dashboard: DASHBOARD, nonce: 'n0nce42' }, { csp: policy('other', mockUrl) });
      expect(host.platformEmbedEarly).to.equal(undefined);
      await waitUntil(async () => (await embedLoads(session)) === 1, 'embed requested', { timeout: 10_000 });
      // The head script has the wrong nonce too, so no `violations` array: the blocks are the proof.
      expect(win.violations).to.equal(undefined);
    });
  });

  it('hostile values in every free-text option add no element and no script; every value reads back as given', async () => {
    const { mockUrl } = await mockPlatform();
    const hostile = `a"b'c<d>&e</script></template></platform-embed><img src=x onerror="parent.pwned=1"><script>parent.pwned=2</script>\n☃𝄞`;
    const session = `ses_${hostile}`;
    // A dashboard id is one path segment without white space: the same markup, without `/` and white space.
    const hostileId = hostile.replace(/[\s/]/g, '');
    const options: RenderEmbedOptions = {
      baseUrl: `${mockUrl}/p"'<>`,
      session,
      dashboard: hostileId,
      frameTitle: hostile,
      allow: hostile,
      referrerPolicy: hostile,
      nonce: hostile,
      filters: { 'a.b': hostile, 'c.d': { [hostile]: hostile } },
      attributes: { id: hostile, class: hostile, title: hostile, style: hostile, 'data-x': hostile, 'aria-label': hostile },
    };
    const { win, doc, host } = await loadPage(options);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((window as { pwned?: unknown }).pwned).to.equal(undefined);
    expect(win.pwned).to.equal(undefined);
    expect([...doc.body.children].map((el) => el.localName)).to.deep.equal(['p', 'platform-embed', 'p']);
    expect(doc.querySelectorAll('*').length).to.equal(9); // html head meta title body p platform-embed script p
    expect([...host.children].map((el) => el.localName)).to.deep.equal(['script']);
    expect([...host.shadowRoot!.children].map((el) => el.localName)).to.deep.equal(['style', 'iframe']);
    for (const name of ['frame-title', 'allow', 'referrer-policy', 'id', 'class', 'title', 'style', 'data-x', 'aria-label']) {
      expect(host.getAttribute(name), name).to.equal(hostile);
    }
    expect(host.getAttribute('dashboard')).to.equal(hostileId);
    expect(JSON.parse(host.getAttribute('filters')!)).to.deep.equal(options.filters);
    const iframe = host.shadowRoot!.querySelector('iframe')!;
    expect(iframe.title).to.equal(hostile);
    expect(new URL(iframe.src).searchParams.get('session')).to.equal(session);
    expect([...host.attributes].some((a) => a.value.includes('ses_'))).to.equal(false);
  });

  it('a refused option renders nothing (400 with the TypeError naming it)', async () => {
    const res = await fetch(`/__server/page?${new URLSearchParams({ options: JSON.stringify({ baseUrl: 'http://x.example', session: 's', dashboard: 'd' }) })}`);
    expect(res.status).to.equal(400);
    expect(await res.text()).to.match(/^renderEmbed: baseUrl /);
  });
});

describe('one source for the element and renderEmbed', () => {
  it('the iframe URL and attributes equal the client-rendered element’s for the same inputs, and the styles are the element’s', async () => {
    await import('../../src/embed.js');
    const { closedUrl } = await mockPlatform();
    const inputs = {
      baseUrl: `${closedUrl}/bi`,
      session: 'ses_same',
      path: '/embed/d/42/app/workbook/7',
      timezone: 'Europe/Zurich',
      filters: { 'orders.status': 'shipped', 'orders.total': [1, 2] },
      allowExport: true,
      sandbox: 'allow-scripts allow-same-origin',
      frameTitle: 'Sales',
      allow: 'fullscreen',
      referrerPolicy: 'no-referrer',
    };
    const html = renderEmbed(inputs);
    const parsed = Document.parseHTMLUnsafe(`<!doctype html><body>${html}`);
    const serverFrame = parsed.querySelector('platform-embed')!.shadowRoot!.querySelector('iframe')!;
    const serverStyle = parsed.querySelector('platform-embed')!.shadowRoot!.querySelector('style')!.textContent;

    const el = document.createElement('platform-embed');
    Object.assign(el, inputs);
    document.body.append(el);
    await el.updateComplete;
    try {
      const clientFrame = el.iframe!;
      // The client navigates its iframe by name (no src attribute): the URL it went to is the server's src.
      expect(serverFrame.getAttribute('src'), 'src').to.equal(frameSrc(clientFrame));
      expect(clientFrame.getAttribute('src')).to.equal(null);
      for (const name of ['title', 'allow', 'referrerpolicy', 'sandbox', 'part']) {
        expect(serverFrame.getAttribute(name), name).to.equal(clientFrame.getAttribute(name));
      }
      const elementCss = (el.constructor as unknown as { elementStyles: { cssText: string }[] }).elementStyles.map((s) => s.cssText).join('');
      expect(serverStyle).to.equal(elementCss);
    } finally {
      el.remove();
    }
  });

  it('defaults: title, permissions and referrer policy are the element’s', async () => {
    await import('../../src/embed.js');
    const { closedUrl } = await mockPlatform();
    const parsed = Document.parseHTMLUnsafe(`<!doctype html><body>${renderEmbed({ baseUrl: closedUrl, session: 's', dashboard: 'd' })}`);
    const serverFrame = parsed.querySelector('platform-embed')!.shadowRoot!.querySelector('iframe')!;
    const el = document.createElement('platform-embed');
    Object.assign(el, { baseUrl: closedUrl, session: 's', dashboard: 'd' });
    document.body.append(el);
    await el.updateComplete;
    try {
      expect(serverFrame.getAttribute('src'), 'src').to.equal(frameSrc(el.iframe));
      for (const name of ['title', 'allow', 'referrerpolicy', 'sandbox']) {
        expect(serverFrame.getAttribute(name), name).to.equal(el.iframe!.getAttribute(name));
      }
    } finally {
      el.remove();
    }
  });
});

describe('after the takeover, a provider set later serves reloads only', () => {
  beforeEach(mockReset);
  afterEach(() => document.querySelectorAll('body > iframe').forEach((f) => f.remove()));

  it('setting sessionProvider on a taken-over element starts no load; reload() then asks it once', async () => {
    const { mockUrl } = await mockPlatform();
    const session = await newSession();
    const { win, doc, host } = await loadPage({ baseUrl: mockUrl, session, dashboard: DASHBOARD });
    const script = doc.createElement('script');
    script.type = 'module';
    script.src = '/src/embed.ts';
    doc.body.append(script);
    const el = host as HTMLElement & { ready: boolean; sessionProvider?: () => Promise<string>; reload(): void };
    await waitUntil(() => win.customElements.get('platform-embed') && el.ready, 'taken over and ready', { timeout: 10_000 });
    let calls = 0;
    el.sessionProvider = async () => {
      calls++;
      return newSession();
    };
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls, 'no provider call for a provider set later').to.equal(0);
    expect(el.ready).to.equal(true);
    expect(await embedLoads(session)).to.equal(1);
    const embedGets = async () => (await mockRequests()).filter((r) => r.method === 'GET' && r.path.startsWith('/embed/')).length;
    expect(await embedGets()).to.equal(1);
    el.reload();
    await waitUntil(async () => calls === 1 && el.ready && (await embedGets()) === 2, 'reloaded with a session from the provider', { timeout: 10_000 });
  });
});
