/**
 * `keep-alive` while the element is connected: the embed, held outside the
 * element, shows over the element's box and behaves as its content (hidden
 * and inert with it, owned by the element in the accessibility tree); while
 * kept it is gone for the viewer. Focus order: focus.test.ts; scrolling:
 * scroll.test.ts; layout changes and effects: layout.test.ts.
 */
import { expect } from '@open-wc/testing';
import { a11ySnapshot } from '@web/test-runner-commands';
import type { PlatformEmbedElement } from '../../src/index.js';
import { frame, pageFixture, settle, wrapperOf } from './helpers.js';

const firefox = navigator.userAgent.includes('Firefox');

describe('keep-alive: placement', () => {
  let page: HTMLElement;
  let embed: PlatformEmbedElement;

  const { mount, rects } = pageFixture((state) => ({ page, embed } = state));

  it('covers the element box, and is hidden and inert with the element or an ancestor', async () => {
    await mount('<section id="outer"><p>before</p><span id="slot"></span></section>');
    const [box, shown] = rects();
    expect([shown.top, shown.left, shown.width, shown.height]).to.deep.equal([box.top, box.left, box.width, box.height]);
    const wrapper = wrapperOf(embed.iframe)!;
    const outer = page.querySelector<HTMLElement>('#outer')!;
    const cases: ReadonlyArray<[string, () => void, () => void]> = [
      ['hidden on the element', () => (embed.hidden = true), () => (embed.hidden = false)],
      ['display: none on an ancestor', () => (outer.style.display = 'none'), () => (outer.style.display = '')],
      ['visibility: hidden on an ancestor', () => (outer.style.visibility = 'hidden'), () => (outer.style.visibility = '')],
      ['inert on an ancestor', () => (outer.inert = true), () => (outer.inert = false)],
    ];
    for (const [name, hide, show] of cases) {
      hide();
      embed.requestUpdate();
      await frame();
      expect(wrapper.inert, `${name}: inert`).to.equal(true);
      if (!name.startsWith('inert')) expect(wrapper.style.visibility, `${name}: not painted`).to.equal('hidden');
      show();
      embed.requestUpdate();
      await frame();
      expect([wrapper.inert, wrapper.style.visibility], `${name}: shown again`).to.deep.equal([false, '']);
    }
  });

  it('while kept: not painted, inert, not focusable, outside the page', async () => {
    await mount('<span id="slot"></span>');
    const iframe = embed.iframe!;
    embed.remove();
    await settle();
    const wrapper = wrapperOf(iframe)!;
    expect(getComputedStyle(wrapper).visibility).to.equal('hidden');
    expect(wrapper.inert).to.equal(true);
    iframe.focus();
    expect(document.activeElement).to.not.equal(iframe);
    expect(getComputedStyle(wrapper).position, 'fixed: it adds nothing to the scrollable area').to.equal('fixed');
  });

  it('is read where the element stands in the accessibility tree', async function () {
    // Puppeteer's accessibility snapshot needs CDP, which Firefox over WebDriver BiDi lacks.
    if (firefox) this.skip();
    await mount('<button>before</button><span id="slot"></span><button>after</button>');
    embed.setAttribute('frame-title', 'Kept dashboard');
    await settle();
    const snapshot = (await a11ySnapshot({})) as unknown as { children?: unknown[] };
    const names: string[] = [];
    const walk = (node: { name?: string; role?: string; children?: unknown[] }) => {
      if (node.name && ['button', 'Iframe'].includes(node.role ?? '')) names.push(node.name);
      for (const child of node.children ?? []) walk(child as typeof node);
    };
    walk(snapshot);
    expect(names.filter((name) => ['before', 'Kept dashboard', 'after'].includes(name))).to.deep.equal(['before', 'Kept dashboard', 'after']);
    embed.remove();
    await settle();
    const kept = JSON.stringify(await a11ySnapshot({}));
    expect(kept, 'a kept embed is not in the tree').to.not.include('Kept dashboard');
  });
});
