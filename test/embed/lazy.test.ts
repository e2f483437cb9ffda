/**
 * `loading="lazy"` and `sandbox`, with real layout, a real
 * IntersectionObserver and the cross-origin fixture embed.
 */
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import type { PlatformEmbedElement } from '../../src/embed/platform-embed.js';
import { ReadyTimeoutError } from '../../src/embed/errors.js';
import { lazyWatchCount } from '../../src/embed/lazy.js';
import { BASE, actions, nextReady, settle } from './helpers.js';
import { frameSrc } from '../navigation-spy.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A provider that counts its calls. */
function counting() {
  const fn = Object.assign(
    async () => {
      fn.calls += 1;
      return `lazy-${fn.calls}`;
    },
    { calls: 0 },
  );
  return fn;
}

/**
 * A page with a spacer of `offset` viewport heights above a lazy embed.
 * Returns the element, its provider and every `platform-error` detail.
 */
async function lazyAt(offset: number, attrs: Partial<PlatformEmbedElement> = {}, style = '') {
  const container = await fixture<HTMLDivElement>(html`<div></div>`);
  container.innerHTML = `<div style="height:${offset * 100}vh"></div><div class="holder" style="${style}"></div><div style="height:300vh"></div>`;
  const provider = counting();
  const errors: Array<Record<string, unknown>> = [];
  const el = document.createElement('platform-embed');
  el.addEventListener('platform-error', (e) => errors.push((e as CustomEvent).detail));
  Object.assign(el, { baseUrl: BASE, dashboard: 'demo', loading: 'lazy', sessionProvider: provider, ...attrs });
  container.querySelector('.holder')!.append(el);
  await el.updateComplete;
  await settle();
  return { el, provider, errors, container };
}

describe('<platform-embed loading="lazy">', () => {
  afterEach(() => window.scrollTo(0, 0));

  it('far below the visible area: no session request, no navigation, no ready timer; actions wait', async () => {
    const { el, provider, errors } = await lazyAt(3, { readyTimeout: 300 });
    el.navigate('/embed/dashboard/demo/later');
    let settled = false;
    void el.whenReady().then(
      () => (settled = true),
      () => (settled = true),
    );
    await sleep(600);
    expect(provider.calls).to.equal(0);
    expect(frameSrc(el.iframe)).to.equal(null);
    expect(errors).to.deep.equal([]);
    expect(settled).to.equal(false);
    expect(el.ready).to.equal(false);
    expect(lazyWatchCount()).to.equal(1);
  });

  it('within one viewport height of the visible area: loads at once', async () => {
    const { el, provider } = await lazyAt(1.5);
    await el.whenReady();
    expect(provider.calls).to.equal(1);
    expect(new URL(frameSrc(el.iframe)!).searchParams.get('session')).to.equal('lazy-1');
    expect(lazyWatchCount()).to.equal(0);
  });

  it('loads when scrolled near, and delivers what waited', async () => {
    const { el, provider } = await lazyAt(4);
    el.navigate('/embed/dashboard/demo/later');
    await settle();
    expect(provider.calls).to.equal(0);
    const ready = nextReady(el);
    el.scrollIntoView();
    await ready;
    expect(provider.calls).to.equal(1);
    expect((await actions(el)).map((a) => [a.type, a.payload])).to.deep.equal([['platform:action:navigate', { path: '/embed/dashboard/demo/later' }]]);
    expect(lazyWatchCount()).to.equal(0);
  });

  it('switching to eager loads at once', async () => {
    const { el, provider } = await lazyAt(4);
    expect(provider.calls).to.equal(0);
    const ready = nextReady(el);
    el.setAttribute('loading', 'eager');
    await ready;
    expect(provider.calls).to.equal(1);
    expect(lazyWatchCount()).to.equal(0);
  });

  it('a hidden element (display: none) waits, and loads once shown', async () => {
    const { el, provider, container } = await lazyAt(0, {}, 'display:none');
    await sleep(300);
    expect(provider.calls).to.equal(0);
    expect(frameSrc(el.iframe)).to.equal(null);
    const ready = nextReady(el);
    container.querySelector<HTMLElement>('.holder')!.style.display = '';
    await ready;
    expect(provider.calls).to.equal(1);
  });

  it('a disconnect while waiting leaves no observer behind; a reconnect waits again', async () => {
    const { el, provider, container } = await lazyAt(4);
    expect(lazyWatchCount()).to.equal(1);
    el.remove();
    expect(lazyWatchCount()).to.equal(0);
    container.append(el);
    await el.updateComplete;
    expect(lazyWatchCount()).to.equal(1);
    el.remove();
    await settle();
    expect(lazyWatchCount()).to.equal(0);
    expect(provider.calls).to.equal(0);
  });

  it('loads once: scrolling away and back does not reload', async () => {
    const { el, provider } = await lazyAt(4);
    const ready = nextReady(el);
    el.scrollIntoView();
    await ready;
    const frame = el.iframe;
    window.scrollTo(0, 0);
    await settle();
    el.scrollIntoView();
    await settle();
    expect(el.iframe).to.equal(frame);
    expect(provider.calls).to.equal(1);
  });

  it('an invalid loading value is a ConfigError and loads eagerly', async () => {
    const { el, provider, errors } = await lazyAt(4, { loading: 'later' as 'lazy' });
    await el.whenReady();
    expect(provider.calls).to.equal(1);
    expect(errors).to.have.length(1);
    expect(errors[0]).to.include({ name: 'ConfigError', context: 'host', fatal: false });
    expect(errors[0].message).to.contain('loading');
  });
});

