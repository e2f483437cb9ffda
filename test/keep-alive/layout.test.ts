/**
 * `keep-alive` and layout changes that are not a scroll: content above the
 * element growing, an ancestor's transform (set, or a transition sliding the
 * element in), an ancestor's opacity (set, or a fade). The embed, held outside
 * the element, must be on the element's box in the frame that follows the
 * change, and in every frame of a transition; the worst offset is logged with
 * the browser, for docs/keep-alive.md. Also the cost of placing, per frame,
 * with 1 and 4 shown embeds.
 */
import { expect } from '@open-wc/testing';
import { placeAll } from '../../src/embed/keep-alive/placement.js';
import type { PlatformEmbedElement } from '../../src/index.js';
import { frame, keepAliveEmbed, type LoadCounter, painted, pageFixture, ready, until, wrapperOf } from './helpers.js';

const browser = navigator.userAgent.includes('Firefox') ? 'Firefox' : 'Chromium';


/** The largest difference between two rects' edges. */
const offset = (a: DOMRect, b: DOMRect) => Math.max(Math.abs(a.top - b.top), Math.abs(a.left - b.left), Math.abs(a.right - b.right), Math.abs(a.bottom - b.bottom));

describe('keep-alive: layout changes without a scroll', () => {
  let page: HTMLElement;
  let embed: PlatformEmbedElement;
  let counter: LoadCounter;
  const { mount, rects } = pageFixture((state) => ({ page, embed, counter } = state));

  /** Runs `change`, then samples every rendered frame for `ms`: the offset in the first frame and the worst. */
  async function follow(name: string, change: () => void, ms = 0): Promise<[number, number]> {
    change();
    const first = await painted(() => offset(...rects()));
    let worst = first;
    for (const end = performance.now() + ms; performance.now() < end; ) worst = Math.max(worst, await painted(() => offset(...rects())));
    console.log(`keep-alive layout (${browser}): ${name}: ${first.toFixed(2)} px in the first frame, worst ${worst.toFixed(2)} px`);
    return [first, worst];
  }

  it('follows content growing above the element inside a scrolling panel, in the next frame', async () => {
    await mount('<div style="height:400px;overflow:auto"><div id="above" style="height:50px"></div><span id="slot"></span><div style="height:600px"></div></div>');
    const before = rects()[0].top;
    const [first, worst] = await follow('content above grows by 120 px', () => (page.querySelector<HTMLElement>('#above')!.style.height = '170px'), 200);
    expect(rects()[0].top - before, 'the element moved').to.be.closeTo(120, 1);
    expect(first, 'offset in the next frame').to.be.at.most(1);
    expect(worst).to.be.at.most(1);
  });

  it('follows a scale and a translation of an ancestor, in size too', async () => {
    await mount('<div id="outer" style="transform-origin:0 0"><p>before</p><span id="slot"></span></div>');
    const outer = page.querySelector<HTMLElement>('#outer')!;
    const [first] = await follow('transform: scale(.8) on an ancestor', () => (outer.style.transform = 'translate(30px, 10px) scale(.8)'));
    const [box, shown] = rects();
    expect(box.width, 'the element is scaled').to.be.closeTo(0.8 * outer.offsetWidth, 1);
    expect(first, 'offset in the next frame').to.be.at.most(1);
    expect(shown.width).to.be.closeTo(box.width, 1);
    expect(shown.height).to.be.closeTo(box.height, 1);
  });

  it('is on the element in every frame of a transition that slides it in', async () => {
    await mount('<div id="outer" style="transition:transform 400ms ease-out"><span id="slot"></span></div>');
    const outer = page.querySelector<HTMLElement>('#outer')!;
    outer.style.transform = 'translateX(-300px)';
    await painted();
    const [, worst] = await follow('a 400 ms slide (transform transition)', () => (outer.style.transform = 'none'), 500);
    expect(worst, 'worst offset over the slide').to.be.at.most(1);
    expect(offset(...rects()), 'at the end').to.be.below(1);
  });

  it("follows an ancestor's opacity, set and faded", async () => {
    await mount('<div id="outer" style="transition:opacity 300ms linear"><div style="opacity:.5"><span id="slot"></span></div></div>');
    const outer = page.querySelector<HTMLElement>('#outer')!;
    const wrapper = wrapperOf(embed.iframe)!;
    await painted();
    expect(+getComputedStyle(wrapper).opacity, 'the product of the ancestors').to.be.closeTo(0.5, 0.01);
    outer.style.opacity = '0';
    let worst = 0;
    const difference = () => Math.abs(+getComputedStyle(wrapper).opacity - 0.5 * +getComputedStyle(outer).opacity);
    for (const end = performance.now() + 400; performance.now() < end; ) worst = Math.max(worst, await painted(difference));
    await until(() => getComputedStyle(outer).opacity === '0', 'the fade ended');
    await painted();
    console.log(`keep-alive layout (${browser}): opacity fade: worst difference ${worst.toFixed(3)} from the ancestors' product`);
    expect(worst, "the embed's opacity is the ancestors' in every frame").to.be.below(0.01);
    expect(+getComputedStyle(wrapper).opacity).to.equal(0);
  });

  it('costs little per frame, with 1 and 4 shown embeds', async () => {
    // Each embed 12 levels deep, as in an app's layout.
    const nest = (inner: string) => '<div style="padding:1px">'.repeat(12) + inner + '</div>'.repeat(12);
    await mount(nest('<span id="slot"></span>') + '<div id="more"></div>');
    const figures: string[] = [];
    const cost = () => {
      const runs = 200;
      const start = performance.now();
      for (let i = 0; i < runs; i += 1) placeAll();
      return (performance.now() - start) / runs;
    };
    cost();
    const one = cost();
    figures.push(`1 embed: ${one.toFixed(3)} ms`);
    const more = page.querySelector('#more')!;
    const extra = [2, 3, 4].map((i) => keepAliveEmbed(counter, `viewer-${i}`));
    for (const other of extra) {
      other.style.setProperty('--platform-embed-height', '100px');
      more.insertAdjacentHTML('beforeend', nest('<i></i>'));
      more.querySelector('i')!.replaceWith(other);
    }
    for (const other of extra) await ready(other);
    await frame();
    expect(extra.map((other) => wrapperOf(other.iframe)?.style.visibility), 'all four shown').to.deep.equal(['', '', '']);
    const four = cost();
    figures.push(`4 embeds: ${four.toFixed(3)} ms`);
    console.log(`keep-alive layout (${browser}): placing, per frame: ${figures.join(', ')}`);
    expect(four, 'ms per frame with 4 shown embeds').to.be.below(4);
  });
});
