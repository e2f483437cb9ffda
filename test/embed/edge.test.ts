import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { PlatformEmbedElement } from '../../src/embed/platform-embed.js';
import { buildEmbedUrl, checkFilters } from '../../src/embed/url.js';
import { BASE, actions, readyEmbed, spyConsole, signed } from './helpers.js';

describe('<platform-embed> edge cases', () => {
  it('rejects whenReady at once after a fatal error, until the next load', async () => {
    const el = await fixture<PlatformEmbedElement>(html`<platform-embed base-url=${BASE} session="fixture" dashboard="silent" ready-timeout="50"></platform-embed>`);
    await oneEvent(el, 'platform-error');
    const rejection = await el.whenReady().then(() => null, (e: unknown) => e);
    expect((rejection as Error).name).to.equal('ReadyTimeoutError');
    el.dashboard = 'demo';
    el.readyTimeout = 0;
    const info = await el.whenReady();
    expect(info.publicId).to.equal('demo');
  });

  it('ignores read-only values assigned before the element was defined', async () => {
    const tag = 'platform-embed-shadowed';
    const el = document.createElement(tag) as PlatformEmbedElement;
    Object.assign(el, { ready: true, iframe: 'nope' });
    Object.assign(el, signed({ baseUrl: BASE, dashboard: 'silent', readyTimeout: 0 }));
    const container = await fixture(html`<div></div>`);
    container.append(el);
    customElements.define(tag, class extends PlatformEmbedElement {});
    await el.updateComplete;
    expect(el.ready).to.equal(false);
    expect(el.iframe).to.be.instanceOf(HTMLIFrameElement);
  });

  it('resolves the locale attribute "auto" to navigator.language', async () => {
    const el = await readyEmbed({ locale: 'auto' });
    expect((await actions(el)).map((a) => a.payload)).to.deep.equal([{ locale: navigator.language }]);
  });

  it('loads on insertion when reload() was called before', async () => {
    const el = document.createElement('platform-embed');
    Object.assign(el, signed({ baseUrl: BASE, dashboard: 'demo' }));
    el.reload();
    const ready = oneEvent(el, 'platform-ready');
    await fixture(html`<div>${el}</div>`);
    await ready;
    expect(el.ready).to.equal(true);
  });

  it('refuses filters that are not an object or cannot be read', async () => {
    expect(checkFilters('orders.status').problems).to.have.length(1);
    expect(checkFilters(['a']).problems).to.have.length(1);
    const hostile = new Proxy({}, { ownKeys: () => { throw new Error('no'); } });
    expect(checkFilters(hostile)).to.deep.equal({ value: {}, problems: ['could not be read'], rest: false });
    const warn = spyConsole('warn');
    try {
      const el = await readyEmbed();
      const error = oneEvent(el, 'platform-error');
      el.filters = hostile as never;
      expect((await error).detail.message).to.equal('filters could not be read');
    } finally {
      warn.restore();
    }
  });

  it('builds no URL without a dashboard or a path', () => {
    expect(buildEmbedUrl({ base: { origin: 'https://a.example', prefix: '' } })).to.equal(null);
  });
});