describe('<platform-embed sandbox>', () => {
  async function sandboxed(sandbox: string | undefined, attrs: Partial<PlatformEmbedElement> = {}) {
    const el = document.createElement('platform-embed');
    const errors: Array<Record<string, unknown>> = [];
    el.addEventListener('platform-error', (e) => errors.push((e as CustomEvent).detail));
    Object.assign(el, { baseUrl: BASE, dashboard: 'demo', session: 'fixture', ...attrs });
    if (sandbox !== undefined) el.setAttribute('sandbox', sandbox);
    (await fixture(html`<div></div>`)).append(el);
    await el.updateComplete;
    return { el, errors };
  }

  it('sets no sandbox by default', async () => {
    const { el } = await sandboxed(undefined);
    await el.whenReady();
    expect(el.iframe!.hasAttribute('sandbox')).to.equal(false);
  });

  it('passes the tokens to the iframe, and the embed works with what it needs', async () => {
    const { el, errors } = await sandboxed('allow-scripts allow-same-origin allow-popups');
    await el.whenReady();
    expect(el.iframe!.getAttribute('sandbox')).to.equal('allow-scripts allow-same-origin allow-popups');
    expect(errors).to.deep.equal([]);
  });

  it('is a real sandbox: without allow-scripts the embed cannot run and never becomes ready', async () => {
    const { el } = await sandboxed('allow-same-origin', { readyTimeout: 800 });
    const error = await el.whenReady().catch((e: unknown) => e);
    expect(error).to.be.instanceOf(ReadyTimeoutError);
    expect(el.iframe!.getAttribute('sandbox')).to.equal('allow-same-origin');
  });

  it('an unknown token is a ConfigError and left out; the known tokens apply', async () => {
    const { el, errors } = await sandboxed('allow-scripts allow-everything allow-same-origin');
    await el.whenReady();
    expect(el.iframe!.getAttribute('sandbox')).to.equal('allow-scripts allow-same-origin');
    expect(errors).to.have.length(1);
    expect(errors[0]).to.include({ name: 'ConfigError', context: 'host', fatal: false });
    expect(errors[0].message).to.contain('allow-everything');
  });

  it('a change reloads in a new iframe', async () => {
    const { el } = await sandboxed('allow-scripts allow-same-origin');
    await el.whenReady();
    const first = el.iframe;
    const ready = oneEvent(el, 'platform-ready');
    el.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-downloads');
    await ready;
    expect(el.iframe).to.not.equal(first);
    expect(el.iframe!.getAttribute('sandbox')).to.equal('allow-scripts allow-same-origin allow-downloads');
  });
});
