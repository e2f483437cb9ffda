/**
 * `keep-alive` and scrolling: the embed, held outside the element, is clipped
 * by a scrolling ancestor as the element's content would be, and is on the
 * element in every frame of a smooth scroll (the worst offset is logged;
 * bench/ measures it, tests assert only where it ends).
 *
 * In a file of its own, first: in Chromium 156, `document.elementFromPoint()`
 * over the out-of-process embed, run after another test of the same page, ended
 * the test page (the runner saw the browser disconnect); alone it passes.
 */
import { expect } from '@open-wc/testing';
import type { PlatformEmbedElement } from '../../src/index.js';
import { frame, pageFixture, until, wrapperOf } from './helpers.js';

/** What is hit at (x, y), through the shadow tree the kept-alive embed is in (the document sees its host there). */
function hitAt(embed: PlatformEmbedElement, x: number, y: number): Element | null {
  const hit = document.elementFromPoint(x, y);
  const root = wrapperOf(embed.iframe)?.getRootNode() as ShadowRoot | undefined;
  return root && hit === root.host ? root.elementFromPoint(x, y) : hit;
}

describe('keep-alive: scrolling', () => {
  let page: HTMLElement;
  let embed: PlatformEmbedElement;

  const { mount, rects } = pageFixture((state) => ({ page, embed } = state));

  it('is clipped by a scrolling ancestor, as the element content would be', async () => {
    await mount('<div id="scroller" style="height:150px;overflow:auto;margin-top:60px"><div style="height:100px"></div><span id="slot"></span><div style="height:400px"></div></div>');
    const scroller = page.querySelector<HTMLElement>('#scroller')!;
    scroller.scrollTop = 150;
    await until(() => Math.abs(embed.getBoundingClientRect().top - embed.iframe!.getBoundingClientRect().top) < 1, 'the embed placed after the scroll');
    await frame();
    const outside = scroller.getBoundingClientRect().top - 20;
    const [box] = rects();
    expect(box.top, 'the element starts above the scroller').to.be.below(outside);
    expect(hitAt(embed, box.left + 20, outside), 'above the scroller: the page, not the embed').to.not.equal(embed.iframe);
    const inside = scroller.getBoundingClientRect().top + 20;
    expect(hitAt(embed, box.left + 20, inside), 'inside the scroller: the embed').to.equal(embed.iframe);
  });

  it('stays on the element in every frame of a smooth scroll of a scrolling ancestor and of the page', async () => {
    await mount('<div id="scroller" style="height:300px;overflow:auto"><div style="height:150px"></div><span id="slot"></span><div style="height:900px"></div></div><div style="height:3000px"></div>');
    let worst = 0;
    let frames = 0;
    let running = true;
    const sample = () => {
      const [a, b] = rects();
      worst = Math.max(worst, Math.abs(a.top - b.top), Math.abs(a.left - b.left));
      frames += 1;
      if (running) requestAnimationFrame(after);
    };
    // Sampled after the frame's animation callbacks and paint: what the viewer saw in that frame.
    const after = () => setTimeout(sample, 0);
    requestAnimationFrame(after);
    const scroller = page.querySelector<HTMLElement>('#scroller')!;
    for (const target of [scroller, document.scrollingElement!]) {
      target.scrollTo({ top: 400, behavior: 'smooth' });
      await until(() => Math.abs(target.scrollTop - 400) < 1, 'the smooth scroll');
      target.scrollTo({ top: 0, behavior: 'smooth' });
      await until(() => target.scrollTop < 1, 'the smooth scroll back');
    }
    running = false;
    await frame();
    console.log(`keep-alive: worst offset ${worst} px over ${frames} frames of smooth scroll`);
    const [a, b] = rects();
    expect(Math.abs(a.top - b.top), 'over the element at the end').to.be.below(1);
    expect(frames).to.be.above(0);
  });

});
