/**
 * `keep-alive` and the keyboard: with real Tab and Shift+Tab presses, the
 * embed held outside the element is entered and left in as many presses as
 * the same embed inside the element (no keep-alive), with what follows the
 * element in the page or in a shadow root reached; focus that lands on the
 * element's entry without a Tab stops on the dashboard's box, ringed.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { PlatformEmbedElement } from '../../src/index.js';
import { Embed, focusCounter, keepAliveEmbed, LoadCounter, ready, settle, tenantOrigin, wrapperOf } from './helpers.js';

/** Where the focus is: a control of the page (its id), of the embed (`embed:<name>`), or a holder sentinel. */
function where(embed: PlatformEmbedElement, inside: string[]): string {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  const root = wrapperOf(embed.iframe)?.getRootNode() as ShadowRoot | undefined;
  if (root && active === root.host) active = root.activeElement;
  if (active === embed.iframe) return `embed:${inside.at(-1) ?? 'document'}`;
  if (root?.contains(active)) return 'sentinel';
  return active?.id || String(active?.tagName);
}

describe('keep-alive: focus order with real keys', () => {
  let counter: LoadCounter;
  let page: HTMLElement | undefined;
  const inside: string[] = [];
  const onFocus = (event: MessageEvent) => {
    if (event.origin === tenantOrigin && event.data?.fixtureReport === 'focus') inside.push(event.data.name);
  };

  beforeEach(() => {
    counter = focusCounter();
    inside.length = 0;
    window.addEventListener('message', onFocus);
  });
  afterEach(() => {
    window.removeEventListener('message', onFocus);
    page?.remove();
    counter.dispose();
    Embed.discardKeptAlive();
  });

  /** A page `before`, the embed, `after`; in a shadow root when `shadow`; with or without `keep-alive`. */
  async function mount(keepAlive: boolean, shadow: boolean): Promise<[PlatformEmbedElement, ParentNode]> {
    page = document.createElement('div');
    const root: ParentNode = shadow ? page.attachShadow({ mode: 'open' }) : page;
    (root as HTMLElement).innerHTML = '<button id="before">before</button><span id="slot"></span><button id="after">after</button>';
    const embed = keepAliveEmbed(counter);
    if (!keepAlive) embed.removeAttribute('keep-alive');
    embed.style.setProperty('--platform-embed-height', '200px');
    root.querySelector('#slot')!.replaceWith(embed);
    document.body.append(page);
    await ready(embed);
    await settle();
    expect(!!wrapperOf(embed.iframe), 'held outside the element').to.equal(keepAlive);
    return [embed, root];
  }

  /** Presses Tab (Shift+Tab when `back`) from `from` until `to` is focused: the stops on the way. */
  async function walk(embed: PlatformEmbedElement, root: ParentNode, from: string, to: string, back: boolean): Promise<string[]> {
    root.querySelector<HTMLElement>(`#${from}`)!.focus();
    inside.length = 0;
    const stops: string[] = [];
    while (stops.at(-1) !== to && stops.length < 6) {
      if (back) await sendKeys({ down: 'Shift' });
      await sendKeys({ press: 'Tab' });
      if (back) await sendKeys({ up: 'Shift' });
      await settle();
      stops.push(where(embed, inside));
    }
    return stops;
  }

  for (const shadow of [false, true]) {
    it(`takes as many presses as an iframe inside the element, forward and back${shadow ? ', in a shadow root' : ''}`, async () => {
      const presses: Record<string, string[]> = {};
      for (const keepAlive of [false, true]) {
        const [embed, root] = await mount(keepAlive, shadow);
        const name = keepAlive ? 'keep-alive' : 'inside';
        presses[`${name} forward`] = await walk(embed, root, 'before', 'after', false);
        presses[`${name} back`] = await walk(embed, root, 'after', 'before', true);
        page!.remove();
        Embed.discardKeptAlive();
      }
      console.log(`keep-alive focus${shadow ? ' (shadow root)' : ''}: ${JSON.stringify(presses)}`);
      expect(presses['inside forward']).to.deep.equal(['embed:in 1', 'embed:in 2', 'after']);
      expect(presses['inside back']).to.deep.equal(['embed:in 2', 'embed:in 1', 'before']);
      expect(presses['keep-alive forward']).to.deep.equal(presses['inside forward']);
      expect(presses['keep-alive back']).to.deep.equal(presses['inside back']);
    });
  }

  it('focus put on the element entry without a Tab stops on the dashboard box, ringed, and Tab goes on inside', async () => {
    const [embed] = await mount(true, false);
    const entry = embed.shadowRoot!.querySelector<HTMLElement>('span[tabindex="0"]')!;
    expect(entry, "the element's entry").to.exist;
    entry.focus();
    await settle();
    expect(where(embed, inside), 'on the iframe itself').to.equal('embed:document');
    expect(embed.iframe!.style.outline, 'a visible ring').to.include('solid');
    expect(embed.iframe!.title, 'announced by its title').to.not.equal('');
    await sendKeys({ press: 'Tab' });
    await settle();
    expect(where(embed, inside)).to.equal('embed:in 1');
  });
});
