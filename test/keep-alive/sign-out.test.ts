/**
 * `keep-alive` and the viewer: a sign-out keeps nothing of the viewer in
 * whatever order the sign-out and the router's removal come; an embed is
 * adopted only by an element that would have loaded it the same way; and
 * nothing of the page reaches a kept embed (page styles, focus,
 * `window.frames`).
 */
import { expect } from '@open-wc/testing';
import { Embed, frame, keepAliveEmbed, LoadCounter, ready, routeFixture, settle, wrapperOf } from './helpers.js';
import { keptCount } from '../../src/keep-alive.js';
import { grantAllow } from '../../src/embed/defaults.js';

describe('keep-alive: sign-out, shape and reach', () => {
  const fixture = routeFixture();
  let counter: LoadCounter;
  let route: HTMLElement;
  beforeEach(() => ({ counter, route } = fixture));

  for (const [name, scope] of [
    ['discardKeptAlive()', undefined],
    ['discardKeptAlive(viewer)', 'viewer-1'],
  ] as const) {
    it(`${name} while the dashboard is on screen, then the route removed: nothing is kept, the next viewer loads anew`, async () => {
      const first = keepAliveEmbed(counter, 'viewer-1');
      route.append(first);
      await ready(first);
      const iframe = first.iframe!;
      Embed.discardKeptAlive(scope);
      first.remove();
      await settle();
      expect(keptCount(), 'kept').to.equal(0);
      expect(iframe.isConnected, 'the signed-out iframe is gone').to.equal(false);
      const next = keepAliveEmbed(counter, 'viewer-1');
      route.append(next);
      await frame();
      expect(next.ready, 'not adopted').to.equal(false);
      await ready(next);
      expect(next.iframe).to.not.equal(iframe);
      expect([counter.navigations, counter.sessions]).to.deep.equal([2, 2]);
    });
  }

  it('a sign-out of another value leaves the dashboard on screen kept at its removal', async () => {
    const first = keepAliveEmbed(counter, 'viewer-1');
    route.append(first);
    await ready(first);
    Embed.discardKeptAlive('viewer-2');
    first.remove();
    expect(keptCount('viewer-1')).to.equal(1);
  });

  it('the route removed, then the sign-out: nothing is kept', async () => {
    const first = keepAliveEmbed(counter, 'viewer-1');
    route.append(first);
    await ready(first);
    first.remove();
    expect(keptCount('viewer-1')).to.equal(1);
    Embed.discardKeptAlive();
    expect(keptCount()).to.equal(0);
  });

  it('a load after the sign-out (a new iframe) is kept at its removal', async () => {
    const first = keepAliveEmbed(counter, 'viewer-1');
    route.append(first);
    await ready(first);
    Embed.discardKeptAlive();
    first.reload();
    await until(() => first.ready && counter.navigations === 2);
    first.remove();
    expect(keptCount('viewer-1')).to.equal(1);
  });

  for (const [attribute, value] of [
    ['sandbox', 'allow-scripts allow-same-origin allow-forms'],
    ['allow-export', ''],
    ['allow', 'fullscreen'],
    ['referrer-policy', 'origin'],
  ] as const) {
    it(`an element with another ${attribute} does not adopt; the same ${attribute} does`, async () => {
      const first = keepAliveEmbed(counter, 'viewer-1');
      route.append(first);
      await ready(first);
      const iframe = first.iframe!;
      first.remove();
      const other = keepAliveEmbed(counter, 'viewer-1');
      other.setAttribute(attribute, value);
      route.append(other);
      await frame();
      // Not adopted: its own iframe, not the kept one (a fresh load may already be ready on a slow machine, where a frame takes long).
      expect(other.iframe, `with ${attribute}="${value}": not adopted`).to.not.equal(iframe);
      expect(keptCount('viewer-1'), 'still kept').to.equal(1);
      await ready(other);
      other.remove();
      await settle();
      // Both kept now: each is adopted by an element of its own shape.
      expect(keptCount('viewer-1')).to.equal(2);
      const same = keepAliveEmbed(counter, 'viewer-1');
      same.setAttribute(attribute, value);
      route.append(same);
      await frame();
      expect(same.ready, `the same ${attribute}: adopted`).to.equal(true);
      expect(same.iframe, 'the embed loaded with it').to.not.equal(iframe);
      // The iframe's allow grants its features to the tenant origin.
      const origin = new URL(same.baseUrl!).origin;
      expect(same.iframe!.getAttribute(attribute === 'referrer-policy' ? 'referrerpolicy' : attribute) ?? '').to.equal(attribute === 'allow-export' ? '' : attribute === 'allow' ? grantAllow(value, origin) : value);
      const plain = keepAliveEmbed(counter, 'viewer-1');
      route.append(plain);
      await frame();
      expect(plain.iframe, 'the plain one adopts the first embed').to.equal(iframe);
      expect(iframe.getAttribute('allow'), "adoption keeps the iframe's allow").to.equal(grantAllow(first.allow, origin));
      expect([counter.navigations, counter.sessions]).to.deep.equal([2, 2]);
    });
  }

  it('nothing of the page reaches a kept embed: page styles, focus, window.frames', async () => {
    const style = document.createElement('style');
    style.textContent = 'iframe { visibility: visible !important; display: block !important; position: fixed !important; top: 0 !important; left: 0 !important; width: 300px !important; height: 300px !important; }';
    document.head.append(style);
    try {
      const first = keepAliveEmbed(counter, 'viewer-1');
      route.append(first);
      await ready(first);
      const iframe = first.iframe!;
      const frames = () => Array.from({ length: window.length }, (_, i) => window[i]);
      first.remove();
      await frame();
      expect(keptCount()).to.equal(1);
      expect(wrapperOf(iframe)!.getRootNode(), 'in a shadow tree').to.be.instanceOf(ShadowRoot);
      expect(getComputedStyle(iframe).visibility, 'the page rule does not reach it').to.equal('hidden');
      expect(iframe.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions), 'not painted').to.equal(false);
      expect(document.elementFromPoint(10, 10), 'nothing of it at the top left').to.not.equal(iframe);
      iframe.focus();
      expect(document.activeElement, 'not focusable').to.equal(document.body);
      expect(frames().some((win) => win === iframe.contentWindow), 'not in window.frames').to.equal(false);
    } finally {
      style.remove();
    }
  });

  it('discardKeptAlive is a static method of the class, typed, with no cast', () => {
    const Class = customElements.get('platform-embed') as typeof import('../../src/index.js').PlatformEmbedElement;
    expect(Class.discardKeptAlive).to.be.a('function');
    expect(() => Class.discardKeptAlive()).to.not.throw();
  });
});

async function until(check: () => boolean): Promise<void> {
  const end = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
